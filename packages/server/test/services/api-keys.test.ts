import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import { AccountError, createAccountService } from '../../src/services/accounts/service.js';
import { API_KEY_PATTERN, ApiKeyError, apiKeyPrefixOf, createApiKeyService, generateApiKey, hashApiKey, SCOPES } from '../../src/services/accounts/api-keys.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';

describe('API key format', () => {
  it('is sk_live_ and 32 base62 characters, prefix the first 12', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(key).toMatch(API_KEY_PATTERN);
    expect(apiKeyPrefixOf(key)).toBe(key.slice(0, 12));
    expect(apiKeyPrefixOf(key)).toMatch(/^sk_live_[0-9A-Za-z]{4}$/);
  });

  it('draws every base62 character about equally often', () => {
    const counts = new Map<string, number>();
    const keys = 20_000;
    for (let i = 0; i < keys; i++) {
      for (const ch of generateApiKey().slice(8)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 640,000 draws: about 10,300 per character (σ ≈ 100); a modulo bias (byte % 62) would give
    // the first eight characters about 21% more. The bounds are 8 σ wide: never flaky.
    const expected = (keys * 32) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.08);
  });

  it('is hashed as hex SHA-256', () => {
    expect(hashApiKey('sk_live_abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey('sk_live_abc')).not.toBe(hashApiKey('sk_live_abd'));
  });
});

describeEachDatabase('API key service', (database) => {
  const clock = new ManualClock(Date.UTC(2025, 0, 2, 10, 0, 0, 0));
  const services = () => {
    const repos = createRepositories(database().handle.db);
    const accounts = createAccountService({ accounts: repos.accounts, clock });
    return { accounts, keys: createApiKeyService({ accounts, apiKeys: repos.apiKeys, clock }) };
  };
  const email = () => `Owner-${randomUUID()}@Example.com`;

  it('creates the account and a key with every scope by default, and returns the key once', async () => {
    const address = email();
    const created = await services().keys.createKey({ email: address, plan: 'starter' });
    expect(created).toMatchObject({
      apiKey: expect.stringMatching(API_KEY_PATTERN),
      name: 'default',
      scopes: [...SCOPES],
      accountCreated: true,
      account: { email: address.toLowerCase(), plan: 'starter' },
    });
    expect(created.apiKeyPrefix).toBe(created.apiKey.slice(0, 12));
    const again = await services().keys.createKey({ email: address, name: 'second' });
    expect(again.accountCreated).toBe(false);
    expect(again.account.id).toBe(created.account.id);
    expect(again.apiKey).not.toBe(created.apiKey);
  });

  it('stores only the hash: the full key appears nowhere in the database', async () => {
    const { apiKey } = await services().keys.createKey({ email: email(), plan: 'pro', name: 'secret-check' });
    await services().keys.authenticate(`Bearer ${apiKey}`);
    const dump = JSON.stringify(await dumpAllTables(database()));
    expect(dump).toContain(hashApiKey(apiKey));
    expect(dump).toContain(apiKeyPrefixOf(apiKey));
    expect(dump).not.toContain(apiKey);
    expect(dump).not.toContain(apiKey.slice(8));
  });

  it('keeps the scopes asked for, in canonical order, and refuses unknown ones', async () => {
    const created = await services().keys.createKey({ email: email(), plan: 'pro', scopes: ['geo:read', 'projects:read', 'geo:read'] });
    expect(created.scopes).toEqual(['projects:read', 'geo:read']);
    await expect(services().keys.createKey({ email: email(), plan: 'pro', scopes: ['projects:admin'] })).rejects.toThrow(ApiKeyError);
    await expect(services().keys.createKey({ email: email(), plan: 'pro', scopes: [] })).rejects.toThrow(/at least one scope/);
  });

  it('refuses a plan change of an existing account, a missing plan for a new one, and bad input', async () => {
    const address = email();
    await services().keys.createKey({ email: address, plan: 'starter' });
    await expect(services().keys.createKey({ email: address, plan: 'agency' })).rejects.toMatchObject({ code: 'PLAN_MISMATCH' });
    await expect(services().keys.createKey({ email: address, plan: 'starter' })).resolves.toMatchObject({ accountCreated: false });
    await expect(services().keys.createKey({ email: email() })).rejects.toMatchObject({ code: 'PLAN_REQUIRED' });
    await expect(services().keys.createKey({ email: email(), plan: 'gold' })).rejects.toMatchObject({ code: 'INVALID_PLAN' });
    await expect(services().keys.createKey({ email: 'not-an-email', plan: 'pro' })).rejects.toThrow(AccountError);
    await expect(services().keys.createKey({ email: email(), plan: 'pro', name: '  ' })).rejects.toMatchObject({ code: 'INVALID_NAME' });
  });

  it('authenticates a bearer key to its principal', async () => {
    const created = await services().keys.createKey({ email: email(), plan: 'agency', scopes: ['projects:read'] });
    const expected = {
      ok: true,
      principal: {
        accountId: created.account.id,
        email: created.account.email,
        plan: 'agency',
        pageCap: null,
        keyId: created.keyId,
        apiKeyPrefix: created.apiKeyPrefix,
        scopes: ['projects:read'],
      },
    };
    expect(await services().keys.authenticate(`Bearer ${created.apiKey}`)).toEqual(expected);
    expect(await services().keys.authenticate(`bearer   ${created.apiKey} `)).toEqual(expected);
  });

  it.each([
    [undefined, 'missing'],
    [null, 'missing'],
    ['', 'missing'],
    ['   ', 'missing'],
    ['Basic dXNlcjpwYXNz', 'malformed'],
    ['Bearer', 'malformed'],
    ['Bearer sk_live_short', 'malformed'],
    ['Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'malformed'],
    ['Bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA extra', 'malformed'],
    ['Bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA!', 'malformed'],
    ['Bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'unknown'],
  ])('refuses %j as %s', async (header, reason) => {
    expect(await services().keys.authenticate(header)).toMatchObject({ ok: false, reason });
  });

  it('refuses a revoked key, and only that key', async () => {
    const address = email();
    const first = await services().keys.createKey({ email: address, plan: 'pro' });
    const second = await services().keys.createKey({ email: address, plan: 'pro' });
    expect(await services().keys.revokeKey(first.apiKeyPrefix)).toMatchObject({ status: 'revoked' });
    expect(await services().keys.authenticate(`Bearer ${first.apiKey}`)).toEqual({ ok: false, reason: 'revoked', keyPrefix: first.apiKeyPrefix });
    expect(await services().keys.authenticate(`Bearer ${second.apiKey}`)).toMatchObject({ ok: true });
  });

  it('records last use at most once a minute', async () => {
    const address = email();
    const created = await services().keys.createKey({ email: address, plan: 'pro' });
    const lastUsed = async () => (await services().keys.listKeys(address))?.keys[0]?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const t0 = clock.now();
    await services().keys.authenticate(`Bearer ${created.apiKey}`);
    // The touch is not awaited by the request; it lands shortly after.
    await vi.waitFor(async () => expect(await lastUsed()).toBe(new Date(t0).toISOString()));
    clock.advance(59_999);
    await services().keys.authenticate(`Bearer ${created.apiKey}`);
    expect(await lastUsed()).toBe(new Date(t0).toISOString());
    clock.advance(1);
    await services().keys.authenticate(`Bearer ${created.apiKey}`);
    await vi.waitFor(async () => expect(await lastUsed()).toBe(new Date(t0 + 60_000).toISOString()));
  });

  it('lists an account’s keys without the keys themselves', async () => {
    const address = email();
    const created = await services().keys.createKey({ email: address, plan: 'pro', name: 'laptop' });
    const listed = await services().keys.listKeys(address.toUpperCase());
    expect(listed?.keys).toHaveLength(1);
    expect(listed?.keys[0]).toMatchObject({ prefix: created.apiKeyPrefix, name: 'laptop', revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.apiKey);
    expect(await services().keys.listKeys(email())).toBeNull();
  });
});

async function dumpAllTables(database: TestDatabase): Promise<unknown[]> {
  const { db } = database.handle;
  const tables = await db.introspection.getTables();
  const rows: unknown[] = [];
  for (const table of tables) {
    const result = await sql`select * from ${sql.table(table.name)}`.execute(db);
    rows.push(table.name, ...result.rows);
  }
  return rows;
}
