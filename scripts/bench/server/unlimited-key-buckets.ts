// The bench's one deliberate departure from production: the per-key token bucket is made so deep
// that it never refuses. Under load the key would otherwise exhaust its plan's allowance (agency:
// 1,200 a minute) within a second and the bench would measure 429s. Every call still reaches the
// real in-memory store and runs the same bucket arithmetic, so the limiter's cost stays in the
// path; only the capacity passed for per-key buckets changes. The address buckets (failed
// authentications, unauthenticated operations) pass through untouched.
import { MemoryRateLimitStore, type RateLimitResult, type RateLimitStore } from '@seo-geo/server';

/** Deep enough for any bench run: at 100k req/s it would take hours to drain. */
export const BENCH_KEY_CAPACITY = 1_000_000_000;

/** The prefix authenticate() gives per-key buckets (`key:<keyId>`). */
const KEY_BUCKET_PREFIX = 'key:';

type Take = RateLimitStore['take'];

/** Per-key takes seen by either mechanism below, so the bench can show the limiter ran each time. */
export const keyTakes = { count: 0 };

function deepened(take: Take): Take {
  return function (this: RateLimitStore, bucketKey, capacity, refillPerSecond, nowMs) {
    if (!bucketKey.startsWith(KEY_BUCKET_PREFIX)) return take.call(this, bucketKey, capacity, refillPerSecond, nowMs);
    keyTakes.count++;
    return take.call(this, bucketKey, BENCH_KEY_CAPACITY, refillPerSecond, nowMs);
  };
}

/** A store to hand to the server: the real memory store with the per-key buckets deepened. */
export class UnlimitedKeyBuckets implements RateLimitStore {
  readonly #inner: RateLimitStore;
  readonly take: Take;

  constructor(inner: RateLimitStore = new MemoryRateLimitStore()) {
    this.#inner = inner;
    this.take = deepened(inner.take.bind(inner));
  }

  peek(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult> {
    return this.#inner.peek(bucketKey, capacity, refillPerSecond, nowMs);
  }
}

/**
 * The fallback while startServer() cannot be handed a store: deepen the per-key buckets of every
 * MemoryRateLimitStore in this process (the bench's child process, which runs nothing else).
 * Visible in the bench output whenever it is used.
 */
export function deepenMemoryStoreKeyBuckets(): void {
  const proto = MemoryRateLimitStore.prototype as unknown as { take: Take };
  proto.take = deepened(proto.take);
}
