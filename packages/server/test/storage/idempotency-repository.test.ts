import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { canonicalJsonHash } from '../../src/storage/canonical-json.js';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, type IdempotencyClaim } from '../../src/storage/repositories/idempotency.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 0, 20, 8, 0, 0, 0);
const OP = 'createProject';
const HASH = canonicalJsonHash({ name: 'Site', primaryDomain: 'https://example.com' });

describeEachDatabase('idempotency records', (database) => {
  const repos = () => createRepositories(database().handle.db);
  const newAccount = async () => (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account.id;
  const request = (
    accountId: string,
    key: string = randomUUID(),
    extra: Partial<{ operationId: string; requestHash: string; now: number; ttlMs: number; leaseMs: number }> = {},
  ) => ({
    accountId,
    key,
    operationId: OP,
    requestHash: HASH,
    now: NOW,
    ...extra,
  });

  /** Begins a request that must own its key; returns the claim. */
  const start = async (req: ReturnType<typeof request>): Promise<IdempotencyClaim> => {
    const outcome = await repos().idempotency.begin(req);
    if (outcome.state !== 'started') throw new Error(`expected started, got ${outcome.state}`);
    return outcome.claim;
  };

  it('starts once, reports in progress, then replays the stored response', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    expect(await repos().idempotency.begin(req)).toEqual({
      state: 'started',
      claim: {
        accountId,
        key: req.key,
        lease: new Date(NOW + IDEMPOTENCY_LEASE_MS).toISOString(),
        keepUntil: new Date(NOW + IDEMPOTENCY_TTL_MS).toISOString(),
      },
    });
    expect(await repos().idempotency.begin({ ...req, now: NOW + 10 })).toEqual({ state: 'in_progress' });
    const body = { data: { id: 'p1', name: 'Site' }, meta: { requestId: 'r1' } };
    const claim = {
      accountId,
      key: req.key,
      lease: new Date(NOW + IDEMPOTENCY_LEASE_MS).toISOString(),
      keepUntil: new Date(NOW + IDEMPOTENCY_TTL_MS).toISOString(),
    };
    expect(await repos().idempotency.complete({ claim, status: 201, body, location: '/api/public/v1/projects/p1' })).toBe(true);
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
    const claim = await start(req);
    await repos().idempotency.complete({ claim, status: 403, body: { error: { code: 'PLAN_LIMIT_EXCEEDED' } } });
    expect(await repos().idempotency.begin(req)).toMatchObject({ state: 'replay', status: 403, location: null });
  });

  it('refuses the key for another payload or another operation, running or completed', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    const claim = await start(req);
    expect(await repos().idempotency.begin({ ...req, requestHash: canonicalJsonHash({ name: 'Other' }) })).toEqual({ state: 'mismatch' });
    expect(await repos().idempotency.begin({ ...req, operationId: 'createAudit' })).toEqual({ state: 'mismatch' });
    await repos().idempotency.complete({ claim, status: 201, body: {} });
    expect(await repos().idempotency.begin({ ...req, requestHash: canonicalJsonHash({ name: 'Other' }) })).toEqual({ state: 'mismatch' });
  });

  it('forgets a released request so a retry runs, but never a completed one', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    await repos().idempotency.release(await start(req));
    const claim = await start(req);
    await repos().idempotency.complete({ claim, status: 201, body: { ok: true } });
    await repos().idempotency.release(claim);
    expect(await repos().idempotency.begin(req)).toMatchObject({ state: 'replay' });
    expect(await repos().idempotency.complete({ claim, status: 500, body: null })).toBe(false);
  });

  it('frees the key of a request cut off before it finished once its lease has passed', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    const crashed = await start(req);
    expect(await repos().idempotency.begin({ ...req, now: NOW + IDEMPOTENCY_LEASE_MS - 1 })).toEqual({ state: 'in_progress' });
    const retry = await start({ ...req, now: NOW + IDEMPOTENCY_LEASE_MS });
    // The cut-off request, were it still running, no longer owns the key: it can neither
    // overwrite the retry's record nor delete it.
    expect(await repos().idempotency.complete({ claim: crashed, status: 201, body: { from: 'crashed' } })).toBe(false);
    await repos().idempotency.release(crashed);
    expect(await repos().idempotency.complete({ claim: retry, status: 201, body: { from: 'retry' } })).toBe(true);
    expect(await repos().idempotency.begin({ ...req, now: NOW + IDEMPOTENCY_LEASE_MS + 1 })).toMatchObject({ state: 'replay', body: { from: 'retry' } });
    // Completed, the record is kept for the full 24 hours, counted from the request that completed it.
    expect(await repos().idempotency.begin({ ...req, now: NOW + IDEMPOTENCY_LEASE_MS + IDEMPOTENCY_TTL_MS - 1 })).toMatchObject({ state: 'replay' });
  });

  it('keeps keys per account', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const key = randomUUID();
    expect(await repos().idempotency.begin(request(a, key))).toMatchObject({ state: 'started' });
    expect(await repos().idempotency.begin(request(b, key, { requestHash: 'other' }))).toMatchObject({ state: 'started' });
  });

  it('treats a record as gone once it expires (24 hours by default)', async () => {
    const accountId = await newAccount();
    const req = request(accountId);
    await repos().idempotency.complete({ claim: await start(req), status: 201, body: {} });
    expect(await repos().idempotency.begin({ ...req, now: NOW + IDEMPOTENCY_TTL_MS - 1 })).toMatchObject({ state: 'replay' });
    // Expired: even another payload may now use the key.
    const later = { ...req, requestHash: 'new-hash', now: NOW + IDEMPOTENCY_TTL_MS };
    expect(await repos().idempotency.begin(later)).toMatchObject({ state: 'started' });
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
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => pools[i % 2]!.idempotency.begin(request(accountId, key, { now }))));
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
