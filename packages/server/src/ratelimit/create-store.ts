// Picks the store for the deployment: Redis when REDIS_URL is given (several instances share
// buckets), memory otherwise (one process).
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { MemoryRateLimitStore } from './memory-store.js';
import { RedisRateLimitStore } from './redis-store.js';
import type { RateLimitStore } from './store.js';

export interface RateLimitStoreHandle {
  store: RateLimitStore;
  kind: 'memory' | 'redis';
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  redisUrl?: string;
  keyPrefix?: string;
  /** Hears when Redis cannot be reached and when it is back, named by `redisLabel` (a URL without its password). */
  logger?: Logger;
  redisLabel?: string;
}

export function createRateLimitStore(options: RateLimitStoreOptions = {}): RateLimitStoreHandle {
  if (!options.redisUrl) {
    return { store: new MemoryRateLimitStore(), kind: 'memory', close: () => Promise.resolve() };
  }
  // Fail a request quickly while Redis is unreachable (the HTTP layer answers 503) instead of
  // queueing it behind endless reconnects.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
  // Every call fails closed (503) while Redis is away; the log says why, once per outage, and
  // when it is back. ioredis reports each failed reconnection: only the change is news.
  const label = options.redisLabel ?? 'REDIS_URL';
  let reachable: boolean | null = null;
  redis.on('error', (error: NodeJS.ErrnoException) => {
    if (reachable === false) return;
    reachable = false;
    options.logger?.error(`rate limits: Redis at ${label} cannot be reached (${error.code ?? error.message}); every API call answers 503 until it is back`);
  });
  redis.on('ready', () => {
    if (reachable === false) options.logger?.info(`rate limits: Redis at ${label} is reachable again`);
    reachable = true;
  });
  const storeOptions = options.keyPrefix === undefined ? { redis } : { redis, keyPrefix: options.keyPrefix };
  return {
    store: new RedisRateLimitStore(storeOptions),
    kind: 'redis',
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
