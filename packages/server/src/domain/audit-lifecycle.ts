// The life of an audit run, as one table: each way its status may change, what may change it, and
// what changes with it. The audit-runs repository takes every status update from this table (the
// states it may start from and the state it ends in), so a transition that is not written here
// cannot happen, and the README's "Life of an audit" prints the same rows.
// A final state (completed, failed, cancelled) has no way out: only the deletion of the run, which
// any state allows and which is not a change of status, removes it.
import type { components } from '@seo-geo/types';

export type AuditStatus = components['schemas']['AuditStatus'];

export type AuditTrigger = 'start' | 'progress' | 'complete' | 'fail' | 'cancel' | 'keep_cancelled_pages';

export interface AuditTransition {
  /** The states the run may be in for the transition to happen; in any other, it does not. */
  readonly from: readonly AuditStatus[];
  readonly to: AuditStatus;
  /** Who fires it, and when. */
  readonly trigger: string;
  /** What else must hold; none when the current state is enough. */
  readonly condition: string | null;
  /** What changes with it, in the same update or transaction. */
  readonly effects: string;
}

/** Every status an audit run has; `create` makes a run `pending`. */
export const AUDIT_STATUSES: readonly AuditStatus[] = ['pending', 'running', 'completed', 'failed', 'cancelled'];

export const AUDIT_LIFECYCLE: { readonly [trigger in AuditTrigger]: AuditTransition } = {
  start: {
    from: ['pending', 'running'],
    to: 'running',
    trigger: 'a worker leases the audit job; again after its earlier worker was lost',
    condition: 'the project still exists',
    effects: 'started time set; counters and phase reset; an earlier attempt’s pages deleted (one crawl worker) or its frontier reopened (several)',
  },
  progress: {
    from: ['running'],
    to: 'running',
    trigger: 'the worker, as it stores pages and enters a phase',
    condition: null,
    effects: 'pages crawled and queued, phase; when the run is no longer running, the crawl stops',
  },
  complete: {
    from: ['running'],
    to: 'completed',
    trigger: 'the crawl ends (all pages crawled, max pages, time budget)',
    condition: 'at least one page answered',
    effects: 'summary, stop reason, finished time; pages ranked, issues totalled, report snapshot, `audit.completed` event',
  },
  fail: {
    from: ['pending', 'running'],
    to: 'failed',
    trigger: 'no page answered, an internal error, or the job given up after its workers were lost (`worker_lost`)',
    condition: null,
    effects: 'error code and message, stop reason `failed`, finished time; `audit.failed` event',
  },
  cancel: {
    from: ['pending', 'running'],
    to: 'cancelled',
    trigger: 'POST …/audits/{auditId}/cancel',
    condition: null,
    effects: 'stop reason `cancelled`, finished time; a queued job is dropped, a running crawl stops at its next progress',
  },
  keep_cancelled_pages: {
    from: ['cancelled'],
    to: 'cancelled',
    trigger: 'the worker of a cancelled crawl, once it has stopped',
    condition: 'no summary recorded yet',
    effects: 'summary of the pages it kept; pages ranked and issues totalled',
  },
};

/** Whether no transition leads out of `status` (completed, failed, cancelled). */
export function isFinalAuditStatus(status: AuditStatus): boolean {
  return Object.values(AUDIT_LIFECYCLE).every((transition) => !transition.from.includes(status) || transition.to === status);
}

/** The states a run is still under way in: pending and running. */
export const ACTIVE_AUDIT_STATUSES: readonly AuditStatus[] = AUDIT_STATUSES.filter((status) => !isFinalAuditStatus(status));
