import { expect, it, describe } from 'vitest';
import { MemoryRateLimitStore } from '../../src/ratelimit/memory-store.js';

describe('memory rate-limit store', () => {
  it('forgets full buckets so memory stays bounded by the active ones', async () => {
    const store = new MemoryRateLimitStore({ sweepThreshold: 100 });
    let now = Date.UTC(2025, 0, 1);
    // 20,000 one-off callers, 10 ms apart; a bucket of 60 at 1/s is full again 1 s after its one request.
    for (let i = 0; i < 20_000; i++) {
      await store.take(`caller-${i}`, 60, 1, now);
      now += 10;
      expect(store.size).toBeLessThanOrEqual(400);
    }
  });

  it('keeps buckets that are not full, however many', async () => {
    const store = new MemoryRateLimitStore({ sweepThreshold: 10 });
    const now = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 500; i++) await store.take(`busy-${i}`, 60, 1, now);
    expect(store.size).toBe(500);
    // Still remembered: each of them has 59 tokens left, not 60.
    expect(await store.take('busy-0', 60, 1, now)).toMatchObject({ remaining: 58 });
  });
});
