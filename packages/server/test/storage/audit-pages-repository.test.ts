// Listing the pages of an audit: the OFFSET path (while the audit runs) and the rank path (once it
// is final) must list exactly the same pages, in URL order, with the same totals, for every
// filter combination and every page, including pages past the end.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { uuidv7 } from '../../src/storage/ids.js';
import type { AuditPageFilter, NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);
const PAGES = 257;

function page(auditRunId: string, i: number): NewAuditPage {
  // URLs in an order unrelated to insertion order; duplicate URL prefixes to exercise the id tie-break path.
  const n = (i * 7919) % PAGES;
  return {
    id: uuidv7(NOW + i),
    auditRunId,
    url: `https://site.example/${String.fromCharCode(97 + (n % 26))}/page-${n}`,
    finalUrl: `https://site.example/page-${n}`,
    statusCode: 200,
    contentType: 'text/html',
    title: `Page ${n}`,
    metaDescription: null,
    lang: 'en',
    wordCount: 100,
    geoScore: (n * 37) % 101,
    hasSchema: n % 3 !== 0,
    schemaTypes: n % 3 !== 0 ? ['Article'] : [],
    structuredData: n % 3 !== 0 ? [{ syntax: 'json-ld', types: ['Article'], richResult: 'Article', errors: [], warnings: [] }] : [],
    rubricId: 'geo-2026.1',
    checks: [],
    issues: [],
    fetchedAt: '2025-03-01T00:00:00.000Z',
  };
}

describeEachDatabase('audit pages repository', (database) => {
  const repos = () => createRepositories(database().handle.db);

  it('lists the same pages before and after ranking, for every filter and page', async () => {
    const r = repos();
    const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW });
    const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now: NOW });
    const job = await r.jobs.enqueue({ kind: 'audit', accountId: account.id, payload: {}, concurrencyLimit: 10, now: NOW });
    const run = await r.auditRuns.create({ id: uuidv7(NOW), projectId: project.id, accountId: account.id, seedUrl: 'https://site.example/', maxPages: 500, jobId: job.id, now: NOW });
    const stored = Array.from({ length: PAGES }, (_, i) => page(run.id, i));
    await r.auditPages.insertMany(stored);

    const filters: AuditPageFilter[] = [{}, { hasSchema: true }, { hasSchema: false }, { minGeoScore: 50 }, { minGeoScore: 50.5, hasSchema: true }, { minGeoScore: 0, hasSchema: false }, { minGeoScore: 100 }];
    const listAll = async (filter: AuditPageFilter, ranked: boolean) => {
      const seen: string[] = [];
      const totals = new Set<number>();
      for (let p = 1; p <= 12; p++) {
        const result = await r.auditPages.list(run.id, filter, { page: p, pageSize: 25 }, ranked ? { ranked: true, knownTotals: { all: PAGES, withSchema: stored.filter((p) => p.hasSchema).length } } : {});
        totals.add(result.total);
        seen.push(...result.items.map((item) => item.url));
      }
      return { urls: seen, totals: [...totals] };
    };

    const before = await Promise.all(filters.map((f) => listAll(f, false)));
    await r.auditPages.rank(run.id);
    await r.auditRuns.markPagesRanked(run.id);
    expect((await r.auditRuns.find(run.id))!.pagesRanked).toBe(true);
    const after = await Promise.all(filters.map((f) => listAll(f, true)));

    filters.forEach((filter, i) => {
      const expected = stored
        .filter((p) => (filter.hasSchema === undefined || p.hasSchema === filter.hasSchema) && (filter.minGeoScore === undefined || p.geoScore > filter.minGeoScore))
        .map((p) => p.url)
        .sort();
      expect(before[i]!.urls, JSON.stringify(filter)).toEqual(expected);
      expect(after[i]!.urls, JSON.stringify(filter)).toEqual(expected);
      expect(before[i]!.totals, JSON.stringify(filter)).toEqual([expected.length]);
      expect(after[i]!.totals, JSON.stringify(filter)).toEqual([expected.length]);
    });
  });

  it('keeps each page\'s structured-data items and rubric version; rows from before them read as geo-2025.1 with no items', async () => {
    const r = repos();
    const db = database().handle.db;
    const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW });
    const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now: NOW });
    const job = await r.jobs.enqueue({ kind: 'audit', accountId: account.id, payload: {}, concurrencyLimit: 10, now: NOW });
    const run = await r.auditRuns.create({ id: uuidv7(NOW), projectId: project.id, accountId: account.id, seedUrl: 'https://site.example/', maxPages: 500, jobId: job.id, now: NOW });
    const item = {
      syntax: 'json-ld', types: ['Product'], richResult: 'Product',
      errors: [{ code: 'missing_required', property: 'name', message: 'Product: the required property name is missing.' }],
      warnings: [{ code: 'missing_recommended', property: 'review', message: 'Product: the recommended property review is missing.' }],
    };
    const current = { ...page(run.id, 1), structuredData: [item], rubricId: 'geo-2026.1' };
    await r.auditPages.insertMany([current]);
    // A row as the previous version wrote it: the two columns take their defaults.
    const old = page(run.id, 2);
    await db.insertInto('audit_pages').values({
      id: old.id, audit_run_id: run.id, url: old.url, final_url: old.finalUrl, status_code: 200, content_type: 'text/html',
      title: old.title, meta_description: null, lang: 'en', word_count: 100, geo_score: 50, has_schema: 0,
      schema_types: '[]', checks: '[]', issues: '[]', fetched_at: old.fetchedAt,
    }).execute();
    const { items } = await r.auditPages.list(run.id, {}, { page: 1, pageSize: 10 });
    const byId = new Map(items.map((p) => [p.id, p]));
    expect(byId.get(current.id)).toMatchObject({ structuredData: [item], rubricId: 'geo-2026.1' });
    expect(byId.get(old.id)).toMatchObject({ structuredData: [], rubricId: 'geo-2025.1' });
  });
});
