// The life of an audit run, as one table: each way its status may change, what may change it, and
// what changes with it. The audit-runs repository takes every status update from this table (the
// states it may start from and the state it ends in), so a transition that is not written here
// cannot happen, and the README's "Life of an audit" prints the same rows.
// A final state (completed, failed, cancelled) has no way out: only the deletion of the run, which
// any state allows and which is not a change of status, removes it. A paused run is not final (it is
// resumed or cancelled) but no job carries it: it is not active.
import type { components } from '@seo-geo/types';

export type AuditStatus = components['schemas']['AuditStatus'];

export type AuditTrigger =
  'start' | 'progress' | 'complete' | 'fail' | 'cancel' | 'keep_cancelled_pages' | 'pause' | 'ask_pause' | 'pause_stopped_crawl' | 'resume';

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
export const AUDIT_STATUSES: readonly AuditStatus[] = ['pending', 'running', 'paused', 'completed', 'failed', 'cancelled'];

export const AUDIT_LIFECYCLE: { readonly [trigger in AuditTrigger]: AuditTransition } = {
  start: {
    from: ['pending', 'running'],
    to: 'running',
    trigger: 'a worker leases the audit job; again after its earlier worker was lost',
    condition: 'the project still exists; the job is the run’s latest',
    effects:
      'started time set; counters and phase reset; an earlier attempt’s pages and saved crawl deleted (one crawl worker) or its frontier reopened (several); a resumed run’s first attempt keeps its counters and continues its saved crawl',
  },
  progress: {
    from: ['running'],
    to: 'running',
    trigger: 'the worker, as it stores pages and enters a phase',
    condition: 'no pause asked for',
    effects: 'pages crawled and queued, phase; when the run is no longer running, or a pause is asked for, the crawl stops',
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
    from: ['pending', 'running', 'paused'],
    to: 'cancelled',
    trigger: 'POST …/audits/{auditId}/cancel',
    condition: null,
    effects:
      'stop reason `cancelled`, finished time, pause reason cleared; a queued job is dropped, a running crawl stops at its next progress; a paused run’s summary, ranks and issue totals are written at once (keep cancelled pages)',
  },
  keep_cancelled_pages: {
    from: ['cancelled'],
    to: 'cancelled',
    trigger: 'the worker of a cancelled crawl, once it has stopped',
    condition: 'no summary recorded yet',
    effects: 'summary of the pages it kept; pages ranked and issues totalled',
  },
  pause: {
    from: ['pending'],
    to: 'paused',
    trigger: 'POST …/audits/{auditId}/pause before a worker took the audit',
    condition: null,
    effects: 'pause reason `requested`, paused time; the queued job is dropped; `audit.paused` event',
  },
  ask_pause: {
    from: ['running'],
    to: 'running',
    trigger: 'POST …/audits/{auditId}/pause on a running audit, or the crawl’s safeguard',
    condition: 'no pause asked for yet',
    effects: 'pause reason (the safeguard’s message and figures); the crawl stops at its next progress',
  },
  pause_stopped_crawl: {
    from: ['running'],
    to: 'paused',
    trigger: 'the worker of a crawl asked to pause, once it has stopped',
    condition: 'a pause was asked for',
    effects: 'paused time; where the crawl stopped is saved first: its queue, its pages’ site records, its counts and site findings; `audit.paused` event',
  },
  resume: {
    from: ['paused'],
    to: 'pending',
    trigger: 'POST …/audits/{auditId}/resume',
    condition: null,
    effects: 'pause reason cleared, resumed time; a new job queued (the run’s `jobId`), which continues the saved crawl',
  },
};

/** Whether no transition leads out of `status` (completed, failed, cancelled). */
export function isFinalAuditStatus(status: AuditStatus): boolean {
  return Object.values(AUDIT_LIFECYCLE).every((transition) => !transition.from.includes(status) || transition.to === status);
}

/** The states a job carries the run in: pending and running (a paused run waits for a resume, with no job). */
export const ACTIVE_AUDIT_STATUSES: readonly AuditStatus[] = AUDIT_STATUSES.filter((status) => !isFinalAuditStatus(status) && status !== 'paused');
