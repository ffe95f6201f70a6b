// Pausing, resuming and cancelling a paused audit, as the API asks. A pending run is paused at
// once (its queued job dropped); a running one is asked to, and its worker pauses it once its crawl
// has stopped and is saved (job.ts). Resuming queues a new job in the transaction that makes the
// run pending again. A paused run has no worker, so its cancel writes at once what a cancelled
// crawl's worker writes once it has stopped: the summary of the pages it kept, their ranks and
// issue totals; then its saved crawl goes.
import type { SiteFindings } from '@seo-geo/engine';
import { invalidState } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';
import type { AuditFrontierRepository } from '../../storage/repositories/audit-frontier.js';
import type { AuditRun, AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { JobsRepository } from '../../storage/repositories/jobs.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import type { Clock } from '../../support/clock.js';
import type { WebhookOutbox } from '../../webhooks/outbox.js';
import { enqueueAuditJob } from './audit-job-queue.js';
import { emitAuditEvent } from './events.js';
import { finalisePages, type FinaliseDeps } from './finalise.js';
import { AuditTally } from './summary.js';

export interface PausingDeps extends FinaliseDeps {
  auditRuns: AuditRunsRepository;
  auditFrontier: AuditFrontierRepository;
  jobs: JobsRepository;
  transaction: RunInTransaction;
  clock: Clock;
  notifyWork: () => void;
  /** Where a pending run's `audit.paused` goes, with its pause. */
  webhooks: WebhookOutbox;
}

/** Pauses a pending run (with its `audit.paused` event), or asks a running one to pause; 409 otherwise. */
export async function pauseAudit(deps: PausingDeps, run: AuditRun): Promise<AuditRun> {
  const now = deps.clock.now();
  const pausedNow = await deps.transaction(async (trx) => {
    if (!(await deps.auditRuns.pause(run.id, now, trx))) return false;
    await emitAuditEvent(deps.webhooks, deps.auditRuns, run.id, trx);
    return true;
  });
  if (pausedNow) {
    await deps.jobs.cancelQueued(run.jobId, now);
  } else if (!(await deps.auditRuns.askPause(run.id, { reason: 'requested', message: null, figures: null }))) {
    const current = (await deps.auditRuns.find(run.id)) ?? run;
    const state = current.status === 'running' ? 'already pausing' : `already ${current.status}`;
    throw invalidState(`The audit run is ${state}; only pending or running audits can be paused.`);
  }
  return (await deps.auditRuns.find(run.id))!;
}

/** Makes a paused run pending again with a new job, which continues its crawl; 409 when it is not paused. */
export async function resumeAudit(deps: PausingDeps, principal: Principal, run: AuditRun): Promise<AuditRun> {
  const now = deps.clock.now();
  await deps.transaction(async (trx) => {
    const job = await enqueueAuditJob(deps.jobs, principal, run.id, now, trx);
    if (await deps.auditRuns.resume(run.id, { jobId: job.id, now }, trx)) return;
    // Not paused: nothing is kept, the job neither.
    const current = (await deps.auditRuns.find(run.id, trx)) ?? run;
    throw invalidState(`The audit run is ${current.status}; only paused audits can be resumed.`);
  });
  deps.notifyWork();
  return (await deps.auditRuns.find(run.id))!;
}

/**
 * Cancels a paused run with the summary of the pages it kept, its pages made final, together;
 * false when it was not paused any more (resumed meanwhile: it is cancelled as any pending run).
 */
export async function cancelPausedAudit(deps: PausingDeps, run: AuditRun): Promise<boolean> {
  // The saved crawl does not change while the run is paused; the cancel below checks it still is.
  const saved = await deps.auditFrontier.saved(run.id);
  const tally = new AuditTally();
  if (saved) tally.absorb(saved.counts.tally);
  const site = saved?.siteFindings ? (JSON.parse(saved.siteFindings) as SiteFindings | null) : null;
  const cancelled = await deps.transaction(async (trx) => {
    if (!(await deps.auditRuns.cancel(run.id, deps.clock.now(), trx, ['paused']))) return false;
    await deps.auditRuns.recordCancelledSummary(run.id, tally.summary(site), trx);
    await finalisePages(deps, run.id, trx);
    return true;
  });
  if (cancelled) await deps.auditFrontier.drop(run.id);
  return cancelled;
}
