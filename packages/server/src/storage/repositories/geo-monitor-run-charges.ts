// The answer-engine calls a monitor's runs are charged for in a month, after what was given back:
// an open run its planned calls, an ended one the calls it made.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

const CHARGED_CALLS = sql<number>`sum(case when status in ('pending', 'running') then calls_planned else calls_made end)`;

export async function chargedIn(executor: Kysely<Database>, monitorId: string, month: string): Promise<number> {
  const { calls } = await executor
    .selectFrom('geo_monitor_runs')
    .select(sql<number>`coalesce(${CHARGED_CALLS}, 0)`.as('calls'))
    .where('monitor_id', '=', monitorId)
    .where('charged_month', '=', month)
    .executeTakeFirstOrThrow();
  return Number(calls);
}

/** The same for several monitors in one query, by monitor id (0 for one with no run charged). */
export async function chargedInEach(db: Kysely<Database>, monitorIds: readonly string[], month: string): Promise<Map<string, number>> {
  const charged = new Map<string, number>(monitorIds.map((id) => [id, 0]));
  if (monitorIds.length === 0) return charged;
  const rows = await db
    .selectFrom('geo_monitor_runs')
    .select(['monitor_id', CHARGED_CALLS.as('calls')])
    .where('monitor_id', 'in', [...monitorIds])
    .where('charged_month', '=', month)
    .groupBy('monitor_id')
    .execute();
  for (const row of rows) charged.set(row.monitor_id, Number(row.calls));
  return charged;
}
