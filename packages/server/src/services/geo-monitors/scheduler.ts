// The GEO monitor scheduler: a loop beside every job worker (in the API process in the embedded
// mode, in each `npm run worker` in scale mode) that turns due ticks into runs. Each tick of the
// loop reads the unpaused monitors whose next tick has come and, for each, in one transaction:
//   1. (PostgreSQL) locks the monitor's row unless another scheduler holds it (SKIP LOCKED);
//   2. moves it from the next tick it was read with to the following one, conditionally
//      (WHERE next_run_at = <the value read>): of two schedulers that read the same tick, one moves
//      it and the other changes nothing;
//   3. inserts the run for the latest due tick (ON CONFLICT (monitor_id, scheduled_for) DO
//      NOTHING, the second guard) with the ticks missed before it counted as skipped, and enqueues
//      its job only when the insert happened.
// So each tick makes one run however many schedulers race. Ticks missed while no scheduler ran are
// not run late: the latest one runs and stands for the others (`skippedTicks`).
import { pino, type Logger } from 'pino';
import type { Clock } from '../../support/clock.js';
import { createBrandProfileService, type BrandProfileService, type TrackedBrandRecord } from '../projects/brand-profile.js';
import { GEO_MONITOR_RUN_JOB_KIND } from './run-job.js';
import { dueTick, nextTick } from './schedule.js';
import { callsPerRun } from '../../domain/geo-monitor-calls.js';
import { planOf } from '../accounts/plans.js';
import { projectStatsFrom } from '../projects/stats.js';
import { createProjectService } from '../projects/service.js';
import { geoWorkStopper } from '../geo-answers/stop-work.js';
import { uuidv7 } from '../../support/ids.js';
import type { DueGeoMonitor } from '../../storage/repositories/geo-monitors.js';
import type { Repositories } from '../../storage/repositories/index.js';
import { fromTimestamp, toTimestamp } from '../../storage/timestamps.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import { startPollLoop, type PollLoop } from '../../support/poll-loop.js';

/** Default real ms between two scheduler ticks. */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 5_000;
/** Due monitors read per tick; a larger backlog is worked off over the following ticks. */
const DUE_PER_TICK = 100;

/** A run the scheduler created. */
export interface ScheduledRun {
  runId: string;
  monitorId: string;
  jobId: string;
  scheduledFor: string;
  skippedTicks: number;
}

export interface MonitorSchedulerDeps {
  repositories: Pick<Repositories, 'geoMonitors' | 'geoMonitorRuns' | 'jobs' | 'projects'>;
  transaction: RunInTransaction;
  /** What a run tracks (the brand profile as it is when the run is created). */
  trackedBrands: BrandProfileService['trackedBrands'];
  /** The time ticks are due by. */
  clock: Clock;
  logger?: Logger;
  /** Told of the runs a tick created (the in-process worker wakes up; tests record who scheduled what). */
  onScheduled?: (runs: ScheduledRun[]) => void;
}

export interface MonitorScheduler {
  /** One pass: creates the runs of every due tick (at most a batch of monitors); returns those it created. */
  tick(): Promise<ScheduledRun[]>;
}

export interface RunningMonitorScheduler extends MonitorScheduler {
  /** No further ticks; resolves when the tick under way has finished. */
  stop(): Promise<void>;
}

export function createMonitorScheduler(deps: MonitorSchedulerDeps): MonitorScheduler {
  const { repositories, clock } = deps;
  const logger = (deps.logger ?? pino({ level: 'silent' })).child({ component: 'monitor-scheduler' });

  const schedule = async (monitor: DueGeoMonitor, brands: TrackedBrandRecord[], now: number): Promise<ScheduledRun | null> => {
    const expected = monitor.nextRunAt!;
    const createdAt = fromTimestamp(monitor.createdAt);
    const due = dueTick(monitor.schedule, createdAt, fromTimestamp(expected), now);
    if (due === null) return null;
    const following = nextTick(monitor.schedule, createdAt, due.tick);
    const scheduledFor = toTimestamp(due.tick);
    return deps.transaction(async (trx) => {
      if (!(await repositories.geoMonitors.lockIfDue(trx, monitor.id, expected))) return null;
      const advanced = await repositories.geoMonitors.advance(trx, {
        id: monitor.id,
        expectedNextRunAt: expected,
        nextRunAt: following === null ? null : toTimestamp(following),
        lastRunAt: scheduledFor,
      });
      if (!advanced) return null;
      const runId = uuidv7(now);
      const settings = { prompts: monitor.prompts, locales: monitor.locales, engines: monitor.engines, samplesPerPrompt: monitor.samplesPerPrompt };
      const inserted = await repositories.geoMonitorRuns.createForTick(trx, {
        id: runId,
        monitorId: monitor.id,
        projectId: monitor.projectId,
        accountId: monitor.accountId,
        scheduledFor,
        settings,
        brands,
        callsPlanned: callsPerRun(settings),
        skippedTicks: due.skipped,
        now,
      });
      if (!inserted) return null;
      const job = await repositories.jobs.enqueue(
        { kind: GEO_MONITOR_RUN_JOB_KIND, accountId: monitor.accountId, payload: { runId }, concurrencyLimit: planOf(monitor.plan).maxRunningAudits, now },
        trx,
      );
      await repositories.geoMonitorRuns.setJob(trx, runId, job.id);
      return { runId, monitorId: monitor.id, jobId: job.id, scheduledFor, skippedTicks: due.skipped };
    });
  };

  return {
    async tick() {
      const now = clock.now();
      const due = await repositories.geoMonitors.listDue(now, DUE_PER_TICK);
      // In a random order: schedulers racing over the same batch then meet on different monitors
      // instead of queueing behind each other's row locks in the same order.
      shuffle(due);
      const created: ScheduledRun[] = [];
      for (const monitor of due) {
        try {
          const project = await repositories.projects.findForAccount(monitor.accountId, monitor.projectId);
          if (!project) continue;
          const run = await schedule(monitor, await deps.trackedBrands(project), now);
          if (run) {
            created.push(run);
            logger.info({ ...run }, 'GEO monitor run scheduled');
          }
        } catch (error) {
          logger.error({ err: error, monitorId: monitor.id }, 'scheduling a GEO monitor run failed; retrying at the next tick');
        }
      }
      if (created.length > 0) deps.onScheduled?.(created);
      return created;
    },
  };
}

/** The scheduler's loop: a tick now and then every `intervalMs` (real time), never two at once. */
export function startMonitorScheduler(deps: MonitorSchedulerDeps & { intervalMs?: number }): RunningMonitorScheduler {
  const scheduler = createMonitorScheduler(deps);
  const intervalMs = deps.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  if (!(intervalMs > 0) || !Number.isFinite(intervalMs)) throw new RangeError(`intervalMs must be a positive number (got ${intervalMs})`);
  const logger = deps.logger ?? pino({ level: 'silent' });
  const loop: PollLoop = startPollLoop(async () => {
    try {
      await scheduler.tick();
    } catch (error) {
      logger.error({ err: error }, 'the GEO monitor scheduler could not read due monitors; retrying');
    }
  }, intervalMs);
  return { tick: () => scheduler.tick(), stop: () => loop.stop() };
}

/** What the scheduler reads and writes, over one set of repositories. */
export function monitorSchedulerDeps(deps: {
  repositories: Repositories;
  transaction: RunInTransaction;
  clock: Clock;
}): Pick<MonitorSchedulerDeps, 'repositories' | 'transaction' | 'trackedBrands'> {
  const { repositories, clock } = deps;
  const projects = createProjectService({
    projects: repositories.projects,
    clock,
    statsOf: projectStatsFrom(repositories.auditRuns),
    transaction: deps.transaction,
    stopGeoWork: geoWorkStopper(repositories),
  });
  const brandProfiles = createBrandProfileService({ projects, brandProfiles: repositories.brandProfiles, clock });
  return { repositories, transaction: deps.transaction, trackedBrands: (project) => brandProfiles.trackedBrands(project) };
}

function shuffle(items: unknown[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
}
