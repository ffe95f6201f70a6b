// The rate-limit headers of the spec's *Rate limiting*, plus Retry-After on a refusal.
import type { RateLimitResult } from './store.js';

export function rateLimitHeaders(result: RateLimitResult, capacity: number): Record<string, string> {
  const headers: Record<string, string> = {
    // The limit is per minute, and the plans' capacity equals their requests per minute.
    'X-RateLimit-Limit': String(capacity),
    'X-RateLimit-Remaining': String(result.remaining),
    'X-RateLimit-Reset': String(result.resetAtSeconds),
  };
  if (!result.allowed) headers['Retry-After'] = String(result.retryAfterSeconds);
  return headers;
}
