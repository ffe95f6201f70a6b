// Heartbeats of the job workers: each worker says it is taking jobs until now + its lease, renews
// that as it renews its job leases, and deletes its row when it stops. A worker killed or stalled
// says nothing, and stops counting once its lease has passed, as its jobs are then recovered.
// Times come from the caller's clock, as job leases do (repositories/jobs.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';

/** Rows of workers silent for longer than this are deleted by the next heartbeat of any worker. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface WorkersRepository {
  /** This worker takes jobs until now + leaseMs (its row is created or renewed). */
  beat(input: { workerId: string; leaseMs: number; now: number }): Promise<void>;
  /** This worker stopped: it takes no more jobs. */
  leave(workerId: string): Promise<void>;
  /** Workers whose heartbeat has not passed at `now`. */
  countAlive(now: number): Promise<number>;
}

export function createWorkersRepository(db: Kysely<Database>): WorkersRepository {
  return {
    async beat({ workerId, leaseMs, now }) {
      const seen = toTimestamp(now);
      await db
        .insertInto('workers')
        .values({ id: workerId, started_at: seen, seen_at: seen, expires_at: toTimestamp(now + leaseMs) })
        .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: seen, expires_at: toTimestamp(now + leaseMs) }))
        .execute();
      await db
        .deleteFrom('workers')
        .where('expires_at', '<', toTimestamp(now - FORGET_AFTER_MS))
        .execute();
    },

    async leave(workerId) {
      await db.deleteFrom('workers').where('id', '=', workerId).execute();
    },

    async countAlive(now) {
      const { count } = await db
        .selectFrom('workers')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('expires_at', '>', toTimestamp(now))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
