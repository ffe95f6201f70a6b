// The embedded default: buckets in this process's memory. Correct for one server process only;
// several processes need the Redis store to share buckets.
import type { RateLimitResult, RateLimitStore } from './store.js';
import { assertBucketParameters, decideTake, describePeek, describeTake, refillIntervalMs } from './token-bucket.js';

export interface MemoryRateLimitStoreOptions {
  /** Map size that triggers the first sweep of full buckets. */
  sweepThreshold?: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  /** bucket key → full-at time in ms; a key absent from the map is a full bucket. */
  readonly #fullAt = new Map<string, number>();
  readonly #minSweepThreshold: number;
  #nextSweepAt: number;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#minSweepThreshold = options.sweepThreshold ?? 10_000;
    this.#nextSweepAt = this.#minSweepThreshold;
  }

  // take and peek stay async so that a bad argument rejects the promise, as the Redis store's does.
  async take(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult> {
    assertBucketParameters(capacity, refillPerSecond, nowMs);
    const intervalMs = refillIntervalMs(refillPerSecond);
    const decision = decideTake(this.#fullAt.get(bucketKey), capacity, intervalMs, nowMs);
    if (decision.allowed) {
      this.#fullAt.set(bucketKey, decision.fullAtMs);
      this.#sweepIfDue(nowMs);
    }
    return Promise.resolve(describeTake(decision, capacity, intervalMs, nowMs));
  }

  async peek(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult> {
    assertBucketParameters(capacity, refillPerSecond, nowMs);
    return Promise.resolve(describePeek(this.#fullAt.get(bucketKey), capacity, refillIntervalMs(refillPerSecond), nowMs));
  }

  /** Buckets currently held; full ones are dropped by the sweep. */
  get size(): number {
    return this.#fullAt.size;
  }

  // A full bucket says nothing a missing one does not, so dropping it is free. Sweeping only when
  // the map has doubled since the last sweep keeps the cost O(1) per take on average and the map
  // within twice the number of buckets that are not full.
  #sweepIfDue(nowMs: number): void {
    if (this.#fullAt.size < this.#nextSweepAt) return;
    for (const [key, fullAt] of this.#fullAt) {
      if (fullAt <= nowMs) this.#fullAt.delete(key);
    }
    this.#nextSweepAt = Math.max(this.#minSweepThreshold, this.#fullAt.size * 2);
  }
}
