// What only a shared store can do: several server instances, one bucket per key.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { RedisRateLimitStore } from '../../src/ratelimit/redis-store.js';
import { TAKE_SCRIPT_SHA1 } from '../../src/ratelimit/redis-script.js';
import { describeEachRateLimitStore } from '../support/redis.js';

const START = Date.UTC(2025, 0, 1, 0, 0, 0, 0);

describeEachRateLimitStore('shared buckets', (context, backend) => {
  const redisOnly = backend !== 'redis';

  it.skipIf(redisOnly)('lets two store instances drain one bucket together', async () => {
    const { store, openAnotherStore } = context();
    const other = openAnotherStore();
    if (!other) throw new Error('A shared store opens another instance');
    const key = randomUUID();
    for (let i = 0; i < 30; i++) {
      await store.take(key, 60, 1, START);
      await other.take(key, 60, 1, START);
    }
    expect(await store.take(key, 60, 1, START)).toMatchObject({ allowed: false });
    expect(await other.take(key, 60, 1, START + 1000)).toMatchObject({ allowed: true, remaining: 0 });
  });

  for (const capacity of [60, 150]) {
    it(`allows exactly ${capacity} of 200 concurrent requests`, async () => {
      const { store, openAnotherStore } = context();
      const stores = [store, openAnotherStore() ?? store, openAnotherStore() ?? store];
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => stores[i % stores.length]!.take(key, capacity, capacity / 60, START)));
      expect(results.filter((r) => r.allowed)).toHaveLength(capacity);
      const remaining = results
        .filter((r) => r.allowed)
        .map((r) => r.remaining)
        .sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: capacity }, (_, i) => i));
    });
  }

  it.skipIf(redisOnly)('stores one key per bucket under the prefix, expiring when the bucket is full again', async () => {
    const { store, redis } = context();
    if (!redis) throw new Error('The Redis suite has a client');
    const key = randomUUID();
    for (let i = 0; i < 10; i++) await store.take(key, 60, 1, START);
    // Ten tokens short at one per second: full again in 10 s.
    // PTTL counts down in real time between the write and the read: allow for that, nothing more.
    const ttl = await redis.client.pttl(`${redis.keyPrefix}${key}`);
    expect(ttl).toBeGreaterThan(9_900);
    expect(ttl).toBeLessThanOrEqual(10_000);
    expect(await redis.client.exists(key)).toBe(0);
  });

  it.skipIf(redisOnly)('reloads the script when Redis has lost it', async () => {
    const { redis } = context();
    if (!redis) throw new Error('The Redis suite has a client');
    const store = new RedisRateLimitStore({ redis: redis.client, keyPrefix: redis.keyPrefix });
    // Other test files sharing this Redis lose the script too; they reload it the same way.
    const key = randomUUID();
    await redis.client.script('FLUSH');
    expect(await store.take(key, 60, 1, START)).toMatchObject({ allowed: true, remaining: 59 });
    expect(await redis.client.script('EXISTS', TAKE_SCRIPT_SHA1)).toEqual([1]);
    expect(await store.take(key, 60, 1, START)).toMatchObject({ allowed: true, remaining: 58 });
  });
});
