// @seo-geo/server: what other packages, the benchmarks and the root tests use of the reference
// server. Start it (startServer) with a loaded configuration, a logger and, optionally, a rate
// limit store; the rest are the few values the callers seed or compare with.
export { startServer, type RunningServer, type StartOptions } from './processes/api-server.js';
export { startCluster, type ClusterOptions, type RunningCluster } from './processes/cluster.js';
export { loadConfig, type Config } from './config/environment.js';
export { createLogger } from './http/logging.js';
export { createRateLimitStore, MemoryRateLimitStore, type RateLimitResult, type RateLimitStore } from './ratelimit/index.js';
export { generateSigningSecret } from './webhooks/secret.js';
export type { PlanName } from './services/accounts/plans.js';
export { uuidv7 } from './support/ids.js';
export type { NewAuditPage } from './storage/repositories/audit-pages.js';
