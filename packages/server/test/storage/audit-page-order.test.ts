// The pages list's orders and range filters (audit-page-order.ts) on both dialects: every sort
// field in both directions, each filter alone and with the older ones (indexability among them), while the run is running and
// once it is ranked, equal to the same order and filters worked out here; and the export's batches
// with the range filters. Nulls sort below every number on both dialects.
import { expect, it } from 'vitest';
import { uuidv7 } from '../../src/support/ids.js';
import type { AuditPageFilter, NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import type { PageOrder } from '../../src/storage/repositories/audit-page-order.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);
const PAGES = 120;
const STATUSES = [200, 200, 200, 301, 404, 200, 500, 200, 0, 200];
const HOSTS = ['https://site.example', 'https://blog.site.example', 'http://site.example'];
const SECTIONS = ['/blog/', '/blogroll/', '/shop/', '/'];

interface Stored extends NewAuditPage {
  depth: number | null;
}

/** Why a page is not indexable: from its status, or on some 200 pages a noindex or a canonical elsewhere. */
function indexability(status: number, n: number): Stored['indexabilityStatus'] {
  if (status === 0) return 'no_response';
  if (status === 301) return 'redirect';
  if (status === 404) return 'client_error';
  if (status === 500) return 'server_error';
  return n % 4 === 1 ? 'noindex' : n % 9 === 2 ? 'canonicalised' : null;
}

function page(auditRunId: string, i: number): Stored {
  const n = (i * 37) % PAGES;
  const status = STATUSES[n % STATUSES.length]!;
  const indexabilityStatus = indexability(status, n);
  return {
    indexable: indexabilityStatus === null,
    indexabilityStatus,
    id: uuidv7(NOW + i),
    auditRunId,
    url: `${HOSTS[n % HOSTS.length]}${SECTIONS[n % SECTIONS.length]}p-${n}`,
    finalUrl: `${HOSTS[n % HOSTS.length]}${SECTIONS[n % SECTIONS.length]}p-${n}`,
    statusCode: status,
    contentType: status === 0 ? null : 'text/html',
    title: `Page ${n}`,
    metaDescription: null,
    lang: 'en',
    wordCount: 100,
    // Ties on purpose: the URL orders them.
    geoScore: (n * 13) % 11,
    hasSchema: n % 2 === 0,
    schemaTypes: [],
    checks: [],
    issues: n % 3 === 0 ? [{ code: 'h1_missing', severity: 'warning', message: 'No H1.' }] : [],
    fetchedAt: '2025-03-01T00:00:00.000Z',
    responseTimeMs: status === 0 ? null : 50 + ((n * 7) % 13) * 10,
    depth: n % 7 === 6 ? null : n % 5,
  };
}

/** `a` before `b` in `order`: nulls below numbers, ties by URL, a descending order the ascending one backwards. */
function compare(order: PageOrder) {
  const value = (p: Stored): number | string | null =>
    order.field === 'url' ? p.url : order.field === 'depth' ? p.depth : order.field === 'responseTimeMs' ? (p.responseTimeMs ?? null) : p[order.field];
  return (a: Stored, b: Stored) => {
    const [x, y] = [value(a), value(b)];
    let c = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    if (c === 0) c = a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
    return order.descending ? -c : c;
  };
}

function matches(p: Stored, f: AuditPageFilter): boolean {
  const path = p.url.slice(p.url.indexOf('/', p.url.indexOf('//') + 2));
  return (
    (f.hasSchema === undefined || p.hasSchema === f.hasSchema) &&
    (f.minGeoScore === undefined || p.geoScore > f.minGeoScore) &&
    (f.maxGeoScore === undefined || p.geoScore <= f.maxGeoScore) &&
    (f.issue === undefined || p.issues.some((issue) => issue.code === f.issue)) &&
    (f.statusFrom === undefined || (p.statusCode >= f.statusFrom && p.statusCode < f.statusFrom + 100)) &&
    (f.minDepth === undefined || (p.depth !== null && p.depth >= f.minDepth)) &&
    (f.maxDepth === undefined || (p.depth !== null && p.depth <= f.maxDepth)) &&
    (f.pathPrefix === undefined || path.startsWith(f.pathPrefix)) &&
    (f.indexable === undefined || (p.indexabilityStatus === null) === f.indexable) &&
    (f.indexabilityStatus === undefined || p.indexabilityStatus === f.indexabilityStatus)
  );
}

const ORDERS: PageOrder[] = (['url', 'geoScore', 'depth', 'statusCode', 'responseTimeMs'] as const).flatMap((field) => [
  { field, descending: false },
  { field, descending: true },
]);

const FILTERS: AuditPageFilter[] = [
  {},
  { statusFrom: 200 },
  { statusFrom: 400 },
  { statusFrom: 500, hasSchema: true },
  { minDepth: 2 },
  { maxDepth: 1 },
  { minDepth: 3, maxDepth: 3 },
  { maxGeoScore: 4.5 },
  { minGeoScore: 2, maxGeoScore: 7 },
  { pathPrefix: '/blog/' },
  { pathPrefix: '/blog' },
  { pathPrefix: '/nowhere/' },
  { pathPrefix: '/shop/', statusFrom: 200, issue: 'h1_missing' },
  { issue: 'h1_missing', minDepth: 1, maxGeoScore: 8 },
  { indexable: true },
  { indexable: false },
  { indexable: false, statusFrom: 200 },
  { indexabilityStatus: 'noindex' },
  { indexabilityStatus: 'canonicalised', pathPrefix: '/shop/' },
  { indexabilityStatus: 'client_error', hasSchema: false },
];

describeEachDatabase('audit pages: sort and range filters', (database) => {
  it('lists every order and filter as worked out here, running and ranked, page after page', async () => {
    const r = createRepositories(database().handle.db);
    const run = await createAuditRun(r, { now: NOW });
    const stored = Array.from({ length: PAGES }, (_, i) => page(run.id, i));
    await r.auditPages.insertMany(stored);
    await r.auditPages.applySiteResults(
      run.id,
      stored.map((p) => ({ url: p.url, depth: p.depth, inlinks: 1, issues: [] })),
    );

    const listAll = async (filter: AuditPageFilter, order: PageOrder, ranked: boolean) => {
      const urls: string[] = [];
      const totals = new Set<number>();
      for (let p = 1; p <= 6; p++) {
        const result = await r.auditPages.list(run.id, filter, { page: p, pageSize: 25 }, { ranked, order });
        totals.add(result.total);
        urls.push(...result.items.map((item) => item.url));
        // One page past the end too: empty, with the same total.
        if ((p - 1) * 25 > result.total) break;
      }
      return { urls, totals: [...totals] };
    };
    const check = async (ranked: boolean) => {
      for (const filter of FILTERS) {
        for (const order of ORDERS) {
          const expected = stored
            .filter((p) => matches(p, filter))
            .sort(compare(order))
            .map((p) => p.url);
          const label = `${JSON.stringify(filter)} ${order.descending ? '-' : ''}${order.field} ranked=${ranked}`;
          const listed = await listAll(filter, order, ranked);
          expect(listed.urls, label).toEqual(expected);
          expect(listed.totals, label).toEqual([expected.length]);
          // The export reads the same pages in the same order, in batches after each other's last row.
          const exported: string[] = [];
          for await (const batch of r.auditPages.iterate(run.id, filter, { order, ranked, batchSize: 7 })) exported.push(...batch.map((p) => p.url));
          expect(exported, `export ${label}`).toEqual(expected);
        }
      }
    };
    // The site results are written into the pages with their ranks; the lists of a run not marked
    // ranked read them as a live run's lists do.
    await r.auditPages.rank(run.id);
    await check(false);
    await r.auditRuns.markPagesRanked(run.id);
    await check(true);
  }, 120_000);

  it('stores and reads back the review fields, null where a page left them out', async () => {
    const r = createRepositories(database().handle.db);
    const run = await createAuditRun(r, { now: NOW });
    const full = {
      ...page(run.id, 1),
      canonical: 'https://site.example/blog/p-37',
      metaRobots: 'noindex, follow; googlebot: noarchive',
      xRobotsTag: 'noimageindex',
      h1: 'A heading',
      h1Count: 1,
      h2Count: 4,
      hreflang: [{ hreflang: 'de-CH', href: 'https://site.example/de-ch/' }],
      internalOutlinks: 12,
      externalOutlinks: 3,
      responseTimeMs: 231,
      sizeBytes: 5_000_000_000,
      titlePixelWidth: 581,
    };
    const bare = page(run.id, 2);
    await r.auditPages.insertMany([full, bare]);
    const { items } = await r.auditPages.list(run.id, {}, { page: 1, pageSize: 10 });
    const byUrl = new Map(items.map((p) => [p.url, p]));
    const { auditRunId: _run, ...fields } = full;
    expect(byUrl.get(full.url)).toMatchObject({ ...fields, depth: null });
    expect(byUrl.get(bare.url)).toMatchObject({ canonical: null, metaRobots: null, hreflang: null, h1Count: null, sizeBytes: null, titlePixelWidth: null });
  });
});
