// When to retry and how long to wait first. Pure functions, so the rules are tested on their own.
//
// Retried: 429, 5xx (but not 501 or ANSWER_ENGINE_NOT_CONFIGURED, which cannot succeed by waiting),
// 408, 409 IDEMPOTENCY_REQUEST_IN_PROGRESS (the first request will finish), and connection errors.
// Never: other 4xx, which will fail the same way again.
// A POST is retried only when it carries an Idempotency-Key: without one, a request that reached
// the server and failed on the way back could act twice. The one exception is 429: the server's
// limiter refuses before any work is done (the spec's *Rate limiting*: a refused request costs nothing), so a retry
// cannot act twice.
import { AnswerEngineNotConfiguredError, APIError, APIConnectionError, APITimeoutError, IdempotencyInProgressError, type SeoGeoError } from './errors.js';

export const INITIAL_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 8_000;

/** Exponential backoff with full jitter: uniform in [0, min(8 s, 0.5 s · 2ⁿ)) for the n-th retry (0-based). */
export function backoffMs(retryIndex: number, random: () => number = Math.random): number {
  return random() * Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** retryIndex);
}

export function isRetryable(error: SeoGeoError, method: string, hasIdempotencyKey: boolean): boolean {
  const replaySafe = method.toUpperCase() !== 'POST' || hasIdempotencyKey;
  if (error instanceof APITimeoutError) return false; // the deadline is spent
  if (error instanceof APIConnectionError) return replaySafe;
  if (!(error instanceof APIError)) return false;
  if (error.status === 429) return true;
  if (error instanceof IdempotencyInProgressError) return true;
  if (error instanceof AnswerEngineNotConfiguredError) return false;
  if (error.status === 408 || (error.status >= 500 && error.status !== 501)) return replaySafe;
  return false;
}

export interface RetryWait {
  delayMs: number;
  /** `server`: the response said how long (Retry-After or X-RateLimit-Reset); `backoff`: our guess. */
  source: 'server' | 'backoff';
}

/** How long to wait before retry number `retryIndex` (0-based) after `error`, measured from `nowMs`. */
export function retryWait(error: SeoGeoError, retryIndex: number, nowMs: number, random?: () => number): RetryWait {
  if (error instanceof APIError && error.retryAt) {
    return { delayMs: Math.max(0, error.retryAt.getTime() - nowMs), source: 'server' };
  }
  return { delayMs: backoffMs(retryIndex, random), source: 'backoff' };
}
