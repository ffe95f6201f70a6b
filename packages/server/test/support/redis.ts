// Runs a suite against every rate-limit store this machine offers: memory always, Redis when
// REDIS_URL is set. Each Redis suite uses a random key prefix and deletes its keys afterwards, so
// test files can share one Redis and run in parallel.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import { MemoryRateLimitStore } from '../../src/ratelimit/memory-store.js';
import { RedisRateLimitStore } from '../../src/ratelimit/redis-store.js';
import type { RateLimitStore } from '../../src/ratelimit/store.js';

export type RateLimitBackendName = 'memory' | 'redis';

export interface RateLimitTestContext {
  backend: RateLimitBackendName;
  store: RateLimitStore;
  /**
   * Another store sharing the same buckets, as a second server instance would (its own Redis
   * connection); null for memory, whose buckets live in one process only.
   */
  openAnotherStore(): RateLimitStore | null;
  /** Redis only: the suite's client and key prefix, for assertions on raw keys. */
  redis?: { client: Redis; keyPrefix: string };
}

export function redisUrl(): string | undefined {
  return process.env.REDIS_URL || undefined;
}

export function randomKeyPrefix(): string {
  return `test:${randomBytes(6).toString('hex')}:`;
}

/** A Redis client for one suite, plus cleanup that deletes every key under the prefix. */
export async function openTestRedis(url: string, keyPrefix = randomKeyPrefix()) {
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(url, { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  const client = connect();
  await client.ping();
  return {
    client,
    keyPrefix,
    connect,
    dispose: async () => {
      await deleteKeys(client, `${keyPrefix}*`);
      await Promise.all(clients.map((c) => c.quit()));
    },
  };
}

export async function deleteKeys(client: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Declares `describe(\`${title} [backend]\`)` once per rate-limit store; see databases.ts. */
export function describeEachRateLimitStore(title: string, body: (context: () => RateLimitTestContext, backend: RateLimitBackendName) => void): void {
  describe(`${title} [memory]`, () => {
    const context: RateLimitTestContext = {
      backend: 'memory',
      store: new MemoryRateLimitStore(),
      openAnotherStore: () => null,
    };
    body(() => context, 'memory');
  });

  const url = redisUrl();
  const suiteTitle = `${title} [redis]`;
  if (!url) console.warn(`SKIPPED: "${suiteTitle}" — REDIS_URL is not set`);
  describe.skipIf(!url)(suiteTitle, () => {
    let opened: Awaited<ReturnType<typeof openTestRedis>> | undefined;
    let context: RateLimitTestContext | undefined;
    beforeAll(async () => {
      opened = await openTestRedis(url ?? '');
      const { keyPrefix, connect } = opened;
      context = {
        backend: 'redis',
        store: new RedisRateLimitStore({ redis: opened.client, keyPrefix }),
        openAnotherStore: () => new RedisRateLimitStore({ redis: connect(), keyPrefix }),
        redis: { client: opened.client, keyPrefix },
      };
    });
    afterAll(async () => {
      await opened?.dispose();
    });
    body(() => {
      if (!context) throw new Error('The Redis store is opened in beforeAll');
      return context;
    }, 'redis');
  });
}
