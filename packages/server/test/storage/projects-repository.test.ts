import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { pageMeta } from '../../src/views/list-meta.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1, 0, 0, 0, 0);

describeEachDatabase('projects repository', (database) => {
  const repos = () => createRepositories(database().handle.db);
  const newAccount = async () => (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account;

  it('creates a project and finds it only for its own account', async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    const project = await repos().projects.create({ accountId: owner.id, name: 'Blog', primaryDomain: 'https://blog.example.com', now: NOW });
    expect(project).toEqual({
      id: expect.any(String),
      accountId: owner.id,
      name: 'Blog',
      primaryDomain: 'https://blog.example.com',
      createdAt: '2025-03-01T00:00:00.000Z',
    });
    expect(await repos().projects.findForAccount(owner.id, project.id)).toEqual(project);
    expect(await repos().projects.findForAccount(stranger.id, project.id)).toBeNull();
    expect(await repos().projects.findForAccount(owner.id, randomUUID())).toBeNull();
    expect(await repos().projects.findForAccount(owner.id, 'not-a-uuid')).toBeNull();
  });

  it('lists newest first, ties broken by id, with totals for every page', async () => {
    const account = await newAccount();
    const other = await newAccount();
    // Five projects at three distinct times; two pairs share a created_at.
    const times = [NOW, NOW + 1000, NOW + 1000, NOW + 2000, NOW + 2000];
    const created = [];
    for (const [i, t] of times.entries()) {
      created.push(await repos().projects.create({ accountId: account.id, name: `p${i}`, primaryDomain: `https://p${i}.test`, now: t }));
    }
    await repos().projects.create({ accountId: other.id, name: 'foreign', primaryDomain: 'https://f.test', now: NOW + 5000 });

    const expected = [...created].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
    expect(expected.map((p) => p.name)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0']);

    const page1 = await repos().projects.listForAccount(account.id, { page: 1, pageSize: 2 });
    const page2 = await repos().projects.listForAccount(account.id, { page: 2, pageSize: 2 });
    const page3 = await repos().projects.listForAccount(account.id, { page: 3, pageSize: 2 });
    const page4 = await repos().projects.listForAccount(account.id, { page: 4, pageSize: 2 });
    expect([...page1.items, ...page2.items, ...page3.items]).toEqual(expected);
    expect([page1.total, page2.total, page3.total, page4.total]).toEqual([5, 5, 5, 5]);
    expect(page4.items).toEqual([]);
    expect(pageMeta(page3.total, { page: 3, pageSize: 2 })).toMatchObject({ totalPages: 3, hasNextPage: false });
    expect(pageMeta(page4.total, { page: 4, pageSize: 2 })).toMatchObject({ totalPages: 3, hasNextPage: false });
    expect(await repos().projects.countForAccount(account.id)).toBe(5);
  });

  it('lists nothing for an account without projects', async () => {
    const account = await newAccount();
    expect(await repos().projects.listForAccount(account.id, { page: 1, pageSize: 20 })).toEqual({ items: [], total: 0 });
    expect(await repos().projects.countForAccount(account.id)).toBe(0);
  });

  it('never exceeds the project limit, even when creations race', async () => {
    const account = await newAccount();
    const another = await database().openConcurrent();
    const handles = [repos(), another ? createRepositories(another.db) : repos()];
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        handles[i % 2]!.projects.createWithinLimit({ accountId: account.id, name: `q${i}`, primaryDomain: 'https://q.test', now: NOW + i, maxProjects: 3 }),
      ),
    );
    expect(outcomes.filter((o) => o !== 'limit_exceeded')).toHaveLength(3);
    expect(await repos().projects.countForAccount(account.id)).toBe(3);
  });
});
