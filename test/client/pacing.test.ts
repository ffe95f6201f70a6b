// A starter key (60 requests per minute, bucket of 60) makes 100 calls in a row and every one
// succeeds without a single 429: the client reads the rate-limit headers and holds requests until
// the bucket has a token again. The server runs on the system clock so its bucket really refills;
// 40 calls past the burst at one per second take about 40 s, so this is the one slow test.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '@seo-geo/client';
import { startSystemClockServer, type SystemClockServer } from './support.js';

let server: SystemClockServer;
beforeAll(async () => {
  server = await startSystemClockServer();
});
afterAll(() => server.close());

it('paces 100 calls on a 60/min key without a 429', async () => {
  const statuses: number[] = [];
  let held = 0;
  const client = createClient({
    apiKey: await server.createKey({ plan: 'starter' }),
    baseUrl: server.baseUrl,
    hooks: { onResponse: (info) => statuses.push(info.status), onRateLimited: (info) => (held += info.reason === 'pacing' ? 1 : 0) },
  });
  const started = Date.now();
  for (let i = 0; i < 100; i++) {
    const me = await client.me.get();
    expect(me.plan).toBe('starter');
  }
  const elapsed = Date.now() - started;
  expect(statuses).toHaveLength(100);
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect(held).toBeGreaterThanOrEqual(39);
  // 60 at once, then one per second for the other 40.
  expect(elapsed).toBeGreaterThanOrEqual(39_000);
  expect(elapsed).toBeLessThan(50_000);
}, 90_000);
