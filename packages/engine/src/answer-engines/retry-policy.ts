// When to try a call again and how long to wait first. Rate limits (429) and server trouble (408,
// 5xx, network failures, timeouts) are often gone a moment later; a wrong key, model or request
// (other 4xx) is not, so those fail at once. The attempts are bounded, and so is the wait: a
// Retry-After beyond `maxRetryAfterMs` (a quota that resets in an hour) ends the retries instead of
// holding the test.

export interface RetryOptions {
  /** Calls per answer, the first included (default 4). */
  maxAttempts?: number;
  /** Wait before the first retry; doubled for each further one (default 1,000 ms). */
  baseDelayMs?: number;
  /** Cap of the exponential wait (default 16,000 ms). */
  maxDelayMs?: number;
  /** Longest Retry-After honoured; a longer one gives up (default 60,000 ms). */
  maxRetryAfterMs?: number;
}

export type ResolvedRetryOptions = Required<RetryOptions>;

export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  return {
    maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? 4)),
    baseDelayMs: Math.max(0, options.baseDelayMs ?? 1_000),
    maxDelayMs: Math.max(0, options.maxDelayMs ?? 16_000),
    maxRetryAfterMs: Math.max(0, options.maxRetryAfterMs ?? 60_000),
  };
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * Wait before retry number `retry` (1 for the first retry): exponential, with "equal jitter" (half
 * fixed, half random) so that engines failing together do not retry in lockstep.
 */
export function backoffMs(retry: number, options: ResolvedRetryOptions, random: () => number = Math.random): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number = Date.now()): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
