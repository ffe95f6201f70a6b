// What an audit's jobs need of the process: its repositories, clock, logger, crawl policy and
// limits, and, for a crawl shared by several workers, the frontier and the job lease.
import type { CrawlLimits, PageAnalyser, PageRenderer, Resolver, SsrfPolicy } from '@seo-geo/engine';
import type { Logger } from 'pino';
import type { Clock } from '../../support/clock.js';
import type { AuditPagesRepository } from '../../storage/repositories/audit-pages.js';
import type { AuditIssuesRepository } from '../../storage/repositories/audit-issues.js';
import type { AuditLinksRepository } from '../../storage/repositories/audit-links.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { JobsRepository } from '../../storage/repositories/jobs.js';
import type { AuditFrontierRepository } from '../../storage/repositories/audit-frontier.js';
import type { ProjectsRepository } from '../../storage/repositories/projects.js';
import type { ReportsRepository } from '../../storage/repositories/reports.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import type { WebhookOutbox } from '../../webhooks/outbox.js';

export interface AuditJobDeps {
  auditRuns: AuditRunsRepository;
  auditPages: AuditPagesRepository;
  auditIssues: AuditIssuesRepository;
  auditLinks: AuditLinksRepository;
  reports: ReportsRepository;
  projects: ProjectsRepository;
  transaction: RunInTransaction;
  /** `audit.completed`, `audit.failed` and `audit.paused` go into the outbox in the transaction that changes the run's status. */
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
  /** Workers that crawl one audit (AUDIT_CRAWL_WORKERS); more than 1 shares the crawl through `auditFrontier`. */
  crawlWorkers?: number;
  auditFrontier: AuditFrontierRepository;
  jobs: JobsRepository;
  /** How long a URL stays leased to a worker that stopped answering (the job lease). */
  leaseMs: number;
  /** The site checks' memory budget (SITE_CHECKS_MEMORY_MB); the engine's default when absent. */
  siteChecksMemoryBytes?: number;
}
