// Client-side pacing: rather than firing into a 429, hold a request until the key's bucket has a
// token again. The state is the last response's X-RateLimit-Limit/Remaining, projected forward at
// the bucket's continuous refill (limit/60 tokens per second), minus the requests already sent
// and not yet answered, so concurrent calls of one client do not all spend the last token.
//
// Waits use our local receive time, never the server's X-RateLimit-Reset, so clock skew cannot
// make us fire early. `Remaining` is floored by the server, so the projection errs on the side of
// waiting a little long (at most one token's worth).
import type { APIErrorInit } from './errors.js';
import { serverRetryHintMs } from './rate-limit.js';

/** Tokens per millisecond for a per-minute limit. */
const perMs = (limit: number) => limit / 60_000;
// Float slack so that waiting exactly the computed time is enough.
const EPSILON = 1e-9;

export class Pacer {
  #limit: number | undefined;
  #remaining = 0;
  #observedAtMs = 0;
  #blockedUntilMs = 0;
  #inFlight = 0;
  /** The last 429 that set a hold, so a caller held too long can be given the server's answer. */
  lastRefusal: Omit<APIErrorInit, 'idempotencyKey'> | null = null;

  /** Milliseconds to hold the next request; 0 to send it now. */
  delayMs(nowMs: number): number {
    let wait = Math.max(0, this.#blockedUntilMs - nowMs);
    if (wait === 0) this.lastRefusal = null;
    const limit = this.#limit;
    if (limit !== undefined && limit > 0) {
      const rate = perMs(limit);
      const tokens = Math.min(limit, this.#remaining + (nowMs - this.#observedAtMs) * rate) - this.#inFlight;
      if (tokens < 1 - EPSILON) wait = Math.max(wait, (1 - tokens) / rate);
    }
    return wait;
  }

  /** Counts a request in flight; call release() when it is answered (or failed). */
  take(): void {
    this.#inFlight++;
  }

  release(): void {
    this.#inFlight--;
  }

  /** Learns the bucket's state from a response. */
  observe(headers: Headers, status: number, receivedAtMs: number, body?: unknown): void {
    // A 401's rate-limit headers describe the client address's failed-authentication guard, not
    // the key's bucket.
    if (status === 401) return;
    const limit = headers.get('x-ratelimit-limit');
    const remaining = headers.get('x-ratelimit-remaining');
    if (limit !== null && remaining !== null) {
      const l = Number(limit);
      const r = Number(remaining);
      if (Number.isFinite(l) && Number.isFinite(r)) {
        this.#limit = l;
        this.#remaining = r;
        this.#observedAtMs = receivedAtMs;
      }
    }
    if (status === 429) {
      const hint = serverRetryHintMs(status, headers, receivedAtMs);
      const until = receivedAtMs + (hint ?? 0);
      if (until > this.#blockedUntilMs) {
        this.#blockedUntilMs = until;
        this.lastRefusal = { status, headers, body, receivedAtMs };
      }
    } else if (status < 400 && this.#remaining >= 1) {
      // A later success with tokens left means the bucket has recovered; drop an older hold.
      this.#blockedUntilMs = 0;
      this.lastRefusal = null;
    }
  }
}
