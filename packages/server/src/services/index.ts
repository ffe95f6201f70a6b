// The domain services the handlers call, built once per server over one storage handle.
import type { components } from '@seo-geo/types';
import type { Clock } from '../clock.js';
import type { Repositories } from '../storage/repositories/index.js';
import type { RunInTransaction } from '../storage/transaction.js';
import { createAccountService, type AccountService } from './accounts.js';
import { createApiKeyService, type ApiKeyService } from './api-keys.js';
import { createAuditService, type AuditService } from './audits.js';
import { createContentService, type ContentService } from './content.js';
import { projectStatsFrom } from './project-stats.js';
import { createProjectService, type ProjectService } from './projects.js';
import { createReportService, type ReportService } from './reports.js';

export interface Services {
  /** The OpenAPI document this server serves and validates against. */
  document: components['schemas']['OpenApiDocument'];
  accounts: AccountService;
  apiKeys: ApiKeyService;
  projects: ProjectService;
  audits: AuditService;
  content: ContentService;
  reports: ReportService;
}

export function createServices(deps: {
  repositories: Repositories;
  transaction: RunInTransaction;
  clock: Clock;
  document: Services['document'];
  notifyWork: () => void;
}): Services {
  const { repositories, clock } = deps;
  const accounts = createAccountService({ accounts: repositories.accounts, clock });
  const apiKeys = createApiKeyService({ accounts, apiKeys: repositories.apiKeys, clock });
  const projects = createProjectService({ projects: repositories.projects, clock, statsOf: projectStatsFrom(repositories.auditRuns) });
  const audits = createAuditService({
    projects,
    auditRuns: repositories.auditRuns,
    auditPages: repositories.auditPages,
    jobs: repositories.jobs,
    transaction: deps.transaction,
    clock,
    notifyWork: deps.notifyWork,
  });
  const content = createContentService({ projects, auditRuns: repositories.auditRuns, auditPages: repositories.auditPages, content: repositories.content, clock });
  const reports = createReportService({ projects, reports: repositories.reports });
  return { document: deps.document, accounts, apiKeys, projects, audits, content, reports };
}
