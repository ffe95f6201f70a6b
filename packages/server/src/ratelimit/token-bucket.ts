// Token bucket with continuous refill, kept as one number per bucket: the "full-at" time, the
// instant at which the bucket will hold `capacity` tokens again (the GCRA formulation). At time
// `now` the bucket holds capacity - max(0, fullAt - now) / interval tokens, where interval is
// the time one token takes to refill. A missing bucket is a full one, so a full bucket can be
// forgotten (memory eviction, Redis expiry) without changing any answer.
//
// The Redis Lua script (redis-script.ts) makes the same decision; the numbers it returns are
// turned into a result by describeTake below, so the two stores cannot drift apart.
import type { RateLimitResult } from './store.js';

/** Float slack (in ms or tokens) for rates whose interval is not a whole number of ms; plans' are. */
export const EPSILON = 1e-6;

export interface BucketDecision {
  allowed: boolean;
  /** The full-at time to store when allowed; the unchanged one (at least now) when refused. */
  fullAtMs: number;
}

export function refillIntervalMs(refillPerSecond: number): number {
  return 1000 / refillPerSecond;
}

export function assertBucketParameters(capacity: number, refillPerSecond: number, nowMs: number): void {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`Invalid bucket capacity ${capacity}`);
  if (!(refillPerSecond > 0) || !Number.isFinite(refillPerSecond)) {
    throw new RangeError(`Invalid refill rate ${refillPerSecond}`);
  }
  if (!Number.isFinite(nowMs)) throw new RangeError(`Invalid time ${nowMs}`);
}

export function decideTake(storedFullAtMs: number | undefined, capacity: number, intervalMs: number, nowMs: number): BucketDecision {
  const base = Math.max(storedFullAtMs ?? nowMs, nowMs);
  const next = base + intervalMs;
  // Taking is allowed while at least one token remains, i.e. while the bucket after this
  // request would still be no more than `capacity` tokens short of full.
  if (next - nowMs <= capacity * intervalMs + EPSILON) return { allowed: true, fullAtMs: next };
  return { allowed: false, fullAtMs: base };
}

/** The state of a bucket at `nowMs` without taking from it. */
export function describePeek(storedFullAtMs: number | undefined, capacity: number, intervalMs: number, nowMs: number): RateLimitResult {
  const base = Math.max(storedFullAtMs ?? nowMs, nowMs);
  const tokens = capacity - (base - nowMs) / intervalMs;
  if (tokens + EPSILON < 1) return describeTake({ allowed: false, fullAtMs: base }, capacity, intervalMs, nowMs);
  return { allowed: true, remaining: Math.floor(tokens + EPSILON), resetAtSeconds: Math.ceil(base / 1000), retryAfterSeconds: 0 };
}

export function describeTake(decision: BucketDecision, capacity: number, intervalMs: number, nowMs: number): RateLimitResult {
  const deficitMs = Math.max(0, decision.fullAtMs - nowMs);
  const tokens = capacity - deficitMs / intervalMs;
  const resetAtSeconds = Math.ceil(Math.max(decision.fullAtMs, nowMs) / 1000);
  if (decision.allowed) {
    return { allowed: true, remaining: Math.max(0, Math.floor(tokens + EPSILON)), resetAtSeconds, retryAfterSeconds: 0 };
  }
  const untilOneTokenMs = deficitMs - (capacity - 1) * intervalMs;
  return {
    allowed: false,
    remaining: 0,
    resetAtSeconds,
    retryAfterSeconds: Math.max(1, Math.ceil((untilOneTokenMs - EPSILON) / 1000)),
  };
}
