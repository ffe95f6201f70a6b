// Reads the rate-limit headers (the spec's *Rate limiting*) and the server's `Date`, and turns server times into
// local ones. The server's clock may be off from ours: a reset time is only meaningful relative
// to the server's own `Date`, so every wait is computed as "server time minus server now" and
// then added to our local receive time.

export interface RateLimitState {
  /** Requests per minute for the key (also the bucket size). */
  limit: number;
  /** Whole tokens left after the request. */
  remaining: number;
  /** When the bucket will be full again, on the local clock (corrected for clock skew). */
  resetAt: Date;
}

/** Milliseconds the server's clock is ahead of ours, from its `Date` header; 0 when absent. */
export function serverClockOffsetMs(headers: Headers, receivedAtMs: number): number {
  const date = headers.get('date');
  if (!date) return 0;
  const serverNow = Date.parse(date);
  // `Date` has whole seconds, truncated: the server's real time is up to 1 s later. Taking the
  // truncated value makes waits computed from it slightly long, never short.
  return Number.isFinite(serverNow) ? serverNow - receivedAtMs : 0;
}

function intHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The rate-limit state of a response, or null when it has no (complete) rate-limit headers. */
export function readRateLimit(headers: Headers, receivedAtMs: number): RateLimitState | null {
  const limit = intHeader(headers, 'x-ratelimit-limit');
  const remaining = intHeader(headers, 'x-ratelimit-remaining');
  const reset = intHeader(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || reset === undefined) return null;
  const offset = serverClockOffsetMs(headers, receivedAtMs);
  return { limit, remaining, resetAt: new Date(reset * 1000 - offset) };
}

/**
 * How long the server asks us to wait, in ms from `receivedAtMs`, or null without a hint.
 * `Retry-After` (seconds or an HTTP date) comes first; on a 429 without it, `X-RateLimit-Reset`
 * (the instant the bucket is full again) is the fallback the spec names.
 */
export function serverRetryHintMs(status: number, headers: Headers, receivedAtMs: number): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const trimmed = retryAfter.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
    const at = Date.parse(trimmed);
    if (Number.isFinite(at)) return Math.max(0, at - receivedAtMs - serverClockOffsetMs(headers, receivedAtMs));
  }
  if (status === 429) {
    const reset = intHeader(headers, 'x-ratelimit-reset');
    if (reset !== undefined) {
      const wait = reset * 1000 - receivedAtMs - serverClockOffsetMs(headers, receivedAtMs);
      // A reset already in the past says nothing useful; let backoff decide instead.
      if (wait > 0) return wait;
    }
  }
  return null;
}
