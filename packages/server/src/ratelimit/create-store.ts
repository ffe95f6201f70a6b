// Picks the store for the deployment: Redis when REDIS_URL is given (several instances share
// buckets), memory otherwise (one process).
import { Redis } from 'ioredis';
import { MemoryRateLimitStore } from './memory-store.js';
import { RedisRateLimitStore } from './redis-store.js';
import type { RateLimitStore } from './store.js';

export interface RateLimitStoreHandle {
  store: RateLimitStore;
  kind: 'memory' | 'redis';
  close(): Promise<void>;
}

export function createRateLimitStore(options: { redisUrl?: string; keyPrefix?: string } = {}): RateLimitStoreHandle {
  if (!options.redisUrl) {
    return { store: new MemoryRateLimitStore(), kind: 'memory', close: () => Promise.resolve() };
  }
  // Fail a request quickly while Redis is unreachable (the HTTP layer answers 503) instead of
  // queueing it behind endless reconnects.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => undefined); // reported through the failing commands instead
  const storeOptions = options.keyPrefix === undefined ? { redis } : { redis, keyPrefix: options.keyPrefix };
  return {
    store: new RedisRateLimitStore(storeOptions),
    kind: 'redis',
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
