// What each account has used of its monthly quotas. Answer-engine calls are charged when a GEO
// test or a monitor run starts, all at once and only if they fit: the conditional update is the
// check, so two charges racing each other cannot both pass a limit that only one fits. The calls
// it did not make are given back to that month when it ends.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

/**
 * What a GEO test or a monitor run was charged, and the calls it made: when it ends, the difference
 * goes back to the month it was charged to (none when it was never charged).
 */
export interface ChargedCalls {
  accountId: string;
  /** YYYY-MM; null while nothing is charged. */
  chargedMonth: string | null;
  callsPlanned: number;
  callsMade: number;
}

export interface UsageRepository {
  /** Adds `calls` to the account's month if the total stays within `limit`; false (nothing added) if not. */
  chargeCalls(input: { accountId: string; month: string; calls: number; limit: number }, trx?: Transaction<Database>): Promise<boolean>;
  /** Gives back calls charged for work that did not happen (calls a test or a run did not make). */
  refundCalls(input: { accountId: string; month: string; calls: number }, trx?: Transaction<Database>): Promise<void>;
  callsIn(accountId: string, month: string): Promise<number>;
  /** The account's GEO monitors, paused ones included. */
  monitorCount(accountId: string): Promise<number>;
}

/** `YYYY-MM` of a time, in UTC: the month calls are counted in. */
export function usageMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

export function createUsageRepository(db: Kysely<Database>): UsageRepository {
  return {
    async chargeCalls({ accountId, month, calls, limit }, trx) {
      const executor = trx ?? db;
      await executor
        .insertInto('usage_months')
        .values({ account_id: accountId, month, answer_engine_calls: 0 })
        .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
        .execute();
      const result = await executor
        .updateTable('usage_months')
        .set((eb) => ({ answer_engine_calls: eb('answer_engine_calls', '+', calls) }))
        .where('account_id', '=', accountId)
        .where('month', '=', month)
        .where((eb) => eb(eb('answer_engine_calls', '+', calls), '<=', limit))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async refundCalls({ accountId, month, calls }, trx) {
      await (trx ?? db)
        .updateTable('usage_months')
        .set((eb) => ({ answer_engine_calls: eb('answer_engine_calls', '-', calls) }))
        .where('account_id', '=', accountId)
        .where('month', '=', month)
        .where('answer_engine_calls', '>=', calls)
        .execute();
    },
    async callsIn(accountId, month) {
      const row = await db
        .selectFrom('usage_months')
        .select('answer_engine_calls')
        .where('account_id', '=', accountId)
        .where('month', '=', month)
        .executeTakeFirst();
      return row ? Number(row.answer_engine_calls) : 0;
    },
    async monitorCount(accountId) {
      const { count } = await db
        .selectFrom('geo_monitors')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
