// GEO monitors as the API sees them: create (within the plan's monitor quota), read, list, change,
// delete, run now, and their runs (cancel one), answers and trend. Runs are created by the
// scheduler (scheduler.ts) or on request (runNow), and run by workers (run-job.ts).
import type { AnswerEngineConfig } from '@seo-geo/engine';
import { engineSurface } from '@seo-geo/engine';
import type { GeoFigureGroup, GeoMonitorCreate, GeoMonitorTrend, GeoMonitorUpdate, GeoSurface } from '@seo-geo/types';
import type { Clock } from '../../support/clock.js';
import { answerEngineNotConfigured, invalidState, notFound, planLimitExceeded, validationError } from '../../domain/errors.js';
import { uuidv7 } from '../../support/ids.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { GeoMonitorChanges, GeoMonitorRecord, GeoMonitorsRepository, StoredSchedule } from '../../storage/repositories/geo-monitors.js';
import type { GeoMonitorRunRecord, GeoMonitorRunsRepository, StoredAnswer, TrendGroup } from '../../storage/repositories/geo-monitor-runs.js';
import type { JobsRepository } from '../../storage/repositories/jobs.js';
import { fromTimestamp, toTimestamp } from '../../storage/timestamps.js';
import type { Principal } from '../../domain/principal.js';
import { nextTick, parseSchedule, ticksWithin } from './schedule.js';
import { DEFAULT_ALERT_CONFIDENCE } from '../../storage/repositories/geo-monitors.js';
import type { GeoMonitorAlertsRepository, StoredAlert } from '../../storage/repositories/geo-monitor-alerts.js';
import { usageMonth } from '../../storage/repositories/usage.js';
import { capRefusal } from './call-cap.js';
import { figureGroups } from './figure-groups.js';
import { callsPerRun } from '../../domain/geo-monitor-calls.js';
import { geoMonitorGroupTrendView, geoMonitorTrendView } from '../../views/geo-monitors.js';
import { planOf } from '../accounts/plans.js';
import type { ProjectService } from '../projects/service.js';
import type { BrandProfileService } from '../projects/brand-profile.js';
import { callsExhausted } from '../geo-tests/service.js';
import { GEO_MONITOR_RUN_JOB_KIND } from './run-job.js';
import type { UsageService } from '../accounts/usage.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import { notFoundIfParentDeleted } from '../parent-deleted.js';
import type { StopGeoWork } from '../geo-answers/stop-work.js';

/** The contract's bound on one run's calls (GeoMonitor.callsPerRun). */
export const MAX_CALLS_PER_RUN = 2_500;
const DAY_MS = 86_400_000;
/** The trend's default range, its longest range, and its most points. */
export const TREND_DEFAULT_DAYS = 30;
export const TREND_MAX_DAYS = 366;
export const TREND_MAX_POINTS = 1_000;
/** The span `runsPerMonth` counts ticks over. */
const MONTH_MS = 30 * DAY_MS;

/** A monitor as the API shows it: its record, what it costs, its engines' surfaces and its last alert. */
export interface GeoMonitorDetail extends GeoMonitorRecord {
  runsPerMonth: number;
  callsThisMonth: number;
  engineSurfaces: Array<{ engine: string; surface: GeoSurface | null }>;
  lastAlert: StoredAlert | null;
}

/** Which answers a trend follows: at most one of a prompt, locale or engine, and a surface. */
export interface TrendQuery {
  from?: string;
  to?: string;
  prompt?: string;
  locale?: string;
  engine?: string;
  surface?: GeoSurface;
}

export interface GeoMonitorService {
  create(principal: Principal, projectId: string, input: GeoMonitorCreate): Promise<GeoMonitorDetail>;
  get(principal: Principal, projectId: string, monitorId: string): Promise<GeoMonitorRecord>;
  /** The monitor with what it costs and its last alert. */
  detail(principal: Principal, projectId: string, monitorId: string): Promise<GeoMonitorDetail>;
  list(principal: Principal, projectId: string, page: PageRequest): Promise<Page<GeoMonitorDetail>>;
  update(principal: Principal, projectId: string, monitorId: string, input: GeoMonitorUpdate): Promise<GeoMonitorDetail>;
  remove(principal: Principal, projectId: string, monitorId: string): Promise<void>;
  /** A run now, outside the schedule, charged like any run; 403 when the month cannot pay for it, 409 while another is open. */
  runNow(principal: Principal, projectId: string, monitorId: string): Promise<GeoMonitorRunRecord>;
  listRuns(principal: Principal, projectId: string, monitorId: string, page: PageRequest): Promise<Page<GeoMonitorRunRecord>>;
  getRun(principal: Principal, projectId: string, monitorId: string, runId: string): Promise<GeoMonitorRunRecord>;
  /** Cancels a pending or running run, giving back the calls it did not make; 409 once it is final. */
  cancelRun(principal: Principal, projectId: string, monitorId: string, runId: string): Promise<GeoMonitorRunRecord>;
  listAnswers(
    principal: Principal,
    projectId: string,
    monitorId: string,
    runId: string,
    page: PageRequest,
  ): Promise<{ run: GeoMonitorRunRecord; page: Page<StoredAnswer> }>;
  trend(principal: Principal, projectId: string, monitorId: string, query: TrendQuery): Promise<GeoMonitorTrend>;
  /** A page of a run's figures by one dimension (none before the run completed). */
  listFigures(
    principal: Principal,
    projectId: string,
    monitorId: string,
    runId: string,
    query: { by: GeoFigureGroup['by']; surface: GeoSurface | null },
    page: PageRequest,
  ): Promise<Page<GeoFigureGroup>>;
  /** The monitor's alerts, newest first. */
  listAlerts(principal: Principal, projectId: string, monitorId: string, page: PageRequest): Promise<Page<StoredAlert>>;
}

export function createGeoMonitorService(deps: {
  projects: ProjectService;
  geoMonitors: GeoMonitorsRepository;
  geoMonitorRuns: GeoMonitorRunsRepository;
  geoMonitorAlerts: Pick<GeoMonitorAlertsRepository, 'list' | 'latest'>;
  jobs: JobsRepository;
  /** The operator's answer engines (GEO_ENGINES). */
  engines: readonly AnswerEngineConfig[];
  brandProfiles: Pick<BrandProfileService, 'trackedBrands'>;
  usage: Pick<UsageService, 'callsLeft'>;
  transaction: RunInTransaction;
  stopWork: StopGeoWork;
  /** Wakes the in-process worker for a run made now. */
  notifyWork: () => void;
  clock: Clock;
}): GeoMonitorService {
  const { geoMonitors, geoMonitorRuns } = deps;
  const configured = () => deps.engines.map((engine) => engine.name);

  const monitorOf = async (principal: Principal, projectId: string, monitorId: string) => {
    const project = await deps.projects.get(principal, projectId);
    const monitor = await geoMonitors.findForProject(project.id, monitorId);
    if (!monitor) throw notFound('GEO monitor', monitorId);
    return monitor;
  };
  const runOf = async (principal: Principal, projectId: string, monitorId: string, runId: string) => {
    const monitor = await monitorOf(principal, projectId, monitorId);
    const run = await geoMonitorRuns.findForMonitor(monitor.id, runId);
    if (!run) throw notFound('Monitor run', runId);
    return run;
  };

  /** Each monitor with its cost, its engines' surfaces and its last alert. */
  const detailed = async (monitors: readonly GeoMonitorRecord[]): Promise<GeoMonitorDetail[]> => {
    const now = deps.clock.now();
    const month = usageMonth(now);
    const ids = monitors.map((m) => m.id);
    const alerts = await deps.geoMonitorAlerts.latest(ids);
    const charged = await geoMonitorRuns.chargedInEach(ids, month);
    return monitors.map((monitor) => ({
      ...monitor,
      runsPerMonth: ticksWithin(monitor.schedule, fromTimestamp(monitor.createdAt), now, MONTH_MS),
      callsThisMonth: charged.get(monitor.id) ?? 0,
      engineSurfaces: monitor.engines.map((engine) => {
        const config = deps.engines.find((e) => e.name === engine);
        return { engine, surface: config ? engineSurface(config) : null };
      }),
      lastAlert: alerts.get(monitor.id) ?? null,
    }));
  };
  const detailOf = async (monitor: GeoMonitorRecord) => (await detailed([monitor]))[0]!;

  /** Engine names must be ones the operator configured. */
  const checkEngines = (engines: readonly string[]) => {
    const known = configured();
    const details = engines.flatMap((name, i) =>
      known.includes(name)
        ? []
        : [{ in: 'body' as const, field: `engines.${i}`, message: `"${name}" is not an answer engine of this server (it has ${known.join(', ') || 'none'})` }],
    );
    if (details.length > 0) throw validationError(details);
  };
  const checkCalls = (settings: { prompts: string[]; locales: string[]; engines: string[]; samplesPerPrompt: number }) => {
    const calls = callsPerRun(settings);
    if (calls > MAX_CALLS_PER_RUN) {
      throw validationError([
        {
          in: 'body',
          field: '',
          message: `a run would make ${calls} answer-engine calls (prompts × locales × engines × samplesPerPrompt); at most ${MAX_CALLS_PER_RUN} are allowed`,
        },
      ]);
    }
  };

  return {
    async create(principal, projectId, input) {
      const project = await deps.projects.get(principal, projectId);
      if (deps.engines.length === 0) throw answerEngineNotConfigured();
      const engines = input.engines ?? configured();
      checkEngines(engines);
      const settings = { prompts: input.prompts, locales: input.locales, engines, samplesPerPrompt: input.samplesPerPrompt ?? 1 };
      checkCalls(settings);
      const now = deps.clock.now();
      const schedule = parseSchedule(input.schedule, now);
      const plan = planOf(principal.plan);
      const created = await notFoundIfParentDeleted({ what: 'Project', id: projectId }, () =>
        geoMonitors.createWithinLimit({
          id: uuidv7(now),
          projectId: project.id,
          accountId: principal.accountId,
          name: input.name.trim(),
          ...settings,
          schedule,
          alerts: {
            visibility: input.alerts?.visibility ?? null,
            citationShare: input.alerts?.citationShare ?? null,
            confidenceLevel: input.alerts?.confidenceLevel ?? DEFAULT_ALERT_CONFIDENCE,
          },
          monthlyCallCap: input.monthlyCallCap ?? null,
          nextRunAt: tickText(nextTick(schedule, now, now)),
          now,
          maxMonitors: plan.maxMonitors,
        }),
      );
      if (created === 'limit_exceeded') {
        throw planLimitExceeded(
          `The ${plan.name} plan allows ${plan.maxMonitors} GEO monitor${plan.maxMonitors === 1 ? '' : 's'} and this account has ${plan.maxMonitors}.`,
        );
      }
      return detailOf(created);
    },

    get: monitorOf,

    async detail(principal, projectId, monitorId) {
      return detailOf(await monitorOf(principal, projectId, monitorId));
    },

    async list(principal, projectId, page) {
      const project = await deps.projects.get(principal, projectId);
      const found = await geoMonitors.listForProject(project.id, page);
      return { total: found.total, items: await detailed(found.items) };
    },

    async update(principal, projectId, monitorId, input) {
      const monitor = await monitorOf(principal, projectId, monitorId);
      const now = deps.clock.now();
      if (input.engines !== undefined) checkEngines(input.engines);
      const changes: GeoMonitorChanges = {};
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.prompts !== undefined) changes.prompts = input.prompts;
      if (input.locales !== undefined) changes.locales = input.locales;
      if (input.engines !== undefined) changes.engines = input.engines;
      if (input.samplesPerPrompt !== undefined) changes.samplesPerPrompt = input.samplesPerPrompt;
      if (input.alerts !== undefined) changes.alerts = { ...monitor.alerts, ...input.alerts };
      if (input.monthlyCallCap !== undefined) changes.monthlyCallCap = input.monthlyCallCap;
      checkCalls({ ...monitor, ...changes });
      let schedule: StoredSchedule = monitor.schedule;
      if (input.schedule !== undefined) schedule = changes.schedule = parseSchedule(input.schedule, now);
      const paused = input.paused ?? monitor.paused;
      if (input.paused !== undefined) changes.paused = paused;
      // Pausing clears the next tick; a new schedule, or resuming, takes effect from now.
      if (paused) changes.nextRunAt = null;
      else if (input.schedule !== undefined || monitor.paused) changes.nextRunAt = tickText(nextTick(schedule, fromTimestamp(monitor.createdAt), now));
      const updated = await geoMonitors.update(monitor.id, changes, now);
      if (!updated) throw notFound('GEO monitor', monitorId);
      return detailOf(updated);
    },

    async remove(principal, projectId, monitorId) {
      const monitor = await monitorOf(principal, projectId, monitorId);
      const removed = await deps.transaction(async (trx) => {
        if (!(await geoMonitors.lockForRemoval(trx, monitor.id))) return false;
        // A run waiting for a worker never starts; one running stops within seconds; both give back the calls they did not make.
        await deps.stopWork(trx, { monitorId: monitor.id }, deps.clock.now());
        await geoMonitors.remove(trx, monitor.id);
        return true;
      });
      if (!removed) throw notFound('GEO monitor', monitorId);
    },

    async runNow(principal, projectId, monitorId) {
      const project = await deps.projects.get(principal, projectId);
      const monitor = await geoMonitors.findForProject(project.id, monitorId);
      if (!monitor) throw notFound('GEO monitor', monitorId);
      if ((await geoMonitorRuns.openJobIds(monitor.id)).length > 0) {
        throw invalidState('A run of this monitor is pending or running; wait for it to finish before starting another.');
      }
      const plan = planOf(principal.plan);
      const settings = { prompts: monitor.prompts, locales: monitor.locales, engines: monitor.engines, samplesPerPrompt: monitor.samplesPerPrompt };
      const calls = callsPerRun(settings);
      // The run's job charges the month when it starts, as for a scheduled run; refusing here
      // tells the caller now rather than with a failed run.
      const left = await deps.usage.callsLeft(principal);
      if (left < calls) throw callsExhausted(plan, calls, left);
      if (monitor.monthlyCallCap !== null) {
        const refused = capRefusal(monitor.monthlyCallCap, await geoMonitorRuns.chargedIn(monitor.id, usageMonth(deps.clock.now())), calls);
        if (refused !== null) throw invalidState(`${refused} Raise or remove monthlyCallCap to run it now.`);
      }
      const brands = await deps.brandProfiles.trackedBrands(project);
      const now = deps.clock.now();
      const id = uuidv7(now);
      const run = await notFoundIfParentDeleted({ what: 'GEO monitor', id: monitorId }, () =>
        deps.transaction(async (trx) => {
          const inserted = await geoMonitorRuns.createForTick(trx, {
            id,
            monitorId: monitor.id,
            projectId: project.id,
            accountId: principal.accountId,
            scheduledFor: toTimestamp(now),
            settings,
            brands,
            callsPlanned: calls,
            skippedTicks: 0,
            now,
          });
          // A scheduled tick at this very millisecond made its run: that one stands.
          if (!inserted) throw invalidState('A run of this monitor was just started; wait for it to finish before starting another.');
          const job = await deps.jobs.enqueue(
            { kind: GEO_MONITOR_RUN_JOB_KIND, accountId: principal.accountId, payload: { runId: id }, concurrencyLimit: plan.maxRunningAudits, now },
            trx,
          );
          await geoMonitorRuns.setJob(trx, id, job.id);
          return (await geoMonitorRuns.find(id, trx))!;
        }),
      );
      deps.notifyWork();
      return run;
    },

    async listRuns(principal, projectId, monitorId, page) {
      const monitor = await monitorOf(principal, projectId, monitorId);
      return geoMonitorRuns.listForMonitor(monitor.id, page);
    },

    getRun: runOf,

    async cancelRun(principal, projectId, monitorId, runId) {
      const run = await runOf(principal, projectId, monitorId, runId);
      // A queued job is dropped with it; a running one sees it within seconds and stops its call.
      const stopped = await deps.transaction((trx) => deps.stopWork(trx, { runId: run.id }, deps.clock.now()));
      const current = await geoMonitorRuns.find(run.id);
      if (!current) throw notFound('Monitor run', runId); // deleted with its monitor meanwhile
      if (stopped === 0) throw invalidState(`The monitor run is already ${current.status}; only pending or running runs can be cancelled.`);
      return current;
    },

    async listAnswers(principal, projectId, monitorId, runId, page) {
      const run = await runOf(principal, projectId, monitorId, runId);
      return { run, page: await geoMonitorRuns.listAnswers(run.id, page) };
    },

    async trend(principal, projectId, monitorId, query) {
      const monitor = await monitorOf(principal, projectId, monitorId);
      const bounds = runRange(query, deps.clock.now());
      const named = (['prompt', 'locale', 'engine'] as const).filter((by) => query[by] !== undefined);
      if (named.length > 1) {
        throw validationError([{ in: 'query', field: named[1]!, message: `give at most one of prompt, locale and engine (got ${named.join(' and ')})` }]);
      }
      const by = named[0] ?? (query.surface !== undefined ? 'surface' : null);
      if (by === null) {
        const runs = await geoMonitorRuns.listCompletedBetween(monitor.id, bounds.from, bounds.to, TREND_MAX_POINTS);
        return geoMonitorTrendView(monitor.id, bounds, runs);
      }
      // A surface alone is the surface's group over every answer; with a prompt, locale or engine, that group's answers of the surface.
      const group: TrendGroup = by === 'surface' ? { by, key: query.surface!, surface: null } : { by, key: query[by]!, surface: query.surface ?? null };
      const points = await geoMonitorRuns.groupBetween(monitor.id, group, bounds.from, bounds.to, TREND_MAX_POINTS);
      return geoMonitorGroupTrendView(monitor.id, bounds, { by: group.by, key: group.key, surface: query.surface ?? null }, points);
    },

    async listFigures(principal, projectId, monitorId, runId, query, page) {
      const run = await runOf(principal, projectId, monitorId, runId);
      if (run.status !== 'completed' || run.figures === null) return { items: [], total: 0 };
      const { by, surface } = query;
      if (await geoMonitorRuns.hasFigures(run.id)) return geoMonitorRuns.listFigures(run.id, by, surface, page);
      // Completed before version 1.6: worked out from its answers, not kept.
      const all = figureGroups(run, await geoMonitorRuns.answers(run.id)).filter((g) => g.by === by && g.surface === surface);
      const start = (page.page - 1) * page.pageSize;
      return { total: all.length, items: all.slice(start, start + page.pageSize).map(({ position: _p, surface: _s, ...group }) => group) };
    },

    async listAlerts(principal, projectId, monitorId, page) {
      const monitor = await monitorOf(principal, projectId, monitorId);
      return deps.geoMonitorAlerts.list(monitor.id, page);
    },
  };
}

/**
 * The range of run ticks a query asks for (`from` and `to`, default the last 30 days up to now),
 * as timestamps; 400 when `from` is after `to` or the range is longer than 366 days.
 */
export function runRange(range: { from?: string; to?: string }, now: number): { from: string; to: string } {
  const to = range.to === undefined ? now : instant(range.to, 'to');
  const from = range.from === undefined ? to - TREND_DEFAULT_DAYS * DAY_MS : instant(range.from, 'from');
  if (from > to) throw validationError([{ in: 'query', field: 'from', message: 'must not be after to' }]);
  if (to - from > TREND_MAX_DAYS * DAY_MS) throw validationError([{ in: 'query', field: 'from', message: `the range must be at most ${TREND_MAX_DAYS} days` }]);
  return { from: toTimestamp(from), to: toTimestamp(to) };
}

function tickText(tick: number | null): string | null {
  return tick === null ? null : toTimestamp(tick);
}

/** A date-time query parameter as ms; the validator has checked its format, this checks its range. */
function instant(text: string, name: 'from' | 'to'): number {
  const ms = Date.parse(text);
  if (!Number.isFinite(ms) || ms < Date.UTC(1970, 0, 1) || ms > Date.UTC(9999, 11, 31)) {
    throw validationError([{ in: 'query', field: name, message: 'must be an ISO 8601 date-time between 1970 and 9999' }]);
  }
  return ms;
}
