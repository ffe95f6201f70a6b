// Comparing audits over HTTP: compareAudits and listAuditPageChanges on hand-made audits (stored
// as a finished audit stores them), with the default and an explicit baseline, every refusal the
// spec lists, and every response checked against the contract. Run on SQLite, and on PostgreSQL
// when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRun } from '../../src/storage/repositories/audit-runs.js';
import {
  AGAINST_OLDER,
  AVG,
  BASELINE,
  CURRENT,
  ISSUE_CHANGES,
  OLDER,
  PAGE_CHANGES,
  PAGE_COUNTS,
  SITE,
  completedRun,
  createRun,
} from '../support/audit-comparison-fixture.js';
import { expectContract, startTestServer, type ApiResponse, type TestServer } from '../support/server.js';

const backends: Array<'sqlite' | 'postgres'> = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.DATABASE_URL) console.warn('SKIPPED: audit comparison on PostgreSQL (DATABASE_URL is not set)');

const T0 = Date.UTC(2025, 0, 10);
const HOUR = 3_600_000;

const withScoreChange = (items: ReadonlyArray<(typeof PAGE_CHANGES)[number]>) =>
  items.map((item) => ({
    ...item,
    geoScoreChange: item.geoScoreBefore === null || item.geoScoreAfter === null ? null : item.geoScoreAfter - item.geoScoreBefore,
  }));

describe.each(backends)('audit comparison [%s]', (backend) => {
  let server: TestServer;
  let key: string;
  let projectId: string;
  let older: AuditRun;
  let baseline: AuditRun;
  let failed: AuditRun;
  let current: AuditRun;
  let running: AuditRun;
  let elsewhere: AuditRun;

  const comparison = (auditId: string, query = '') => server.call(`/projects/${projectId}/audits/${auditId}/comparison${query}`, { key });
  const changes = (auditId: string, query = '') => server.call(`/projects/${projectId}/audits/${auditId}/comparison/pages${query}`, { key });

  /** Both operations give the same refusal for the same audits. */
  async function expectRefusal(auditId: string, query: string, status: number, code: string, message?: RegExp): Promise<void> {
    const answers: Array<[string, ApiResponse]> = [
      ['compareAudits', await comparison(auditId, query)],
      ['listAuditPageChanges', await changes(auditId, query)],
    ];
    for (const [operation, response] of answers) {
      expect(response.status, `${operation} ${JSON.stringify(response.body)}`).toBe(status);
      expectContract(operation, response);
      expect(response.body.error.code).toBe(code);
      if (message) expect(response.body.error.message).toMatch(message);
    }
  }

  beforeAll(async () => {
    // No worker: the hand-made runs point at no job, and nothing else may touch them.
    server = await startTestServer({ ...(backend === 'postgres' ? { database: 'postgres' as const } : {}), env: { IN_PROCESS_WORKERS: 'false' } });
    const email = `comparison-${backend}-${T0}@example.com`;
    key = await server.createKey({ plan: 'agency', email });
    const accountId = (await server.repositories.accounts.findByEmail(email))!.id;
    const created = await server.call('/projects', { key, method: 'POST', json: { name: 'Site', primaryDomain: SITE } });
    projectId = created.body.data.id;
    const owner = { projectId, accountId };
    const repos = server.repositories;
    older = await completedRun(repos, owner, T0, OLDER, AVG.older);
    baseline = await completedRun(repos, owner, T0 + HOUR, BASELINE, AVG.baseline);
    failed = await createRun(repos, owner, T0 + 2 * HOUR);
    await repos.auditRuns.fail(failed.id, { code: 'internal_error', message: 'The audit stopped because of an internal error.', now: T0 + 2 * HOUR });
    current = await completedRun(repos, owner, T0 + 3 * HOUR, CURRENT, AVG.current);
    running = await createRun(repos, owner, T0 + 4 * HOUR);
    await repos.auditRuns.markRunning(running.id, T0 + 4 * HOUR);
    const other = await server.call('/projects', { key, method: 'POST', json: { name: 'Other', primaryDomain: 'https://other.example' } });
    elsewhere = await completedRun(repos, { projectId: other.body.data.id, accountId }, T0, OLDER, AVG.older);
  });
  afterAll(async () => server?.close());

  it('compares with the latest completed audit created before by default', async () => {
    const response = await comparison(current.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectContract('compareAudits', response);
    expect(response.body.data).toEqual({
      auditRunId: current.id,
      baselineAuditRunId: baseline.id,
      avgGeoScore: { current: 55, baseline: 52.3, change: 2.7 },
      pages: PAGE_COUNTS,
      issues: ISSUE_CHANGES,
    });
  });

  it('compares with the baseline given', async () => {
    const response = await comparison(current.id, `?baseline=${older.id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectContract('compareAudits', response);
    expect(response.body.data).toEqual({
      auditRunId: current.id,
      baselineAuditRunId: older.id,
      avgGeoScore: { current: 55, baseline: 40.1, change: 14.9 },
      pages: AGAINST_OLDER.pages,
      issues: AGAINST_OLDER.issues,
    });
  });

  it('lists the page changes in URL order, a page at a time', async () => {
    const first = await changes(current.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectContract('listAuditPageChanges', first);
    expect(first.body.data).toEqual(withScoreChange(PAGE_CHANGES));

    const second = await changes(current.id, '?page=2&pageSize=3');
    expect(second.status).toBe(200);
    expectContract('listAuditPageChanges', second);
    expect(second.body.data).toEqual(withScoreChange(PAGE_CHANGES.slice(3, 6)));
    expect(second.body.meta).toMatchObject({ page: 2, pageSize: 3, total: 7, totalPages: 3, hasNextPage: true });
  });

  it('filters the page changes by kind, against either baseline', async () => {
    const improved = await changes(current.id, '?change=improved');
    expect(improved.status).toBe(200);
    expectContract('listAuditPageChanges', improved);
    expect(improved.body.data.map((item: { url: string; geoScoreChange: number }) => [item.url, item.geoScoreChange])).toEqual([
      [`${SITE}/a`, 10],
      [`${SITE}/g`, 80],
    ]);
    expect(improved.body.meta).toMatchObject({ total: 2, hasNextPage: false });

    const removed = await changes(current.id, `?baseline=${older.id}&change=removed`);
    expect(removed.status).toBe(200);
    expectContract('listAuditPageChanges', removed);
    expect(removed.body.data).toEqual([
      { url: `${SITE}/z`, change: 'removed', geoScoreBefore: 50, geoScoreAfter: null, geoScoreChange: null, issuesNew: [], issuesFixed: [] },
    ]);
  });

  it('answers 409 for an audit that is not completed', async () => {
    await expectRefusal(running.id, '', 409, 'INVALID_STATE', new RegExp(`${running.id} is running`));
    await expectRefusal(failed.id, `?baseline=${older.id}`, 409, 'INVALID_STATE', new RegExp(`${failed.id} is failed`));
  });

  it('answers 409 when no completed audit was created before', async () => {
    await expectRefusal(older.id, '', 409, 'INVALID_STATE', /nothing to compare/);
  });

  it('answers 409 for a baseline that is not completed or not older', async () => {
    await expectRefusal(current.id, `?baseline=${failed.id}`, 409, 'INVALID_STATE', new RegExp(`${failed.id} is failed`));
    await expectRefusal(baseline.id, `?baseline=${current.id}`, 409, 'INVALID_STATE', /not created before/);
    await expectRefusal(current.id, `?baseline=${current.id}`, 409, 'INVALID_STATE', /not created before/);
  });

  it('answers 404 for a baseline or an audit of another project', async () => {
    await expectRefusal(current.id, `?baseline=${elsewhere.id}`, 404, 'NOT_FOUND', new RegExp(elsewhere.id));
    await expectRefusal(elsewhere.id, '', 404, 'NOT_FOUND', new RegExp(elsewhere.id));
  });

  it('answers 400 for a malformed baseline or change', async () => {
    await expectRefusal(current.id, '?baseline=not-a-uuid', 400, 'VALIDATION_ERROR');
    const response = await changes(current.id, '?change=better');
    expect(response.status).toBe(400);
    expectContract('listAuditPageChanges', response);
  });

  it("answers 404 to another account's key", async () => {
    const stranger = await server.createKey({ plan: 'agency' });
    for (const path of [`/projects/${projectId}/audits/${current.id}/comparison`, `/projects/${projectId}/audits/${current.id}/comparison/pages`]) {
      const response = await server.call(path, { key: stranger });
      expect(response.status, path).toBe(404);
      expectContract(path.endsWith('pages') ? 'listAuditPageChanges' : 'compareAudits', response);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
  });
});
