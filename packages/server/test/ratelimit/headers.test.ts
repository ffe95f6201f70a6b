import { describe, expect, it } from 'vitest';
import { rateLimitHeaders } from '../../src/ratelimit/headers.js';

describe('rate-limit headers', () => {
  it('names the limit, remaining tokens and reset time on an allowed request', () => {
    expect(rateLimitHeaders({ allowed: true, remaining: 59, resetAtSeconds: 1735689601, retryAfterSeconds: 0 }, 60)).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
      'X-RateLimit-Reset': '1735689601',
    });
  });

  it('adds Retry-After to a refusal', () => {
    expect(rateLimitHeaders({ allowed: false, remaining: 0, resetAtSeconds: 1735689660, retryAfterSeconds: 1 }, 300)).toEqual({
      'X-RateLimit-Limit': '300',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1735689660',
      'Retry-After': '1',
    });
  });
});
