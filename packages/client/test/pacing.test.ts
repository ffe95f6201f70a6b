// Pacing: the client holds requests while the key's bucket is known to be empty, shares that
// knowledge across concurrent calls, and so avoids 429s instead of retrying after them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type RateLimitedInfo } from '../src/index.js';
import { Pacer } from '../src/core/pacing.js';
import { errorBody, startFaultServer, userBody, type FaultServer, type Recorded, type Reply } from './support/fault-server.js';

const headers = (limit: number, remaining: number) =>
  new Headers({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': '0' });

describe('Pacer', () => {
  it('sends freely while nothing is known or tokens remain', () => {
    const pacer = new Pacer();
    expect(pacer.delayMs(0)).toBe(0);
    pacer.observe(headers(60, 5), 200, 1_000);
    expect(pacer.delayMs(1_000)).toBe(0);
  });

  it('holds for one refill interval (60/limit s) once remaining is 0', () => {
    const pacer = new Pacer();
    pacer.observe(headers(60, 0), 200, 10_000);
    expect(pacer.delayMs(10_000)).toBeCloseTo(1_000);
    expect(pacer.delayMs(10_400)).toBeCloseTo(600);
    expect(pacer.delayMs(11_000)).toBe(0);
    pacer.observe(headers(1200, 0), 200, 20_000);
    expect(pacer.delayMs(20_000)).toBeCloseTo(50);
  });

  it('counts requests in flight against the tokens left', () => {
    const pacer = new Pacer();
    pacer.observe(headers(60, 2), 200, 0);
    pacer.take();
    expect(pacer.delayMs(0)).toBe(0);
    pacer.take();
    expect(pacer.delayMs(0)).toBeCloseTo(1_000); // both tokens are spoken for
    pacer.release();
    expect(pacer.delayMs(0)).toBe(0);
  });

  it('holds everyone until a 429 Retry-After has passed, then forgets it after a success', () => {
    const pacer = new Pacer();
    pacer.observe(new Headers({ 'retry-after': '3', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' }), 429, 0);
    expect(pacer.delayMs(0)).toBe(3_000);
    expect(pacer.lastRefusal?.status).toBe(429);
    pacer.observe(headers(60, 10), 200, 500);
    expect(pacer.delayMs(500)).toBe(0);
  });

  it('ignores the headers of a 401, which describe the address guard, not the key', () => {
    const pacer = new Pacer();
    pacer.observe(headers(10, 0), 401, 0);
    expect(pacer.delayMs(0)).toBe(0);
  });
});

describe('pacing against a token-bucket server', () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.close());

  // A bucket of 5 tokens refilled at 600 per minute (10 per second), answering like the API.
  function bucket(capacity: number, perMinute: number): (request: Recorded) => Reply {
    // Typed as Reply so both answers share one shape.
    let tokens = capacity;
    let at = Date.now();
    return (): Reply => {
      const now = Date.now();
      tokens = Math.min(capacity, tokens + ((now - at) * perMinute) / 60_000);
      at = now;
      const reset = String(Math.ceil((now + ((capacity - tokens) * 60_000) / perMinute) / 1000));
      if (tokens < 1) {
        const retryAfter = String(Math.ceil(((1 - tokens) * 60_000) / perMinute / 1000));
        return {
          status: 429,
          headers: { 'X-RateLimit-Limit': String(perMinute), 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset, 'Retry-After': retryAfter },
          body: errorBody('RATE_LIMITED'),
        };
      }
      tokens -= 1;
      return {
        status: 200,
        headers: { 'X-RateLimit-Limit': String(perMinute), 'X-RateLimit-Remaining': String(Math.floor(tokens)), 'X-RateLimit-Reset': reset },
        body: userBody(),
      };
    };
  }

  it('25 concurrent calls after the first never hit a 429', async () => {
    const next = bucket(5, 600);
    server.script(...Array.from({ length: 26 }, () => next));
    const held: RateLimitedInfo[] = [];
    const statuses: number[] = [];
    const client = createClient({
      apiKey: 'sk_live_pacing',
      baseUrl: server.baseUrl,
      hooks: { onRateLimited: (i) => held.push(i), onResponse: (i) => statuses.push(i.status) },
    });
    await client.me.get();
    const started = Date.now();
    await Promise.all(Array.from({ length: 25 }, () => client.me.get()));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses).toHaveLength(26);
    // Once per held call, however many times it looks at the bucket again: 4 tokens were left and
    // about 2 come back while the first calls are answered, so most of the 25 were held, none twice.
    expect(held.length).toBeGreaterThanOrEqual(15);
    expect(held.length).toBeLessThanOrEqual(25);
    expect(held.every((h) => h.reason === 'pacing')).toBe(true);
    // 4 tokens were left; 21 more come back at 10 per second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(4_000);
    server.reset();
  });

  it('pacing: false fires into the 429s and relies on retries', async () => {
    const next = bucket(2, 600);
    server.script(...Array.from({ length: 40 }, () => next));
    const statuses: number[] = [];
    const client = createClient({
      apiKey: 'sk_live_pacing',
      baseUrl: server.baseUrl,
      pacing: false,
      maxRetries: 0,
      hooks: { onResponse: (i) => statuses.push(i.status) },
    });
    await client.me.get();
    await Promise.allSettled(Array.from({ length: 5 }, () => client.me.get()));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    server.reset();
  });
});
