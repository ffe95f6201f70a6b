// Cancelling the open answer-engine work of a scope, GEO tests and monitor runs alike: both tables
// hold a piece of charged work with the same columns (its status and finished time, its job, the
// calls charged and made), and a cancel ends every pending or running row of the scope at once,
// answering what each was charged, so that the caller gives back what was not spent.
import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';
import type { ChargedCalls } from './usage.js';

/** A test or run ended by a cancel: what it was charged and made, and its job. */
export interface EndedWork extends ChargedCalls {
  id: string;
  jobId: string;
}

/** Ends the open rows of `table` whose `column` is `id`, as of `now`. */
export async function cancelOpenWork(
  trx: Transaction<Database>,
  table: 'geo_tests' | 'geo_monitor_runs',
  [column, id]: readonly ['id' | 'project_id' | 'monitor_id', string],
  now: number,
): Promise<EndedWork[]> {
  // Kysely types one table at a time; every column named here is in both (schema-geo.ts).
  const rows = await trx
    .updateTable(table as 'geo_monitor_runs')
    .set({ status: 'cancelled', finished_at: toTimestamp(now) })
    .where(trx.dynamic.ref(column), '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returning(['id', 'job_id', 'account_id', 'charged_month', 'calls_planned', 'calls_made'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    jobId: row.job_id,
    accountId: row.account_id,
    chargedMonth: row.charged_month,
    callsPlanned: Number(row.calls_planned),
    callsMade: Number(row.calls_made),
  }));
}
