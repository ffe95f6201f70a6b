// Retries, waits, deadlines and idempotency against a fault-injecting server. Waits are real but
// short (Retry-After: 1 at most) and measured from the server's arrival times, never slept on.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  APIAbortError,
  APIConnectionError,
  APITimeoutError,
  ConflictError,
  createClient,
  IdempotencyInProgressError,
  InternalServerError,
  InvalidStateError,
  RateLimitedError,
  ServiceUnavailableError,
  ValidationError,
  type ClientOptions,
  type RetryInfo,
} from '../src/index.js';
import { errorBody, startFaultServer, type FaultServer } from './support/fault-server.js';

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

function clientWith(options: ClientOptions = {}) {
  const retries: RetryInfo[] = [];
  const client = createClient({
    apiKey: 'sk_live_faults',
    baseUrl: server.baseUrl,
    ...options,
    hooks: { onRetry: (info) => retries.push(info), ...options.hooks },
  });
  return { client, retries };
}

const gaps = () => server.requests.slice(1).map((r, i) => r.atMs - server.requests[i]!.atMs);
const caught = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
const httpDate = (ms: number) => new Date(ms).toUTCString();
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

describe('waits before a retry', () => {
  it('honours Retry-After in seconds', async () => {
    server.script({ status: 429, headers: { 'Retry-After': '1' }, body: errorBody('RATE_LIMITED', 'retry in 1 second') });
    const { client, retries } = clientWith();
    await expect(client.me.get()).resolves.toMatchObject({ plan: 'pro' });
    expect(server.requests).toHaveLength(2);
    expect(retries[0]).toMatchObject({ source: 'server', attempt: 1 });
    expect(retries[0]!.delayMs).toBeGreaterThan(950);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(1000);
    expect(gaps()[0]).toBeGreaterThanOrEqual(retries[0]!.delayMs - 5);
    expect(gaps()[0]).toBeLessThan(1500);
  });

  it('honours Retry-After as an HTTP date, relative to the server Date', async () => {
    const serverNow = wholeSecond(Date.now()) + 3_600_000; // server clock an hour ahead
    server.script({ status: 503, headers: { Date: httpDate(serverNow), 'Retry-After': httpDate(serverNow + 1000) }, body: errorBody('SERVICE_UNAVAILABLE') });
    const { client, retries } = clientWith();
    await client.me.get();
    expect(retries[0]!.source).toBe('server');
    expect(retries[0]!.delayMs).toBeGreaterThan(950);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(1000);
  });

  it('without Retry-After, waits until X-RateLimit-Reset measured against the server Date', async () => {
    const now = Date.now();
    server.script({
      status: 429,
      headers: { Date: httpDate(now), 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(wholeSecond(now) / 1000 + 1) },
      body: errorBody('RATE_LIMITED'),
    });
    const { client, retries } = clientWith();
    await client.me.get();
    expect(retries[0]!.source).toBe('server');
    expect(retries[0]!.delayMs).toBeGreaterThan(950);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(1000);
    expect(gaps()[0]).toBeGreaterThanOrEqual(retries[0]!.delayMs - 5);
  });

  it.each([
    ['ten minutes ahead', 600_000],
    ['ten minutes behind', -600_000],
  ])('corrects for a server clock %s', async (_, skewMs) => {
    // Reset is one second after the server's own now. Measured against our clock it would be
    // ten minutes away (throwing, over maxRetryWait) or long past (retrying at once, too early).
    const serverNow = wholeSecond(Date.now() + skewMs);
    server.script({
      status: 429,
      headers: { Date: httpDate(serverNow), 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(serverNow / 1000 + 1) },
      body: errorBody('RATE_LIMITED'),
    });
    const { client, retries } = clientWith();
    await client.me.get();
    expect(retries[0]!.delayMs).toBeGreaterThan(950);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(1000);
    expect(gaps()[0]).toBeGreaterThanOrEqual(retries[0]!.delayMs - 5);
    expect(gaps()[0]).toBeLessThan(1500);
  });

  it('with neither header, backs off exponentially with jitter (first retry under 0.5 s)', async () => {
    server.script({ status: 429, body: errorBody('RATE_LIMITED') }, { status: 429, body: errorBody('RATE_LIMITED') });
    const { client, retries } = clientWith();
    await client.me.get();
    expect(retries.map((r) => r.source)).toEqual(['backoff', 'backoff']);
    expect(retries[0]!.delayMs).toBeLessThan(500);
    expect(retries[1]!.delayMs).toBeLessThan(1000);
  });
});

describe('what is retried', () => {
  it('retries a 503 and then succeeds', async () => {
    server.script({ status: 503, body: errorBody('SERVICE_UNAVAILABLE') });
    const { client } = clientWith();
    const result = await client.me.get().withResponse();
    expect(result.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a connection reset', async () => {
    server.script({ destroy: true });
    const { client, retries } = clientWith();
    await expect(client.me.get()).resolves.toMatchObject({ plan: 'pro' });
    expect(retries[0]!.error).toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with the last error', async () => {
    server.script(...Array.from({ length: 3 }, () => ({ status: 503, body: errorBody('SERVICE_UNAVAILABLE') })));
    const { client } = clientWith();
    const error = await caught(client.me.get());
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(server.requests).toHaveLength(3);
  });

  it('retries 409 IDEMPOTENCY_REQUEST_IN_PROGRESS after a wait, with the same key', async () => {
    server.script({ status: 409, body: errorBody('IDEMPOTENCY_REQUEST_IN_PROGRESS') }, { status: 201, body: { data: { id: 'x' }, meta: { requestId: 'r' } } });
    const { client, retries } = clientWith();
    await client.projects.create({ name: 'A', primaryDomain: 'https://a.example.com' });
    expect(retries[0]!.error).toBeInstanceOf(IdempotencyInProgressError);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(0);
    const [first, second] = server.requests;
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it.each([
    [400, 'VALIDATION_ERROR', ValidationError],
    [409, 'INVALID_STATE', InvalidStateError],
    [501, 'INTERNAL_ERROR', InternalServerError],
  ] as const)('never retries %i %s', async (status, code, Class) => {
    server.script({ status, body: errorBody(code) });
    const { client } = clientWith();
    const error = await caught(client.audits.get('p', 'a'));
    expect(error).toBeInstanceOf(Class);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a non-JSON error page by status, with the header request id', async () => {
    server.script({ status: 502, headers: { 'Content-Type': 'text/html', 'X-Request-Id': 'proxy-1' }, raw: '<html>Bad gateway</html>' });
    const { client } = clientWith({ maxRetries: 0 });
    const error = (await caught(client.me.get())) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.status).toBe(502);
    expect(error.code).toBeNull();
    expect(error.message).toBe('HTTP 502: <html>Bad gateway</html>');
    expect(error.requestId).toBe('proxy-1');
  });
});

describe('idempotency', () => {
  it('a retried POST keeps its generated key, and the key is on the error', async () => {
    server.script(...Array.from({ length: 3 }, () => ({ status: 503, body: errorBody('SERVICE_UNAVAILABLE') })));
    const { client } = clientWith();
    const error = (await caught(client.projects.create({ name: 'A', primaryDomain: 'https://a.example.com' }))) as ServiceUnavailableError;
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.idempotencyKey).toBe(keys[0]);
  });

  it('a caller-given key is sent on every attempt', async () => {
    server.script({ destroy: true }, { status: 201, body: { data: { id: 'x' }, meta: { requestId: 'r' } } });
    const { client } = clientWith();
    const result = await client.projects.create({ name: 'A', primaryDomain: 'https://a.example.com' }, { idempotencyKey: 'order-42' }).withResponse();
    expect(result.idempotencyKey).toBe('order-42');
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);
  });

  it('a POST without a key is not retried on a 5xx or a dropped connection', async () => {
    const { client } = clientWith();
    server.script({ status: 503, body: errorBody('SERVICE_UNAVAILABLE') });
    const error = (await caught(
      client.projects.create({ name: 'A', primaryDomain: 'https://a.example.com' }, { idempotencyKey: null }),
    )) as ServiceUnavailableError;
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.idempotencyKey).toBeNull();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers['idempotency-key']).toBeUndefined();

    server.requests.length = 0;
    const { client: keyless } = clientWith({ idempotencyKeyFactory: null });
    server.script({ destroy: true });
    expect(await caught(keyless.projects.create({ name: 'A', primaryDomain: 'https://a.example.com' }))).toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('a POST without a key is still retried on 429, which the server refuses before doing anything', async () => {
    server.script(
      { status: 429, headers: { 'Retry-After': '0' }, body: errorBody('RATE_LIMITED') },
      { status: 201, body: { data: { id: 'x' }, meta: { requestId: 'r' } } },
    );
    const { client } = clientWith({ idempotencyKeyFactory: null });
    await client.projects.create({ name: 'A', primaryDomain: 'https://a.example.com' });
    expect(server.requests).toHaveLength(2);
  });
});

describe('long waits, deadlines and aborts', () => {
  it('a hint longer than maxRetryWait throws at once, saying when to retry', async () => {
    server.script({ status: 429, headers: { 'Retry-After': '120' }, body: errorBody('RATE_LIMITED', 'retry in 120 seconds') });
    const { client, retries } = clientWith({ maxRetryWait: 60_000 });
    const started = Date.now();
    const error = (await caught(client.me.get())) as RateLimitedError;
    expect(Date.now() - started).toBeLessThan(200);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfter).toBe(120);
    expect(error.retryAt!.getTime()).toBeGreaterThanOrEqual(started + 119_000);
    expect(error.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(retries).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('a wait that would pass the deadline throws at once instead of retrying late', async () => {
    server.script({ status: 503, headers: { 'Retry-After': '5' }, body: errorBody('SERVICE_UNAVAILABLE') });
    const { client } = clientWith({ timeout: 1_000 });
    const started = Date.now();
    const error = (await caught(client.me.get())) as ServiceUnavailableError;
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.retryAfter).toBe(5);
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('a slow response past the deadline is an APITimeoutError, on time', async () => {
    server.script({ delayMs: 5_000 });
    const { client } = clientWith({ timeout: 300 });
    const started = Date.now();
    const error = await caught(client.me.get());
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(600);
  });

  it('the deadline covers every attempt and wait together', async () => {
    server.script({ status: 503, body: errorBody('SERVICE_UNAVAILABLE') }, { delayMs: 5_000 });
    const { client } = clientWith({ timeout: 700 });
    const started = Date.now();
    const error = await caught(client.me.get({ maxRetries: 5 }));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('an abort during a retry wait returns within 50 ms', async () => {
    server.script({ status: 429, headers: { 'Retry-After': '30' }, body: errorBody('RATE_LIMITED') });
    const controller = new AbortController();
    let abortedAt = 0;
    const { client } = clientWith({
      hooks: {
        onRetry: () => {
          // The client is about to sleep 30 s; abort shortly after the sleep has begun.
          setTimeout(() => {
            abortedAt = Date.now();
            controller.abort(new Error('user gave up'));
          }, 20);
        },
      },
    });
    const error = (await caught(client.me.get({ signal: controller.signal }))) as APIAbortError;
    expect(Date.now() - abortedAt).toBeLessThan(50);
    expect(error).toBeInstanceOf(APIAbortError);
    expect((error.cause as Error).message).toBe('user gave up');
    expect(server.requests).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client } = clientWith();
    expect(await caught(client.me.get({ signal: AbortSignal.abort() }))).toBeInstanceOf(APIAbortError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('conflict family', () => {
  it('IdempotencyInProgressError and InvalidStateError are ConflictErrors', () => {
    expect(IdempotencyInProgressError.prototype).toBeInstanceOf(ConflictError);
    expect(InvalidStateError.prototype).toBeInstanceOf(ConflictError);
  });
});
