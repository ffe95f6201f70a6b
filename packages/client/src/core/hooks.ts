// Observability hooks. They receive plain info objects built here, never the Request itself, so
// the API key cannot leak into logs: the Authorization header is replaced before a hook sees it.
import type { SeoGeoError } from './errors.js';
import type { RateLimitState } from './rate-limit.js';

export interface RequestInfo {
  operationId: string;
  method: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The request's headers; `authorization` is always `[redacted]`. */
  headers: Record<string, string>;
  idempotencyKey: string | null;
}

export interface ResponseInfo {
  operationId: string;
  method: string;
  url: string;
  attempt: number;
  status: number;
  requestId: string | null;
  durationMs: number;
  rateLimit: RateLimitState | null;
}

export interface RetryInfo {
  operationId: string;
  method: string;
  url: string;
  /** The attempt that failed (1-based); the next one is `attempt + 1`. */
  attempt: number;
  error: SeoGeoError;
  delayMs: number;
  /** `server`: the response said how long; `backoff`: exponential backoff with jitter. */
  source: 'server' | 'backoff';
  idempotencyKey: string | null;
}

export interface RateLimitedInfo {
  operationId: string;
  method: string;
  url: string;
  /**
   * `pacing`: held before sending (the bucket is known to be empty), announced once per held call;
   * `response`: the server answered 429, announced once per such answer.
   */
  reason: 'pacing' | 'response';
  /** How long the request waits (0 when the 429 is not retried). */
  delayMs: number;
  until: Date;
  rateLimit: RateLimitState | null;
}

/** Hooks are called synchronously; one that throws fails the call, so keep them cheap and safe. */
export interface Hooks {
  onRequest?(info: RequestInfo): void;
  onResponse?(info: ResponseInfo): void;
  onRetry?(info: RetryInfo): void;
  onRateLimited?(info: RateLimitedInfo): void;
}

export const REDACTED = '[redacted]';

export function redactedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = name === 'authorization' || name === 'proxy-authorization' || name === 'cookie' ? REDACTED : value;
  });
  return out;
}
