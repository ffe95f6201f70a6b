// Everything the admin commands use from the server package, imported in one place. The server
// package exports only its entry point, so these are source paths within the workspace.
export { systemClock } from '../../../server/src/clock.js';
export { ConfigError, databaseOptions, loadConfig } from '../../../server/src/config.js';
export { AccountError, createAccountService } from '../../../server/src/services/accounts.js';
export { ApiKeyError, createApiKeyService, SCOPES, type ApiKeyService, type CreatedKey } from '../../../server/src/services/api-keys.js';
export { PLAN_NAMES } from '../../../server/src/services/plans.js';
export { createDatabase, type DatabaseHandle } from '../../../server/src/storage/database.js';
export { migrateToLatest } from '../../../server/src/storage/migrate.js';
export { createRepositories } from '../../../server/src/storage/repositories/index.js';
export type { ApiKeyRecord } from '../../../server/src/storage/repositories/api-keys.js';
