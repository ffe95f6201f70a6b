export { createRateLimitStore, type RateLimitStoreHandle } from './create-store.js';
export { rateLimitHeaders } from './headers.js';
export { MemoryRateLimitStore } from './memory-store.js';
export { DEFAULT_RATE_LIMIT_KEY_PREFIX, RedisRateLimitStore } from './redis-store.js';
export type { RateLimitResult, RateLimitStore } from './store.js';
