// The runs of GEO monitors, one per tick (unique on monitor and tick), and their answers, stored
// one by one as they arrive so that a retried run asks only for what is missing. State changes are
// conditional on the current state: final states never change. An answer is stored, and its call
// counted, only while the run runs: once it has ended (cancelled, or deleted with its monitor or
// project) what it was given back stays right, and its job learns that it is to stop.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { GeoFigureGroup, GeoFigures, GeoSample, GeoSurface } from '@seo-geo/types';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';
import type { GeoMonitorAnswersTable, GeoMonitorRunFiguresTable, GeoMonitorRunStatus, GeoMonitorRunsTable } from '../schema-geo.js';
import { toTimestamp } from '../timestamps.js';
import type { TrackedBrandRecord } from './brand-profiles.js';
import type { ChargedCalls } from './usage.js';

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

/** Where an answer sits in its run: indexes into the run's prompts, locales and engines, and the sample. */
export interface AnswerKey {
  promptIndex: number;
  localeIndex: number;
  engineIndex: number;
  sampleIndex: number;
}

export interface StoredAnswer extends AnswerKey {
  model: string;
  /** The analysed answer; null when the engine gave none. */
  sample: GeoSample | null;
  error: string | null;
  /** The surface of the engine that answered; null on answers stored before it was recorded. */
  surface: GeoSurface | null;
}

/** A completed run's figures over one group of its answers, as kept (see figure-groups.ts). */
export interface StoredFigureGroup extends GeoFigureGroup {
  position: number;
  /** null: every surface's answers. */
  surface: GeoSurface | null;
}

/** The group of answers a trend follows: a prompt, locale, engine or surface, over every surface or one. */
export interface TrendGroup {
  by: GeoFigureGroup['by'];
  key: string;
  surface: GeoSurface | null;
}

/** A completed run's tick with its figures over one group. */
export interface RunGroupFigures {
  runId: string;
  scheduledFor: string;
  group: GeoFigureGroup;
}

/** A run ended by cancelOpen: what it was charged and made, and its job. */
export interface EndedGeoMonitorRun extends ChargedCalls {
  id: string;
  jobId: string;
}

/** The open runs cancelOpen ends: one run, every run of a monitor, or of a project. */
export type GeoMonitorRunScope = { runId: string } | { monitorId: string } | { projectId: string };

/** How storing an answer went: stored, stored before (a retried attempt), or refused because the run no longer runs. */
export type AnswerStored = 'stored' | 'duplicate' | 'not_running';

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

export interface GeoMonitorRunsRepository {
  /**
   * Inserts the run of a tick unless that tick already has one (then false, nothing written). Its
   * job is attached with setJob in the same transaction.
   */
  createForTick(trx: Transaction<Database>, input: NewGeoMonitorRun): Promise<boolean>;
  setJob(trx: Transaction<Database>, runId: string, jobId: string): Promise<void>;
  find(id: string, trx?: Transaction<Database>): Promise<GeoMonitorRunRecord | null>;
  findForMonitor(monitorId: string, id: string): Promise<GeoMonitorRunRecord | null>;
  /** Newest tick first. */
  listForMonitor(monitorId: string, page: PageRequest): Promise<Page<GeoMonitorRunRecord>>;
  /** Completed runs whose tick is in [from, to]: the latest `limit` of them, oldest first. */
  listCompletedBetween(monitorId: string, from: string, to: string, limit: number): Promise<GeoMonitorRunRecord[]>;
  /** The monitor's latest completed run whose tick is before `scheduledFor`; null when none is. */
  previousCompleted(trx: Transaction<Database>, monitorId: string, scheduledFor: string): Promise<GeoMonitorRunRecord | null>;
  /** The run's status alone (what its job watches); null when it is gone. */
  status(id: string): Promise<GeoMonitorRunStatus | null>;
  /** pending (or running, on a retry) → running; the first start time is kept. False when final or gone. */
  markRunning(id: string, now: number): Promise<boolean>;
  /** Records the month the calls are charged to; false when they already were (or the run is not running). */
  markCharged(trx: Transaction<Database>, id: string, month: string): Promise<boolean>;
  /** The keys of the answers stored so far. */
  answerKeys(runId: string): Promise<AnswerKey[]>;
  /**
   * Stores one answer (or its error) and counts its call in callsMade unless `called` is false (no
   * call was made: the engine is no longer configured), while the run is running.
   */
  storeAnswer(runId: string, answer: StoredAnswer, called?: boolean): Promise<AnswerStored>;
  /** Every stored answer, by prompt, locale, engine and sample. */
  answers(runId: string, trx?: Transaction<Database>): Promise<StoredAnswer[]>;
  /** A page of them, in the same order. */
  listAnswers(runId: string, page: PageRequest): Promise<Page<StoredAnswer>>;
  complete(trx: Transaction<Database>, id: string, input: { figures: GeoFigures; now: number }): Promise<boolean>;
  /** Keeps a completed run's figures by group, in the transaction that completes it. */
  recordFigures(trx: Transaction<Database>, runId: string, groups: readonly StoredFigureGroup[]): Promise<void>;
  /** A page of the run's figures by one dimension, over every surface (null) or one, in the groups' order. */
  listFigures(runId: string, by: GeoFigureGroup['by'], surface: GeoSurface | null, page: PageRequest): Promise<Page<GeoFigureGroup>>;
  /** Whether the run's figures by group were kept (runs completed before version 1.6 have none). */
  hasFigures(runId: string): Promise<boolean>;
  /** The figures of one group in the completed runs whose tick is in [from, to]: the latest `limit`, oldest first. */
  groupBetween(monitorId: string, group: TrendGroup, from: string, to: string, limit: number): Promise<RunGroupFigures[]>;
  /** pending → skipped with its reason; false when it had started or ended. */
  skip(trx: Transaction<Database>, id: string, input: { reason: string; now: number }): Promise<boolean>;
  /**
   * The calls the monitor's runs are charged for `month` after what was given back: an open run
   * its planned calls, an ended one the calls it made.
   */
  chargedIn(monitorId: string, month: string, trx?: Transaction<Database>): Promise<number>;
  /** The same for several monitors in one query, by monitor id (0 for one with no run charged). */
  chargedInEach(monitorIds: readonly string[], month: string): Promise<Map<string, number>>;
  fail(id: string, input: { error: string; now: number }, trx?: Transaction<Database>): Promise<boolean>;
  /**
   * Ends the pending or running runs of the scope as cancelled, and returns them as they ended
   * (on PostgreSQL the update waits for an answer being stored, so its call is counted). Their
   * jobs are the caller's to cancel.
   */
  cancelOpen(trx: Transaction<Database>, scope: GeoMonitorRunScope, now: number): Promise<EndedGeoMonitorRun[]>;
  /** Runs still pending or running although their job has ended: orphans a reconcile finishes. */
  listOrphaned(limit: number): Promise<string[]>;
  /** Job ids of the monitor's runs not final yet. */
  openJobIds(monitorId: string): Promise<string[]>;
}

const ANSWER_ORDER = ['prompt_index', 'locale_index', 'engine_index', 'sample_index'] as const;
const FIGURES_BATCH = 50;

/** Thrown inside storeAnswer's transaction to roll back its count: the answer was stored before. */
class StoredBefore extends Error {}

export function createGeoMonitorRunsRepository(db: Kysely<Database>): GeoMonitorRunsRepository {
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;
  const find = async (id: string, trx?: Transaction<Database>) => {
    const row = await (trx ?? db).selectFrom('geo_monitor_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRun(row) : null;
  };
  const answersQuery = (executor: Kysely<Database>, runId: string) => {
    let query = executor.selectFrom('geo_monitor_answers').selectAll().where('run_id', '=', runId);
    for (const column of ANSWER_ORDER) query = query.orderBy(column);
    return query;
  };

  return {
    async createForTick(trx, input) {
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
    },

    async setJob(trx, runId, jobId) {
      await trx.updateTable('geo_monitor_runs').set({ job_id: jobId }).where('id', '=', runId).execute();
    },

    find,

    async findForMonitor(monitorId, id) {
      const row = await db.selectFrom('geo_monitor_runs').selectAll().where('monitor_id', '=', monitorId).where('id', '=', id).executeTakeFirst();
      return row ? toRun(row) : null;
    },

    listForMonitor: (monitorId, page) =>
      newestFirstPage(db, 'geo_monitor_runs', { column: 'monitor_id', id: monitorId }, page, toRun, { orderBy: 'scheduled_for' }),

    async listCompletedBetween(monitorId, from, to, limit) {
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
    },

    async previousCompleted(trx, monitorId, scheduledFor) {
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
    },

    async status(id) {
      const row = await db.selectFrom('geo_monitor_runs').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status ?? null;
    },

    async markRunning(id, now) {
      const result = await db
        .updateTable('geo_monitor_runs')
        .set({ status: 'running', started_at: sql<string>`coalesce(started_at, ${toTimestamp(now)})` })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'running'])
        .executeTakeFirst();
      return changed(result);
    },

    async markCharged(trx, id, month) {
      const result = await trx
        .updateTable('geo_monitor_runs')
        .set({ charged_month: month })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('charged_month', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },

    async answerKeys(runId) {
      const rows = await db.selectFrom('geo_monitor_answers').select(ANSWER_ORDER).where('run_id', '=', runId).execute();
      return rows.map(toKey);
    },

    async storeAnswer(runId, answer, called = true) {
      try {
        return await db.transaction().execute(async (trx) => {
          // The run's row first: it is locked from here, so a cancel or a deletion either counts
          // this call or makes this store refused, and the answer never outlives its run.
          const running = await trx
            .updateTable('geo_monitor_runs')
            .set((eb) => ({ calls_made: eb('calls_made', '+', called ? 1 : 0) }))
            .where('id', '=', runId)
            .where('status', '=', 'running')
            .executeTakeFirst();
          if (!changed(running)) return 'not_running' as const;
          const result = await trx
            .insertInto('geo_monitor_answers')
            .values({
              run_id: runId,
              prompt_index: answer.promptIndex,
              locale_index: answer.localeIndex,
              engine_index: answer.engineIndex,
              sample_index: answer.sampleIndex,
              model: answer.model,
              sample: answer.sample === null ? null : JSON.stringify(answer.sample),
              error: answer.error,
              surface: answer.surface,
            })
            .onConflict((oc) => oc.columns(['run_id', ...ANSWER_ORDER]).doNothing())
            .executeTakeFirst();
          // Stored before: its call was counted then, so this count is rolled back.
          if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new StoredBefore();
          return 'stored' as const;
        });
      } catch (error) {
        if (error instanceof StoredBefore) return 'duplicate';
        throw error;
      }
    },

    async answers(runId, trx) {
      return (await answersQuery(trx ?? db, runId).execute()).map(toAnswer);
    },

    async listAnswers(runId, page) {
      const { limit, offset } = toLimitOffset(page);
      const rows = await answersQuery(db, runId).limit(limit).offset(offset).execute();
      const { count } = await db
        .selectFrom('geo_monitor_answers')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('run_id', '=', runId)
        .executeTakeFirstOrThrow();
      return { items: rows.map(toAnswer), total: Number(count) };
    },

    async complete(trx, id, { figures, now }) {
      const result = await trx
        .updateTable('geo_monitor_runs')
        .set({ status: 'completed', figures: JSON.stringify(figures), error: null, finished_at: toTimestamp(now) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return changed(result);
    },

    async recordFigures(trx, runId, groups) {
      for (let i = 0; i < groups.length; i += FIGURES_BATCH) {
        const rows = groups.slice(i, i + FIGURES_BATCH).map((g) => ({
          run_id: runId,
          dimension: g.by,
          surface: g.surface ?? '',
          position: g.position,
          key: g.key,
          surfaces: JSON.stringify(g.surfaces),
          samples: g.samples,
          brands: JSON.stringify(g.brands),
        }));
        await trx.insertInto('geo_monitor_run_figures').values(rows).execute();
      }
    },

    async listFigures(runId, by, surface, page) {
      const { limit, offset } = toLimitOffset(page);
      const groups = db
        .selectFrom('geo_monitor_run_figures')
        .where('run_id', '=', runId)
        .where('dimension', '=', by)
        .where('surface', '=', surface ?? '');
      const rows = await groups.selectAll().orderBy('position').limit(limit).offset(offset).execute();
      const { count } = await groups.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      return { items: rows.map(toGroup), total: Number(count) };
    },

    async hasFigures(runId) {
      const row = await db.selectFrom('geo_monitor_run_figures').select('run_id').where('run_id', '=', runId).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async groupBetween(monitorId, group, from, to, limit) {
      const rows = await db
        .selectFrom('geo_monitor_run_figures as f')
        .innerJoin('geo_monitor_runs as r', 'r.id', 'f.run_id')
        .selectAll('f')
        .select(['r.scheduled_for'])
        .where('r.monitor_id', '=', monitorId)
        .where('r.status', '=', 'completed')
        .where('r.scheduled_for', '>=', from)
        .where('r.scheduled_for', '<=', to)
        .where('f.dimension', '=', group.by)
        .where('f.key', '=', group.key)
        .where('f.surface', '=', group.surface ?? '')
        .orderBy('r.scheduled_for', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((row) => ({ runId: row.run_id, scheduledFor: row.scheduled_for, group: toGroup(row) }));
    },

    async skip(trx, id, { reason, now }) {
      const result = await trx
        .updateTable('geo_monitor_runs')
        .set({ status: 'skipped', skip_reason: reason, finished_at: toTimestamp(now) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'running'])
        .where('charged_month', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },

    async chargedIn(monitorId, month, trx) {
      const { calls } = await (trx ?? db)
        .selectFrom('geo_monitor_runs')
        .select(sql<number>`coalesce(sum(case when status in ('pending', 'running') then calls_planned else calls_made end), 0)`.as('calls'))
        .where('monitor_id', '=', monitorId)
        .where('charged_month', '=', month)
        .executeTakeFirstOrThrow();
      return Number(calls);
    },

    async chargedInEach(monitorIds, month) {
      const charged = new Map<string, number>(monitorIds.map((id) => [id, 0]));
      if (monitorIds.length === 0) return charged;
      const rows = await db
        .selectFrom('geo_monitor_runs')
        .select(['monitor_id', sql<number>`sum(case when status in ('pending', 'running') then calls_planned else calls_made end)`.as('calls')])
        .where('monitor_id', 'in', [...monitorIds])
        .where('charged_month', '=', month)
        .groupBy('monitor_id')
        .execute();
      for (const row of rows) charged.set(row.monitor_id, Number(row.calls));
      return charged;
    },

    async fail(id, { error, now }, trx) {
      const result = await (trx ?? db)
        .updateTable('geo_monitor_runs')
        .set({ status: 'failed', error: error.slice(0, 2000), finished_at: toTimestamp(now) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'running'])
        .executeTakeFirst();
      return changed(result);
    },

    async cancelOpen(trx, scope, now) {
      const [column, id] =
        'runId' in scope
          ? (['id', scope.runId] as const)
          : 'monitorId' in scope
            ? (['monitor_id', scope.monitorId] as const)
            : (['project_id', scope.projectId] as const);
      const rows = await trx
        .updateTable('geo_monitor_runs')
        .set({ status: 'cancelled', finished_at: toTimestamp(now) })
        .where(column, '=', id)
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
    },

    async listOrphaned(limit) {
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
    },

    async openJobIds(monitorId) {
      const rows = await db
        .selectFrom('geo_monitor_runs')
        .select('job_id')
        .where('monitor_id', '=', monitorId)
        .where('status', 'in', ['pending', 'running'])
        .execute();
      return rows.map((row) => row.job_id);
    },
  };
}

function toKey(row: Pick<Selectable<GeoMonitorAnswersTable>, (typeof ANSWER_ORDER)[number]>): AnswerKey {
  return {
    promptIndex: Number(row.prompt_index),
    localeIndex: Number(row.locale_index),
    engineIndex: Number(row.engine_index),
    sampleIndex: Number(row.sample_index),
  };
}

function toAnswer(row: Selectable<GeoMonitorAnswersTable>): StoredAnswer {
  return {
    ...toKey(row),
    model: row.model,
    sample: row.sample === null ? null : (JSON.parse(row.sample) as GeoSample),
    error: row.error,
    surface: row.surface as GeoSurface | null,
  };
}

function toGroup(row: Selectable<GeoMonitorRunFiguresTable>): GeoFigureGroup {
  return {
    by: row.dimension,
    key: row.key,
    surfaces: JSON.parse(row.surfaces) as GeoSurface[],
    samples: Number(row.samples),
    brands: JSON.parse(row.brands) as GeoFigureGroup['brands'],
  };
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
