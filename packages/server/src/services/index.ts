// The domain services the handlers call, built once per server over one storage handle.
import type { components } from '@seo-geo/types';
import type { Clock } from '../clock.js';
import type { Repositories } from '../storage/repositories/index.js';
import { createAccountService, type AccountService } from './accounts.js';
import { createApiKeyService, type ApiKeyService } from './api-keys.js';
import { createProjectService, type ProjectService, type ProjectStats } from './projects.js';

export interface Services {
  /** The OpenAPI document this server serves and validates against. */
  document: components['schemas']['OpenApiDocument'];
  accounts: AccountService;
  apiKeys: ApiKeyService;
  projects: ProjectService;
}

export function createServices(deps: { repositories: Repositories; clock: Clock; document: Services['document'] }): Services {
  const { repositories, clock } = deps;
  const accounts = createAccountService({ accounts: repositories.accounts, clock });
  const apiKeys = createApiKeyService({ accounts, apiKeys: repositories.apiKeys, clock });
  const noAuditYet: ProjectStats = { avgGeoScore: null, auditsCount: 0, lastAuditAt: null, pagesAudited: 0 };
  const projects = createProjectService({ projects: repositories.projects, clock, statsOf: async () => noAuditYet });
  return { document: deps.document, accounts, apiKeys, projects };
}
