// Why a queued job waits for a worker: no worker is taking jobs (none has beaten within its lease),
// its account already runs as many jobs of its kind as its plan allows, or it waits its turn for a
// free slot. Read when a waiting resource is shown (an audit's `waiting`), never stored: it changes
// as workers come and go.
import type { JobWaiting } from '../domain/job-waiting.js';
import type { Clock } from '../support/clock.js';
import type { JobsRepository } from '../storage/repositories/jobs.js';
import type { WorkersRepository } from '../storage/repositories/workers.js';

/** Why the job waits; null when it does not (a worker runs it, or it is final). */
export type WaitingOf = (jobId: string) => Promise<JobWaiting | null>;

export function jobWaiting(deps: { jobs: JobsRepository; workers: WorkersRepository; clock: Clock }): WaitingOf {
  return async (jobId) => {
    const job = await deps.jobs.get(jobId);
    if (job?.status !== 'queued') return null;
    const since = job.updatedAt;
    if ((await deps.workers.countAlive(deps.clock.now())) === 0) return { reason: 'no_worker', since };
    const running = await deps.jobs.countRunning({ accountId: job.accountId, kind: job.kind });
    return { reason: running >= job.concurrencyLimit ? 'plan_limit' : 'queued', since };
  };
}
