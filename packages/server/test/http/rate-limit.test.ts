// Rate limiting over HTTP, as the spec's *Rate limiting* section states it: a burst of the plan's capacity,
// then 429 with Retry-After and the seconds in the message; refill at capacity/60 per second;
// one bucket per key; buckets shared by every server instance through Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRedis } from '../support/redis.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

const PLANS = [
  ['starter', 60],
  ['pro', 300],
  ['agency', 1200],
] as const;

async function burst(server: TestServer, key: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  // Sequential in small parallel batches: the manual clock does not move, so order does not matter.
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => server.call('/me', { key })));
    statuses.push(...batch.map((r) => r.status));
  }
  return statuses;
}

describe('per-key token bucket (memory store)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(PLANS)('%s: exactly %i requests succeed in a burst, then 429 with correct headers', async (plan, capacity) => {
    const key = await server.createKey({ plan });
    const statuses = await burst(server, key, capacity);
    expect(statuses.filter((s) => s === 200)).toHaveLength(capacity);
    const refused = await server.call('/me', { key });
    expect(refused.status).toBe(429);
    expectContract('getMe', refused);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(Math.ceil(60 / capacity));
    expect(refused.body.error.message).toContain(`${retryAfter} second`);
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(capacity));
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // Empty now, so full again after a whole minute of refill.
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(Math.ceil(server.clock.now() / 1000) + 60);
    // The reset is an instant on the server's clock, and `Date` is read from the same clock: a
    // client corrects the reset by it.
    expect(refused.headers.get('date')).toBe(new Date(Math.floor(server.clock.now() / 1000) * 1000).toUTCString());
  });

  it.each(PLANS)('%s: after t seconds exactly t×rate/60 more requests succeed', async (plan, capacity) => {
    const key = await server.createKey({ plan });
    await burst(server, key, capacity);
    const seconds = 7;
    server.clock.advance(seconds * 1000);
    const expected = Math.floor((seconds * capacity) / 60);
    const statuses = await burst(server, key, expected + 3);
    expect(statuses.filter((s) => s === 200)).toHaveLength(expected);
    expect(statuses.slice(expected).every((s) => s === 429)).toBe(true);
  });

  it('a refused request costs nothing, and Remaining counts down by one per request', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const first = await server.call('/me', { key });
    const second = await server.call('/me', { key });
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(59);
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(58);
    await burst(server, key, 58);
    for (let i = 0; i < 5; i++) expect((await server.call('/me', { key })).status).toBe(429);
    server.clock.advance(1000);
    expect((await server.call('/me', { key })).status).toBe(200);
  });

  it('two keys of one account have separate buckets', async () => {
    const email = 'two-keys@example.com';
    const a = await server.createKey({ plan: 'starter', email });
    const b = await server.createKey({ plan: 'starter', email });
    await burst(server, a, 60);
    expect((await server.call('/me', { key: a })).status).toBe(429);
    const other = await server.call('/me', { key: b });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('counts a keyed request to an unknown path (404) or with a wrong method (405), with the headers', async () => {
    const fresh = await startTestServer();
    try {
      const key = await fresh.createKey({ plan: 'starter' });
      const first = await fresh.call('/me', { key });
      expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
      const missing = await fresh.call('/no-such-thing', { key });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-ratelimit-limit')).toBe('60');
      expect(missing.headers.get('x-ratelimit-remaining')).toBe('58');
      const wrongMethod = await fresh.call('/projects', { key, method: 'DELETE' });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
      expect(wrongMethod.headers.get('x-ratelimit-remaining')).toBe('57');
      // Without a key an unknown path is still a plain 404; with a bad key, 401.
      const anonymous = await fresh.call('/no-such-thing');
      expect([anonymous.status, anonymous.headers.get('x-ratelimit-limit')]).toEqual([404, null]);
      expect((await fresh.call('/no-such-thing', { headers: { authorization: `Bearer sk_live_${'z'.repeat(32)}` } })).status).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('limits failed authentications per client address, but never refuses a valid key', async () => {
    const fresh = await startTestServer();
    try {
      const bad = { authorization: `Bearer sk_live_${'z'.repeat(32)}` };
      for (let i = 0; i < 20; i++) expect((await fresh.call('/me', { headers: bad })).status).toBe(401);
      const blocked = await fresh.call('/me', { headers: bad });
      expect(blocked.status).toBe(429);
      expectContract('getMe', blocked);
      // Another client behind the same address (a NAT, a load balancer) with a valid key is served.
      const key = await fresh.createKey({ plan: 'starter' });
      const served = await fresh.call('/me', { key });
      expect(served.status).toBe(200);
      expect(served.headers.get('x-ratelimit-limit')).toBe('60');
      // The bad keys stay refused until the allowance refills.
      expect((await fresh.call('/me', { headers: bad })).status).toBe(429);
      fresh.clock.advance(3000);
      expect((await fresh.call('/me', { headers: bad })).status).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('reads the client address from X-Forwarded-For only through the proxies TRUST_PROXY names', async () => {
    const bad = (client: string) => ({ authorization: `Bearer sk_live_${'z'.repeat(32)}`, 'x-forwarded-for': client });
    const direct = await startTestServer();
    try {
      // Not trusted: a client cannot spread its failures over invented addresses.
      for (let i = 0; i < 20; i++) await direct.call('/me', { headers: bad(`198.51.100.${i}`) });
      expect((await direct.call('/me', { headers: bad('198.51.100.99') })).status).toBe(429);
    } finally {
      await direct.close();
    }
    const proxied = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
    try {
      for (let i = 0; i < 20; i++) expect((await proxied.call('/me', { headers: bad('203.0.113.5') })).status).toBe(401);
      expect((await proxied.call('/me', { headers: bad('203.0.113.5') })).status).toBe(429);
      // Another client behind the same proxy has its own allowance.
      expect((await proxied.call('/me', { headers: bad('203.0.113.6') })).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('SKIPPED: "shared buckets through Redis" — REDIS_URL is not set');

describe.skipIf(!redisUrl)('two server instances sharing Redis', () => {
  let one: TestServer;
  let two: TestServer;
  const prefix = `test:shared:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
  beforeAll(async () => {
    one = await startTestServer({ redis: true, rateLimitKeyPrefix: prefix, database: process.env.DATABASE_URL ? 'postgres' : 'sqlite' });
    // The second instance reads the same accounts: same database for PostgreSQL; for SQLite in
    // memory each instance has its own, so the key is created in both with the same id below.
    two = await startTestServer({ redis: true, rateLimitKeyPrefix: prefix });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    const redis = await openTestRedis(redisUrl!, prefix);
    await redis.dispose();
  });

  it('shares one bucket per key across instances', async () => {
    const key = await one.createKey({ plan: 'starter', email: 'shared@example.com' });
    // Give the second instance the same key (same id) so both compute the same bucket.
    await copyKey(one, two, key);
    two.clock.set(one.clock.now());
    const fromOne = await burst(one, key, 30);
    const fromTwo = await burst(two, key, 30);
    expect([...fromOne, ...fromTwo].filter((s) => s === 200)).toHaveLength(60);
    expect((await two.call('/me', { key })).status).toBe(429);
    expect((await one.call('/me', { key })).status).toBe(429);
  });
});

/** Copies an account and key row by row so that a second instance with its own database knows them. */
async function copyKey(from: TestServer, to: TestServer, key: string): Promise<void> {
  const auth = await from.services.apiKeys.authenticate(`Bearer ${key}`);
  if (!auth.ok) throw new Error('key unknown');
  const account = await from.database.db.selectFrom('accounts').selectAll().where('id', '=', auth.principal.accountId).executeTakeFirstOrThrow();
  const keyRow = await from.database.db.selectFrom('api_keys').selectAll().where('id', '=', auth.principal.keyId).executeTakeFirstOrThrow();
  const exists = await to.database.db.selectFrom('api_keys').select('id').where('id', '=', keyRow.id).executeTakeFirst();
  if (exists) return;
  await to.database.db.insertInto('accounts').values(account).execute();
  await to.database.db.insertInto('api_keys').values(keyRow).execute();
}
