// The runs of GEO monitors as records: one per tick (unique on monitor and tick), created with
// what it asks copied from its monitor, and read back one by one or by tick.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { GeoFigures } from '@seo-geo/types';
import type { Page, PageRequest } from '../../domain/page.js';
import { newestFirstPage } from '../newest-first.js';
import type { Database } from '../schema.js';
import type { GeoMonitorRunStatus, GeoMonitorRunsTable } from '../schema-geo.js';
import { toTimestamp } from '../timestamps.js';
import type { TrackedBrandRecord } from './brand-profiles.js';

/** What a run asks, copied from its monitor when the run is created. */
export interface GeoMonitorRunSettings {
  prompts: string[];
  locales: string[];
  engines: string[];
  samplesPerPrompt: number;
}

export interface GeoMonitorRunRecord {
  id: string;
  monitorId: string;
  projectId: string;
  accountId: string;
  scheduledFor: string;
  status: GeoMonitorRunStatus;
  settings: GeoMonitorRunSettings;
  /** The tracked brands when the run was created: the project's first, then its competitors. */
  brands: TrackedBrandRecord[];
  callsPlanned: number;
  callsMade: number;
  skippedTicks: number;
  /** The month (YYYY-MM) the calls were charged to, by this or an earlier attempt; null before. */
  chargedMonth: string | null;
  figures: GeoFigures | null;
  error: string | null;
  /** Why a skipped run asked nothing; null otherwise. */
  skipReason: string | null;
  jobId: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface NewGeoMonitorRun {
  id: string;
  monitorId: string;
  projectId: string;
  accountId: string;
  scheduledFor: string;
  settings: GeoMonitorRunSettings;
  brands: TrackedBrandRecord[];
  callsPlanned: number;
  skippedTicks: number;
  now: number;
}

/** Inserts the run of a tick unless that tick already has one (then false, nothing written). */
export async function createForTick(trx: Transaction<Database>, input: NewGeoMonitorRun): Promise<boolean> {
  const row: Selectable<GeoMonitorRunsTable> = {
    id: input.id,
    monitor_id: input.monitorId,
    project_id: input.projectId,
    account_id: input.accountId,
    scheduled_for: input.scheduledFor,
    status: 'pending',
    settings: JSON.stringify(input.settings),
    brands: JSON.stringify(input.brands),
    calls_planned: input.callsPlanned,
    calls_made: 0,
    skipped_ticks: input.skippedTicks,
    charged_month: null,
    figures: null,
    error: null,
    skip_reason: null,
    // Set by setJob before the transaction commits: nobody sees the run without its job.
    job_id: '',
    created_at: toTimestamp(input.now),
    started_at: null,
    finished_at: null,
  };
  const result = await trx
    .insertInto('geo_monitor_runs')
    .values(row)
    .onConflict((oc) => oc.columns(['monitor_id', 'scheduled_for']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setJob(trx: Transaction<Database>, runId: string, jobId: string): Promise<void> {
  await trx.updateTable('geo_monitor_runs').set({ job_id: jobId }).where('id', '=', runId).execute();
}

export async function findRun(executor: Kysely<Database>, id: string): Promise<GeoMonitorRunRecord | null> {
  const row = await executor.selectFrom('geo_monitor_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRun(row) : null;
}

export async function findForMonitor(db: Kysely<Database>, monitorId: string, id: string): Promise<GeoMonitorRunRecord | null> {
  const row = await db.selectFrom('geo_monitor_runs').selectAll().where('monitor_id', '=', monitorId).where('id', '=', id).executeTakeFirst();
  return row ? toRun(row) : null;
}

/** Newest tick first. */
export function listForMonitor(db: Kysely<Database>, monitorId: string, page: PageRequest): Promise<Page<GeoMonitorRunRecord>> {
  return newestFirstPage(db, 'geo_monitor_runs', { column: 'monitor_id', id: monitorId }, page, toRun, { orderBy: 'scheduled_for' });
}

/** Completed runs whose tick is in [from, to]: the latest `limit` of them, oldest first. */
export async function listCompletedBetween(db: Kysely<Database>, monitorId: string, from: string, to: string, limit: number): Promise<GeoMonitorRunRecord[]> {
  const rows = await db
    .selectFrom('geo_monitor_runs')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('status', '=', 'completed')
    .where('scheduled_for', '>=', from)
    .where('scheduled_for', '<=', to)
    .orderBy('scheduled_for', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toRun);
}

/** The monitor's latest completed run whose tick is before `scheduledFor`; null when none is. */
export async function previousCompleted(trx: Transaction<Database>, monitorId: string, scheduledFor: string): Promise<GeoMonitorRunRecord | null> {
  const row = await trx
    .selectFrom('geo_monitor_runs')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('status', '=', 'completed')
    .where('scheduled_for', '<', scheduledFor)
    .orderBy('scheduled_for', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRun(row) : null;
}

function toRun(row: Selectable<GeoMonitorRunsTable>): GeoMonitorRunRecord {
  return {
    id: row.id,
    monitorId: row.monitor_id,
    projectId: row.project_id,
    accountId: row.account_id,
    scheduledFor: row.scheduled_for,
    status: row.status,
    settings: JSON.parse(row.settings) as GeoMonitorRunSettings,
    brands: JSON.parse(row.brands) as TrackedBrandRecord[],
    callsPlanned: Number(row.calls_planned),
    callsMade: Number(row.calls_made),
    skippedTicks: Number(row.skipped_ticks),
    chargedMonth: row.charged_month,
    figures: row.figures === null ? null : (JSON.parse(row.figures) as GeoFigures),
    error: row.error,
    skipReason: row.skip_reason,
    jobId: row.job_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
