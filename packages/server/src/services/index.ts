// The domain services the handlers call, built once per server over one storage handle.
import type { components } from '@seo-geo/types';
import type { Clock } from '../support/clock.js';
import type { Repositories } from '../storage/repositories/index.js';
import type { RunInTransaction } from '../storage/transaction.js';
import { createAccountService, type AccountService } from './accounts/service.js';
import { createApiKeyService, type ApiKeyService } from './accounts/api-keys.js';
import { createAuditComparisonService, type AuditComparisonService } from './audits/comparison.js';
import { createAuditService, type AuditService } from './audits/service.js';
import { createContentService, type ContentService } from './content/service.js';
import { createGeoTestService, type GeoTestService } from './geo-tests/service.js';
import type { AnswerEngineConfig, SsrfPolicy } from '@seo-geo/engine';
import { projectStatsFrom } from './projects/stats.js';
import { createProjectService, type ProjectService } from './projects/service.js';
import { createReportService, type ReportService } from './reports/service.js';
import { createWebhookService, type WebhookService } from './webhooks/endpoints.js';
import { createWebhookOutbox } from '../webhooks/outbox.js';
import { createBrandProfileService, type BrandProfileService } from './projects/brand-profile.js';
import { createUsageService, type UsageService } from './accounts/usage.js';
import { createGeoMonitorService, type GeoMonitorService } from './geo-monitors/service.js';
import { createCitedPagesService, type CitedPagesService } from './geo-monitors/cited-pages.js';
import { createScoreEffectService, type ScoreEffectService } from './geo-monitors/score-effect.js';
import { geoWorkStopper } from './geo-answers/stop-work.js';
import { jobWaiting } from './job-waiting.js';

export interface Services {
  /** The OpenAPI document this server serves and validates against. */
  document: components['schemas']['OpenApiDocument'];
  accounts: AccountService;
  apiKeys: ApiKeyService;
  projects: ProjectService;
  audits: AuditService;
  auditComparison: AuditComparisonService;
  content: ContentService;
  reports: ReportService;
  /** One-off GEO monitor tests: a prompt put to the answer engines now. */
  geoTests: GeoTestService;
  brandProfiles: BrandProfileService;
  usage: UsageService;
  /** GEO monitors (prompt sets on a schedule), their runs, answers and trend. */
  geoMonitors: GeoMonitorService;
  citedPages: CitedPagesService;
  scoreEffect: ScoreEffectService;
  webhooks: WebhookService;
}

export function createServices(deps: {
  repositories: Repositories;
  transaction: RunInTransaction;
  clock: Clock;
  document: Services['document'];
  notifyWork: () => void;
  /** The operator's answer engines (GEO_ENGINES). */
  geoEngines: readonly AnswerEngineConfig[];
  /** The operator's SSRF policy, applied to webhook URLs given as literal addresses. */
  fetchPolicy: SsrfPolicy;
  /** A browser is configured (BROWSER_EXECUTABLE): audits may render JavaScript. */
  renderingAvailable: boolean;
}): Services {
  const { repositories, clock } = deps;
  const accounts = createAccountService({ accounts: repositories.accounts, clock });
  const apiKeys = createApiKeyService({ accounts, apiKeys: repositories.apiKeys, clock });
  const stopGeoWork = geoWorkStopper(repositories);
  const outbox = createWebhookOutbox({ webhooks: repositories.webhooks, clock });
  const projects = createProjectService({
    projects: repositories.projects,
    clock,
    statsOf: projectStatsFrom(repositories.auditRuns),
    transaction: deps.transaction,
    stopGeoWork,
  });
  const audits = createAuditService({
    projects,
    auditRuns: repositories.auditRuns,
    auditPages: repositories.auditPages,
    auditIssues: repositories.auditIssues,
    auditLinks: repositories.auditLinks,
    auditFrontier: repositories.auditFrontier,
    jobs: repositories.jobs,
    transaction: deps.transaction,
    clock,
    webhooks: outbox,
    notifyWork: deps.notifyWork,
    renderingAvailable: deps.renderingAvailable,
    waitingOf: jobWaiting({ jobs: repositories.jobs, workers: repositories.workers, clock }),
  });
  const auditComparison = createAuditComparisonService({
    projects,
    auditRuns: repositories.auditRuns,
    auditIssues: repositories.auditIssues,
    comparisons: repositories.auditComparisons,
  });
  const content = createContentService({
    projects,
    auditRuns: repositories.auditRuns,
    auditPages: repositories.auditPages,
    content: repositories.content,
    clock,
  });
  const reports = createReportService({ projects, reports: repositories.reports });
  const brandProfiles = createBrandProfileService({ projects, brandProfiles: repositories.brandProfiles, clock });
  const usage = createUsageService({ usage: repositories.usage, clock });
  const geoTests = createGeoTestService({
    projects,
    geoTests: repositories.geoTests,
    jobs: repositories.jobs,
    engines: deps.geoEngines,
    brandProfiles,
    usage,
    transaction: deps.transaction,
    stopWork: stopGeoWork,
    clock,
    notifyWork: deps.notifyWork,
  });
  const geoMonitors = createGeoMonitorService({
    projects,
    geoMonitors: repositories.geoMonitors,
    geoMonitorRuns: repositories.geoMonitorRuns,
    geoMonitorAlerts: repositories.geoMonitorAlerts,
    jobs: repositories.jobs,
    engines: deps.geoEngines,
    brandProfiles,
    usage,
    transaction: deps.transaction,
    stopWork: stopGeoWork,
    notifyWork: deps.notifyWork,
    clock,
  });
  const citedPages = createCitedPagesService({ geoMonitors, auditRuns: repositories.auditRuns, citedPages: repositories.citedPages, clock });
  const scoreEffect = createScoreEffectService({ geoMonitors, auditRuns: repositories.auditRuns, citedPages: repositories.citedPages, clock });
  const webhooks = createWebhookService({
    webhooks: repositories.webhooks,
    outbox,
    clock,
    policy: deps.fetchPolicy,
  });
  return {
    document: deps.document,
    accounts,
    apiKeys,
    projects,
    audits,
    auditComparison,
    content,
    reports,
    geoTests,
    brandProfiles,
    usage,
    geoMonitors,
    citedPages,
    scoreEffect,
    webhooks,
  };
}
