// Error classes by status and code, and what every error carries.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AnswerEngineNotConfiguredError,
  APIConnectionError,
  APIError,
  ApiError,
  APIResponse,
  ApiResponse,
  AuthenticationError,
  ConflictError,
  createClient,
  ForbiddenError,
  IdempotencyInProgressError,
  IdempotencyKeyReusedError,
  InternalServerError,
  InvalidStateError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  PlanLimitError,
  RateLimitedError,
  SeoGeoError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../src/index.js';
import { errorFromResponse } from '../src/core/errors.js';

const make = (status: number, code: string | null, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  errorFromResponse({
    status,
    body: code ? { error: { code, message: `${code} happened`, requestId: 'body-request-id', ...extra } } : 'upstream failure',
    headers: new Headers(headers),
    receivedAtMs: Date.UTC(2025, 0, 15, 9, 30),
    idempotencyKey: 'key-1',
  });

describe('errorFromResponse', () => {
  const cases: Array<[number, string | null, new (...args: never[]) => APIError]> = [
    [400, 'VALIDATION_ERROR', ValidationError],
    [400, 'MALFORMED_JSON', ValidationError],
    [401, 'UNAUTHENTICATED', AuthenticationError],
    [403, 'INSUFFICIENT_SCOPE', PermissionError],
    [403, 'PLAN_LIMIT_EXCEEDED', PlanLimitError],
    [403, 'SOMETHING_NEW', ForbiddenError],
    [404, 'NOT_FOUND', NotFoundError],
    [405, 'METHOD_NOT_ALLOWED', MethodNotAllowedError],
    [409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', IdempotencyInProgressError],
    [409, 'INVALID_STATE', InvalidStateError],
    [409, 'SOMETHING_NEW', ConflictError],
    [413, 'PAYLOAD_TOO_LARGE', PayloadTooLargeError],
    [415, 'UNSUPPORTED_MEDIA_TYPE', UnsupportedMediaTypeError],
    [422, 'IDEMPOTENCY_KEY_REUSED', IdempotencyKeyReusedError],
    [429, 'RATE_LIMITED', RateLimitedError],
    [500, 'INTERNAL_ERROR', InternalServerError],
    [502, null, InternalServerError],
    [503, 'SERVICE_UNAVAILABLE', ServiceUnavailableError],
    [503, 'ANSWER_ENGINE_NOT_CONFIGURED', AnswerEngineNotConfiguredError],
    [418, 'SOMETHING_NEW', APIError],
    // A code under a status it does not belong to falls back to the status family.
    [400, 'PLAN_LIMIT_EXCEEDED', ValidationError],
  ];
  it.each(cases)('%i %s', (status, code, Class) => {
    const error = make(status, code);
    expect(error).toBeInstanceOf(Class);
    expect(error.constructor).toBe(Class);
    expect(error.name).toBe(Class.name);
    expect(error.status).toBe(status);
  });

  it('carries code, message, details, the body request id first and the key', () => {
    const details = [{ in: 'body', field: 'name', message: 'must not be blank' }];
    const error = make(400, 'VALIDATION_ERROR', { 'x-request-id': 'header-request-id' }, { details });
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'VALIDATION_ERROR happened',
      requestId: 'body-request-id',
      details,
      idempotencyKey: 'key-1',
    });
    expect(make(502, null, { 'x-request-id': 'header-request-id' }).requestId).toBe('header-request-id');
  });

  it('carries the rate-limit state with reset corrected for the server clock, and when to retry', () => {
    const received = Date.UTC(2025, 0, 15, 9, 30);
    const serverNow = received + 600_000; // server ten minutes ahead
    const error = make(429, 'RATE_LIMITED', {
      date: new Date(serverNow).toUTCString(),
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(serverNow / 1000 + 30),
      'retry-after': '2',
    });
    expect(error.rateLimit).toEqual({ limit: 60, remaining: 0, resetAt: new Date(received + 30_000) });
    expect(error.retryAfter).toBe(2);
    expect(error.retryAt).toEqual(new Date(received + 2_000));
  });

  it('uses X-RateLimit-Reset for retryAt on a 429 without Retry-After', () => {
    const received = Date.UTC(2025, 0, 15, 9, 30);
    const error = make(429, 'RATE_LIMITED', {
      date: new Date(received).toUTCString(),
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(received / 1000 + 7),
    });
    expect(error.retryAfter).toBe(7);
    expect(error.retryAt).toEqual(new Date(received + 7_000));
  });

  it('has no retry hint without the headers', () => {
    const error = make(503, 'SERVICE_UNAVAILABLE');
    expect(error.retryAfter).toBeNull();
    expect(error.retryAt).toBeNull();
    expect(error.rateLimit).toBeNull();
  });
});

// These tests use the deprecated aliases on purpose: they must keep working.
/* eslint-disable @typescript-eslint/no-deprecated */
describe('error class names', () => {
  it('keeps ApiError as a deprecated alias of APIError: the same class, so instanceof matches both ways', () => {
    expect(ApiError).toBe(APIError);
    const error = new APIError({ status: 418, body: null, headers: new Headers(), receivedAtMs: 0, idempotencyKey: null });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(SeoGeoError);
    expect(error.name).toBe('APIError');
    expect(make(404, 'NOT_FOUND')).toBeInstanceOf(ApiError);
    expect(new ApiError({ status: 500, body: null, headers: new Headers(), receivedAtMs: 0, idempotencyKey: null })).toBeInstanceOf(APIError);
    expect(ApiResponse).toBe(APIResponse);
  });
  /* eslint-enable @typescript-eslint/no-deprecated */

  it('spells the acronym API in capitals in every exported name', async () => {
    const exported = Object.keys(await import('../src/index.js'));
    const deprecated = new Set(['ApiError', 'ApiResponse']);
    expect(exported.filter((name) => /Api(?=[A-Z]|$)/.test(name) && !deprecated.has(name))).toEqual([]);
    expect(exported).toEqual(expect.arrayContaining(['APIError', 'APIConnectionError', 'APIResponse', 'APIPromise']));
    expect(new APIConnectionError('refused')).toBeInstanceOf(SeoGeoError);
  });
});

describe('a client without an API key', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['no option and no SEO_GEO_API_KEY', undefined, undefined],
    ['an empty option and an empty SEO_GEO_API_KEY', '', ''],
  ])('throws SeoGeoError naming the option and the variable: %s', (_, apiKey, variable) => {
    vi.stubEnv('SEO_GEO_API_KEY', variable);
    const thrown = (() => {
      try {
        createClient({ apiKey, baseUrl: 'http://127.0.0.1:1/api/public/v1' });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(SeoGeoError);
    expect(thrown).not.toBeInstanceOf(APIError);
    expect((thrown as SeoGeoError).name).toBe('SeoGeoError');
    expect((thrown as SeoGeoError).message).toMatch(/createClient\(\{ apiKey: /);
    expect((thrown as SeoGeoError).message).toMatch(/SEO_GEO_API_KEY environment variable/);
  });

  it('reads the key from SEO_GEO_API_KEY when no option is given, and sends it', async () => {
    vi.stubEnv('SEO_GEO_API_KEY', 'sk_live_from_the_environment');
    const sent: Request[] = [];
    const client = createClient({
      baseUrl: 'http://api.test/api/public/v1',
      fetch: async (request) => {
        sent.push(request);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await client.me.get();
    expect(sent.map((request) => request.headers.get('authorization'))).toEqual(['Bearer sk_live_from_the_environment']);
  });

  it('prefers the apiKey option to SEO_GEO_API_KEY', async () => {
    vi.stubEnv('SEO_GEO_API_KEY', 'sk_live_from_the_environment');
    const sent: Request[] = [];
    const client = createClient({
      apiKey: 'sk_live_from_the_option',
      baseUrl: 'http://api.test/api/public/v1',
      fetch: async (request) => {
        sent.push(request);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    await client.me.get();
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer sk_live_from_the_option');
  });
});
