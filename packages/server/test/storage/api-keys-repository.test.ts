import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 0, 10, 9, 0, 0, 0);
const hex64 = () => randomUUID().replaceAll('-', '').repeat(2);
const prefix = () => `sk_live_${randomUUID().slice(0, 4)}`;

describeEachDatabase('api keys repository', (database) => {
  const repos = () => createRepositories(database().handle.db);
  const newAccount = async () => (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW })).account;

  it('stores a key and finds it with its account by hash', async () => {
    const account = await newAccount();
    const keyHash = hex64();
    const created = await repos().apiKeys.create({ accountId: account.id, name: 'ci', prefix: prefix(), keyHash, scopes: ['projects:read'], now: NOW });
    expect(created).not.toBeNull();
    const found = await repos().apiKeys.findActiveByHash(keyHash);
    expect(found).toEqual({ key: created, account });
    expect(found?.key.scopes).toEqual(['projects:read']);
    expect(await repos().apiKeys.findActiveByHash(hex64())).toBeNull();
  });

  it('returns null when the prefix or the hash is taken', async () => {
    const account = await newAccount();
    const p = prefix();
    const h = hex64();
    const base = { accountId: account.id, name: 'a', scopes: [], now: NOW };
    expect(await repos().apiKeys.create({ ...base, prefix: p, keyHash: h })).not.toBeNull();
    expect(await repos().apiKeys.create({ ...base, prefix: p, keyHash: hex64() })).toBeNull();
    expect(await repos().apiKeys.create({ ...base, prefix: prefix(), keyHash: h })).toBeNull();
  });

  it('lists an account’s keys newest first and only that account’s', async () => {
    const account = await newAccount();
    const other = await newAccount();
    for (const [i, owner] of [account, other, account, account].entries()) {
      await repos().apiKeys.create({ accountId: owner.id, name: `k${i}`, prefix: prefix(), keyHash: hex64(), scopes: [], now: NOW + i * 1000 });
    }
    expect((await repos().apiKeys.listByAccount(account.id)).map((k) => k.name)).toEqual(['k3', 'k2', 'k0']);
  });

  it('revokes by prefix once, keeping the first revocation time', async () => {
    const account = await newAccount();
    const p = prefix();
    const keyHash = hex64();
    await repos().apiKeys.create({ accountId: account.id, name: 'r', prefix: p, keyHash, scopes: [], now: NOW });
    const first = await repos().apiKeys.revokeByPrefix(p, NOW + 1000);
    expect(first).toMatchObject({ status: 'revoked', key: { revokedAt: '2025-01-10T09:00:01.000Z' } });
    const second = await repos().apiKeys.revokeByPrefix(p, NOW + 2000);
    expect(second).toMatchObject({ status: 'already_revoked', key: { revokedAt: '2025-01-10T09:00:01.000Z' } });
    expect(await repos().apiKeys.revokeByPrefix(prefix(), NOW)).toEqual({ status: 'not_found' });
    expect(await repos().apiKeys.findActiveByHash(keyHash)).toBeNull();
    expect((await repos().apiKeys.findByHash(keyHash))?.key.revokedAt).toBe('2025-01-10T09:00:01.000Z');
  });

  it('records when a key was last used', async () => {
    const account = await newAccount();
    const keyHash = hex64();
    const key = await repos().apiKeys.create({ accountId: account.id, name: 't', prefix: prefix(), keyHash, scopes: [], now: NOW });
    expect(key?.lastUsedAt).toBeNull();
    await repos().apiKeys.touchLastUsed(key!.id, NOW + 60_000);
    expect((await repos().apiKeys.findByHash(keyHash))?.key.lastUsedAt).toBe('2025-01-10T09:01:00.000Z');
  });
});
