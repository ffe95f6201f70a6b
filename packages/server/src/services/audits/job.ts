// The worker side of an audit: claim → mark running → crawl and analyse with the engine, storing
// pages in batches and writing progress → complete with a summary and a report snapshot. Every
// state change is conditional in storage, so a cancelled run stops the crawl and stays cancelled.
import {
  runAudit,
  type CrawlLimits,
  type PageAnalyser,
  type PageAnalysis,
  type PageRenderer,
  type Resolver,
  type SiteFindings,
  type SitePageResult,
  type SsrfPolicy,
  type StopReason,
} from '@seo-geo/engine';
import type { Logger } from 'pino';
import type { Clock } from '../../support/clock.js';
import { uuidv7 } from '../../support/ids.js';
import type { AuditPagesRepository, NewAuditPage } from '../../storage/repositories/audit-pages.js';
import type { AuditIssuesRepository } from '../../storage/repositories/audit-issues.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { AuditErrorCode, AuditPhase, AuditStopReason } from '../../storage/schema-audits.js';
import type { Job } from '../../storage/repositories/jobs.js';
import type { ProjectsRepository } from '../../storage/repositories/projects.js';
import type { ReportsRepository } from '../../storage/repositories/reports.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import { emitAuditEvent } from './events.js';
import type { WebhookOutbox } from '../../webhooks/outbox.js';
import { AuditTally, reportChange, reportMetrics } from './summary.js';
import { storedStructuredData } from './structured-data.js';

export type JobOutcome = 'succeeded' | 'failed' | 'cancelled';

export interface AuditJobDeps {
  auditRuns: AuditRunsRepository;
  auditPages: AuditPagesRepository;
  auditIssues: AuditIssuesRepository;
  reports: ReportsRepository;
  projects: ProjectsRepository;
  transaction: RunInTransaction;
  /** `audit.completed` / `audit.failed` go into the outbox in the transaction that finishes the run. */
  webhooks: WebhookOutbox;
  clock: Clock;
  logger: Logger;
  /** Which addresses the crawler may reach (loopback only when the operator allows it). */
  policy: SsrfPolicy;
  limits?: Partial<CrawlLimits>;
  resolver?: Resolver;
  userAgent?: string;
  /** The worker's browser for audits that render JavaScript (it launches on first use); absent without BROWSER_EXECUTABLE. */
  renderer?: PageRenderer;
  /** Where pages are analysed: the process's analysis threads (ANALYSIS_THREADS), or this thread when absent. */
  analyser?: PageAnalyser;
}

/** Pages stored per write; also how often progress is written and cancellation noticed. */
const BATCH_SIZE = 25;
/** Site-check results applied per write (a few statements each, whatever the count). */
const SITE_BATCH_SIZE = 500;
const MAX_BATCH_DELAY_MS = 1_000;

const STOP_REASONS: Record<StopReason, AuditStopReason> = {
  completed: 'all_pages_crawled',
  max_pages: 'max_pages_reached',
  time_budget: 'time_budget_exhausted',
  cancelled: 'cancelled',
};

export function toStoredPage(auditRunId: string, analysis: PageAnalysis, now: number): NewAuditPage {
  return {
    id: uuidv7(now),
    auditRunId,
    url: analysis.url,
    finalUrl: analysis.finalUrl,
    statusCode: analysis.statusCode,
    contentType: analysis.contentType,
    title: analysis.title,
    metaDescription: analysis.metaDescription,
    lang: analysis.lang,
    wordCount: analysis.wordCount,
    geoScore: analysis.geoScore,
    hasSchema: analysis.hasSchema,
    schemaTypes: analysis.schemaTypes,
    structuredData: storedStructuredData(analysis.structuredData),
    rubricId: analysis.rubricId,
    checks: analysis.checks,
    issues: analysis.issues,
    fetchedAt: analysis.fetchedAt,
    rendering: analysis.rendering,
  };
}

export function createAuditJob(deps: AuditJobDeps) {
  const { auditRuns, auditPages, clock, logger } = deps;

  /** Fails the run and emits `audit.failed` together; nothing when the run was already final. */
  const failRun = (id: string, error: { code: AuditErrorCode; message: string; now: number }) =>
    deps.transaction(async (trx) => {
      if (await auditRuns.fail(id, error, trx)) await emitAuditEvent(deps.webhooks, (await auditRuns.find(id, trx))!, trx);
    });

  return async function runAuditJob(job: Job, context: { signal: AbortSignal }): Promise<JobOutcome> {
    const { auditRunId } = job.payload as { auditRunId: string };
    const run = await auditRuns.find(auditRunId);
    if (!run) return 'cancelled'; // deleted with its project before it started
    const project = await deps.projects.findForAccount(run.accountId, run.projectId);
    if (!project || !(await auditRuns.markRunning(run.id, clock.now()))) return 'cancelled';
    // A retried attempt (its first worker was lost) starts over rather than mixing two crawls.
    await auditPages.deleteForRun(run.id);
    const renderer = run.renderJavaScript ? deps.renderer : undefined;
    if (run.renderJavaScript && !renderer) {
      // The API only accepts such audits with a browser configured; this worker process has none.
      // Not the API's RENDERING_NOT_CONFIGURED: the API had a browser; this worker process lacks one, a fault of ours.
      await failRun(run.id, {
        code: 'internal_error',
        message: 'The worker that took this audit has no browser configured (BROWSER_EXECUTABLE), so it cannot render JavaScript.',
        now: clock.now(),
      });
      return 'failed';
    }

    const stop = new AbortController();
    const signal = AbortSignal.any([context.signal, stop.signal]);
    const tally = new AuditTally();
    let batch: NewAuditPage[] = [];
    let siteBatch: SitePageResult[] = [];
    let batchStartedAt = clock.now();
    let progress = { pagesCrawled: 0, pagesQueued: 0 };
    let site: SiteFindings | null = null;
    let stopReason: StopReason = 'completed';

    const flush = async () => {
      if (batch.length > 0) await auditPages.insertMany(batch);
      batch = [];
      batchStartedAt = clock.now();
      // A run that is no longer `running` was cancelled: stop crawling, keep what is stored.
      if (!(await auditRuns.recordProgress(run.id, progress))) stop.abort();
    };
    const flushSite = async () => {
      if (siteBatch.length > 0) await auditPages.applySiteResults(run.id, siteBatch);
      siteBatch = [];
    };
    const enterPhase = async (phase: AuditPhase) => {
      // Pages come before the site checks that read them; progress goes with the phase.
      await flush();
      if (!(await auditRuns.recordPhase(run.id, phase))) stop.abort();
    };

    let failure: unknown = null;
    try {
      for await (const event of runAudit({
        seedUrl: run.seedUrl,
        primaryDomain: project.primaryDomain,
        maxPages: run.maxPages,
        policy: deps.policy,
        signal,
        checkExternalLinks: run.checkExternalLinks,
        ...(renderer ? { renderer } : {}),
        ...(deps.analyser ? { analyser: deps.analyser } : {}),
        ...(deps.limits ? { limits: deps.limits } : {}),
        ...(deps.resolver ? { resolver: deps.resolver } : {}),
        ...(deps.userAgent ? { userAgent: deps.userAgent } : {}),
      })) {
        if (event.type === 'page') {
          tally.add(event.analysis);
          batch.push(toStoredPage(run.id, event.analysis, clock.now()));
          if (batch.length >= BATCH_SIZE || clock.now() - batchStartedAt >= MAX_BATCH_DELAY_MS) await flush();
        } else if (event.type === 'progress') {
          progress = { pagesCrawled: event.pagesCrawled, pagesQueued: event.pagesQueued };
        } else if (event.type === 'phase') {
          await enterPhase(event.phase);
        } else if (event.type === 'site-page') {
          tally.countIssues(event.result.issues);
          siteBatch.push(event.result);
          if (siteBatch.length >= SITE_BATCH_SIZE) await flushSite();
        } else if (event.type === 'site') {
          site = event.findings;
        } else {
          // event.type === 'done'
          stopReason = event.stopReason;
          progress = { ...progress, pagesCrawled: event.pagesCrawled };
        }
      }
      await flush();
      await flushSite();
    } catch (error) {
      failure = error;
    }

    if (context.signal.aborted) return 'failed'; // the lease was lost: another worker owns the run now
    // The run's lists are read from now on; a failure here costs speed, not correctness.
    const settle = () =>
      auditPages.settle().catch((error: unknown) => {
        logger.warn({ err: error, auditRunId: run.id }, 'refreshing the statistics of the audit pages failed');
      });
    const now = clock.now();
    const current = await auditRuns.find(run.id);
    // Deleted with its project while it ran: its pages went with it (a write that came after
    // failed on the missing run, which is what stopped the crawl), and nothing is left to record.
    if (!current) return 'cancelled';
    if (current.status === 'cancelled') {
      if (batch.length > 0) await auditPages.insertMany(batch);
      // Its pages are final now: record what it kept, rank them for listing and total its issues, together.
      await deps.transaction(async (trx) => {
        if (!(await auditRuns.recordCancelledSummary(run.id, tally.summary(site), trx))) return;
        await auditPages.rank(run.id, trx);
        await deps.auditIssues.finalise(run.id, trx);
        await auditRuns.markPagesRanked(run.id, trx);
      });
      await settle();
      return 'cancelled';
    }
    if (failure) {
      logger.error({ err: failure, auditRunId: run.id }, 'audit failed');
      await failRun(run.id, { code: 'internal_error', message: 'The audit stopped because of an internal error.', now });
      return 'failed';
    }
    if (tally.pagesAnswered === 0) {
      const code = tally.blockedAddress ? 'seed_blocked' : 'seed_unreachable';
      const message = tally.blockedAddress
        ? `${run.seedUrl} resolves to an address the service may not fetch.`
        : `${run.seedUrl} could not be fetched: no response arrived.`;
      await failRun(run.id, { code, message, now });
      return 'failed';
    }

    const summary = tally.summary(site);
    await auditRuns.recordPhase(run.id, 'finalising');
    const completed = await deps.transaction(async (trx) => {
      if (!(await auditRuns.complete(run.id, { summary, stopReason: STOP_REASONS[stopReason], now: clock.now() }, trx))) return false;
      await auditPages.rank(run.id, trx);
      await deps.auditIssues.finalise(run.id, trx);
      await auditRuns.markPagesRanked(run.id, trx);
      const metrics = reportMetrics(summary);
      const previous = await deps.reports.latestForProject(run.projectId, trx);
      const change = previous ? reportChange(metrics, previous) : null;
      await deps.reports.create({ projectId: run.projectId, auditRunId: run.id, metrics, change, now }, trx);
      await emitAuditEvent(deps.webhooks, (await auditRuns.find(run.id, trx))!, trx);
      return true;
    });
    if (completed) await settle();
    return completed ? 'succeeded' : 'cancelled';
  };
}
