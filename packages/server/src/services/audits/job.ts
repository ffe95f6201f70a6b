// The worker side of an audit, in three steps: load the run (marked running), record the crawl's
// events as they come (recording.ts: pages in batches, progress, phases), then finish once, as
// cancelled (keeping its pages), failed, or completed with its summary and report snapshot. Every
// state change is conditional in storage, so a cancelled run stops the crawl and stays cancelled.
//
// With AUDIT_CRAWL_WORKERS > 1 (PostgreSQL), this job leads a crawl other workers share: it opens
// the audit's frontier, enqueues the helper jobs (crawl-job.ts), and once the frontier is settled
// runs the site checks over every worker's records. A lead that is retried resumes the crawl.
//
// A run asked to pause drains its crawl (nothing more starts, what is in flight is recorded), then
// is paused once where the crawl stopped is saved (pause-crawl.ts); its resume is a new job, whose
// first attempt continues that crawl (resume-crawl.ts on one worker; on several, the frontier with
// the URLs its workers held given back).
import { linkedSignal, normaliseUrl, runAudit, type CrawlLimits, type PageRenderer, type SharedAudit, type SiteFindings } from '@seo-geo/engine';
import type { AuditRun } from '../../storage/repositories/audit-runs.js';
import type { AuditErrorCode } from '../../storage/schema-audits.js';
import type { Job } from '../../storage/repositories/jobs.js';
import type { JobOutcome } from '../../jobs/job-run.js';
import type { Project } from '../../storage/repositories/projects.js';
import { emitAuditEvent } from './events.js';
import { AuditRecording } from './recording.js';
import type { AuditTally } from './summary.js';
import { reportChange, reportMetrics } from './summary.js';
import { AUDIT_CRAWL_JOB_KIND, crawlWorkersOf, sharedCrawlOf } from './shared-crawl.js';
import { seedFailure } from './seed-failure.js';
import { crawlLimitsOf, crawlOptionsOf } from './crawl-settings.js';
import type { AuditJobDeps } from './job-deps.js';
import { pauseStoppedCrawl } from './pause-crawl.js';
import { savedCrawlResume, type SavedCrawlResume } from './resume-crawl.js';
import { finalisePages } from './finalise.js';
import { isFinalAuditStatus } from '../../domain/audit-lifecycle.js';

/** Any account's helper jobs running at once, all audits together (a bound, not a plan's quota). */
const HELPERS_RUNNING_PER_ACCOUNT = 1_000;

export interface LoadedRun {
  run: AuditRun;
  project: Project;
  renderer: PageRenderer | undefined;
  /** A resumed run's first attempt: it continues its saved crawl. */
  resumed: boolean;
  /** One worker, resumed: where its crawl continues from (null when it had not started). */
  saved: SavedCrawlResume | null;
}

/** Crawls and analyses the site, recording as it goes; resolves with the error that stopped it, if any. */
export async function crawlAudit(
  deps: AuditJobDeps,
  { run, project, renderer, saved }: LoadedRun,
  recording: AuditRecording,
  signal: AbortSignal,
  /** A shared crawl, with this worker's share of the crawl's limits. */
  shared: { shared: SharedAudit; limits: Partial<CrawlLimits> } | null,
): Promise<unknown> {
  const limits = shared?.limits ?? crawlLimitsOf(run.crawl, deps.limits);
  const stop = linkedSignal([signal, recording.signal]);
  try {
    const password = run.crawl.authentication ? await deps.auditRuns.crawlPassword(run.id) : null;
    const crawl = crawlOptionsOf(run.crawl, password, run.seedUrl);
    for await (const event of runAudit({
      seedUrl: run.seedUrl,
      primaryDomain: project.primaryDomain,
      maxPages: run.maxPages,
      policy: deps.policy,
      signal: stop.signal,
      drain: recording.drainSignal,
      checkExternalLinks: run.checkExternalLinks,
      checkResources: run.checkResources,
      crawlHreflangAndCanonical: run.crawlHreflangAndCanonical,
      ...(renderer ? { renderer } : {}),
      ...(deps.analyser ? { analyser: deps.analyser } : {}),
      ...(limits ? { limits } : {}),
      ...(deps.resolver ? { resolver: deps.resolver } : {}),
      ...crawl,
      // The service's own bot is whatever the operator named it.
      ...(deps.userAgent && run.crawl.userAgent === 'seo_geo_bot' ? { userAgent: deps.userAgent } : {}),
      ...(shared ? { shared: shared.shared } : {}),
      ...(saved ? { resume: saved.resume } : {}),
      ...(deps.siteChecksMemoryBytes ? { siteChecksMemoryBytes: deps.siteChecksMemoryBytes } : {}),
    })) {
      await recording.record(event);
    }
    await recording.flush();
    return null;
  } catch (error) {
    // The batch being stored when the crawl failed is written (or has failed) before the run is ended.
    await recording.writesDone().catch(() => undefined);
    return error;
  } finally {
    stop.release();
  }
}

export function createAuditJob(deps: AuditJobDeps) {
  const { auditRuns, auditPages, clock, logger } = deps;
  const workers = crawlWorkersOf(deps.crawlWorkers ?? 1, deps.limits);
  const shared = workers > 1;

  /** Fails the run and emits `audit.failed` together; nothing when the run was already final. */
  const failRun = (id: string, error: { code: AuditErrorCode; message: string }) =>
    deps.transaction(async (trx) => {
      if (await auditRuns.fail(id, { ...error, now: clock.now() }, trx)) await emitAuditEvent(deps.webhooks, auditRuns, id, trx);
    });

  /** The run and its project, the run marked running; or how the job ends without a crawl. */
  async function load(job: Job): Promise<LoadedRun | JobOutcome> {
    const { auditRunId } = job.payload as { auditRunId: string };
    const run = await auditRuns.find(auditRunId);
    if (!run) return 'cancelled'; // deleted with its project before it started
    // A resumed run is carried by its new job: an earlier one back from a lost worker has nothing to do.
    if (run.jobId !== job.id) return 'cancelled';
    const project = await deps.projects.findForAccount(run.accountId, run.projectId);
    const resumed = run.resumedAt !== null && job.attempts === 1;
    if (!project || !(await auditRuns.markRunning(run.id, clock.now(), { resumed }))) return 'cancelled';
    // A shared crawl resumes from its frontier (after a pause, without the workers that held URLs).
    // Otherwise a retried attempt (its first worker was lost) starts over rather than mixing two
    // crawls, and a resumed one continues where its pause saved it.
    let saved: SavedCrawlResume | null = null;
    if (shared) {
      await deps.auditFrontier.open(run.id);
      if (resumed) await deps.auditFrontier.requeueTaken(run.id);
    } else if (resumed) saved = await savedCrawlResume(deps.auditFrontier, run.id);
    else {
      await auditPages.deleteForRun(run.id);
      await deps.auditFrontier.discard(run.id);
    }
    const renderer = run.renderJavaScript ? deps.renderer : undefined;
    if (run.renderJavaScript && !renderer) {
      // The API only accepts such audits with a browser configured; this worker process has none.
      // Not the API's RENDERING_NOT_CONFIGURED: the API had a browser; this worker process lacks one, a fault of ours.
      await failRun(run.id, {
        code: 'internal_error',
        message: 'The worker that took this audit has no browser configured (BROWSER_EXECUTABLE), so it cannot render JavaScript.',
      });
      return 'failed';
    }
    return { run, project, renderer, resumed, saved };
  }

  /** The run's lists are read from now on; a failure here costs speed, not correctness. */
  const settle = (runId: string) =>
    auditPages.settle().catch((error: unknown) => {
      logger.warn({ err: error, auditRunId: runId }, 'refreshing the statistics of the audit pages failed');
    });

  /**
   * Why a run that was not cancelled failed; null when it has pages to complete with. No page
   * answered: the seed's address is refused (the log says which setting would allow it), its host
   * name does not resolve, its robots.txt was unreachable (then RFC 9309 lets no page be requested;
   * the lead's site findings say so), or the seed was requested in vain.
   */
  function failureOf(run: AuditRun, tally: AuditTally, site: SiteFindings | null, failure: unknown): { code: AuditErrorCode; message: string } | null {
    if (failure) {
      logger.error({ err: failure, auditRunId: run.id }, 'audit failed');
      return { code: 'internal_error', message: 'The audit stopped because of an internal error.' };
    }
    if (tally.pagesAnswered > 0) return null;
    const { refused, ...failed } = seedFailure(run.seedUrl, tally.unanswered, tally.blockedAddress, site?.robots);
    if (refused) {
      logger.warn(
        { auditRunId: run.id, seedUrl: run.seedUrl, address: refused.address, range: refused.range },
        `the audit's seed resolves to an address in the ${refused.range} range, which the crawler may not reach; to audit sites there, allow it: CRAWLER_ALLOW_CIDRS=${refused.allow} (CIDRs, comma-separated)`,
      );
    }
    return failed;
  }

  /** Completes the run with its summary, final lists, report snapshot and event, together; false when it was cancelled first. */
  async function complete(run: AuditRun, recording: AuditRecording, tally: AuditTally): Promise<boolean> {
    const summary = tally.summary(recording.site);
    await auditRuns.recordPhase(run.id, 'finalising');
    const keysWritten = await recording.keysWritten();
    return deps.transaction(async (trx) => {
      if (!(await auditRuns.complete(run.id, { summary, stopReason: recording.stopReason /* the engine's names are the API's */, now: clock.now() }, trx)))
        return false;
      await finalisePages(deps, run.id, trx, { keysWritten });
      const metrics = reportMetrics(summary);
      const previous = await deps.reports.latestForProject(run.projectId, trx);
      const change = previous ? reportChange(metrics, previous) : null;
      await deps.reports.create({ projectId: run.projectId, auditRunId: run.id, metrics, change, now: clock.now() }, trx);
      await emitAuditEvent(deps.webhooks, auditRuns, run.id, trx);
      return true;
    });
  }

  /** Ends the run as what happened to it: cancelled (keeping its pages), failed, or completed. */
  async function finish(run: AuditRun, recording: AuditRecording, failure: unknown): Promise<JobOutcome> {
    const current = await auditRuns.find(run.id);
    // Deleted with its project while it ran: its pages went with it (a write that came after
    // failed on the missing run, which is what stopped the crawl), and nothing is left to record.
    if (!current) return 'cancelled';
    if (current.status === 'cancelled') {
      await recording.keepBatchedPages();
      // Its pages are final now: record what it kept, rank them for listing and total its issues, together.
      const tally = await recording.finalTally();
      await deps.transaction(async (trx) => {
        if (await auditRuns.recordCancelledSummary(run.id, tally.summary(recording.site), trx)) await finalisePages(deps, run.id, trx);
      });
      await settle(run.id);
      return 'cancelled';
    }
    // Asked to pause and stopped for it (not after its site checks were stored: it is over then).
    if (current.status === 'running' && current.pause !== null && failure === null && recording.drained && !recording.siteChecked) {
      if (await pauseStoppedCrawl(deps, run, recording, shared)) return 'cancelled';
      return finish(run, recording, failure); // cancelled or deleted meanwhile: it ends as that
    }
    const tally = await recording.finalTally();
    const failed = failureOf(run, tally, recording.site, failure);
    if (failed) {
      await failRun(run.id, failed);
      return 'failed';
    }
    const completed = await complete(run, recording, tally);
    if (completed) await settle(run.id);
    return completed ? 'succeeded' : 'cancelled';
  }

  /** One job per other worker that is to share the crawl; any worker may take them. */
  async function enqueueHelpers(run: AuditRun): Promise<void> {
    const helpers = workers - 1;
    for (let i = 0; i < helpers; i++) {
      await deps.jobs.enqueue({
        kind: AUDIT_CRAWL_JOB_KIND,
        accountId: run.accountId,
        payload: { auditRunId: run.id },
        // The account's running audits are limited by their lead jobs; helpers only add hands.
        concurrencyLimit: HELPERS_RUNNING_PER_ACCOUNT,
        // Each helper in a worker that does not crawl this audit already: one more process, not one more crawler in the lead's.
        spreadKey: run.id,
        now: clock.now(),
      });
    }
  }

  return async function runAuditJob(job: Job, context: { signal: AbortSignal; workerId: string }): Promise<JobOutcome> {
    const loaded = await load(job);
    if (typeof loaded === 'string') return loaded;
    const { run } = loaded;
    const lead = shared
      ? sharedCrawlOf(run, { ...deps, limits: crawlLimitsOf(run.crawl, deps.limits), workerId: context.workerId, lead: true, workers })
      : null;
    // The helpers are enqueued once (a retried lead finds them queued, running or done), and after
    // the seed is queued: a helper that finds the frontier empty and nothing leased is done.
    if (lead && job.attempts === 1) {
      // List mode's URLs are the crawl's first (and only) ones; otherwise the seed.
      const seed = normaliseUrl(run.seedUrl);
      if (run.crawl.urls !== null) await lead.shared.add(run.crawl.urls);
      else if (seed !== null) await lead.shared.add([seed]);
      await enqueueHelpers(run);
    }
    const recording = new AuditRecording(
      run.id,
      { auditRuns, auditPages, auditLinks: deps.auditLinks, auditFrontier: deps.auditFrontier, clock },
      lead ? { crawl: lead.shared, frontier: deps.auditFrontier, transaction: deps.transaction } : null,
      { safeguard: run.safeguard, ...(loaded.saved ? { before: loaded.saved.before } : {}) },
    );
    const failure = await crawlAudit(deps, loaded, recording, context.signal, lead);
    await lead?.shared.close();
    if (context.signal.aborted) return 'failed'; // the lease was lost: another worker owns the run now
    const outcome = await finish(loaded.run, recording, failure);
    await dropIfFinal(run.id);
    return outcome;
  };

  /**
   * A final run's frontier rows (a site record each) are no longer read: a shared crawl's, or
   * where a paused crawl on one worker stopped. A paused run keeps them to resume from.
   */
  async function dropIfFinal(runId: string): Promise<void> {
    const ended = await auditRuns.find(runId);
    if (!ended || !isFinalAuditStatus(ended.status)) return;
    await deps.auditFrontier.drop(runId).catch((error: unknown) => {
      logger.warn({ err: error, auditRunId: runId }, 'dropping the frontier of a final audit failed');
    });
  }
}
