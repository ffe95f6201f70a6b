import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRateLimitStore } from '../../src/ratelimit/create-store.js';
import { openTestRedis, randomKeyPrefix, redisUrl } from '../support/redis.js';

describe('choosing the rate-limit store', () => {
  it('uses memory without a Redis URL', async () => {
    const handle = createRateLimitStore();
    expect(handle.kind).toBe('memory');
    expect(await handle.store.take('k', 60, 1, 0)).toMatchObject({ allowed: true, remaining: 59 });
    await handle.close();
  });

  const url = redisUrl();
  if (!url) console.warn('SKIPPED: "choosing the rate-limit store > uses Redis with a Redis URL" — REDIS_URL is not set');
  it.skipIf(!url)('uses Redis with a Redis URL, under the given prefix', async () => {
    const keyPrefix = randomKeyPrefix();
    const handle = createRateLimitStore({ redisUrl: url, keyPrefix });
    const admin = await openTestRedis(url ?? '', keyPrefix);
    try {
      expect(handle.kind).toBe('redis');
      const key = randomUUID();
      expect(await handle.store.take(key, 60, 1, Date.now())).toMatchObject({ allowed: true, remaining: 59 });
      expect(await admin.client.exists(`${keyPrefix}${key}`)).toBe(1);
    } finally {
      await handle.close();
      await admin.dispose();
    }
  });
});
