// Idempotent POSTs over HTTP (the spec's *Idempotency*): replay, key reuse with another payload, a request
// still in flight, many concurrent duplicates creating exactly one resource, and a request's
// writes committed with its stored response or not at all. Run on SQLite, and on PostgreSQL when
// DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '@seo-geo/types';
import type { RequestContext } from '../../src/handlers/context.js';
import { handlers } from '../../src/handlers/index.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

const backends: Array<'sqlite' | 'postgres'> = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.DATABASE_URL) console.warn('SKIPPED: Idempotency-Key on PostgreSQL (DATABASE_URL is not set)');

let server: TestServer;
/** While set, createProject waits for it: a request held in flight on purpose. */
let gate: Promise<void> | undefined;
let requestsInFlight = 0;
/** While set, createProject fails with it after creating the project: a fault mid-request. */
let failAfterCreate: Error | undefined;

const gatedCreateProject: Handler<'createProject', RequestContext> = async (request, context) => {
  requestsInFlight++;
  try {
    if (gate) await gate;
    const response = await handlers.createProject(request, context);
    if (failAfterCreate) throw failAfterCreate;
    return response;
  } finally {
    requestsInFlight--;
  }
};

const post = (key: string, idempotencyKey: string, json: unknown) =>
  server.call('/projects', { key, method: 'POST', headers: { 'idempotency-key': idempotencyKey }, json });

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(backends)('Idempotency-Key [%s]', (backend) => {
  beforeAll(async () => {
    server = await startTestServer({
      handlers: { ...handlers, createProject: gatedCreateProject },
      ...(backend === 'postgres' ? { database: 'postgres' as const } : {}),
    });
  });
  afterAll(() => server.close());

  it('replays the stored response with the same status, body and Location, and creates nothing twice', async () => {
    const key = await server.createKey();
    const body = { name: 'Shop', primaryDomain: 'https://shop.example' };
    const first = await post(key, 'order-1', body);
    const again = await post(key, 'order-1', { primaryDomain: 'https://shop.example', name: 'Shop' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expectContract('createProject', again);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await server.call('/projects', { key })).body.meta.total).toBe(1);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with a different payload', async () => {
    const key = await server.createKey();
    await post(key, 'k', { name: 'A', primaryDomain: 'https://a.example' });
    const reused = await post(key, 'k', { name: 'B', primaryDomain: 'https://a.example' });
    expect(reused.status).toBe(422);
    expectContract('createProject', reused);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps keys per account: another account may use the same key', async () => {
    const a = await server.createKey();
    const b = await server.createKey();
    const body = { name: 'Same', primaryDomain: 'https://same.example' };
    const fromA = await post(a, 'shared', body);
    const fromB = await post(b, 'shared', body);
    expect(fromB.status).toBe(201);
    expect(fromB.body.data.id).not.toBe(fromA.body.data.id);
  });

  it('does not store 400 responses, so the same key can be retried after fixing nothing else', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const body = { name: 'Quota', primaryDomain: 'https://q.example' };
    const invalid = await post(key, 'retry-me', { name: 'Quota', primaryDomain: 'not a url' });
    expect(invalid.status).toBe(400);
    const valid = await post(key, 'retry-me', body);
    expect(valid.status).toBe(201);
  });

  it('stores a 403 PLAN_LIMIT_EXCEEDED and replays it', async () => {
    const key = await server.createKey({ plan: 'starter' });
    for (let i = 0; i < 3; i++) await post(key, `fill-${i}`, { name: `p${i}`, primaryDomain: 'https://p.example' });
    const over = await post(key, 'over', { name: 'p3', primaryDomain: 'https://p.example' });
    const replay = await post(key, 'over', { name: 'p3', primaryDomain: 'https://p.example' });
    expect(over.status).toBe(403);
    expect(replay.status).toBe(403);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers a duplicate that arrives while the first request runs without running it twice', async () => {
    const key = await server.createKey();
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    const body = { name: 'Slow', primaryDomain: 'https://slow.example' };
    const first = post(key, 'slow', body);
    await until(() => requestsInFlight === 1, 'the first request to reach the handler');
    const second = post(key, 'slow', body);
    if (backend === 'postgres') {
      // The first request's claim is committed before its work: the duplicate sees it in progress.
      const answered = await second;
      expect(answered.status).toBe(409);
      expectContract('createProject', answered);
      expect(answered.body.error.code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    }
    release();
    gate = undefined;
    expect((await first).status).toBe(201);
    if (backend === 'sqlite') {
      // One SQLite connection: the duplicate waits for the first request's unit of work, then replays it.
      const answered = await second;
      expect(answered.status).toBe(201);
      expect(answered.headers.get('idempotent-replayed')).toBe('true');
    }
    const third = await post(key, 'slow', body);
    expect(third.status).toBe(201);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect((await server.call('/projects', { key })).body.meta.total).toBe(1);
  });

  it('rolls back what a request created when it fails, and frees its key for the retry', async () => {
    const key = await server.createKey();
    const body = { name: 'Half-done', primaryDomain: 'https://half.example' };
    failAfterCreate = new Error('fault after the project was inserted');
    try {
      const failed = await post(key, 'half', body);
      expect(failed.status).toBe(500);
      expectContract('createProject', failed);
    } finally {
      failAfterCreate = undefined;
    }
    // Before units of work the project stayed: the retry below then made a second one.
    expect((await server.call('/projects', { key })).body.meta.total).toBe(0);
    const retried = await post(key, 'half', body);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect((await server.call('/projects', { key })).body.meta.total).toBe(1);
  });

  it('rolls back a failed POST without Idempotency-Key as well: no half-written request', async () => {
    const key = await server.createKey();
    failAfterCreate = new Error('fault after the project was inserted');
    try {
      expect((await server.call('/projects', { key, method: 'POST', json: { name: 'Plain', primaryDomain: 'https://plain.example' } })).status).toBe(500);
    } finally {
      failAfterCreate = undefined;
    }
    expect((await server.call('/projects', { key })).body.meta.total).toBe(0);
  });

  it('creates exactly one project from 50 concurrent identical POSTs', async () => {
    const key = await server.createKey({ plan: 'agency' });
    const body = { name: 'Burst', primaryDomain: 'https://burst.example' };
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(key, 'burst', body)));
    const statuses = responses.map((r) => r.status);
    for (const response of responses) expectContract('createProject', response);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = responses.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    expect((await server.call('/projects', { key })).body.meta.total).toBe(1);
  });
});
