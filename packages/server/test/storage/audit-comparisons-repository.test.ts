// Comparing two audits in SQL on every backend: the default baseline, the per-code figures, the
// page counts and the page list with each `change` filter and across pages, against figures
// worked out by hand (support/audit-comparison-fixture). A third audit of the same URLs sits in
// the same tables, so a query that strays from its two runs gives other numbers.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { AuditRun } from '../../src/storage/repositories/audit-runs.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import {
  AGAINST_OLDER,
  BASELINE,
  CURRENT,
  OLDER,
  PAGE_CHANGES,
  PAGE_COUNTS,
  EMPTY_SUMMARY,
  completedRun,
  createRun,
} from '../support/audit-comparison-fixture.js';
import { describeEachDatabase } from '../support/databases.js';

const T0 = Date.UTC(2025, 2, 1);
const HOUR = 3_600_000;

const sortedCodes = (changes: Array<{ code: string; pagesNew: number; pagesFixed: number }>) => [...changes].sort((a, b) => (a.code < b.code ? -1 : 1));

describeEachDatabase('audit comparisons repository', (database) => {
  let r: Repositories;
  let owner: { projectId: string; accountId: string };
  let older: AuditRun;
  let baseline: AuditRun;
  let current: AuditRun;

  beforeAll(async () => {
    r = createRepositories(database().handle.db);
    const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: T0 });
    const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now: T0 });
    owner = { projectId: project.id, accountId: account.id };
    older = await completedRun(r, owner, T0, OLDER, 40.1);
    baseline = await completedRun(r, owner, T0 + HOUR, BASELINE, 52.3);
    current = await completedRun(r, owner, T0 + 3 * HOUR, CURRENT, 55);
  });

  it('takes the latest completed audit of the project created before as the default baseline', async () => {
    const failed = await createRun(r, owner, T0 + 2 * HOUR);
    await r.auditRuns.fail(failed.id, { code: 'internal_error', message: 'x', now: T0 + 2 * HOUR });
    // Completed after `current` was created, but created before it: creation time decides.
    const slow = await createRun(r, owner, T0 + 2 * HOUR + 1);
    await r.auditRuns.markRunning(slow.id, T0 + 2 * HOUR + 1);
    const running = await createRun(r, owner, T0 + 4 * HOUR);
    await r.auditRuns.markRunning(running.id, T0 + 4 * HOUR);
    const other = await r.projects.create({ accountId: owner.accountId, name: 'Other', primaryDomain: 'https://other.example', now: T0 });
    await completedRun(r, { projectId: other.id, accountId: owner.accountId }, T0 + 2 * HOUR, [], 10);

    expect(await r.auditComparisons.previousCompleted(owner.projectId, current)).toBe(baseline.id);
    expect(await r.auditComparisons.previousCompleted(owner.projectId, baseline)).toBe(older.id);
    expect(await r.auditComparisons.previousCompleted(owner.projectId, older)).toBeNull();
    expect(await r.auditComparisons.previousCompleted(owner.projectId, running)).toBe(current.id);

    await r.auditRuns.complete(slow.id, { summary: EMPTY_SUMMARY, stopReason: 'all_pages_crawled', now: T0 + 5 * HOUR });
    expect(await r.auditComparisons.previousCompleted(owner.projectId, current)).toBe(slow.id);
  });

  it('breaks a tie of creation times by id, as the audits list orders runs', async () => {
    const project = await r.projects.create({ accountId: owner.accountId, name: 'Tie', primaryDomain: 'https://tie.example', now: T0 });
    const tied = { projectId: project.id, accountId: owner.accountId };
    const [first, second] = (await Promise.all([completedRun(r, tied, T0, [], null), completedRun(r, tied, T0, [], null)])).sort((a, b) =>
      a.id < b.id ? -1 : 1,
    );
    expect(first.createdAt).toBe(second.createdAt);
    expect(await r.auditComparisons.previousCompleted(project.id, second)).toBe(first.id);
    expect(await r.auditComparisons.previousCompleted(project.id, first)).toBeNull();
  });

  it('counts, per code, the pages that gained it and the pages audited again that lost it', async () => {
    expect(sortedCodes(await r.auditComparisons.issueChanges(current.id, baseline.id))).toEqual([
      { code: 'broken_internal_link', pagesNew: 1, pagesFixed: 0 },
      { code: 'h1_missing', pagesNew: 1, pagesFixed: 0 },
      { code: 'meta_description_missing', pagesNew: 0, pagesFixed: 1 },
      { code: 'thin_content', pagesNew: 1, pagesFixed: 0 },
      { code: 'title_missing', pagesNew: 1, pagesFixed: 2 },
    ]);
    expect(sortedCodes(await r.auditComparisons.issueChanges(current.id, older.id))).toEqual(
      sortedCodes(AGAINST_OLDER.issues.filter((i) => i.pagesNew + i.pagesFixed > 0).map(({ code, pagesNew, pagesFixed }) => ({ code, pagesNew, pagesFixed }))),
    );
  });

  it('counts the pages by change', async () => {
    expect(await r.auditComparisons.pageCounts(current.id, baseline.id)).toEqual(PAGE_COUNTS);
    expect(await r.auditComparisons.pageCounts(current.id, older.id)).toEqual(AGAINST_OLDER.pages);
    // Reversed, additions and removals swap and so do improvements and declines.
    expect(await r.auditComparisons.pageCounts(baseline.id, current.id)).toEqual({ added: 1, removed: 1, improved: 1, declined: 2, unchanged: 2 });
  });

  it('lists every URL of both audits in URL order, a page at a time', async () => {
    const all = await r.auditComparisons.pageChanges(current.id, baseline.id, {}, { page: 1, pageSize: 20 });
    expect(all).toEqual({ items: PAGE_CHANGES, total: 7 });
    const pages = await Promise.all([1, 2, 3, 4].map((page) => r.auditComparisons.pageChanges(current.id, baseline.id, {}, { page, pageSize: 3 })));
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((p) => p.items.map((item) => item.url.slice(-2)))).toEqual([['/a', '/b', '/c'], ['/d', '/e', '/f'], ['/g'], []]);
    expect(pages.flatMap((p) => p.items)).toEqual(PAGE_CHANGES);
  });

  it('filters by each kind of change, with its own total', async () => {
    for (const change of ['added', 'removed', 'improved', 'declined', 'unchanged'] as const) {
      const expected = PAGE_CHANGES.filter((item) => item.change === change);
      expect(expected.length, change).toBe(PAGE_COUNTS[change]);
      expect(await r.auditComparisons.pageChanges(current.id, baseline.id, { change }, { page: 1, pageSize: 20 }), change).toEqual({
        items: expected,
        total: expected.length,
      });
    }
    expect(await r.auditComparisons.pageChanges(current.id, baseline.id, { change: 'improved' }, { page: 2, pageSize: 1 })).toEqual({
      items: [PAGE_CHANGES[6]],
      total: 2,
    });
    expect(await r.auditComparisons.pageChanges(current.id, baseline.id, { change: 'unchanged' }, { page: 3, pageSize: 1 })).toEqual({ items: [], total: 2 });
  });

  it('gives a removed page no fixed codes and an added page all of its codes', async () => {
    const { items } = await r.auditComparisons.pageChanges(current.id, older.id, {}, { page: 1, pageSize: 20 });
    expect(items.map((item) => [item.url.slice(-2), item.change, item.issuesNew, item.issuesFixed])).toEqual([
      ['/a', 'improved', ['h1_missing', 'thin_content'], ['broken_internal_link']],
      ['/b', 'declined', [], []],
      ['/c', 'added', ['thin_content'], []],
      ['/e', 'added', ['broken_internal_link', 'title_missing'], []],
      ['/f', 'added', [], []],
      ['/g', 'added', [], []],
      ['/z', 'removed', [], []],
    ]);
  });

  it('shows no score for a record that was not scored, and still counts it as 0 in the change', async () => {
    const other = await r.projects.create({ accountId: owner.accountId, name: 'Statuses', primaryDomain: 'https://site.example', now: T0 });
    const statuses = { projectId: other.id, accountId: owner.accountId };
    const before = await completedRun(
      r,
      statuses,
      T0 + 10 * HOUR,
      [
        ['/back', 0, [], 404],
        ['/gone', 35, []],
        ['/still', 0, [], 500],
      ],
      35,
    );
    const after = await completedRun(
      r,
      statuses,
      T0 + 11 * HOUR,
      [
        ['/back', 55, []],
        ['/gone', 0, [], 404],
        ['/still', 0, [], 404],
      ],
      55,
    );
    const { items } = await r.auditComparisons.pageChanges(after.id, before.id, {}, { page: 1, pageSize: 10 });
    expect(items.map((item) => [item.url.slice(-5), item.change, item.geoScoreBefore, item.geoScoreAfter])).toEqual([
      ['/back', 'improved', null, 55],
      ['/gone', 'declined', 35, null],
      ['still', 'unchanged', null, null],
    ]);
    expect(await r.auditComparisons.pageCounts(after.id, before.id)).toEqual({ added: 0, removed: 0, improved: 1, declined: 1, unchanged: 1 });
  });
});
