// How a GEO monitor run moves from pending to a final state. Every change is conditional on the
// current state, so final states never change, and the runs not final yet are found by their state.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { GeoFigures } from '@seo-geo/types';
import type { Database } from '../schema.js';
import type { GeoMonitorRunStatus } from '../schema-geo.js';
import { toTimestamp } from '../timestamps.js';
import { changed } from './updated-rows.js';
import { cancelOpenWork, type EndedWork } from './cancel-open-work.js';

/** A run ended by cancelOpen: what it was charged and made, and its job. */
export type EndedGeoMonitorRun = EndedWork;

/** The open runs cancelOpen ends: one run, every run of a monitor, or of a project. */
export type GeoMonitorRunScope = { runId: string } | { monitorId: string } | { projectId: string };

/** The run's status alone (what its job watches); null when it is gone. */
export async function runStatus(db: Kysely<Database>, id: string): Promise<GeoMonitorRunStatus | null> {
  const row = await db.selectFrom('geo_monitor_runs').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? null;
}

/** pending (or running, on a retry) → running; the first start time is kept. False when final or gone. */
export async function markRunning(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('geo_monitor_runs')
    .set({ status: 'running', started_at: sql<string>`coalesce(started_at, ${toTimestamp(now)})` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirst();
  return changed(result);
}

/** Records the month the calls are charged to; false when they already were (or the run is not running). */
export async function markCharged(trx: Transaction<Database>, id: string, month: string): Promise<boolean> {
  const result = await trx
    .updateTable('geo_monitor_runs')
    .set({ charged_month: month })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('charged_month', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

export async function complete(trx: Transaction<Database>, id: string, { figures, now }: { figures: GeoFigures; now: number }): Promise<boolean> {
  const result = await trx
    .updateTable('geo_monitor_runs')
    .set({ status: 'completed', figures: JSON.stringify(figures), error: null, finished_at: toTimestamp(now) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return changed(result);
}

/** pending → skipped with its reason; false when it had started or ended. */
export async function skip(trx: Transaction<Database>, id: string, { reason, now }: { reason: string; now: number }): Promise<boolean> {
  const result = await trx
    .updateTable('geo_monitor_runs')
    .set({ status: 'skipped', skip_reason: reason, finished_at: toTimestamp(now) })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .where('charged_month', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

export async function fail(executor: Kysely<Database>, id: string, { error, now }: { error: string; now: number }): Promise<boolean> {
  const result = await executor
    .updateTable('geo_monitor_runs')
    .set({ status: 'failed', error: error.slice(0, 2000), finished_at: toTimestamp(now) })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirst();
  return changed(result);
}

/** Ends the pending or running runs of the scope as cancelled, and returns them as they ended. */
export function cancelOpen(trx: Transaction<Database>, scope: GeoMonitorRunScope, now: number): Promise<EndedGeoMonitorRun[]> {
  const where =
    'runId' in scope
      ? (['id', scope.runId] as const)
      : 'monitorId' in scope
        ? (['monitor_id', scope.monitorId] as const)
        : (['project_id', scope.projectId] as const);
  return cancelOpenWork(trx, 'geo_monitor_runs', where, now);
}

/** Runs still pending or running although their job has ended: orphans a reconcile finishes. */
export async function listOrphaned(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('geo_monitor_runs as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .select('r.id')
    .where('r.status', 'in', ['pending', 'running'])
    .where('j.status', 'in', ['succeeded', 'failed', 'cancelled'])
    .orderBy('r.created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Job ids of the monitor's runs not final yet. */
export async function openJobIds(db: Kysely<Database>, monitorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('geo_monitor_runs')
    .select('job_id')
    .where('monitor_id', '=', monitorId)
    .where('status', 'in', ['pending', 'running'])
    .execute();
  return rows.map((row) => row.job_id);
}
