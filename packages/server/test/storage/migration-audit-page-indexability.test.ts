// Migration 0026: pages stored before indexability was judged read as their status tells, and as a
// stored `noindex` issue tells of a 2xx page; audits started before read as crawling alternates.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { backfillIndexability } from '../../src/storage/migrations/0026_audit_page_indexability.js';
import { uuidv7 } from '../../src/support/ids.js';
import type { NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);

const record = (auditRunId: string, path: string, statusCode: number, issues: NewAuditPage['issues'] = []): NewAuditPage => ({
  id: uuidv7(NOW + statusCode + path.length),
  auditRunId,
  url: `https://site.example${path}`,
  finalUrl: `https://site.example${path}`,
  statusCode,
  contentType: statusCode === 0 ? null : 'text/html',
  title: null,
  metaDescription: null,
  lang: null,
  wordCount: 0,
  geoScore: 0,
  hasSchema: false,
  schemaTypes: [],
  structuredData: [],
  rubricId: 'geo-2026.1',
  checks: [],
  issues,
  fetchedAt: '2025-03-01T00:00:00.000Z',
});

describeEachDatabase('migration 0026 (indexability)', (database) => {
  it('judges the pages stored before from their status and their noindex issue', async () => {
    const r = createRepositories(database().handle.db);
    const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW });
    const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now: NOW });
    const job = await r.jobs.enqueue({ kind: 'audit', accountId: account.id, payload: {}, concurrencyLimit: 10, now: NOW });
    const run = await r.auditRuns.create({
      id: uuidv7(NOW),
      projectId: project.id,
      accountId: account.id,
      seedUrl: 'https://site.example/',
      maxPages: 50,
      jobId: job.id,
      now: NOW,
    });
    expect(run.crawlHreflangAndCanonical).toBe(true);
    await r.auditPages.insertMany([
      record(run.id, '/ok', 200),
      record(run.id, '/hidden', 200, [{ code: 'noindex', severity: 'warning', message: 'The page asks not to be indexed: noindex.' }]),
      record(run.id, '/moved', 301),
      record(run.id, '/missing', 404),
      record(run.id, '/broken', 503),
      record(run.id, '/unanswered', 0),
    ]);
    await backfillIndexability(database().handle.db as never);
    const pages = await r.auditPages.list(run.id, {}, { page: 1, pageSize: 10 });
    const judged = Object.fromEntries(pages.items.map((p) => [new URL(p.url).pathname, [p.indexable, p.indexabilityStatus, p.redirectTarget]]));
    expect(judged).toEqual({
      '/ok': [true, null, null],
      '/hidden': [false, 'noindex', null],
      '/moved': [false, 'redirect', null],
      '/missing': [false, 'client_error', null],
      '/broken': [false, 'server_error', null],
      '/unanswered': [false, 'no_response', null],
    });
  });
});
