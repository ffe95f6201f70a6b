// Whatever a page says, its audit stays listable and within the contract. The bounded fields of the
// spec's AuditPage are read from the spec (`contractBounds`), each is provoked by generated pages at
// ten times its bound (or named below with the reason no page can exceed it), and every list, view,
// comparison and export of the audits of such sites answers 200 within the contract: with the
// server validating its responses (development) and without (production, where the test validates).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractBounds, type Bound } from '@seo-geo/types/bounds';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type ApiResponse, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

/** How far past its bound each field is pushed. */
const FACTOR = 10;

/** Every bounded place of a schema, as `fitToContract` names them: `title`, `schemaTypes[]`, `issues[].message`. */
function boundedPlaces(bound: Bound, path = '', seen = new Set<string>()): string[] {
  if ('ref' in bound) {
    if (seen.has(bound.ref)) return [];
    return boundedPlaces(contractBounds[bound.ref as keyof typeof contractBounds], path, new Set([...seen, bound.ref]));
  }
  if ('oneOf' in bound) return [...new Set(bound.oneOf.flatMap((alternative) => boundedPlaces(alternative, path, seen)))];
  if ('maxLength' in bound) return [path];
  if ('properties' in bound) {
    return Object.entries(bound.properties).flatMap(([name, property]) => boundedPlaces(property, path === '' ? name : `${path}.${name}`, seen));
  }
  return [...(bound.maxItems === undefined ? [] : [path]), ...(bound.items ? boundedPlaces(bound.items, `${path}[]`, seen) : [])];
}

const PAGE = contractBounds.AuditPage.properties;
const URL_BOUND = PAGE.url.maxLength;

/** Filler text of `n` code points, drawn from characters of every width (astral ones are two UTF-16 units). */
const text = (alphabet: readonly string[]) => (n: number) => fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((cs) => cs.join(''));
const ALPHABET = ['a', 'é', 'ß', '中', '😀', '𝔸', ' ', '…', 'Z'] as const;
const filler = (n: number) => text(ALPHABET)(n);
/** For attribute values and JSON keys: no spaces, no markup. */
const word = (n: number) => text(['a', 'é', '中', '😀', 'Z'])(n);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** Markup for a page's head and body, and the extra routes (redirects) it needs. */
interface Part {
  head?: string;
  body?: string;
  /** The `lang` of `<html>`. */
  lang?: string;
  /** The text of the page's first `<h1>`. */
  h1?: string;
  /** Response headers of the page. */
  headers?: Record<string, string>;
  routes?: Record<string, Route>;
}
type Route = { status: number; headers: Record<string, string>; body: string };

/** How a page makes each bounded place of AuditPage ten times too big. */
const PROVOKED: Record<string, fc.Arbitrary<Part>> = {
  title: filler(FACTOR * PAGE.title.maxLength).map((t) => ({ head: `<title>kiln ${escapeHtml(t)}</title>` })),
  metaDescription: filler(FACTOR * PAGE.metaDescription.maxLength).map((t) => ({ head: `<meta name="description" content="${escapeHtml(t)}">` })),
  lang: word(FACTOR * PAGE.lang.maxLength).map((t) => ({ lang: t })),
  // Many items, each a type of its own: schemaTypes and structuredData overflow together.
  schemaTypes: fc.constant({
    head: Array.from({ length: FACTOR * PAGE.schemaTypes.maxItems }, (_, i) => ld({ '@context': 'https://schema.org', '@type': `Kiln${i}` })).join(''),
  }),
  'schemaTypes[]': word(FACTOR * contractBounds.StructuredDataItem.properties.types.items.maxLength).map((t) => ({
    head: ld({ '@context': 'https://schema.org', '@type': t }),
  })),
  'structuredData[].types': fc.constant({
    head: ld({
      '@context': 'https://schema.org',
      '@type': Array.from({ length: FACTOR * contractBounds.StructuredDataItem.properties.types.maxItems }, (_, i) => `Pot${i}`),
    }),
  }),
  // An unknown property is named in the item's error, its message and M2's evidence and fix.
  'structuredData[].errors[].property': word(FACTOR * contractBounds.StructuredDataProblem.properties.message.maxLength).map((p) => ({
    head: ld({ '@context': 'https://schema.org', '@type': 'Article', headline: 'Kilns', [p]: 'x' }),
  })),
  // A's canonical check quotes the canonical; hreflang_invalid quotes the value.
  'checks[].evidence': word(FACTOR * contractBounds.CheckResult.properties.evidence.maxLength).map((c) => ({
    head: `<link rel="canonical" href="${escapeHtml(c)}">`,
  })),
  'issues[].message': word(FACTOR * contractBounds.PageIssue.properties.message.maxLength).map((h) => ({
    head: `<link rel="alternate" hreflang="${escapeHtml(h)}" href="/fr/">`,
  })),
  // The review fields of 1.7.
  canonical: fc.constant({ head: `<link rel="canonical" href="/c/${'c'.repeat(FACTOR * URL_BOUND)}">` }),
  metaRobots: filler(FACTOR * PAGE.metaRobots.maxLength).map((t) => ({ head: `<meta name="robots" content="${escapeHtml(t)}">` })),
  // Five times, not ten: an HTTP client reads no header past 16 KiB.
  xRobotsTag: fc.constant({ headers: { 'x-robots-tag': `noarchive, ${'x'.repeat(5 * PAGE.xRobotsTag.maxLength)}` } }),
  h1: filler(FACTOR * PAGE.h1.maxLength).map((t) => ({ h1: escapeHtml(t) })),
  hreflang: fc.constant({
    head: Array.from({ length: FACTOR * PAGE.hreflang.maxItems }, (_, i) => `<link rel="alternate" hreflang="x${i}" href="/alt/${i}">`).join(''),
  }),
  'hreflang[].href': fc.constant({ head: `<link rel="alternate" hreflang="de" href="/de/${'d'.repeat(FACTOR * URL_BOUND)}">` }),
  // A file (a 404, so that the three pages stay the only 2xx records) served as a long media type.
  contentType: fc.integer({ min: 0, max: 1e9 }).map((seed) => ({
    body: `<a href="/type/${seed}">type</a>`,
    routes: { [`/type/${seed}`]: { status: 404, headers: { 'content-type': `text/x-${'t'.repeat(FACTOR * PAGE.contentType.maxLength)}` }, body: 'x' } },
  })),
  // Links the crawl must never queue or store as pages.
  url: fc.integer({ min: 0, max: 1e9 }).map((seed) => ({
    body: Array.from({ length: 3 }, (_, i) => `<a href="/long/${seed}-${i}/${'p'.repeat(FACTOR * URL_BOUND)}">long ${i}</a>`).join(' '),
  })),
  // Redirects to URLs too long: one the crawler reads and refuses, one whose Location alone is over
  // what an HTTP client reads as a header.
  finalUrl: fc.integer({ min: 0, max: 1e9 }).map((seed) => {
    const refused = `/r/${seed}/${'q'.repeat(Math.ceil(1.5 * URL_BOUND))}`;
    const unreadable = `/r/${seed}/${'q'.repeat(FACTOR * URL_BOUND)}`;
    return {
      body: `<a href="/go/${seed}/a">go</a> <a href="/go/${seed}/b">go</a>`,
      routes: {
        [`/go/${seed}/a`]: { status: 301, headers: { location: refused }, body: '' },
        [`/go/${seed}/b`]: { status: 301, headers: { location: unreadable }, body: '' },
      },
    };
  }),
};

/** Places no page can push past their bound, and why. */
const NOT_FROM_PAGES: Record<string, string> = {
  id: 'a UUID the service makes',
  fetchedAt: 'a timestamp the service makes',
  rubricId: "the rubric's own id",
  'structuredData[].richResult': "a name from the service's list of Google rich results",
  'structuredData[].errors': 'the engine lists at most 50 problems an item, under the bound of 100',
  'structuredData[].errors[].message': "the unknown property's name, provoked at 20,000 characters by structuredData[].errors[].property",
  'structuredData[].warnings': "warnings name Google's recommended properties of the item's type: a fixed list",
  'structuredData[].warnings[].property': 'a property name from the same fixed list',
  'structuredData[].warnings[].message': 'a message about a property of the same fixed list',
  structuredData: 'provoked with schemaTypes: each JSON-LD item is one structuredData item',
  'structuredData[].types[]': 'provoked by schemaTypes[]: the same @type value, whose bound is the larger',
  checks: 'the rubric has 18 checks, under the bound of 50',
  'checks[].id': "the rubric's check ids",
  'checks[].name': "the rubric's check names",
  'checks[].fix': "provoked with checks[].evidence and the unknown property: M2's and A4's advice quotes them",
  issues: "a page's own issues are one per code (structured data: at most 20 of each kind), under the bound of 200",
  'issues[].code': 'the issue codes the service defines',
  redirectTarget:
    "a target longer than an audit records is named by no record: an HTTP redirect's is not followed (fetch_failed, provoked with finalUrl), a meta refresh's is ignored",
  'rendering.error': 'only on audits that render JavaScript in a browser; held to its bound by the same code (domain/page-bounds.ts)',
  'hreflang[].hreflang': 'provoked by issues[].message: the same hreflang value, whose bound is the larger',
};

describe('the bounded places of AuditPage', () => {
  it('are each provoked by a generated page or named with the reason no page can exceed them', () => {
    const places = boundedPlaces({ ref: 'AuditPage' }).sort();
    expect(places.length).toBeGreaterThan(20);
    expect([...Object.keys(PROVOKED), ...Object.keys(NOT_FROM_PAGES)].sort()).toEqual(places);
  });
});

/** A site whose pages the test replaces between audits. */
let site: Server;
let origin: string;
let routes = new Map<string, Route>();
beforeAll(async () => {
  site = createServer((req, res) => {
    const route = routes.get(req.url ?? '/') ?? { status: 404, headers: { 'content-type': 'text/html' }, body: '<title>Missing</title>' };
    res.writeHead(route.status, route.headers).end(route.body);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => site?.close());

/** Three pages linked from the home page; every provoked part goes to one of them. */
const siteArbitrary = fc
  .record(Object.fromEntries(Object.entries(PROVOKED).map(([place, part]) => [place, fc.tuple(part, fc.integer({ min: 0, max: 2 }))])))
  .map((parts) => {
    const pages: Array<{ head: string; body: string; lang: string; h1?: string; headers: Record<string, string> }> = [0, 1, 2].map(() => ({
      head: '',
      body: '',
      lang: 'en',
      headers: {},
    }));
    const extra: Record<string, Route> = {};
    for (const [part, at] of Object.values(parts)) {
      const page = pages[at]!;
      page.head += part.head ?? '';
      page.body += part.body ?? '';
      if (part.lang) page.lang = part.lang;
      if (part.h1) page.h1 = part.h1;
      Object.assign(page.headers, part.headers);
      Object.assign(extra, part.routes);
    }
    const html = (i: number) => {
      const page = pages[i]!;
      const nav = '<a href="/">home</a> <a href="/p1">one</a> <a href="/p2">two</a>';
      return `<!doctype html><html lang="${escapeHtml(page.lang)}"><head>${page.head}</head><body><h1>${page.h1 ?? `Kilns ${i}`}</h1><p>Kilns fire clay.</p>${nav}${page.body}</body></html>`;
    };
    const ok = (i: number): Route => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...pages[i]!.headers }, body: html(i) });
    return new Map<string, Route>([['/', ok(0)], ['/p1', ok(1)], ['/p2', ok(2)], ...Object.entries(extra)]);
  });

const modes: Array<{ name: string; database: 'sqlite' | 'postgres'; env: NodeJS.ProcessEnv }> = [
  { name: 'development (responses validated by the server)', database: 'sqlite', env: {} },
  {
    name: 'production (responses not validated)',
    database: postgresUrl() ? 'postgres' : 'sqlite',
    env: { NODE_ENV: 'production', VALIDATE_RESPONSES: 'false' },
  },
];

describe.each(modes)('audits of hostile pages, $name', ({ database, env }) => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ database, env });
    key = await server.createKey({ plan: 'agency' });
  }, 30_000);
  afterAll(() => server?.close());

  /** A GET that must answer 200 within the contract. */
  const read = async (operationId: string, path: string): Promise<ApiResponse> => {
    const response = await server.call(path, { key });
    expect(response.status, `${operationId} ${path}`).toBe(200);
    expectContract(operationId, response);
    return response;
  };

  const audit = async (projectId: string): Promise<string> => {
    // Alternates are not crawled: the page of a thousand hreflang links would fill the audit with
    // their 404s before the crawl reached the other hostile pages; their bounds are what is tested.
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 50, crawlHreflangAndCanonical: false } });
    expect(started.status).toBe(202);
    const id = started.body.data.auditRunId as string;
    await until(`audit ${id} to end`, async () => {
      const run = await server.repositories.auditRuns.find(id);
      return run && ['completed', 'failed', 'cancelled'].includes(run.status) ? run : undefined;
    });
    return id;
  };

  it('answers every list, view, comparison and export with 200 within the contract', async () => {
    await fc.assert(
      fc.asyncProperty(siteArbitrary, siteArbitrary, async (before, after) => {
        const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Kilns', primaryDomain: origin } });
        const projectId = project.body.data.id as string;
        const base = `/projects/${projectId}`;
        routes = before;
        const baseline = await audit(projectId);
        routes = after;
        const current = await audit(projectId);

        for (const id of [baseline, current]) {
          const run = (await read('getAudit', `${base}/audits/${id}`)).body.data;
          expect(run.status).toBe('completed');
          const pages = (await read('listAuditPages', `${base}/audits/${id}/pages?pageSize=100`)).body.data as Array<Record<string, any>>;
          // The three pages and the two redirects; no URL over the bound was ever queued.
          expect(pages.map((p) => p.url as string).every((url) => url.length <= URL_BOUND)).toBe(true);
          expect(pages.filter((p) => p.statusCode === 200)).toHaveLength(3);
          for (const page of pages) {
            for (const [field, max] of [
              ['title', PAGE.title.maxLength],
              ['metaDescription', PAGE.metaDescription.maxLength],
              ['lang', PAGE.lang.maxLength],
              ['metaRobots', PAGE.metaRobots.maxLength],
              ['xRobotsTag', PAGE.xRobotsTag.maxLength],
              ['h1', PAGE.h1.maxLength],
              ['contentType', PAGE.contentType.maxLength],
            ] as const) {
              // Cut values keep exactly the bound's code points, the last of them the marker.
              const value = page[field] as string | null;
              if (value !== null && Array.from(value).length === max) expect(value.endsWith('…')).toBe(true);
            }
          }
          const codes = pages.flatMap((p) => (p.issues as Array<{ code: string }>).map((i) => i.code));
          expect(codes).toEqual(expect.arrayContaining(['title_too_long', 'values_truncated', 'link_url_too_long']));
          // Each review field was provoked past its bound on one record: cut, or (a URL) left out.
          for (const field of ['metaRobots', 'xRobotsTag', 'h1', 'contentType'] as const) {
            expect(
              pages.some((p) => typeof p[field] === 'string' && p[field].endsWith('…')),
              field,
            ).toBe(true);
          }
          expect(pages.some((p) => Array.isArray(p.hreflang) && p.hreflang.length === PAGE.hreflang.maxItems)).toBe(true);
          for (const filter of [
            'issue=values_truncated',
            'issue=link_url_too_long',
            'hasSchema=true',
            'minGeoScore=0',
            'issue=title_too_long',
            'sort=-responseTimeMs&statusClass=2xx',
            'pathPrefix=%2Fp&sort=geoScore',
          ]) {
            await read('listAuditPages', `${base}/audits/${id}/pages?${filter}`);
          }
          await read('listAuditIssues', `${base}/audits/${id}/issues?pageSize=100`);
          const exported = await server.call(`${base}/audits/${id}/pages/export`, { key });
          expect(exported.status).toBe(200);
          expectContract('exportAuditPages', exported);
        }
        await read('listAudits', `${base}/audits`);
        await read('compareAudits', `${base}/audits/${current}/comparison?baseline=${baseline}`);
        await read('listAuditPageChanges', `${base}/audits/${current}/comparison/pages?baseline=${baseline}&pageSize=100`);
        await read('listReports', `${base}/reports`);
        await read('getProject', base);
        const brief = await server.call(`${base}/content/briefs`, {
          key,
          method: 'POST',
          json: { topic: 'Kiln firing', audience: 'potters', goal: 'awareness' },
        });
        expect(brief.status).toBe(201);
        expectContract('createBrief', brief);
        await read('listDrafts', `${base}/drafts`);
        expect((await server.call(base, { key, method: 'DELETE' })).status).toBe(204);
      }),
      { numRuns: 3, endOnFailure: true },
    );
  }, 240_000);
});
