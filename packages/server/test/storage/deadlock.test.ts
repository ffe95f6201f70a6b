// Two real PostgreSQL transactions that take two rows' locks in opposite orders: PostgreSQL fails
// one with 40P01, and retryingDeadlocks runs that one again, so both commit. Without the retry one
// of them fails.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeadlock, retryingDeadlocks } from '../../src/storage/deadlock.js';
import { createDatabase, type DatabaseHandle } from '../../src/storage/database.js';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';

const url = postgresUrl();
if (!url) console.warn('SKIPPED: "a deadlock runs again" — DATABASE_URL is not set to a postgres:// URL');

describe.skipIf(!url)('a transaction chosen to break a deadlock runs again (PostgreSQL)', () => {
  const schema = randomSchemaName();
  let handle: DatabaseHandle;
  const db = () => handle.db as unknown as Kysely<{ counters: { name: string; n: number } }>;

  beforeAll(async () => {
    handle = await createDatabase(url!, { schema });
    await sql`create table counters (name text primary key, n integer not null)`.execute(db());
  });
  afterAll(async () => {
    await handle?.close();
    if (url) await dropSchema(url, schema);
  });

  /** Adds one to `first` and then to `second`, once both transactions hold their first row. */
  function crossing(first: string, second: string, bothHoldOne: Promise<void>, holds: () => void) {
    return () =>
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`update counters set n = n + 1 where name = ${first}`.execute(trx);
          holds();
          await bothHoldOne;
          await sql`update counters set n = n + 1 where name = ${second}`.execute(trx);
        });
  }

  async function race(retry: boolean): Promise<PromiseSettledResult<void>[]> {
    await sql`delete from counters`.execute(db());
    await sql`insert into counters values ('a', 0), ('b', 0)`.execute(db());
    let held = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const holds = () => {
      if (++held === 2) release();
    };
    const one = crossing('a', 'b', bothHoldOne, holds);
    const two = crossing('b', 'a', bothHoldOne, holds);
    return Promise.allSettled(retry ? [retryingDeadlocks(one), retryingDeadlocks(two)] : [one(), two()]);
  }

  it('without the retry, one of the two fails with 40P01', async () => {
    const outcomes = await race(false);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isDeadlock(failed[0]!.reason)).toBe(true);
  });

  it('with it, both commit, and each row counts both', async () => {
    const outcomes = await race(true);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const rows = await db().selectFrom('counters').select(['name', 'n']).orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'a', n: 2 },
      { name: 'b', n: 2 },
    ]);
  });

  it('throws what is not a deadlock at once', async () => {
    let calls = 0;
    await expect(
      retryingDeadlocks(async () => {
        calls++;
        throw Object.assign(new Error('unique violation'), { code: '23505' });
      }),
    ).rejects.toThrow('unique violation');
    expect(calls).toBe(1);
  });
});
