// When a failed delivery is tried again. Exponential: base × factor^(attempt − 1), each delay
// spread by ±25% so that many deliveries failing together (a receiver's outage) do not all come
// back in the same second. The defaults give 8 attempts over about 18 hours (1 min, 3 min, 9 min,
// 27 min, 81 min, 4 h, 12 h), the "about a day" the contract promises receivers.

export interface RetryPolicy {
  /** Delay after the first failed attempt. Tests use a few milliseconds. */
  baseMs: number;
  factor: number;
  /** Attempts in all; after the last failed one the delivery is failed for good. */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 60_000, factor: 3, maxAttempts: 8 };

const JITTER = 0.25;

/** The delay before the attempt after `failedAttempt` (1-based). */
export function retryDelayMs(failedAttempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const nominal = policy.baseMs * policy.factor ** (failedAttempt - 1);
  return Math.round(nominal * (1 - JITTER + 2 * JITTER * random()));
}

export function validateRetryPolicy(policy: RetryPolicy): RetryPolicy {
  if (!(policy.baseMs >= 0) || !Number.isFinite(policy.baseMs)) throw new RangeError(`retry baseMs must be a non-negative number (got ${policy.baseMs})`);
  if (!(policy.factor >= 1) || !Number.isFinite(policy.factor)) throw new RangeError(`retry factor must be at least 1 (got ${policy.factor})`);
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1 || policy.maxAttempts > 100) {
    throw new RangeError(`retry maxAttempts must be a whole number from 1 to 100 (got ${policy.maxAttempts})`);
  }
  return policy;
}
