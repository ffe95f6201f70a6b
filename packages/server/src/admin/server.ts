// Everything the admin commands use from the rest of the server package, imported in one place.
export { systemClock } from '../clock.js';
export { ConfigError, databaseOptions, loadConfig } from '../config.js';
export { AccountError, createAccountService } from '../services/accounts.js';
export { ApiKeyError, createApiKeyService, SCOPES, type ApiKeyService, type CreatedKey } from '../services/api-keys.js';
export { PLAN_NAMES } from '../services/plans.js';
export { createDatabase, type DatabaseHandle } from '../storage/database.js';
export { migrateToLatest } from '../storage/migrate.js';
export { createRepositories } from '../storage/repositories/index.js';
export type { ApiKeyRecord } from '../storage/repositories/api-keys.js';
