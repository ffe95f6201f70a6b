// One claimed job running in this worker: the handler, the lease heartbeat beside it, and the
// final write. The heartbeat uses a real timer (it has to fire while the handler waits on I/O);
// the lease times it writes come from the Clock.
import type { Logger } from 'pino';
import type { Clock } from '../support/clock.js';
import type { Job, JobsRepository } from '../storage/repositories/jobs.js';
import { LeaseLostError, WorkerStoppingError } from './abort-reasons.js';

export type JobOutcome = 'succeeded' | 'failed' | 'cancelled';

export type JobHandler = (job: Job, context: { signal: AbortSignal; workerId: string }) => Promise<JobOutcome>;

export interface JobRunContext {
  jobs: JobsRepository;
  clock: Clock;
  workerId: string;
  leaseMs: number;
  renewIntervalMs: number;
  logger: Logger;
}

export interface JobRun {
  readonly job: Job;
  /** Aborts the handler's signal with this reason (LeaseLostError or WorkerStoppingError). */
  abort(reason: LeaseLostError | WorkerStoppingError): void;
  /** Settles (never rejects) once the handler returned and the outcome is written or dropped. */
  readonly done: Promise<void>;
}

const OUTCOMES: ReadonlySet<string> = new Set<JobOutcome>(['succeeded', 'failed', 'cancelled']);
/** lastError is for operators, not a dump: long messages are cut. */
const MAX_ERROR_LENGTH = 1_000;

export function startJobRun(job: Job, handler: JobHandler, ctx: JobRunContext): JobRun {
  const { jobs, clock, workerId, leaseMs, renewIntervalMs } = ctx;
  const logger = ctx.logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
  const controller = new AbortController();
  let heartbeat: NodeJS.Timeout | undefined;
  let renewing: Promise<void> | undefined;
  let handlerReturned = false;

  const leaseLost = () => controller.signal.reason instanceof LeaseLostError;

  const scheduleRenew = () => {
    heartbeat = setTimeout(() => {
      heartbeat = undefined;
      renewing = renew().finally(() => {
        renewing = undefined;
        // Keep the lease while the handler runs, even after a shutdown abort (we still own the job
        // until the handler returns); a lost lease is not ours to renew.
        if (!handlerReturned && !leaseLost()) scheduleRenew();
      });
    }, renewIntervalMs);
  };

  const renew = async () => {
    try {
      const held = await jobs.renew({ jobId: job.id, workerId, leaseMs, now: clock.now() });
      if (!held && !controller.signal.aborted) {
        logger.warn('lease lost: another worker owns this job now; aborting the handler');
        controller.abort(new LeaseLostError(job.id));
      }
    } catch (error) {
      // The lease may well still be valid; the next heartbeat tries again.
      logger.warn({ err: error }, 'lease renewal failed');
    }
  };

  const run = async () => {
    const started = Date.now();
    logger.info('job started');
    scheduleRenew();
    let outcome: JobOutcome;
    let error: string | undefined;
    try {
      const result: unknown = await handler(job, { signal: controller.signal, workerId });
      if (typeof result === 'string' && OUTCOMES.has(result)) {
        outcome = result as JobOutcome;
      } else {
        outcome = 'failed';
        error = `Handler for "${job.kind}" returned ${(JSON.stringify(result) as string | undefined) ?? 'undefined'}, not an outcome`;
      }
    } catch (thrown) {
      // A handler error is final: only lost leases (crashed or stalled workers) are retried.
      outcome = 'failed';
      error = (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, MAX_ERROR_LENGTH);
    }
    handlerReturned = true;
    clearTimeout(heartbeat);
    await renewing;
    await settle(outcome, error);
    logger.info({ outcome, error, ms: Date.now() - started }, 'job ended');
  };

  const settle = async (outcome: JobOutcome, error: string | undefined) => {
    try {
      if (leaseLost()) {
        logger.info({ outcome }, 'result dropped: the lease was lost while the handler ran');
        return;
      }
      if (controller.signal.reason instanceof WorkerStoppingError && outcome !== 'succeeded') {
        // Interrupted by shutdown, not finished: back to the queue at once, for any worker to take
        // (a retried audit starts over, a shared crawl resumes), the attempt not counted.
        if (await jobs.handBack({ jobId: job.id, workerId, now: clock.now() })) logger.warn('interrupted by shutdown; job handed back');
        else logger.info({ outcome }, 'interrupted by shutdown; the lease was lost meanwhile');
        return;
      }
      const finished = await jobs.finish({ jobId: job.id, workerId, status: outcome, error, now: clock.now() });
      if (!finished) logger.warn({ outcome }, 'result dropped: the lease was lost before the job finished');
    } catch (failure) {
      // The lease then expires and the job is retried elsewhere: at worst it runs again.
      logger.error({ err: failure, outcome }, 'could not record the job outcome');
    }
  };

  return {
    job,
    abort(reason) {
      if (!controller.signal.aborted) controller.abort(reason);
    },
    done: run(),
  };
}
