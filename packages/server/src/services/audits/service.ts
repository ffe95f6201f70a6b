// Audits as the API sees them: start (a run and its job, created together), read, list, cancel,
// and the stored pages with their filters. The crawl itself runs in a worker (job.ts).
import { siteScope } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import { invalidState, notFound, planLimitExceeded, renderingNotConfigured, validationError } from '../../domain/errors.js';
import { uuidv7 } from '../../support/ids.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { AuditIssueTotal, AuditIssuesRepository, IssueSeverity } from '../../storage/repositories/audit-issues.js';
import type { AuditLink, AuditLinkTarget, AuditLinksRepository, LinkTargetKind } from '../../storage/repositories/audit-links.js';
import type { AuditPageFilter, AuditPage, AuditPageOverview, AuditPagesRepository } from '../../storage/repositories/audit-pages.js';
import type { PageOrder } from '../../storage/repositories/audit-page-order.js';
import type { AuditRun, AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { JobsRepository } from '../../storage/repositories/jobs.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import type { Principal } from '../../domain/principal.js';
import { maxPagesPerAudit, planOf } from '../accounts/plans.js';
import type { ProjectService } from '../projects/service.js';
import { notFoundIfParentDeleted } from '../parent-deleted.js';
import type { JobWaiting } from '../../domain/job-waiting.js';
import { isFinalAuditStatus } from '../../domain/audit-lifecycle.js';
import type { WaitingOf } from '../job-waiting.js';
import type { AuditCrawlSettings, components } from '@seo-geo/types';

type AuditSafeguardSettings = components['schemas']['AuditSafeguardSettings'];
import { checkCrawlSettings } from './crawl-settings.js';
import { enqueueAuditJob } from './audit-job-queue.js';
import { cancelPausedAudit, pauseAudit, resumeAudit } from './pausing.js';
import type { WebhookOutbox } from '../../webhooks/outbox.js';
import type { AuditFrontierRepository } from '../../storage/repositories/audit-frontier.js';
import { DEFAULT_SAFEGUARD } from '../../storage/repositories/audit-runs.js';

export type { AuditPageFilter, PageOrder };

export { AUDIT_JOB_KIND } from './audit-job-queue.js';

/** The issue codes whose links (or loads) lead to targets the link targets list counts, and which kind. */
const TARGETS_OF_CODE: Partial<Record<string, LinkTargetKind>> = {
  broken_internal_link: 'broken',
  internal_link_to_redirect: 'redirect',
  broken_resource: 'resource',
};
export const DEFAULT_MAX_PAGES = 100;

export interface AuditStartInput {
  seedUrl?: string;
  maxPages?: number;
  renderJavaScript?: boolean;
  checkExternalLinks?: boolean;
  checkResources?: boolean;
  crawl?: AuditCrawlSettings;
  crawlHreflangAndCanonical?: boolean;
  /** Absent or {}: the default; null turns it off. */
  safeguard?: AuditSafeguardSettings | null;
}

export interface AuditService {
  start(principal: Principal, projectId: string, input: AuditStartInput): Promise<AuditRun>;
  get(principal: Principal, projectId: string, auditId: string): Promise<AuditRun>;
  list(principal: Principal, projectId: string, page: PageRequest): Promise<Page<AuditRun>>;
  cancel(principal: Principal, projectId: string, auditId: string): Promise<AuditRun>;
  /** Pauses a pending audit, or asks a running one to pause; 409 otherwise. */
  pause(principal: Principal, projectId: string, auditId: string): Promise<AuditRun>;
  /** Resumes a paused audit: pending again, with a new job; 409 otherwise. */
  resume(principal: Principal, projectId: string, auditId: string): Promise<AuditRun>;
  /** Deletes the run with its pages, issues and report snapshot, stopping it if it runs; 404 when there is none. */
  remove(principal: Principal, projectId: string, auditId: string): Promise<void>;
  /** Why a run that is not final waits for a worker to take its job; null while one runs it, and once final. */
  waiting(run: AuditRun): Promise<JobWaiting | null>;
  /** The filtered pages in `order` (default by URL). */
  pages(principal: Principal, projectId: string, auditId: string, filter: AuditPageFilter, page: PageRequest, order?: PageOrder): Promise<Page<AuditPage>>;
  /** The audit by issue code (running audits: what is stored so far). */
  issues(principal: Principal, projectId: string, auditId: string, filter: { severity?: IssueSeverity }, page: PageRequest): Promise<Page<AuditIssueTotal>>;
  /** The links to `url` (`in`, by linking page) or on the page `url` (`out`, in document order). */
  links(principal: Principal, projectId: string, auditId: string, direction: 'in' | 'out', url: string, page: PageRequest): Promise<Page<AuditLink>>;
  /** The broken or redirecting link targets, most linked first; or the broken resources, most used first. */
  linkTargets(principal: Principal, projectId: string, auditId: string, kind: LinkTargetKind, page: PageRequest): Promise<Page<AuditLinkTarget>>;
  /** The filtered pages in `order` (default URL order), in batches, for an export; the run is checked before the first batch is read. */
  exportPages(
    principal: Principal,
    projectId: string,
    auditId: string,
    filter: AuditPageFilter,
    order?: PageOrder,
  ): Promise<{ run: AuditRun; batches: AsyncIterable<AuditPageOverview[]> }>;
}

export function createAuditService(deps: {
  projects: ProjectService;
  auditRuns: AuditRunsRepository;
  auditPages: AuditPagesRepository;
  auditIssues: AuditIssuesRepository;
  auditLinks: AuditLinksRepository;
  auditFrontier: AuditFrontierRepository;
  jobs: JobsRepository;
  transaction: RunInTransaction;
  clock: Clock;
  /** The webhook outbox: a pending run paused at once emits `audit.paused`. */
  webhooks: WebhookOutbox;
  /** A browser is configured, so audits may render JavaScript. */
  renderingAvailable: boolean;
  /** Tells an in-process worker that a job is waiting (no-op when workers are separate processes). */
  notifyWork: () => void;
  waitingOf: WaitingOf;
}): AuditService {
  const { projects, auditRuns, auditPages, jobs, clock } = deps;

  async function find(principal: Principal, projectId: string, auditId: string): Promise<AuditRun> {
    const project = await projects.get(principal, projectId);
    const run = await auditRuns.findForProject(project.id, auditId);
    if (!run) throw notFound('Audit run', auditId);
    return run;
  }

  return {
    async start(principal, projectId, input) {
      const project = await projects.get(principal, projectId);
      const plan = planOf(principal.plan);
      const maxPages = input.maxPages ?? DEFAULT_MAX_PAGES;
      const cap = maxPagesPerAudit(principal);
      if (maxPages > cap) {
        throw planLimitExceeded(
          principal.pageCap === null
            ? `The ${plan.name} plan allows at most ${cap} pages per audit; ${maxPages} were asked for.`
            : `This account allows at most ${cap} pages per audit (a cap set for it by the operator; the ${plan.name} plan's is ${plan.maxPagesPerAudit}); ${maxPages} were asked for.`,
        );
      }
      if (input.renderJavaScript && !deps.renderingAvailable) throw renderingNotConfigured();
      const seedUrl = input.seedUrl ?? project.primaryDomain;
      if (!siteScope(project.primaryDomain).contains(seedUrl)) {
        throw validationError([{ in: 'body', field: 'seedUrl', message: `must be on the project's site (${siteDescription(project.primaryDomain)})` }]);
      }
      const crawl = checkCrawlSettings(input.crawl, { primaryDomain: project.primaryDomain, seedUrl, renderJavaScript: input.renderJavaScript ?? false });
      if (crawl.settings.urls !== null && crawl.settings.urls.length > maxPages) {
        crawl.problems.push({ in: 'body', field: 'maxPages', message: `must be at least the number of listed URLs (${crawl.settings.urls.length})` });
      }
      if (crawl.problems.length > 0) throw validationError(crawl.problems);
      const now = clock.now();
      const auditRunId = uuidv7(now);
      const run = await notFoundIfParentDeleted({ what: 'Project', id: projectId }, () =>
        deps.transaction(async (trx) => {
          const job = await enqueueAuditJob(jobs, principal, auditRunId, now, trx);
          return auditRuns.create(
            {
              id: auditRunId,
              projectId: project.id,
              accountId: principal.accountId,
              seedUrl,
              maxPages,
              renderJavaScript: input.renderJavaScript ?? false,
              checkExternalLinks: input.checkExternalLinks ?? false,
              checkResources: input.checkResources ?? false,
              crawl: crawl.settings,
              crawlPassword: crawl.password,
              crawlHreflangAndCanonical: input.crawlHreflangAndCanonical ?? true,
              ...(input.safeguard === undefined ? {} : { safeguard: input.safeguard && { ...DEFAULT_SAFEGUARD, ...input.safeguard } }),
              jobId: job.id,
              now,
            },
            trx,
          );
        }),
      );
      deps.notifyWork();
      return run;
    },

    get: find,

    async waiting(run) {
      // A paused run waits for its resume, not for a worker.
      return isFinalAuditStatus(run.status) || run.status === 'paused' ? null : deps.waitingOf(run.jobId);
    },

    async list(principal, projectId, page) {
      const project = await projects.get(principal, projectId);
      return auditRuns.listForProject(project.id, page);
    },

    async cancel(principal, projectId, auditId) {
      const run = await find(principal, projectId, auditId);
      const now = clock.now();
      // A paused run has no worker to write what it kept: the cancel does.
      const cancelled = (run.status === 'paused' && (await cancelPausedAudit(deps, run))) || (await auditRuns.cancel(run.id, now));
      const current = (await auditRuns.find(run.id)) ?? run;
      if (!cancelled) throw invalidState(`The audit run is already ${current.status}; only pending, running or paused audits can be cancelled.`);
      // A queued job is dropped here; a running one notices the cancelled run and stops itself.
      await jobs.cancelQueued(current.jobId, now);
      return current;
    },

    async pause(principal, projectId, auditId) {
      return pauseAudit(deps, await find(principal, projectId, auditId));
    },

    async resume(principal, projectId, auditId) {
      return resumeAudit(deps, principal, await find(principal, projectId, auditId));
    },

    async remove(principal, projectId, auditId) {
      const project = await projects.get(principal, projectId);
      const now = clock.now();
      const deleted = await deps.transaction(async (trx) => {
        if (!(await auditRuns.lockForDeletion(trx, project.id, auditId))) return false;
        await auditRuns.delete(trx, auditId, now);
        return true;
      });
      if (!deleted) throw notFound('Audit run', auditId);
    },

    async pages(principal, projectId, auditId, filter, page, order) {
      const run = await find(principal, projectId, auditId);
      return auditPages.list(run.id, filter, page, { ranked: run.pagesRanked, ...(order ? { order } : {}) });
    },

    async issues(principal, projectId, auditId, filter, page) {
      const run = await find(principal, projectId, auditId);
      // Totals are written with the ranks, once the run's pages are final.
      const found = await deps.auditIssues.list(run.id, filter, page, { final: run.pagesRanked });
      if (!found.items.some((issue) => Object.hasOwn(TARGETS_OF_CODE, issue.code))) return found;
      const counts = await deps.auditLinks.targetCounts(run.id, { final: run.pagesRanked });
      return {
        ...found,
        items: found.items.map((issue) => {
          const kind = TARGETS_OF_CODE[issue.code];
          return kind === undefined ? issue : { ...issue, distinctTargets: counts[kind] };
        }),
      };
    },

    async links(principal, projectId, auditId, direction, url, page) {
      const run = await find(principal, projectId, auditId);
      return direction === 'in' ? deps.auditLinks.inlinks(run.id, url, page, { final: run.pagesRanked }) : deps.auditLinks.outlinks(run.id, url, page);
    },

    async linkTargets(principal, projectId, auditId, kind, page) {
      const run = await find(principal, projectId, auditId);
      return deps.auditLinks.targets(run.id, kind, page, { final: run.pagesRanked });
    },

    async exportPages(principal, projectId, auditId, filter, order) {
      const run = await find(principal, projectId, auditId);
      return { run, batches: whileRunExists(run, auditPages.iterate(run.id, filter, { ranked: run.pagesRanked, ...(order ? { order } : {}) })) };
    },
  };

  /**
   * The export's batches, then a check that the run is still there: one deleted while it was read
   * (its project deleted) ended the batches early, and the transfer must then be cut, not end as
   * if the file were whole.
   */
  async function* whileRunExists(run: AuditRun, batches: AsyncIterable<AuditPageOverview[]>): AsyncGenerator<AuditPageOverview[], void, undefined> {
    yield* batches;
    if (!(await auditRuns.find(run.id))) throw notFound('Audit', run.id);
  }
}

/** `example.com or its subdomains`, with the port when the site is on one (the crawl scope's rule). */
function siteDescription(primaryDomain: string): string {
  const { hostname, port } = new URL(primaryDomain);
  return `${hostname} or its subdomains${port ? `, on port ${port}` : ''}`;
}
