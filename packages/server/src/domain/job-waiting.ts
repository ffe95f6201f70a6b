// Why a job waits in the queue, as a waiting resource shows it (an audit's `waiting`).

/** `no_worker`: no worker is taking jobs; `plan_limit`: the account runs as many of its kind as its plan allows; `queued`: its turn for a slot. */
export type WaitingReason = 'no_worker' | 'plan_limit' | 'queued';

export interface JobWaiting {
  reason: WaitingReason;
  /** When the job was queued, or given back to the queue. */
  since: string;
}
