// Listing the pages of an audit: the OFFSET path (while the audit runs) and the rank path (once it
// is final) must list exactly the same pages, in URL order, with the same totals, for every
// filter combination and every page, including pages past the end. A final run's lists filtered by
// score or issue start from its blocks: cut small here, so that pages cross them.
import { expect, it } from 'vitest';
import { uuidv7 } from '../../src/support/ids.js';
import { createAuditPagesRepository, type AuditPageFilter, type NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { down as downPageCounts, up as upPageCounts } from '../../src/storage/migrations/0011_audit_page_counts.js';
import { createAuditRun } from '../support/audit-run.js';
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
    // Codes by residue, one of them twice on a page (one row per page and code all the same).
    issues: [
      ...(n % 2 === 0 ? [{ code: 'h1_missing', severity: 'warning' as const, message: 'No H1.' }] : []),
      ...(n % 5 === 0
        ? [
            { code: 'structured_data_invalid', severity: 'error' as const, message: 'Item 1.' },
            { code: 'structured_data_invalid', severity: 'error' as const, message: 'Item 2.' },
          ]
        : []),
    ],
    fetchedAt: '2025-03-01T00:00:00.000Z',
  };
}

describeEachDatabase('audit pages repository', (database) => {
  const repos = () => createRepositories(database().handle.db);

  it('lists the same pages before and after ranking, for every filter and page', async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    const stored = Array.from({ length: PAGES }, (_, i) => page(run.id, i));
    await r.auditPages.insertMany(stored);

    const filters: AuditPageFilter[] = [
      {},
      { hasSchema: true },
      { hasSchema: false },
      { minGeoScore: 50 },
      { minGeoScore: 50.5, hasSchema: true },
      { minGeoScore: 0, hasSchema: false },
      { minGeoScore: 100 },
      { issue: 'h1_missing' },
      { issue: 'structured_data_invalid', hasSchema: true },
      { issue: 'h1_missing', minGeoScore: 40.5, hasSchema: false },
      { issue: 'no_such_code' },
      { maxGeoScore: 30.5, hasSchema: true },
      { minGeoScore: 10, maxGeoScore: 90 },
    ];
    const listAll = async (filter: AuditPageFilter, ranked: boolean) => {
      const seen: string[] = [];
      const totals = new Set<number>();
      for (let p = 1; p <= 12; p++) {
        const result = await r.auditPages.list(run.id, filter, { page: p, pageSize: 25 }, { ranked });
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
        .filter(
          (p) =>
            (filter.hasSchema === undefined || p.hasSchema === filter.hasSchema) &&
            (filter.minGeoScore === undefined || p.geoScore > filter.minGeoScore) &&
            (filter.maxGeoScore === undefined || p.geoScore <= filter.maxGeoScore),
        )
        .filter((p) => filter.issue === undefined || p.issues.some((issue) => issue.code === filter.issue))
        .map((p) => p.url)
        .sort();
      expect(before[i]!.urls, JSON.stringify(filter)).toEqual(expected);
      expect(after[i]!.urls, JSON.stringify(filter)).toEqual(expected);
      expect(before[i]!.totals, JSON.stringify(filter)).toEqual([expected.length]);
      expect(after[i]!.totals, JSON.stringify(filter)).toEqual([expected.length]);
    });
  });

  it('lists the same pages from blocks of a few pages, page sizes crossing them, URLs repeated, and without blocks', async () => {
    const r = repos();
    const db = database().handle.db;
    const run = await createAuditRun(r, { now: NOW });
    // Every tenth page again under the URL of the page before it: the (url, id) order breaks the tie.
    const stored = Array.from({ length: PAGES }, (_, i) => page(run.id, i)).map((p, i, all) => (i % 10 === 9 ? { ...p, url: all[i - 1]!.url } : p));
    const pages = createAuditPagesRepository(db, undefined, { blockSize: 10 });
    await pages.insertMany(stored);
    await pages.rank(run.id);
    await r.auditRuns.markPagesRanked(run.id);
    const blocks = await db.selectFrom('audit_page_blocks').select(['code', 'block']).where('audit_run_id', '=', run.id).execute();
    expect(blocks.filter((b) => b.code === '')).toHaveLength(Math.ceil(PAGES / 10));
    expect(blocks.some((b) => b.code === 'h1_missing' && b.block > 5)).toBe(true);

    const expected = (filter: AuditPageFilter) =>
      stored
        .filter(
          (p) =>
            (filter.hasSchema === undefined || p.hasSchema === filter.hasSchema) &&
            (filter.minGeoScore === undefined || p.geoScore > filter.minGeoScore) &&
            (filter.maxGeoScore === undefined || p.geoScore <= filter.maxGeoScore) &&
            (filter.issue === undefined || p.issues.some((issue) => issue.code === filter.issue)),
        )
        .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.id < b.id ? -1 : 1))
        .map((p) => p.id);
    const listAll = async (filter: AuditPageFilter, pageSize: number) => {
      const ids: string[] = [];
      const totals = new Set<number>();
      for (let p = 1; p <= Math.ceil(PAGES / pageSize) + 1; p++) {
        const result = await pages.list(run.id, filter, { page: p, pageSize }, { ranked: true });
        totals.add(result.total);
        ids.push(...result.items.map((item) => item.id));
      }
      return { ids, totals: [...totals] };
    };
    const filters: AuditPageFilter[] = [
      { minGeoScore: 0 },
      { minGeoScore: 59.5 },
      { minGeoScore: 99 },
      { minGeoScore: 100 },
      { minGeoScore: 50, hasSchema: true },
      { minGeoScore: 20, hasSchema: false },
      { issue: 'h1_missing' },
      { issue: 'structured_data_invalid' },
      { issue: 'h1_missing', hasSchema: true },
      { issue: 'h1_missing', minGeoScore: 40.5, hasSchema: false },
      { issue: 'structured_data_invalid', minGeoScore: 70 },
      { issue: 'no_such_code', minGeoScore: 10 },
      { maxGeoScore: 40.5 },
      { maxGeoScore: 0 },
      { minGeoScore: 20, maxGeoScore: 70, hasSchema: true },
      { issue: 'h1_missing', maxGeoScore: 60 },
    ];
    for (const filter of filters) {
      for (const pageSize of [1, 7, 10, 100]) {
        expect(await listAll(filter, pageSize), `${JSON.stringify(filter)}, pageSize ${pageSize}`).toEqual({
          ids: expected(filter),
          totals: [expected(filter).length],
        });
      }
    }

    // A run ranked before blocks existed (migration 0015) has none: its lists are read as before.
    await db.deleteFrom('audit_page_blocks').where('audit_run_id', '=', run.id).execute();
    for (const filter of filters) {
      expect(await listAll(filter, 7), JSON.stringify(filter)).toEqual({ ids: expected(filter), totals: [expected(filter).length] });
    }
    // About 6,000 list queries (every page size down to one row, for sixteen filters): PostgreSQL
    // answers them in seconds alone, and took over the suite's 30 seconds on two busy cores.
  }, 120_000);

  it('counts the pages of runs ranked before the counts existed (migration 0011), so their totals stay right', async () => {
    const r = repos();
    const db = database().handle.db;
    const run = await createAuditRun(r, { now: NOW });
    const stored = Array.from({ length: PAGES }, (_, i) => page(run.id, i));
    await r.auditPages.insertMany(stored);
    await r.auditPages.rank(run.id);
    await r.auditRuns.markPagesRanked(run.id);
    // As a database migrated before 0011 holds it: ranked, without counts.
    await downPageCounts(db as never);
    await upPageCounts(db as never);
    for (const filter of [
      {},
      { hasSchema: false },
      { issue: 'h1_missing', minGeoScore: 30 },
      { issue: 'structured_data_invalid', hasSchema: true },
    ] as AuditPageFilter[]) {
      const expected = stored.filter(
        (p) =>
          (filter.hasSchema === undefined || p.hasSchema === filter.hasSchema) &&
          (filter.minGeoScore === undefined || p.geoScore > filter.minGeoScore) &&
          (filter.issue === undefined || p.issues.some((issue) => issue.code === filter.issue)),
      ).length;
      expect((await r.auditPages.list(run.id, filter, { page: 1, pageSize: 10 }, { ranked: true })).total, JSON.stringify(filter)).toBe(expected);
    }
  });

  it("keeps each page's structured-data items and rubric version; rows from before them read as geo-2025.1 with no items", async () => {
    const r = repos();
    const db = database().handle.db;
    const run = await createAuditRun(r, { now: NOW });
    const item: NonNullable<NewAuditPage['structuredData']>[number] = {
      syntax: 'json-ld',
      types: ['Product'],
      richResult: 'Product',
      errors: [{ code: 'missing_required', property: 'name', message: 'Product: the required property name is missing.' }],
      warnings: [{ code: 'missing_recommended', property: 'review', message: 'Product: the recommended property review is missing.' }],
    };
    const current = { ...page(run.id, 1), structuredData: [item], rubricId: 'geo-2026.1' };
    await r.auditPages.insertMany([current]);
    // A row as the previous version wrote it: the two columns take their defaults.
    const old = page(run.id, 2);
    await db
      .insertInto('audit_pages')
      .values({
        id: old.id,
        audit_run_id: run.id,
        url: old.url,
        final_url: old.finalUrl,
        status_code: 200,
        content_type: 'text/html',
        title: old.title,
        meta_description: null,
        lang: 'en',
        word_count: 100,
        geo_score: 50,
        has_schema: 0,
        schema_types: '[]',
        checks: '[]',
        issues: '[]',
        fetched_at: old.fetchedAt,
      })
      .execute();
    const { items } = await r.auditPages.list(run.id, {}, { page: 1, pageSize: 10 });
    const byId = new Map(items.map((p) => [p.id, p]));
    expect(byId.get(current.id)).toMatchObject({ structuredData: [item], rubricId: 'geo-2026.1' });
    expect(byId.get(old.id)).toMatchObject({ structuredData: [], rubricId: 'geo-2025.1' });
  });

  async function runWithPages(r: ReturnType<typeof repos>) {
    const run = await createAuditRun(r, { now: NOW });
    const stored = Array.from({ length: PAGES }, (_, i) => page(run.id, i));
    await r.auditPages.insertMany(stored);
    return { run, stored };
  }

  it('iterates the filtered pages in URL order, batch by batch, as the export reads them', async () => {
    const r = repos();
    const { run, stored } = await runWithPages(r);
    for (const filter of [{}, { hasSchema: false, minGeoScore: 20 }, { issue: 'structured_data_invalid' }] as AuditPageFilter[]) {
      const batches: number[] = [];
      const urls: string[] = [];
      for await (const batch of r.auditPages.iterate(run.id, filter, { batchSize: 40 })) {
        batches.push(batch.length);
        urls.push(...batch.map((p) => p.url));
      }
      const expected = (await Promise.all([1, 2, 3, 4, 5, 6].map((n) => r.auditPages.list(run.id, filter, { page: n, pageSize: 100 })))).flatMap((p) =>
        p.items.map((i) => i.url),
      );
      expect(urls, JSON.stringify(filter)).toEqual(expected);
      expect(
        batches.slice(0, -1).every((n) => n === 40),
        JSON.stringify(filter),
      ).toBe(true);
    }
    expect(stored.length).toBe(PAGES);
  });

  it('adds what the site checks found to stored pages when they are ranked: depth, inlinks, issues; their issue rows at once', async () => {
    const r = repos();
    const { run, stored } = await runWithPages(r);
    const [a, b, c] = stored;
    await r.auditPages.applySiteResults(run.id, [
      { url: a!.url, depth: 0, inlinks: 12, issues: [] },
      {
        url: b!.url,
        depth: 4,
        inlinks: 1,
        issues: [
          { code: 'crawl_depth_high', severity: 'notice', message: 'Four clicks.' },
          { code: 'h1_missing', severity: 'warning', message: 'Again.' },
        ],
      },
      { url: c!.url, depth: null, inlinks: 0, issues: [{ code: 'orphan_page', severity: 'warning', message: 'Only in the sitemap.' }] },
      { url: 'https://site.example/not-stored', depth: 1, inlinks: 1, issues: [{ code: 'orphan_page', severity: 'warning', message: 'Ignored.' }] },
    ]);
    const listAll = async () => {
      const pages = await Promise.all([1, 2, 3].map((n) => r.auditPages.list(run.id, {}, { page: n, pageSize: 100 })));
      return new Map(pages.flatMap((p) => p.items).map((p) => [p.url, p]));
    };
    // While the run is live its pages are as the crawl stored them (the contract: null until the end).
    const live = await listAll();
    expect([...live.values()].every((p) => p.depth === null && p.inlinks === null)).toBe(true);
    expect(live.get(b!.url)!.issues).toEqual(b!.issues);
    // The issue rows are there already: the issues view and the issue filter count them.
    expect((await r.auditPages.list(run.id, { issue: 'orphan_page' }, { page: 1, pageSize: 10 })).items.map((p) => p.url)).toEqual([c!.url]);

    await r.auditPages.rank(run.id);
    const byUrl = await listAll();
    expect(byUrl.get(a!.url)).toMatchObject({ depth: 0, inlinks: 12, issues: a!.issues });
    expect(byUrl.get(b!.url)).toMatchObject({
      depth: 4,
      inlinks: 1,
      issues: [
        ...b!.issues,
        { code: 'crawl_depth_high', severity: 'notice', message: 'Four clicks.' },
        { code: 'h1_missing', severity: 'warning', message: 'Again.' },
      ],
    });
    expect(byUrl.get(c!.url)).toMatchObject({ depth: null, inlinks: 0 });
    expect(
      [...byUrl.values()].filter((p) => p.url !== a!.url && p.url !== b!.url && p.url !== c!.url).every((p) => p.depth === null && p.inlinks === null),
    ).toBe(true);
    expect((await r.auditPages.list(run.id, { issue: 'orphan_page' }, { page: 1, pageSize: 10 })).items.map((p) => p.url)).toEqual([c!.url]);
    expect(
      (await r.auditPages.list(run.id, { issue: 'crawl_depth_high', hasSchema: b!.hasSchema }, { page: 1, pageSize: 10 })).items.map((p) => p.url),
    ).toEqual([b!.url]);
    // The page already had h1_missing or not: either way one row for the code.
    const h1 = (await r.auditPages.list(run.id, { issue: 'h1_missing' }, { page: 1, pageSize: 200 })).items.map((p) => p.url);
    expect(h1.filter((url) => url === b!.url)).toEqual([b!.url]);
    // Ranked again (a run finalised twice), the pages keep what was written.
    await r.auditPages.rank(run.id);
    expect((await listAll()).get(b!.url)).toEqual(byUrl.get(b!.url));
  });

  it("keeps the last results the site checks gave a page (a paused run's, run again once it is resumed), with one issue row a code", async () => {
    const r = repos();
    const { run, stored } = await runWithPages(r);
    const [, b, c] = stored;
    const depthHigh = { code: 'crawl_depth_high', severity: 'notice', message: 'Four clicks.' } as const;
    await r.auditPages.applySiteResults(run.id, [
      { url: b!.url, depth: 4, inlinks: 1, issues: [depthHigh] },
      { url: c!.url, depth: null, inlinks: 0, issues: [{ code: 'orphan_page', severity: 'warning', message: 'Only in the sitemap.' }] },
    ]);
    // The second run of the checks finds b's issue again (its row is not written twice) and c linked.
    await r.auditPages.applySiteResults(run.id, [
      { url: b!.url, depth: 5, inlinks: 2, issues: [{ ...depthHigh, message: 'Five clicks.' }] },
      { url: c!.url, depth: 2, inlinks: 3, issues: [] },
    ]);
    await r.auditPages.rank(run.id);
    const pages = await Promise.all([1, 2, 3].map((n) => r.auditPages.list(run.id, {}, { page: n, pageSize: 100 })));
    const byUrl = new Map(pages.flatMap((p) => p.items).map((p) => [p.url, p]));
    expect(byUrl.get(b!.url)).toMatchObject({ depth: 5, inlinks: 2, issues: [...b!.issues, { ...depthHigh, message: 'Five clicks.' }] });
    expect(byUrl.get(c!.url)).toMatchObject({ depth: 2, inlinks: 3, issues: c!.issues });
    const depthRows = (await r.auditPages.list(run.id, { issue: 'crawl_depth_high' }, { page: 1, pageSize: 10 })).items.map((p) => p.url);
    expect(depthRows).toEqual([b!.url]);
  });

  it('totals the issues by code the same while running (from the page rows) and once final (stored)', async () => {
    const r = repos();
    const { run, stored } = await runWithPages(r);
    const expected = new Map<string, string[]>();
    for (const p of stored) for (const issue of p.issues) expected.set(issue.code, [...new Set([...(expected.get(issue.code) ?? []), p.url])]);
    const live = await r.auditIssues.list(run.id, {}, { page: 1, pageSize: 20 }, { final: false });
    expect(live.items.map((i) => [i.code, i.severity, i.pagesAffected, i.sampleUrls])).toEqual([
      ['structured_data_invalid', 'error', expected.get('structured_data_invalid')!.length, expected.get('structured_data_invalid')!.sort().slice(0, 5)],
      ['h1_missing', 'warning', expected.get('h1_missing')!.length, expected.get('h1_missing')!.sort().slice(0, 5)],
    ]);
    await r.auditIssues.finalise(run.id);
    expect(await r.auditIssues.list(run.id, {}, { page: 1, pageSize: 20 }, { final: true })).toEqual(live);
    expect(await r.auditIssues.all(run.id)).toEqual(live.items);
    const warnings = await r.auditIssues.list(run.id, { severity: 'warning' }, { page: 1, pageSize: 20 }, { final: true });
    expect(warnings).toEqual({ items: [live.items[1]], total: 1 });
    expect((await r.auditIssues.list(run.id, {}, { page: 2, pageSize: 1 }, { final: true })).items).toEqual([live.items[1]]);
  });
});
