// The client's whole-job helpers: waiting for an audit or a GEO test (narrowed result, progress,
// pacing when the bucket runs low, deadline and abort), verifying webhook deliveries, and the
// per-call conveniences (request ids on results, withResponse on lists, default headers, withOptions).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIAbortError, APITimeoutError, createClient, WebhookVerificationError, type AuditRun, type SeoGeoClient } from '@seo-geo/client';
import { completion, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { startFaultServer, type FaultServer } from '@seo-geo/client/testing';
import { generateSigningSecret } from '@seo-geo/server';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';

describe('waiting for background work against the reference server', () => {
  let server: TestServer;
  let site: Server;
  let engine: FakeEngine;
  let client: SeoGeoClient;
  let projectId: string;

  beforeAll(async () => {
    site = createServer((req, res) => {
      if (req.url === '/' || req.url?.startsWith('/page')) {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html lang="en"><title>Pottery</title><h1>Pottery</h1><a href="/page-1">one</a><a href="/page-2">two</a></html>');
      } else res.writeHead(404).end();
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    engine = await startFakeEngine(() => completion('Example Pottery makes good kilns.'));
    server = await startTestServer({ env: { GEO_ENGINES: JSON.stringify([{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1 }]) } });
    client = createClient({ apiKey: await server.createKey({ plan: 'pro' }), baseUrl: server.baseUrl });
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    projectId = (await client.projects.create({ name: 'Waiting', primaryDomain: origin })).id;
  });
  afterAll(async () => {
    await server?.close();
    await engine?.close();
    site?.close();
  });

  it('waits for an audit and returns it narrowed on status, reporting progress on the way', async () => {
    const started = await client.audits.start(projectId, { maxPages: 10 });
    expect(started.status).toBe('pending');
    const seen: AuditRun['status'][] = [];
    const run = await client.audits.waitForCompletion(projectId, started.auditRunId, { interval: 20, onProgress: (state) => seen.push(state.status) });
    expect(run.status).toBe('completed');
    if (run.status !== 'completed') throw new Error('unreachable');
    // Narrowed: summary and stopReason are not nullable here (this line would not compile otherwise).
    const pagesAudited: number = run.summary.pagesAudited;
    expect(pagesAudited).toBe(3);
    expect(seen.at(-1)).toBe('completed');
    expect((await client.audits.pages(projectId, run.id)).meta.total).toBe(3);
  });

  it('waits for a GEO monitor test', async () => {
    const created = await client.geoMonitor.tests.create(projectId, { prompt: 'Who makes good kilns?', locale: 'en' });
    const test = await client.geoMonitor.tests.waitForCompletion(projectId, created.testId, { interval: 20 });
    expect(test.status).toBe('completed');
    if (test.status === 'completed') expect(test.summary.samples).toBe(1);
  });

  it('gives every object result its request id, and lists their whole response', async () => {
    const me = await client.me.get();
    expect(me._requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(me)).not.toContain('_requestId');
    const first = await client.projects.list({ pageSize: 1 }).withResponse();
    expect(first.meta.total).toBeGreaterThanOrEqual(1);
    expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.rateLimit?.limit).toBe(300);
  });
});

describe('waiting, paced and bounded', () => {
  let fault: FaultServer;
  const running = (remaining: number) => ({
    status: 200,
    headers: { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': String(remaining), 'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 60) },
    body: { data: { id: 'a', status: 'running', progress: { pagesCrawled: 1, pagesQueued: 3 } }, meta: { requestId: 'r' } },
  });
  beforeAll(async () => {
    fault = await startFaultServer();
  });
  afterAll(() => fault.close());

  it('stretches the interval to the refill rate when the bucket is low, and stops at the deadline', async () => {
    fault.reset();
    const waits: number[] = [];
    // The client's clock moves only by its waits, whatever the machine's load: 100 and 1,000 ms
    // fit in the 2,050 ms, and the next 1,000 would pass it.
    let now = 0;
    const client = createClient({
      apiKey: 'sk_live_0000000000000000000000000000abcd',
      baseUrl: fault.baseUrl,
      clock: { now: () => now },
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    fault.script(running(50), ...Array.from({ length: 500 }, () => () => running(5)));
    const waiting = client.audits.waitForCompletion('p', 'a', { interval: 100, timeout: 2_050 });
    await expect(waiting).rejects.toBeInstanceOf(APITimeoutError);
    // 50 of 60 left: the caller's interval; 5 of 60 left: one token's refill time (1 s).
    expect(waits).toEqual([100, 1_000]);
  });

  it('stops when the signal aborts', async () => {
    fault.reset();
    const controller = new AbortController();
    const client = createClient({ apiKey: 'sk_live_0000000000000000000000000000abcd', baseUrl: fault.baseUrl });
    fault.script(...Array.from({ length: 50 }, () => running(50)));
    const waiting = client.audits.waitForCompletion('p', 'a', {
      interval: 10_000,
      onProgress: () => controller.abort(new Error('user gave up')),
      signal: controller.signal,
    });
    await expect(waiting).rejects.toBeInstanceOf(APIAbortError);
  });

  it('sends default headers, merged by withOptions', async () => {
    fault.reset();
    const client = createClient({ apiKey: 'sk_live_0000000000000000000000000000abcd', baseUrl: fault.baseUrl, defaultHeaders: { 'X-Team': 'growth' } });
    await client.me.get();
    await client.withOptions({ defaultHeaders: { 'X-Trace': 't1' } }).me.get();
    expect(fault.requests[0]?.headers['x-team']).toBe('growth');
    expect([fault.requests[1]?.headers['x-team'], fault.requests[1]?.headers['x-trace']]).toEqual(['growth', 't1']);
    expect(fault.requests[1]?.headers.authorization).toBe('Bearer sk_live_0000000000000000000000000000abcd');
  });
});

describe('webhooks.verify and unwrap', () => {
  const client = createClient({ apiKey: 'sk_live_0000000000000000000000000000abcd', baseUrl: 'http://127.0.0.1:9' });
  const secret = generateSigningSecret();
  const body = JSON.stringify({ type: 'audit.completed', timestamp: '2025-01-15T09:30:00.000Z', data: { id: 'a1', status: 'completed' } });
  const signed = (at: Date, payload = body, key = secret) => {
    const id = 'evt_0192f8a21b4d7c21';
    return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(key).sign(id, at, payload) };
  };

  it('accepts a delivery signed with the endpoint secret and returns the typed event', async () => {
    const event = await client.webhooks.unwrap(body, signed(new Date()), secret);
    expect(event.type).toBe('audit.completed');
    if (event.type === 'audit.completed') expect(event.data.id).toBe('a1');
    await expect(client.webhooks.verify(body, new Headers(signed(new Date())), secret)).resolves.toBeUndefined();
  });

  it('refuses an altered body, another secret, an old timestamp and missing headers', async () => {
    await expect(client.webhooks.verify(body.replace('a1', 'a2'), signed(new Date()), secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(client.webhooks.verify(body, signed(new Date(), body, generateSigningSecret()), secret)).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(client.webhooks.verify(body, signed(new Date(Date.now() - 10 * 60_000)), secret)).rejects.toThrow(/more than 300 s/);
    await expect(client.webhooks.verify(body, signed(new Date(Date.now() - 10 * 60_000)), secret, { toleranceSeconds: 900 })).resolves.toBeUndefined();
    await expect(client.webhooks.verify(body, {}, secret)).rejects.toThrow(/Missing webhook-id/);
  });
});
