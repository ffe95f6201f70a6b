import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 0, 10, 9, 0, 0, 5);
const uniqueEmail = () => `User.${randomUUID()}@Example.com`;

describeEachDatabase('accounts repository', (database) => {
  const repos = () => createRepositories(database().handle.db);

  it('creates an account with a UUIDv7 id, lower-cased e-mail and ISO timestamp', async () => {
    const email = uniqueEmail();
    const { account, created } = await repos().accounts.create({ email, plan: 'pro', now: NOW });
    expect(created).toBe(true);
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{14}7/),
      email: email.toLowerCase(),
      plan: 'pro',
      createdAt: '2025-01-10T09:00:00.005Z',
      pageCap: null,
    });
    expect(await repos().accounts.findById(account.id)).toEqual(account);
    expect(await repos().accounts.findByEmail(email.toUpperCase())).toEqual(account);
  });

  it('returns the existing account instead of a duplicate, even under concurrency', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 10 }, () => repos().accounts.create({ email, plan: 'starter', now: NOW })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.account.id)).size).toBe(1);
  });

  it('finds nothing for unknown ids and e-mails', async () => {
    expect(await repos().accounts.findById(randomUUID())).toBeNull();
    expect(await repos().accounts.findByEmail(uniqueEmail())).toBeNull();
  });

  it('sets and clears the page cap of an account, read with the account and with its keys', async () => {
    const { account } = await repos().accounts.create({ email: uniqueEmail(), plan: 'agency', now: NOW });
    const keyHash = randomUUID().replaceAll('-', '');
    await repos().apiKeys.create({ accountId: account.id, name: 'k', prefix: `sk_live_${keyHash.slice(0, 4)}`, keyHash, scopes: ['audits:write'], now: NOW });
    expect(await repos().accounts.setPageCap(account.id, 1_000_000)).toEqual({ ...account, pageCap: 1_000_000 });
    expect(await repos().accounts.findByEmail(account.email)).toMatchObject({ pageCap: 1_000_000 });
    expect((await repos().apiKeys.findByHash(keyHash))?.account).toEqual({ ...account, pageCap: 1_000_000 });
    expect(await repos().accounts.setPageCap(account.id, null)).toEqual(account);
    expect((await repos().apiKeys.findByHash(keyHash))?.account).toEqual(account);
    expect(await repos().accounts.setPageCap(randomUUID(), 10)).toBeNull();
  });
});
