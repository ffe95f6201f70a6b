// The rate-limit contract (the spec's *Rate limiting*) for every store and every plan.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import type { RateLimitStore } from '../../src/ratelimit/store.js';
import { PLANS, PLAN_NAMES, rateLimitOf } from '../../src/services/accounts/plans.js';
import { describeEachRateLimitStore } from '../support/redis.js';

// Whole seconds plus 123 ms, so "rounded up" is visible in the reset times.
const START = Date.UTC(2025, 0, 1, 0, 0, 0, 123);

async function takeUntilRefused(store: RateLimitStore, key: string, capacity: number, rate: number, now: number, limit = 100_000) {
  let allowed = 0;
  for (;;) {
    const result = await store.take(key, capacity, rate, now);
    if (!result.allowed) return { allowed, refusal: result };
    allowed += 1;
    if (allowed > limit) throw new Error('Bucket never ran dry');
  }
}

describeEachRateLimitStore('token bucket', (context) => {
  const store = () => context().store;

  for (const planName of PLAN_NAMES) {
    const { capacity, refillPerSecond } = rateLimitOf(PLANS[planName]);

    it(`${planName}: a burst of exactly ${capacity} passes, counting down, and the next is refused`, async () => {
      const key = randomUUID();
      const results = [];
      for (let i = 0; i < capacity; i++) results.push(await store().take(key, capacity, refillPerSecond, START));
      expect(results.every((r) => r.allowed && r.retryAfterSeconds === 0)).toBe(true);
      expect(results.map((r) => r.remaining)).toEqual(Array.from({ length: capacity }, (_, i) => capacity - 1 - i));
      // The first request leaves the bucket one token short: full again one interval later.
      expect(results[0]?.resetAtSeconds).toBe(Math.ceil((START + 1000 / refillPerSecond) / 1000));
      // After the burst the bucket is empty and is full again one minute later.
      const fullAgain = Math.ceil((START + 60_000) / 1000);
      expect(results.at(-1)?.resetAtSeconds).toBe(fullAgain);

      const refused = await store().take(key, capacity, refillPerSecond, START);
      expect(refused).toEqual({
        allowed: false,
        remaining: 0,
        resetAtSeconds: fullAgain,
        retryAfterSeconds: Math.ceil(1 / refillPerSecond),
      });
    });

    for (const seconds of [0.5, 1, 2.5, 7, 13.37]) {
      const expected = Math.floor((seconds * capacity) / 60);
      it(`${planName}: ${seconds} s after emptying, exactly ${expected} more pass`, async () => {
        const clock = new ManualClock(START);
        const key = randomUUID();
        expect((await takeUntilRefused(store(), key, capacity, refillPerSecond, clock.now())).allowed).toBe(capacity);
        clock.advance(seconds * 1000);
        const { allowed, refusal } = await takeUntilRefused(store(), key, capacity, refillPerSecond, clock.now());
        expect(allowed).toBe(expected);
        // The fraction of a token left over shortens the wait for the next one.
        const leftoverTokens = (seconds * capacity) / 60 - expected;
        expect(refusal.retryAfterSeconds).toBe(Math.ceil((1 - leftoverTokens) / refillPerSecond - 1e-9));
      });
    }

    it(`${planName}: refills to capacity and no further, however long the wait`, async () => {
      const clock = new ManualClock(START);
      const key = randomUUID();
      await takeUntilRefused(store(), key, capacity, refillPerSecond, clock.now());
      clock.advance(3_600_000);
      expect((await takeUntilRefused(store(), key, capacity, refillPerSecond, clock.now())).allowed).toBe(capacity);
    });
  }

  it('charges nothing for refused requests', async () => {
    const { capacity, refillPerSecond } = rateLimitOf(PLANS.starter);
    const clock = new ManualClock(START);
    const key = randomUUID();
    await takeUntilRefused(store(), key, capacity, refillPerSecond, clock.now());
    for (let i = 0; i < 25; i++) {
      clock.advance(20);
      expect((await store().take(key, capacity, refillPerSecond, clock.now())).allowed).toBe(false);
    }
    clock.advance(500); // 1000 ms after emptying: exactly one token
    expect((await store().take(key, capacity, refillPerSecond, clock.now())).allowed).toBe(true);
    expect((await store().take(key, capacity, refillPerSecond, clock.now())).allowed).toBe(false);
  });

  it('counts retry-after and reset down as time passes', async () => {
    // 1 token per 10 s: waits longer than a second show the rounding.
    const key = randomUUID();
    const now = START;
    await takeUntilRefused(store(), key, 2, 0.1, now);
    const a = await store().take(key, 2, 0.1, now);
    expect(a).toEqual({ allowed: false, remaining: 0, resetAtSeconds: Math.ceil((now + 20_000) / 1000), retryAfterSeconds: 10 });
    const b = await store().take(key, 2, 0.1, now + 9_001);
    expect(b.retryAfterSeconds).toBe(1);
    expect(b.resetAtSeconds).toBe(a.resetAtSeconds);
    const c = await store().take(key, 2, 0.1, now + 10_000);
    expect(c).toMatchObject({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
  });

  it('keeps separate buckets independent', async () => {
    const { capacity, refillPerSecond } = rateLimitOf(PLANS.starter);
    const first = randomUUID();
    const second = randomUUID();
    await takeUntilRefused(store(), first, capacity, refillPerSecond, START);
    const other = await store().take(second, capacity, refillPerSecond, START);
    expect(other).toMatchObject({ allowed: true, remaining: capacity - 1 });
  });

  it('reports a fresh bucket as full after its first request', async () => {
    const result = await store().take(randomUUID(), 300, 5, START);
    expect(result).toEqual({ allowed: true, remaining: 299, resetAtSeconds: Math.ceil((START + 200) / 1000), retryAfterSeconds: 0 });
  });

  it('peeks at a bucket without spending from it', async () => {
    const key = randomUUID();
    expect(await store().peek(key, 3, 1, START)).toEqual({ allowed: true, remaining: 3, resetAtSeconds: Math.ceil(START / 1000), retryAfterSeconds: 0 });
    await store().take(key, 3, 1, START);
    expect(await store().peek(key, 3, 1, START)).toEqual({
      allowed: true,
      remaining: 2,
      resetAtSeconds: Math.ceil((START + 1000) / 1000),
      retryAfterSeconds: 0,
    });
    await store().take(key, 3, 1, START);
    await store().take(key, 3, 1, START);
    const empty = await store().peek(key, 3, 1, START);
    expect(empty).toEqual({ allowed: false, remaining: 0, resetAtSeconds: Math.ceil((START + 3000) / 1000), retryAfterSeconds: 1 });
    // Peeking an empty bucket answers exactly as a refused take would, and spends nothing either.
    expect(await store().take(key, 3, 1, START)).toEqual(empty);
    for (let i = 0; i < 5; i++) await store().peek(key, 3, 1, START + 999);
    expect(await store().take(key, 3, 1, START + 1000)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('rejects nonsense parameters', async () => {
    await expect(store().take('x', 0, 1, START)).rejects.toThrow(RangeError);
    await expect(store().take('x', 1.5, 1, START)).rejects.toThrow(RangeError);
    await expect(store().take('x', 10, 0, START)).rejects.toThrow(RangeError);
    await expect(store().take('x', 10, 1, Number.NaN)).rejects.toThrow(RangeError);
    await expect(store().peek('x', 0, 1, START)).rejects.toThrow(RangeError);
  });
});
