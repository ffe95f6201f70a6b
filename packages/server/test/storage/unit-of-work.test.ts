// Units of work: repositories built on joiningUnitsOfWork(db) write into the unit of the code
// that runs inside it, a transaction opened inside becomes a savepoint, and nothing leaks in from
// (or out to) work that merely started there, like a worker poll woken by a request.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { startPollLoop } from '../../src/support/poll-loop.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { joiningUnitsOfWork, startUnitOfWork } from '../../src/storage/unit-of-work.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1, 0, 0, 0, 0);

describeEachDatabase('units of work', (database) => {
  const raw = () => createRepositories(database().handle.db);
  const joining = () => createRepositories(joiningUnitsOfWork(database().handle.db));
  const newAccount = async () => (await raw().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account.id;
  const project = (accountId: string, name: string) => ({ accountId, name, primaryDomain: 'https://unit.example', now: NOW });

  it('commits the writes made inside it together, and rolls them back together', async () => {
    const accountId = await newAccount();
    const kept = await startUnitOfWork(database().handle.db);
    await kept.run(async () => {
      await joining().projects.create(project(accountId, 'one'));
      await joining().projects.createWithinLimit({ ...project(accountId, 'two'), maxProjects: 10 });
    });
    await kept.commit();
    expect(await raw().projects.countForAccount(accountId)).toBe(2);

    const dropped = await startUnitOfWork(database().handle.db);
    await dropped.run(() => joining().projects.create(project(accountId, 'three')));
    await dropped.rollback();
    expect(await raw().projects.countForAccount(accountId)).toBe(2);
  });

  it('turns a transaction inside it into a savepoint: a failed one is undone, the unit goes on', async () => {
    const accountId = await newAccount();
    const db = joiningUnitsOfWork(database().handle.db);
    const unit = await startUnitOfWork(database().handle.db);
    await unit.run(async () => {
      await joining().projects.create(project(accountId, 'before'));
      await expect(
        db.transaction().execute(async (trx) => {
          await createRepositories(trx).projects.create(project(accountId, 'undone'));
          throw new Error('inner failure');
        }),
      ).rejects.toThrow('inner failure');
      await joining().projects.create(project(accountId, 'after'));
    });
    await unit.commit();
    const names = (await raw().projects.listForAccount(accountId, { page: 1, pageSize: 10 })).items.map((p) => p.name).sort();
    expect(names).toEqual(['after', 'before']);
  });

  it('is left by a poll woken from inside it: the poll runs in the loop’s own context', async () => {
    const marker = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    let polled!: () => void;
    let next = new Promise<void>((resolve) => (polled = resolve));
    const loop = startPollLoop(async () => {
      seen.push(marker.getStore());
      polled();
    }, 60_000);
    try {
      await next;
      next = new Promise<void>((resolve) => (polled = resolve));
      marker.run('request', () => loop.wake());
      await next;
      expect(seen).toEqual([undefined, undefined]);
    } finally {
      await loop.stop();
    }
  });
});
