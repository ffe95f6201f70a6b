// Everything the admin commands use from the rest of the server package, imported in one place.
export { openRoot } from '../composition/root.js';
export { ConfigError, loadConfig } from '../config.js';
export { createLogger } from '../http/logging.js';
export { AccountError, createAccountService } from '../services/accounts/service.js';
export { ApiKeyError, createApiKeyService, SCOPES, type ApiKeyService, type CreatedKey } from '../services/accounts/api-keys.js';
export { PLAN_NAMES } from '../services/accounts/plans.js';
export type { ApiKeyRecord } from '../storage/repositories/api-keys.js';
