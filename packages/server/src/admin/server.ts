// Everything the admin commands use from the rest of the server package, imported in one place.
export { openRoot } from '../composition/root.js';
export { ConfigError, loadConfig } from '../config/environment.js';
export { createLogger } from '../http/logging.js';
export { AccountError, createAccountService, type AccountService } from '../services/accounts/service.js';
export { ApiKeyError, createApiKeyService, SCOPES, type ApiKeyService, type CreatedKey } from '../services/accounts/api-keys.js';
export { MAX_PAGE_CAP, maxPagesPerAudit, PLAN_NAMES, PLANS } from '../services/accounts/plans.js';
export type { Account } from '../storage/repositories/accounts.js';
export type { ApiKeyRecord } from '../storage/repositories/api-keys.js';
