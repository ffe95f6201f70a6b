// The retry rules as pure functions: the backoff bounds (property-tested) and what is retryable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APIError, APIConnectionError, APITimeoutError, errorFromResponse } from '../src/core/errors.js';
import { backoffMs, isRetryable, retryWait } from '../src/core/retry.js';

const apiError = (status: number, code?: string, headers: Record<string, string> = {}): APIError =>
  errorFromResponse({
    status,
    body: code ? { error: { code, message: code, requestId: 'r' } } : undefined,
    headers: new Headers(headers),
    receivedAtMs: 1_000_000,
    idempotencyKey: null,
  });

describe('backoff', () => {
  it('is full jitter under min(8 s, 0.5 s · 2ⁿ)', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
        const wait = backoffMs(n, () => r);
        return wait >= 0 && wait < Math.min(8_000, 500 * 2 ** n) + 1e-9;
      }),
    );
    expect(backoffMs(0, () => 0.999)).toBeCloseTo(499.5);
    expect(backoffMs(10, () => 0.5)).toBe(4_000);
  });
});

describe('isRetryable', () => {
  const cases: Array<[string, APIError | Error, string, boolean, boolean]> = [
    ['429 GET', apiError(429, 'RATE_LIMITED'), 'GET', false, true],
    ['429 POST without key', apiError(429, 'RATE_LIMITED'), 'POST', false, true],
    ['503 GET', apiError(503, 'SERVICE_UNAVAILABLE'), 'GET', false, true],
    ['503 POST with key', apiError(503, 'SERVICE_UNAVAILABLE'), 'POST', true, true],
    ['503 POST without key', apiError(503, 'SERVICE_UNAVAILABLE'), 'POST', false, false],
    ['503 ANSWER_ENGINE_NOT_CONFIGURED', apiError(503, 'ANSWER_ENGINE_NOT_CONFIGURED'), 'POST', true, false],
    ['500 GET', apiError(500, 'INTERNAL_ERROR'), 'GET', false, true],
    ['501', apiError(501), 'GET', false, false],
    ['409 in progress', apiError(409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS'), 'POST', true, true],
    ['409 invalid state', apiError(409, 'INVALID_STATE'), 'POST', true, false],
    ['400', apiError(400, 'VALIDATION_ERROR'), 'GET', false, false],
    ['401', apiError(401, 'UNAUTHENTICATED'), 'GET', false, false],
    ['403', apiError(403, 'PLAN_LIMIT_EXCEEDED'), 'POST', true, false],
    ['404', apiError(404, 'NOT_FOUND'), 'GET', false, false],
    ['422', apiError(422, 'IDEMPOTENCY_KEY_REUSED'), 'POST', true, false],
    ['connection GET', new APIConnectionError('x'), 'GET', false, true],
    ['connection POST with key', new APIConnectionError('x'), 'POST', true, true],
    ['connection POST without key', new APIConnectionError('x'), 'POST', false, false],
    ['timeout', new APITimeoutError('x'), 'GET', false, false],
  ];
  it.each(cases)('%s', (_, error, method, hasKey, expected) => {
    expect(isRetryable(error as APIError, method, hasKey)).toBe(expected);
  });
});

describe('retryWait', () => {
  it('takes the server hint from the error, measured from now', () => {
    const error = apiError(429, 'RATE_LIMITED', { 'retry-after': '3' });
    expect(retryWait(error, 0, 1_000_500)).toEqual({ delayMs: 2_500, source: 'server' });
  });

  it('falls back to backoff without a hint', () => {
    expect(retryWait(apiError(503, 'SERVICE_UNAVAILABLE'), 2, 0, () => 0.5)).toEqual({ delayMs: 1_000, source: 'backoff' });
  });
});
