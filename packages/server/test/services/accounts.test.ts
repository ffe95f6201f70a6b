import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import { createAccountService } from '../../src/services/accounts/service.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

describeEachDatabase('account service', (database) => {
  const clock = new ManualClock(Date.UTC(2025, 5, 1, 12, 0, 0, 0));
  const service = () => createAccountService({ accounts: createRepositories(database().handle.db).accounts, clock });
  const email = () => `  Person.${randomUUID()}@Example.ORG `;

  it('creates a missing account with the given plan, at the clock’s time', async () => {
    const address = email();
    const { account, created } = await service().ensureAccount({ email: address, plan: 'agency' });
    expect(created).toBe(true);
    expect(account).toMatchObject({ email: address.trim().toLowerCase(), plan: 'agency', createdAt: '2025-06-01T12:00:00.000Z' });
    expect(await service().findById(account.id)).toEqual(account);
    expect(await service().findByEmail(address)).toEqual(account);
  });

  it('returns an existing account with or without its plan named, and refuses another plan', async () => {
    const address = email();
    const { account } = await service().ensureAccount({ email: address, plan: 'pro' });
    await expect(service().ensureAccount({ email: address })).resolves.toEqual({ account, created: false });
    await expect(service().ensureAccount({ email: address, plan: 'pro' })).resolves.toEqual({ account, created: false });
    await expect(service().ensureAccount({ email: address, plan: 'starter' })).rejects.toMatchObject({ code: 'PLAN_MISMATCH' });
    expect((await service().findById(account.id))?.plan).toBe('pro');
  });

  it('refuses bad e-mails and plans before touching the database', async () => {
    await expect(service().ensureAccount({ email: 'no-at-sign', plan: 'pro' })).rejects.toMatchObject({ code: 'INVALID_EMAIL' });
    await expect(service().ensureAccount({ email: 'a b@example.com', plan: 'pro' })).rejects.toMatchObject({ code: 'INVALID_EMAIL' });
    await expect(service().ensureAccount({ email: `${'x'.repeat(250)}@example.com`, plan: 'pro' })).rejects.toMatchObject({ code: 'INVALID_EMAIL' });
    await expect(service().ensureAccount({ email: email(), plan: 'enterprise' })).rejects.toMatchObject({ code: 'INVALID_PLAN' });
    await expect(service().ensureAccount({ email: email() })).rejects.toMatchObject({ code: 'PLAN_REQUIRED' });
  });

  it('creates one account when the same new e-mail arrives twice at once', async () => {
    const address = email();
    const results = await Promise.all([1, 2, 3, 4].map(() => service().ensureAccount({ email: address, plan: 'starter' })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.account.id)).size).toBe(1);
  });

  it('sets a page cap of 1 to 1,000,000 pages on an existing account, and clears it', async () => {
    const address = email();
    const { account } = await service().ensureAccount({ email: address, plan: 'agency' });
    await expect(service().setPageCap({ email: address, pageCap: 1_000_000 })).resolves.toEqual({ ...account, pageCap: 1_000_000 });
    await expect(service().setPageCap({ email: address, pageCap: 1 })).resolves.toMatchObject({ pageCap: 1 });
    await expect(service().setPageCap({ email: address, pageCap: null })).resolves.toEqual(account);
    for (const bad of [0, -5, 1_000_001, 2.5, Number.NaN]) {
      await expect(service().setPageCap({ email: address, pageCap: bad })).rejects.toMatchObject({ code: 'INVALID_PAGE_CAP' });
    }
    await expect(service().setPageCap({ email: 'nobody@example.com', pageCap: 10 })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    expect(await service().findById(account.id)).toEqual(account);
  });
});
