// Token buckets keyed by client address, for callers without a key: requests to public
// operations, and failed authentications (the brute-force guard).
import type { RateLimitResult, RateLimitStore } from '../ratelimit/index.js';

export interface AddressLimiter {
  readonly capacity: number;
  /** Spends a token for this address. */
  take(address: string, nowMs: number): Promise<RateLimitResult>;
  /** The bucket's state when it is empty (the address is blocked); null when a token is left. Spends nothing. */
  blocked(address: string, nowMs: number): Promise<RateLimitResult | null>;
  /** Spends a token for a failed attempt. */
  recordFailure(address: string, nowMs: number): Promise<RateLimitResult>;
}

export function createAddressLimiter(store: RateLimitStore, name: string, perMinute: number): AddressLimiter {
  const refill = perMinute / 60;
  const bucket = (address: string) => `${name}:${address}`;
  return {
    capacity: perMinute,
    take: (address, now) => store.take(bucket(address), perMinute, refill, now),
    recordFailure: (address, now) => store.take(bucket(address), perMinute, refill, now),
    async blocked(address, now) {
      const state = await store.peek(bucket(address), perMinute, refill, now);
      return state.allowed ? null : state;
    },
  };
}
