// Hooks see every request, response, retry and rate-limit hold, and never the API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type RateLimitedInfo, type RequestInfo, type ResponseInfo, type RetryInfo } from '../src/index.js';
import { errorBody, startFaultServer, type FaultServer } from './support/fault-server.js';

const API_KEY = 'sk_live_S3cretS3cretS3cretS3cretS3cret';

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());

/** Everything reachable from a value, errors and headers included, as text. */
function deepText(value: unknown, seen = new Set<unknown>()): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (seen.has(value)) return '';
  seen.add(value);
  if (value instanceof Headers) {
    const pairs: string[] = [];
    value.forEach((v, k) => pairs.push(`${k}=${v}`));
    return pairs.join(';');
  }
  const keys = new Set([...Object.getOwnPropertyNames(value), ...(value instanceof Error ? ['message', 'stack', 'cause'] : [])]);
  return [...keys].map((k) => `${k}:${deepText((value as Record<string, unknown>)[k], seen)}`).join(',');
}

describe('hooks', () => {
  it('are called for requests, responses, retries and rate limits, without the key', async () => {
    const now = Date.now();
    server.script(
      {
        status: 429,
        headers: { 'Retry-After': '0', 'X-RateLimit-Limit': '600', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(Math.ceil(now / 1000)) },
        body: errorBody('RATE_LIMITED'),
      },
      { destroy: true },
      { status: 503, body: errorBody('SERVICE_UNAVAILABLE') },
      {
        status: 201,
        headers: { 'X-RateLimit-Limit': '600', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(Math.ceil(now / 1000) + 1) },
        body: { data: { id: 'p' }, meta: { requestId: 'r' } },
      },
    );
    const seen: { request: RequestInfo[]; response: ResponseInfo[]; retry: RetryInfo[]; rateLimited: RateLimitedInfo[] } = {
      request: [],
      response: [],
      retry: [],
      rateLimited: [],
    };
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: server.baseUrl,
      maxRetries: 3,
      hooks: {
        onRequest: (i) => seen.request.push(i),
        onResponse: (i) => seen.response.push(i),
        onRetry: (i) => seen.retry.push(i),
        onRateLimited: (i) => seen.rateLimited.push(i),
      },
    });
    await client.projects.create({ name: 'A', primaryDomain: 'https://a.example.com' });
    await client.me.get(); // held by pacing: the last response said remaining 0
    expect(seen.request).toHaveLength(5);
    expect(seen.request[0]).toMatchObject({ operationId: 'createProject', method: 'POST', url: `${server.baseUrl}/projects`, attempt: 1 });
    expect(seen.request[0]!.headers.authorization).toBe('[redacted]');
    expect(seen.request[0]!.headers['idempotency-key']).toBe(seen.request[3]!.headers['idempotency-key']);
    expect(seen.response.map((r) => r.status)).toEqual([429, 503, 201, 200]);
    expect(seen.retry.map((r) => r.attempt)).toEqual([1, 2, 3]);
    // The 429 itself, then pacing holds: the retry after it (remaining was 0) and the last call.
    expect(seen.rateLimited[0]!.reason).toBe('response');
    expect(seen.rateLimited.slice(1).every((r) => r.reason === 'pacing')).toBe(true);
    expect(seen.rateLimited.at(-1)).toMatchObject({ operationId: 'getMe', reason: 'pacing' });
    // The key itself appears nowhere, not even inside errors' causes.
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const text = deepText(seen);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('S3cret');
  });
});
