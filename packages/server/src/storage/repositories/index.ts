// One place to build every repository on one connection (or one transaction).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { createAccountsRepository, type AccountsRepository } from './accounts.js';
import { createApiKeysRepository, type ApiKeysRepository } from './api-keys.js';
import { createIdempotencyRepository, type IdempotencyRepository } from './idempotency.js';
import { createProjectsRepository, type ProjectsRepository } from './projects.js';

export interface Repositories {
  accounts: AccountsRepository;
  apiKeys: ApiKeysRepository;
  projects: ProjectsRepository;
  idempotency: IdempotencyRepository;
}

export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    accounts: createAccountsRepository(db),
    apiKeys: createApiKeysRepository(db),
    projects: createProjectsRepository(db),
    idempotency: createIdempotencyRepository(db),
  };
}

export type { Account } from './accounts.js';
export type { ApiKeyRecord, RevokeOutcome } from './api-keys.js';
export type { BeginOutcome } from './idempotency.js';
export type { Project } from './projects.js';
