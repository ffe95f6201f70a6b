// The worker runtime: polls the durable queue, runs up to `concurrency` jobs at once, recovers jobs
// of lost workers. The same loop runs inside the API process (embedded mode) and in separate
// `npm run worker` processes (scale mode); the queue's claim keeps them from ever sharing a job.
//
// Accounts share the slots: one account holds at most all but one of them (accountShare), so
// another account's job always finds a slot free at once; a slot that frees goes to the account
// with the fewest running jobs (the queue's claim order). A running job is never pre-empted for
// it: an audit interrupted on a single worker would start its crawl over.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { pino, type Logger } from 'pino';
import type { Clock } from '../support/clock.js';
import type { Job, JobsRepository } from '../storage/repositories/jobs.js';
import type { WorkersRepository } from '../storage/repositories/workers.js';
import { LeaseLostError, WorkerStoppingError } from './abort-reasons.js';
import { startJobRun, type JobHandler, type JobRun } from './job-run.js';
import { startPollLoop, type PollLoop } from '../support/poll-loop.js';

export type { JobHandler, JobOutcome } from './job-run.js';
export { LeaseLostError, WorkerStoppingError } from './abort-reasons.js';

export interface WorkerOptions {
  jobs: JobsRepository;
  /** One handler per job kind; only these kinds are claimed. */
  handlers: Record<string, JobHandler>;
  /** Lease arithmetic only; polling and heartbeats use real timers. */
  clock: Clock;
  /** Unique per worker instance; default host:pid:random. */
  workerId?: string;
  /** Jobs at once; default 4. One account holds at most concurrency - 1 of them (at least 1). */
  concurrency?: number;
  /** Default 30 s: how long a silent worker keeps its jobs before they are recovered. */
  leaseMs?: number;
  /** Idle poll interval; default 500 ms. `wake()` claims at once. */
  pollIntervalMs?: number;
  /** Real ms between lease renewals; default leaseMs / 3, so two renewals may fail in a row. */
  renewIntervalMs?: number;
  /** How long `stop()` lets running jobs finish before aborting them; default 25 s. */
  stopGraceMs?: number;
  /**
   * Where this worker says it takes jobs (a heartbeat under its lease, renewed as job leases are,
   * removed when it stops), for the API to tell whether anything takes jobs; none in unit tests.
   */
  heartbeats?: Pick<WorkersRepository, 'beat' | 'leave'>;
  /** Called once (by whichever worker recovers it) for each job failed as worker_lost. */
  onExhausted?: (job: Job) => Promise<void>;
  /** Finishes resources whose job ended without them (returns how many); run at start and then periodically. */
  reconcile?: () => Promise<number>;
  /** Clock ms between reconciles; default 60 s. */
  reconcileIntervalMs?: number;
  logger?: Logger;
}

export interface RunningWorker {
  readonly workerId: string;
  /** Settles once the worker has first said that it takes jobs (its first heartbeat, or its failure, logged). */
  readonly started: Promise<void>;
  /** Stops claiming; waits for running jobs up to the grace period, then aborts them. No timers remain. */
  stop(): Promise<void>;
  /** Polls now (call after an in-process enqueue). */
  wake(): void;
  /** Jobs running in this worker now. */
  readonly running: number;
}

export function startWorker(options: WorkerOptions): RunningWorker {
  const { jobs, handlers, clock, onExhausted, reconcile } = options;
  const reconcileIntervalMs = positive(options.reconcileIntervalMs ?? 60_000, 'reconcileIntervalMs');
  let nextReconcileAt = Number.NEGATIVE_INFINITY;
  const concurrency = positive(options.concurrency ?? 4, 'concurrency');
  const share = accountShare(concurrency);
  const leaseMs = positive(options.leaseMs ?? 30_000, 'leaseMs');
  const pollIntervalMs = positive(options.pollIntervalMs ?? 500, 'pollIntervalMs');
  const renewIntervalMs = positive(options.renewIntervalMs ?? Math.max(1, Math.floor(leaseMs / 3)), 'renewIntervalMs');
  const stopGraceMs = options.stopGraceMs ?? 25_000;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const logger = (options.logger ?? pino({ level: 'silent' })).child({ workerId });
  const kinds = Object.keys(handlers);
  const runContext = { jobs, clock, workerId, leaseMs, renewIntervalMs, logger };

  const runs = new Set<JobRun>();
  let stopping = false;
  let stopped: Promise<void> | undefined;

  let nextBeatAt = Number.NEGATIVE_INFINITY;
  /** Says that this worker takes jobs until its lease passes; again once a renewal interval has. */
  const beat = async () => {
    const now = clock.now();
    if (!options.heartbeats || now < nextBeatAt) return;
    nextBeatAt = now + renewIntervalMs;
    try {
      await options.heartbeats.beat({ workerId, leaseMs, now });
    } catch (error) {
      nextBeatAt = Number.NEGATIVE_INFINITY;
      throw error;
    }
  };

  const poll = async () => {
    try {
      await beat();
      const { requeued, exhausted } = await jobs.recoverExpired(clock.now());
      for (const job of requeued) logger.warn({ jobId: job.id, kind: job.kind }, 'lease expired; job re-queued');
      for (const job of exhausted) {
        logger.error({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'lease expired on the last attempt; job failed');
        try {
          await onExhausted?.(job);
        } catch (error) {
          logger.error({ err: error, jobId: job.id }, 'onExhausted failed');
        }
      }
      if (reconcile && clock.now() >= nextReconcileAt) {
        nextReconcileAt = clock.now() + reconcileIntervalMs;
        const finished = await reconcile();
        if (finished > 0) logger.warn({ finished }, 'finished work left running by a job that had ended');
      }
      while (!stopping && runs.size < concurrency && kinds.length > 0) {
        const running = [...runs].map((run) => run.job);
        const avoidSpreadKeys = running.flatMap((job) => (job.spreadKey === null ? [] : [job.spreadKey]));
        const avoidAccounts = accountsHolding(running, share);
        const job = await jobs.claim({ workerId, kinds, avoidSpreadKeys, avoidAccounts, leaseMs, now: clock.now() });
        if (!job) break;
        launch(job);
      }
    } catch (error) {
      logger.error({ err: error }, 'polling the job queue failed; retrying');
    }
  };

  let loop: PollLoop | undefined;
  const wake = () => loop?.wake();

  const launch = (job: Job) => {
    const handler = handlers[job.kind];
    if (!handler) throw new Error(`Claimed a job of kind "${job.kind}" that has no handler`);
    // Our own earlier run of this job lost its lease and we claimed the job again: the earlier
    // run must not write its outcome under the same worker id.
    for (const run of runs) if (run.job.id === job.id) run.abort(new LeaseLostError(job.id));
    const run = startJobRun(job, handler, runContext);
    runs.add(run);
    void run.done.then(() => {
      runs.delete(run);
      // A slot is free, and this job may have been what held its account at its limit.
      wake();
    });
  };

  const shutdown = async () => {
    await loop?.stop();
    // From now on nothing here takes jobs, whatever is still running.
    await options.heartbeats?.leave(workerId).catch((error: unknown) => logger.warn({ err: error }, 'removing the heartbeat failed'));
    if (runs.size > 0) {
      logger.info({ running: runs.size, graceMs: stopGraceMs }, 'stopping: waiting for running jobs');
      const allDone = () => Promise.all([...runs].map((run) => run.done));
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'timeout'>((resolve) => {
        graceTimer = setTimeout(() => resolve('timeout'), stopGraceMs);
      });
      const first = await Promise.race([allDone(), graceOver]);
      clearTimeout(graceTimer);
      if (first === 'timeout') {
        logger.warn({ running: runs.size }, 'grace period over: aborting running jobs');
        for (const run of runs) run.abort(new WorkerStoppingError());
        await allDone();
      }
    }
    logger.info('worker stopped');
  };

  logger.info({ kinds, concurrency, accountShare: share, leaseMs }, 'worker started');
  if (kinds.length === 0) logger.warn('no job handlers registered: this worker only recovers expired leases');
  const started = beat().catch((error: unknown) => logger.error({ err: error }, 'the first heartbeat failed; retrying at the next poll'));
  loop = startPollLoop(poll, pollIntervalMs);

  return {
    workerId,
    started,
    stop() {
      stopping = true;
      stopped ??= shutdown();
      return stopped;
    },
    wake,
    get running() {
      return runs.size;
    },
  };
}

/** The most slots of a worker one account may hold: all but one, so that another account always finds one (at least 1). */
function accountShare(concurrency: number): number {
  return Math.max(1, Math.floor(concurrency) - 1);
}

/** The accounts running `share` or more of these jobs. */
function accountsHolding(running: readonly Job[], share: number): string[] {
  const held = new Map<string, number>();
  for (const job of running) held.set(job.accountId, (held.get(job.accountId) ?? 0) + 1);
  return [...held].filter(([, count]) => count >= share).map(([accountId]) => accountId);
}

function positive(value: number, name: string): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a positive number (got ${value})`);
  return value;
}
