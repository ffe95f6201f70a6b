// One place to build every repository on one connection (or one transaction).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { createAccountsRepository, type AccountsRepository } from './accounts.js';
import { createApiKeysRepository, type ApiKeysRepository } from './api-keys.js';
import { createIdempotencyRepository, type IdempotencyRepository } from './idempotency.js';
import { createProjectsRepository, type ProjectsRepository } from './projects.js';
import { createAuditComparisonsRepository, type AuditComparisonsRepository } from './audit-comparisons.js';
import { createAuditFrontierRepository, type AuditFrontierRepository } from './audit-frontier.js';
import { createAuditIssuesRepository, type AuditIssuesRepository } from './audit-issues.js';
import { createAuditLinksRepository, type AuditLinksRepository } from './audit-links.js';
import { createAuditPagesRepository, type AuditPagesRepository } from './audit-pages.js';
import { createAuditRunsRepository, type AuditRunsRepository } from './audit-runs.js';
import { createContentRepository, type ContentRepository } from './content.js';
import { createReportsRepository, type ReportsRepository } from './reports.js';
import { createJobsRepository, type JobsRepository } from './jobs.js';
import { createWorkersRepository, type WorkersRepository } from './workers.js';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.js';
import { createGeoTestsRepository, type GeoTestsRepository } from './geo-tests.js';
import { createBrandProfilesRepository, type BrandProfilesRepository } from './brand-profiles.js';
import { createUsageRepository, type UsageRepository } from './usage.js';
import { createGeoMonitorsRepository, type GeoMonitorsRepository } from './geo-monitors.js';
import { createGeoMonitorRunsRepository, type GeoMonitorRunsRepository } from './geo-monitor-runs.js';
import { createCitedPagesRepository, type CitedPagesRepository } from './cited-pages.js';
import { createGeoMonitorAlertsRepository, type GeoMonitorAlertsRepository } from './geo-monitor-alerts.js';
import { dialectOf, type DialectName } from '../database.js';
import { PLAIN_SECRETS, type SecretBox } from '../secret-box.js';

export interface Repositories {
  accounts: AccountsRepository;
  apiKeys: ApiKeysRepository;
  projects: ProjectsRepository;
  idempotency: IdempotencyRepository;
  auditRuns: AuditRunsRepository;
  auditPages: AuditPagesRepository;
  auditIssues: AuditIssuesRepository;
  auditLinks: AuditLinksRepository;
  auditFrontier: AuditFrontierRepository;
  auditComparisons: AuditComparisonsRepository;
  reports: ReportsRepository;
  content: ContentRepository;
  jobs: JobsRepository;
  /** The job workers alive: their heartbeats. */
  workers: WorkersRepository;
  webhooks: WebhooksRepository;
  geoTests: GeoTestsRepository;
  brandProfiles: BrandProfilesRepository;
  usage: UsageRepository;
  geoMonitors: GeoMonitorsRepository;
  geoMonitorRuns: GeoMonitorRunsRepository;
  citedPages: CitedPagesRepository;
  geoMonitorAlerts: GeoMonitorAlertsRepository;
}

/** `secrets` seals webhook signing secrets, and the responses kept for idempotent replays, at rest (storage/secret-box); plain by default. */
export function createRepositories(db: Kysely<Database>, dialect: DialectName = dialectOf(db), secrets: SecretBox = PLAIN_SECRETS): Repositories {
  return {
    accounts: createAccountsRepository(db),
    apiKeys: createApiKeysRepository(db),
    projects: createProjectsRepository(db, dialect),
    idempotency: createIdempotencyRepository(db, secrets),
    auditRuns: createAuditRunsRepository(db, dialect, secrets),
    auditPages: createAuditPagesRepository(db, dialect),
    auditIssues: createAuditIssuesRepository(db),
    auditLinks: createAuditLinksRepository(db),
    auditFrontier: createAuditFrontierRepository(db, dialect),
    auditComparisons: createAuditComparisonsRepository(db),
    reports: createReportsRepository(db),
    content: createContentRepository(db),
    jobs: createJobsRepository(db, dialect),
    workers: createWorkersRepository(db),
    webhooks: createWebhooksRepository(db, dialect, secrets),
    geoTests: createGeoTestsRepository(db),
    brandProfiles: createBrandProfilesRepository(db),
    usage: createUsageRepository(db),
    geoMonitors: createGeoMonitorsRepository(db, dialect),
    geoMonitorRuns: createGeoMonitorRunsRepository(db),
    citedPages: createCitedPagesRepository(db),
    geoMonitorAlerts: createGeoMonitorAlertsRepository(db),
  };
}

export type { Account } from './accounts.js';
export type { ApiKeyRecord, RevokeOutcome } from './api-keys.js';
export type { BeginOutcome } from './idempotency.js';
export type { Project } from './projects.js';
