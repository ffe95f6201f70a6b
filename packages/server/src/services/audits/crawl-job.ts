// A helper's job in an audit crawled by several workers (AUDIT_CRAWL_WORKERS > 1): the audit's
// own job (job.ts) leads and enqueues these. A helper takes URLs from the audit's frontier,
// analyses and stores its pages, and ends when the frontier has nothing left for it; it never
// finishes the run (the lead does, once). A helper that dies leaves leases that expire, and its
// job is retried like any other; one that cannot help (no browser for an audit that renders)
// leaves the crawl to the others.
import type { JobOutcome } from '../../jobs/job-run.js';
import type { Job } from '../../storage/repositories/jobs.js';
import type { AuditJobDeps } from './job-deps.js';
import { crawlAudit } from './job.js';
import { AuditRecording } from './recording.js';
import { crawlWorkersOf, sharedCrawlOf } from './shared-crawl.js';
import { crawlLimitsOf } from './crawl-settings.js';

export function createAuditCrawlJob(deps: AuditJobDeps) {
  const { auditRuns, auditPages, clock, logger } = deps;
  return async function runAuditCrawlJob(job: Job, context: { signal: AbortSignal; workerId: string }): Promise<JobOutcome> {
    const { auditRunId } = job.payload as { auditRunId: string };
    const run = await auditRuns.find(auditRunId);
    // A run asked to pause (or paused, or final) takes no more help.
    if (run?.status !== 'running' || run.pause !== null) return 'cancelled';
    const project = await deps.projects.findForAccount(run.accountId, run.projectId);
    if (!project) return 'cancelled';
    const renderer = run.renderJavaScript ? deps.renderer : undefined;
    if (run.renderJavaScript && !renderer) {
      logger.warn({ auditRunId }, 'this worker has no browser (BROWSER_EXECUTABLE): leaving the crawl of an audit that renders to the others');
      return 'failed';
    }
    const workers = crawlWorkersOf(deps.crawlWorkers ?? 1, deps.limits);
    const share = sharedCrawlOf(run, { ...deps, limits: crawlLimitsOf(run.crawl, deps.limits), workerId: context.workerId, lead: false, workers });
    const shared = share.shared;
    const recording = new AuditRecording(
      run.id,
      { auditRuns, auditPages, auditLinks: deps.auditLinks, auditFrontier: deps.auditFrontier, clock },
      { crawl: shared, frontier: deps.auditFrontier, transaction: deps.transaction },
      { safeguard: run.safeguard },
    );
    const failure = await crawlAudit(deps, { run, project, renderer, resumed: false, saved: null }, recording, context.signal, share);
    await shared.close();
    if (failure) {
      // Its leased URLs go back to the queue when their lease expires; the lead and other helpers crawl on.
      logger.error({ err: failure, auditRunId }, 'helping with a shared audit crawl failed');
      return 'failed';
    }
    return recording.signal.aborted ? 'cancelled' : 'succeeded';
  };
}
