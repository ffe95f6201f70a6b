import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { canonicalJsonHash } from '../../src/storage/canonical-json.js';
import { IDEMPOTENCY_TTL_MS } from '../../src/storage/repositories/idempotency.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 0, 20, 8, 0, 0, 0);
const OP = 'createProject';
const HASH = canonicalJsonHash({ name: 'Site', primaryDomain: 'https://example.com' });

describeEachDatabase('idempotency records', (database) => {
  const repos = () => createRepositories(database().handle.db);
  const newAccount = async () =>
    (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account.id;
  const request = (accountId: string, key: string = randomUUID(), extra: Partial<{ operationId: string; requestHash: string; now: number; ttlMs: number }> = {}) => ({
    accountId,
    key,
    operationId: OP,
    requestHash: HASH,
    now: NOW,
    ...extra,
  });

  it('starts once, reports in progress, then replays the stored response', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    expect(await repos().idempotency.begin(req)).toEqual({ state: 'started' });
    expect(await repos().idempotency.begin({ ...req, now: NOW + 10 })).toEqual({ state: 'in_progress' });
    const body = { data: { id: 'p1', name: 'Site' }, meta: { requestId: 'r1' } };
    expect(await repos().idempotency.complete({ accountId, key: req.key, status: 201, body, location: '/api/public/v1/projects/p1' })).toBe(true);
    expect(await repos().idempotency.begin({ ...req, now: NOW + 20 })).toEqual({
      state: 'replay',
      status: 201,
      body,
      location: '/api/public/v1/projects/p1',
    });
  });

  it('replays a response without a Location as null', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    await repos().idempotency.begin(req);
    await repos().idempotency.complete({ accountId, key: req.key, status: 403, body: { error: { code: 'PLAN_LIMIT_EXCEEDED' } } });
    expect(await repos().idempotency.begin(req)).toMatchObject({ state: 'replay', status: 403, location: null });
  });

  it('refuses the key for another payload or another operation, running or completed', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    await repos().idempotency.begin(req);
    expect(await repos().idempotency.begin({ ...req, requestHash: canonicalJsonHash({ name: 'Other' }) })).toEqual({ state: 'mismatch' });
    expect(await repos().idempotency.begin({ ...req, operationId: 'createAudit' })).toEqual({ state: 'mismatch' });
    await repos().idempotency.complete({ accountId, key: req.key, status: 201, body: {} });
    expect(await repos().idempotency.begin({ ...req, requestHash: canonicalJsonHash({ name: 'Other' }) })).toEqual({ state: 'mismatch' });
  });

  it('forgets a released request so a retry runs, but never a completed one', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    await repos().idempotency.begin(req);
    await repos().idempotency.release({ accountId, key: req.key });
    expect(await repos().idempotency.begin(req)).toEqual({ state: 'started' });
    await repos().idempotency.complete({ accountId, key: req.key, status: 201, body: { ok: true } });
    await repos().idempotency.release({ accountId, key: req.key });
    expect(await repos().idempotency.begin(req)).toMatchObject({ state: 'replay' });
    expect(await repos().idempotency.complete({ accountId, key: req.key, status: 500, body: null })).toBe(false);
  });

  it('keeps keys per account', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const key = randomUUID();
    expect(await repos().idempotency.begin(request(a, key))).toEqual({ state: 'started' });
    expect(await repos().idempotency.begin(request(b, key, { requestHash: 'other' }))).toEqual({ state: 'started' });
  });

  it('treats a record as gone once it expires (24 hours by default)', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    await repos().idempotency.begin(req);
    await repos().idempotency.complete({ accountId, key: req.key, status: 201, body: {} });
    expect(await repos().idempotency.begin({ ...req, now: NOW + IDEMPOTENCY_TTL_MS - 1 })).toMatchObject({ state: 'replay' });
    // Expired: even another payload may now use the key.
    const later = { ...req, requestHash: 'new-hash', now: NOW + IDEMPOTENCY_TTL_MS };
    expect(await repos().idempotency.begin(later)).toEqual({ state: 'started' });
    expect(await repos().idempotency.begin({ ...later, now: later.now + 1 })).toEqual({ state: 'in_progress' });
  });

  it('purges expired records only', async () => {
    const accountId = await newAccount();
    const old = request(accountId, randomUUID(), { ttlMs: 1000 });
    const fresh = request(accountId, randomUUID(), { ttlMs: 10_000 });
    await repos().idempotency.begin(old);
    await repos().idempotency.begin(fresh);
    expect(await repos().idempotency.purgeExpired(NOW + 5000)).toBeGreaterThanOrEqual(1);
    expect(await repos().idempotency.begin({ ...fresh, now: NOW + 5000 })).toEqual({ state: 'in_progress' });
  });

  const race = async (setup: (r: Repositories, accountId: string) => Promise<{ key: string; now: number }>) => {
    const accountId = await newAccount();
    const { key, now } = await setup(repos(), accountId);
    const concurrent = await database().openConcurrent();
    const pools = [repos(), concurrent ? createRepositories(concurrent.db) : repos()];
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pools[i % 2]!.idempotency.begin(request(accountId, key, { now }))),
    );
    return outcomes.map((o) => o.state);
  };

  it('gives exactly one of 50 concurrent requests with one key the start', async () => {
    const states = await race(async () => ({ key: randomUUID(), now: NOW }));
    expect(states.filter((s) => s === 'started')).toHaveLength(1);
    expect(states.filter((s) => s === 'in_progress')).toHaveLength(49);
  });

  it('gives exactly one of 50 concurrent requests the start when they replace an expired record', async () => {
    const states = await race(async (r, accountId) => {
      const key = randomUUID();
      await r.idempotency.begin(request(accountId, key, { ttlMs: 1000 }));
      return { key, now: NOW + 1000 };
    });
    expect(states.filter((s) => s === 'started')).toHaveLength(1);
    expect(states.filter((s) => s === 'in_progress')).toHaveLength(49);
  });
});
