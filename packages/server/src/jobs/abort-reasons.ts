// Why a handler's AbortSignal fired, given as `signal.reason`, so a handler can tell a job that is
// no longer its own (stop quietly: another worker runs it now) from a worker shutting down (stop
// soon: the job is handed back and runs again elsewhere). A user's cancel is the handler's own
// business (it reads its domain state), not a worker signal.

/** The lease was lost: recovered after it expired, and maybe claimed by another worker. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
  readonly code = 'lease_lost';

  constructor(jobId: string) {
    super(`This worker no longer holds the lease of job ${jobId}`);
  }
}

/** The worker is stopping and the grace period for running jobs is over. */
export class WorkerStoppingError extends Error {
  override name = 'WorkerStoppingError';
  readonly code = 'worker_stopping';

  constructor() {
    super('The worker is shutting down');
  }
}
