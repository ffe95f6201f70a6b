// How stored audit runs and pages look in the API (the AuditRun, AuditAccepted and AuditPage schemas).
import { notScoredReason } from '@seo-geo/engine';
import type { AuditAccepted, AuditPage as AuditPageView, AuditRun as AuditRunView } from '@seo-geo/types';
import type { AuditPage } from '../storage/repositories/audit-pages.js';
import type { AuditRun } from '../storage/repositories/audit-runs.js';
import type { JobWaiting, WaitingReason } from '../domain/job-waiting.js';

/** Pages crawled before the rate seen so far is worth extrapolating. */
const MIN_PAGES_FOR_ESTIMATE = 10;

/** What a waiting audit says of why it waits. */
const WAITING_MESSAGES: Record<WaitingReason, string> = {
  no_worker: "No worker is taking jobs, so the audit cannot start; it starts as soon as the service's operator runs one.",
  plan_limit: 'The account already runs as many audits as its plan allows; this one starts when one of them ends.',
  queued: 'Workers are taking jobs; this audit waits for a free slot and starts when one frees.',
};

/** `now` (ms) is read for a run still going: its elapsed time and estimate; `waiting`: why its job waits, if it does. */
export function auditRunView(run: AuditRun, now: number, waiting: JobWaiting | null = null): AuditRunView {
  return {
    id: run.id,
    projectId: run.projectId,
    status: run.status,
    seedUrl: run.seedUrl,
    maxPages: run.maxPages,
    renderJavaScript: run.renderJavaScript,
    checkExternalLinks: run.checkExternalLinks,
    checkResources: run.checkResources,
    crawl: run.crawl,
    crawlHreflangAndCanonical: run.crawlHreflangAndCanonical,
    safeguard: run.safeguard,
    jobId: run.jobId,
    progress: progressView(run, now),
    summary: run.summary,
    stopReason: run.stopReason,
    error: run.error,
    waiting: waiting && { reason: waiting.reason, message: WAITING_MESSAGES[waiting.reason], since: waiting.since },
    // A pause asked of a running audit shows while its crawl stops; the repository clears it otherwise.
    pauseReason: run.pause?.reason ?? null,
    pauseMessage: run.pause?.message ?? null,
    pauseFigures: run.pause?.figures ?? null,
    pausedAt: run.status === 'paused' ? run.pausedAt : null,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

export function auditAcceptedView(run: AuditRun): AuditAccepted {
  return { auditRunId: run.id, status: run.status, jobId: run.jobId };
}

function progressView(run: AuditRun, now: number): AuditRunView['progress'] {
  const running = run.status === 'running';
  const started = run.startedAt === null ? null : Date.parse(run.startedAt);
  // A paused run's time stands still while it waits to be resumed.
  const stopped = run.finishedAt ?? (run.status === 'paused' ? run.pausedAt : null);
  const ended = stopped === null ? now : Date.parse(stopped);
  const elapsedMs = started === null ? null : Math.max(0, ended - started);
  const phase = running ? (run.phase ?? 'crawling') : null;
  let estimate: number | null = null;
  // The crawl's rate is the only rate there is: the later phases depend on the site's shape.
  if (running && (phase === 'crawling' || phase === 'rendering') && elapsedMs !== null && run.pagesCrawled >= MIN_PAGES_FOR_ESTIMATE) {
    const left = Math.min(run.pagesQueued, run.maxPages - run.pagesCrawled);
    estimate = Math.ceil((left * elapsedMs) / run.pagesCrawled / 1000);
  }
  return {
    pagesCrawled: run.pagesCrawled,
    pagesQueued: run.pagesQueued,
    // Final runs, those stored before 1.9 among them, have the full count in their summary.
    pagesRecorded: run.summary?.pagesAudited ?? run.pagesRecorded,
    maxPages: run.maxPages,
    phase,
    elapsedSeconds: elapsedMs === null ? null : Math.floor(elapsedMs / 1000),
    estimatedSecondsRemaining: estimate,
  };
}

export function auditPageView(page: AuditPage): AuditPageView {
  const notScored = notScoredReason(page);
  return {
    ...page,
    scored: notScored === null,
    notScoredReason: notScored,
    // Records stored before 1.3 carry a failed check per rubric entry saying why they were not scored.
    checks: notScored === null ? page.checks : [],
  };
}
