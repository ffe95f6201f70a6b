// GEO monitors: prompts × locales × engines on a schedule. Created within the plan's monitor quota
// atomically; advanced by the scheduler only from the next tick it read (a conditional update), so
// schedulers racing each other create one run per tick.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { DialectName } from '../database.js';
import { lockAccount } from '../account-lock.js';
import { lockForDeletion } from '../row-lock.js';
import type { Database } from '../schema.js';
import type { GeoMonitorsTable } from '../schema-geo.js';
import { toTimestamp } from '../timestamps.js';

/** A schedule as a monitor stores it: the cron form always has its time zone. */
export type StoredSchedule = { intervalMinutes: number } | { cron: string; timezone: string };

export interface GeoMonitorRecord {
  id: string;
  projectId: string;
  accountId: string;
  name: string;
  prompts: string[];
  locales: string[];
  engines: string[];
  samplesPerPrompt: number;
  schedule: StoredSchedule;
  paused: boolean;
  /** Alert thresholds (absolute change of a rate); null watches nothing. */
  alerts: GeoMonitorAlerts;
  /** The most calls its runs may be charged in a calendar month; null: no cap. */
  monthlyCallCap: number | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface GeoMonitorAlerts {
  visibility: number | null;
  citationShare: number | null;
  /** How sure a change must be to alert (0.95 unless set). */
  confidenceLevel: number;
}

/** The confidence level of a monitor that never set one. */
export const DEFAULT_ALERT_CONFIDENCE = 0.95;

/** A monitor as created: not paused, not run yet. */
export type NewGeoMonitor = Omit<GeoMonitorRecord, 'paused' | 'lastRunAt' | 'createdAt' | 'updatedAt' | 'alerts' | 'monthlyCallCap'> & {
  now: number;
  alerts?: GeoMonitorAlerts;
  monthlyCallCap?: number | null;
};

/** The fields a PATCH may change (already validated); `nextRunAt` as the service decided. */
export type GeoMonitorChanges = Partial<
  Pick<GeoMonitorRecord, 'name' | 'prompts' | 'locales' | 'engines' | 'samplesPerPrompt' | 'schedule' | 'paused' | 'nextRunAt' | 'alerts' | 'monthlyCallCap'>
>;

/** A due monitor as the scheduler reads it, with what it needs to enqueue the run. */
export interface DueGeoMonitor extends GeoMonitorRecord {
  /** The owning account's plan (the run job's concurrency limit). */
  plan: string;
}

export interface GeoMonitorsRepository {
  /** Creates the monitor only while the account has fewer than `maxMonitors` (atomic, as projects do). */
  createWithinLimit(input: NewGeoMonitor & { maxMonitors: number }): Promise<GeoMonitorRecord | 'limit_exceeded'>;
  find(id: string, trx?: Transaction<Database>): Promise<GeoMonitorRecord | null>;
  findForProject(projectId: string, id: string): Promise<GeoMonitorRecord | null>;
  /** Newest first. */
  listForProject(projectId: string, page: PageRequest): Promise<Page<GeoMonitorRecord>>;
  update(id: string, changes: GeoMonitorChanges, now: number): Promise<GeoMonitorRecord | null>;
  /**
   * Locks the monitor for its removal in the caller's transaction, so that no run is added to it
   * until the transaction ends (see row-lock.ts); false when it is gone.
   */
  lockForRemoval(trx: Transaction<Database>, id: string): Promise<boolean>;
  /**
   * Locks the monitor while one of its runs is charged against its monthly call cap, so that two
   * runs charged at once cannot both fit under it (the monitor's row before the run's and the
   * month's, as a removal takes them); false when it is gone.
   */
  lockForCharge(trx: Transaction<Database>, id: string): Promise<boolean>;
  /** Deletes the monitor (locked), its runs, their answers and citations. Its open runs are the caller's to end first. */
  remove(trx: Transaction<Database>, id: string): Promise<void>;
  /** Unpaused monitors whose next tick is at or before `now`, the most overdue first. */
  listDue(now: number, limit: number): Promise<DueGeoMonitor[]>;
  /**
   * On PostgreSQL, locks the monitor's row if no other transaction holds it (SKIP LOCKED) and it
   * still has this next tick; false when another scheduler has it or has moved it. Always true on
   * SQLite, whose writers are serialised anyway.
   */
  lockIfDue(trx: Transaction<Database>, id: string, nextRunAt: string): Promise<boolean>;
  /**
   * Moves the monitor from the tick it was read with to the next one, recording the tick that
   * runs; false (nothing written) when its next tick is no longer `expectedNextRunAt` (another
   * scheduler advanced it, or a PATCH paused or rescheduled it meanwhile).
   */
  advance(trx: Transaction<Database>, input: { id: string; expectedNextRunAt: string; nextRunAt: string | null; lastRunAt: string }): Promise<boolean>;
}

export function createGeoMonitorsRepository(db: Kysely<Database>, dialect: DialectName): GeoMonitorsRepository {
  const find = async (id: string, trx?: Transaction<Database>) => {
    const row = await (trx ?? db).selectFrom('geo_monitors').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toMonitor(row) : null;
  };
  return {
    async createWithinLimit({ maxMonitors, ...input }) {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, input.accountId);
        const { count } = await trx
          .selectFrom('geo_monitors')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('account_id', '=', input.accountId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= maxMonitors) return 'limit_exceeded' as const;
        const now = toTimestamp(input.now);
        const row: Selectable<GeoMonitorsTable> = {
          id: input.id,
          project_id: input.projectId,
          account_id: input.accountId,
          name: input.name,
          prompts: JSON.stringify(input.prompts),
          locales: JSON.stringify(input.locales),
          engines: JSON.stringify(input.engines),
          samples_per_prompt: input.samplesPerPrompt,
          schedule: JSON.stringify(input.schedule),
          paused: 0,
          next_run_at: input.nextRunAt,
          last_run_at: null,
          created_at: now,
          updated_at: now,
          alert_visibility: input.alerts?.visibility ?? null,
          alert_citation_share: input.alerts?.citationShare ?? null,
          alert_confidence: input.alerts?.confidenceLevel ?? null,
          monthly_call_cap: input.monthlyCallCap ?? null,
        };
        await trx.insertInto('geo_monitors').values(row).execute();
        return toMonitor(row);
      });
    },

    find,

    async findForProject(projectId, id) {
      const row = await db.selectFrom('geo_monitors').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
      return row ? toMonitor(row) : null;
    },

    listForProject: (projectId, page) => newestFirstPage(db, 'geo_monitors', { column: 'project_id', id: projectId }, page, toMonitor),

    async update(id, changes, now) {
      const set: Partial<Selectable<GeoMonitorsTable>> = { updated_at: toTimestamp(now) };
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.prompts !== undefined) set.prompts = JSON.stringify(changes.prompts);
      if (changes.locales !== undefined) set.locales = JSON.stringify(changes.locales);
      if (changes.engines !== undefined) set.engines = JSON.stringify(changes.engines);
      if (changes.samplesPerPrompt !== undefined) set.samples_per_prompt = changes.samplesPerPrompt;
      if (changes.schedule !== undefined) set.schedule = JSON.stringify(changes.schedule);
      if (changes.paused !== undefined) set.paused = changes.paused ? 1 : 0;
      if (changes.nextRunAt !== undefined) set.next_run_at = changes.nextRunAt;
      if (changes.alerts !== undefined) {
        set.alert_visibility = changes.alerts.visibility;
        set.alert_citation_share = changes.alerts.citationShare;
        set.alert_confidence = changes.alerts.confidenceLevel;
      }
      if (changes.monthlyCallCap !== undefined) set.monthly_call_cap = changes.monthlyCallCap;
      await db.updateTable('geo_monitors').set(set).where('id', '=', id).execute();
      return find(id);
    },

    lockForRemoval: (trx, id) => lockForDeletion(trx, dialect, 'geo_monitors', id),

    lockForCharge: (trx, id) => lockForDeletion(trx, dialect, 'geo_monitors', id),

    async remove(trx, id) {
      const runs = trx.selectFrom('geo_monitor_runs').select('id').where('monitor_id', '=', id);
      await trx.deleteFrom('geo_monitor_answers').where('run_id', 'in', runs).execute();
      await trx.deleteFrom('geo_monitor_run_figures').where('run_id', 'in', runs).execute();
      await trx.deleteFrom('geo_monitor_alerts').where('monitor_id', '=', id).execute();
      await trx.deleteFrom('geo_monitor_citations').where('monitor_id', '=', id).execute();
      await trx.deleteFrom('geo_monitor_runs').where('monitor_id', '=', id).execute();
      await trx.deleteFrom('geo_monitors').where('id', '=', id).execute();
    },

    async listDue(now, limit) {
      const rows = await db
        .selectFrom('geo_monitors as m')
        .innerJoin('accounts as a', 'a.id', 'm.account_id')
        .selectAll('m')
        .select('a.plan as plan')
        .where('m.paused', '=', 0)
        .where('m.next_run_at', 'is not', null)
        .where('m.next_run_at', '<=', toTimestamp(now))
        .orderBy('m.next_run_at')
        .orderBy('m.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...toMonitor(row), plan: row.plan }));
    },

    async lockIfDue(trx, id, nextRunAt) {
      if (dialect !== 'postgres') return true;
      const locked = await sql<{
        id: string;
      }>`select id from geo_monitors where id = ${id} and next_run_at = ${nextRunAt} and paused = 0 for update skip locked`.execute(trx);
      return locked.rows.length > 0;
    },

    async advance(trx, { id, expectedNextRunAt, nextRunAt, lastRunAt }) {
      // updated_at is the time the client last changed the monitor; the scheduler's moves are not that.
      const result = await trx
        .updateTable('geo_monitors')
        .set({ next_run_at: nextRunAt, last_run_at: lastRunAt })
        .where('id', '=', id)
        .where('paused', '=', 0)
        .where('next_run_at', '=', expectedNextRunAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

function toMonitor(row: Selectable<GeoMonitorsTable>): GeoMonitorRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    accountId: row.account_id,
    name: row.name,
    prompts: JSON.parse(row.prompts) as string[],
    locales: JSON.parse(row.locales) as string[],
    engines: JSON.parse(row.engines) as string[],
    samplesPerPrompt: Number(row.samples_per_prompt),
    schedule: JSON.parse(row.schedule) as StoredSchedule,
    paused: Number(row.paused) !== 0,
    alerts: {
      visibility: threshold(row.alert_visibility),
      citationShare: threshold(row.alert_citation_share),
      confidenceLevel: threshold(row.alert_confidence) ?? DEFAULT_ALERT_CONFIDENCE,
    },
    monthlyCallCap: row.monthly_call_cap === null ? null : Number(row.monthly_call_cap),
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** PostgreSQL's driver may hand a double back as a string. */
function threshold(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
