// A starter key (60 requests per minute, bucket of 60) makes 100 calls in a row and every one
// succeeds without a single 429: the client reads the rate-limit headers and holds requests until
// the bucket has a token again. The server, its rate limits and its `Date` header run on a manual
// clock; the client's clock reads the same time and its sleep moves it forward, so the 40 s the
// client waits pass at once and can be measured exactly.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '@seo-geo/client';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('paces 100 calls on a 60/min key without a 429', async () => {
  const statuses: number[] = [];
  const waits: number[] = [];
  let held = 0;
  const client = createClient({
    apiKey: await server.createKey({ plan: 'starter' }),
    baseUrl: server.baseUrl,
    clock: server.clock,
    sleep: async (ms, signal) => {
      signal.throwIfAborted();
      waits.push(ms);
      server.clock.advance(ms);
    },
    hooks: { onResponse: (info) => statuses.push(info.status), onRateLimited: (info) => (held += info.reason === 'pacing' ? 1 : 0) },
  });
  const started = server.clock.now();
  for (let i = 0; i < 100; i++) {
    const me = await client.me.get();
    expect(me.plan).toBe('starter');
  }
  const elapsed = server.clock.now() - started;
  expect(statuses).toHaveLength(100);
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect(held).toBeGreaterThanOrEqual(39);
  // 60 at once, then one per second for the other 40: no call waits longer than a token takes.
  expect(elapsed).toBeGreaterThanOrEqual(39_000);
  expect(elapsed).toBeLessThan(42_000);
  expect(Math.max(...waits)).toBeLessThanOrEqual(1_000);
});
