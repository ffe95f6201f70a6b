// The signal a GEO test's or a monitor run's answer-engine calls run under. A call can take tens
// of seconds, and the engine retries a failed one with backoff, so the job does not wait for its
// next write to learn that its work was cancelled, or deleted with its monitor or project: it reads
// the work's status every second and aborts the signal once it is no longer running, which aborts
// the call in flight and any wait between attempts. A write refused because the work no longer
// runs stops it at once (`stop`). The job's own signal (a lost lease, the worker stopping) aborts it
// too, with its own reason.
import { linkedSignal } from '@seo-geo/engine';
import { startPollLoop } from '../../support/poll-loop.js';

/** How often a running job reads whether its work still runs. */
export const WATCH_INTERVAL_MS = 1_000;

/** Why the signal was aborted when the work itself stopped: not the job's failure. */
export class WorkStoppedError extends Error {
  override name = 'WorkStoppedError';

  constructor() {
    super('The work was cancelled or deleted while it ran');
  }
}

export interface WorkWatch {
  readonly signal: AbortSignal;
  /** The work is no longer running (cancelled or deleted): its job ends as cancelled. */
  readonly stopped: boolean;
  /** Stops the work now: a write found it no longer running. */
  stop(): void;
  /** Stops watching; call it once the work is over. */
  release(): Promise<void>;
}

/** Watches the work `stillRunning` reads, under the job's signal. */
export function watchWork(jobSignal: AbortSignal, stillRunning: () => Promise<boolean>, intervalMs = WATCH_INTERVAL_MS): WorkWatch {
  const linked = linkedSignal([jobSignal]);
  const stop = () => {
    if (!linked.signal.aborted) linked.abort(new WorkStoppedError());
  };
  const loop = startPollLoop(async () => {
    if (linked.signal.aborted) return;
    try {
      if (!(await stillRunning())) stop();
    } catch {
      // The database did not answer this time: the next read tells.
    }
  }, intervalMs);
  return {
    signal: linked.signal,
    get stopped() {
      return linked.signal.reason instanceof WorkStoppedError;
    },
    stop,
    async release() {
      await loop.stop();
      linked.release();
    },
  };
}
