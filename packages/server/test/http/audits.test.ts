// Audits end to end over HTTP: a project for a fixture site on 127.0.0.1, a real crawl by the
// in-process worker, pages listed with every filter combination equal to the engine's own results,
// stats and a report snapshot; cancellation; the plan's running limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit, type PageAnalysis, type SitePageResult } from '@seo-geo/engine';
import { generatedSite, WWW, fixtureResolver, FIXTURE_ROUTES, startFixtureServer, type FixtureServer } from '@seo-geo/engine/testing';
import { expectContract, listAll, startTestServer, type TestServer } from '../support/server.js';
import { until as pollUntil } from '../support/wait.js';

const SLOW = 'slow.fixture.test';
const LIMITS = { requestTimeoutMs: 4000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 };

let site: FixtureServer;
let server: TestServer;
let engineResults: PageAnalysis[];
/** What the engine's site checks said of each page, by URL. */
let engineSite: Map<string, SitePageResult>;

/** Polls with this file's deadline (30 s). */
const until = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => pollUntil(what, probe, timeoutMs);

beforeAll(async () => {
  site = await startFixtureServer({ ...FIXTURE_ROUTES, [SLOW]: generatedSite({ pages: 300, links: [8, 12], bytes: [2000, 4000], hangMs: 100 }) });
  const resolver = fixtureResolver({ [SLOW]: '127.0.0.1' }).resolve;
  server = await startTestServer({ crawl: { limits: LIMITS, resolver } });
  // The engine's own results for the same site, to compare with what the API stores and lists.
  engineResults = [];
  engineSite = new Map();
  for await (const event of runAudit({
    seedUrl: `${site.origin(WWW)}/`,
    primaryDomain: site.origin(WWW),
    maxPages: 500,
    limits: LIMITS,
    policy: { allowLoopback: true },
    resolver,
  })) {
    if (event.type === 'page') engineResults.push(event.analysis);
    if (event.type === 'site-page') engineSite.set(event.result.url, event.result);
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

async function createProject(key: string, origin: string) {
  const response = await server.call('/projects', { key, method: 'POST', json: { name: 'Fixture site', primaryDomain: origin } });
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

const waitForStatus = (key: string, projectId: string, auditId: string, statuses: string[]): Promise<any> =>
  until(`audit ${auditId} to reach ${statuses.join('/')}`, async () => {
    const response = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
    expectContract('getAudit', response);
    return statuses.includes(response.body.data.status) ? response.body.data : undefined;
  });

const allPages = (key: string, path: string) => listAll(server, key, 'listAuditPages', path);

describe('an audit of the fixture site', () => {
  let key: string;
  let projectId: string;
  let auditId: string;
  let finished: any;

  beforeAll(async () => {
    key = await server.createKey({ plan: 'agency' });
    projectId = await createProject(key, site.origin(WWW));
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 500 } });
    expect(started.status).toBe(202);
    expectContract('startAudit', started);
    expect(started.body.data.status).toBe('pending');
    expect(started.headers.get('location')).toBe(`/api/public/v1/projects/${projectId}/audits/${started.body.data.auditRunId}`);
    auditId = started.body.data.auditRunId;
    finished = await waitForStatus(key, projectId, auditId, ['completed', 'failed']);
  }, 60_000);

  it('completes with a summary, a stop reason and progress', () => {
    expect(finished.status).toBe('completed');
    expect(finished.stopReason).toBe('all_pages_crawled');
    expect(finished.summary.pagesAudited).toBe(engineResults.length);
    expect(finished.summary.site.robotsTxt.present).toBe(true);
    expect(finished.startedAt).not.toBeNull();
    expect(finished.finishedAt).not.toBeNull();
  });

  it('lists exactly the pages the engine found, by URL, with their scores and schema flags', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const expected = [...engineResults].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    expect(listed.map((p) => p.url)).toEqual(expected.map((p) => p.url));
    expect(listed.map((p) => [p.geoScore, p.hasSchema])).toEqual(expected.map((p) => [p.geoScore, p.hasSchema]));
  });

  it("lists each page with its rubric, its issues (its own, then the site checks') and its structured-data items as the engine judged them", async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const engine = new Map(engineResults.map((r) => [r.url, r]));
    const items = (list: any[]) => list.map((i) => [i.syntax, i.richResult, i.errors.map((e: any) => e.code), i.warnings.map((w: any) => w.code)]);
    expect(engineSite.size).toBe(engineResults.length);
    for (const page of listed) {
      const expected = engine.get(page.url)!;
      const siteResult = engineSite.get(page.url)!;
      expect(page.rubricId).toBe(expected.rubricId);
      expect(page.issues).toEqual([...expected.issues, ...siteResult.issues]);
      expect([page.depth, page.inlinks], page.url).toEqual([siteResult.depth, siteResult.inlinks]);
      expect(items(page.structuredData)).toEqual(items(expected.structuredData));
    }
    // The fixture site has items with problems, and they are among the page issues.
    const withProblems = listed.filter((p) =>
      p.structuredData.some((i: { errors: unknown[]; warnings: unknown[] }) => i.errors.length + i.warnings.length > 0),
    );
    expect(withProblems.length).toBeGreaterThan(0);
    expect(withProblems.every((p) => p.issues.some((i: any) => i.code.startsWith('structured_data_')))).toBe(true);
  });

  it('keeps the records the GEO score does not apply to apart: scored false, the reason, no checks', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const engine = new Map(engineResults.map((r) => [r.url, r]));
    const reasons = new Set<string>();
    for (const page of listed) {
      const expected = engine.get(page.url)!;
      const scorable = expected.statusCode >= 200 && expected.statusCode < 300 && expected.isHtml;
      expect(page.scored, page.url).toBe(scorable);
      if (scorable) {
        expect(page.notScoredReason).toBeNull();
        expect(page.checks.length).toBeGreaterThan(0);
        continue;
      }
      expect(page.notScoredReason, page.url).toBe(
        expected.statusCode === 0 ? 'no_response' : !(expected.statusCode >= 200 && expected.statusCode < 300) ? 'http_status' : 'not_html',
      );
      reasons.add(page.notScoredReason);
      expect(page.checks).toEqual([]);
      expect(page.geoScore).toBe(0);
    }
    // The fixture site has a 404, a redirect that is not followed or an error status, and a file that is not HTML.
    expect([...reasons].sort()).toEqual(expect.arrayContaining(['http_status', 'not_html']));
    // The summary's pagesScored is exactly the records listed as scored.
    expect(listed.filter((p) => p.scored).length).toBe(finished.summary.pagesScored);
  });

  it('filters by minGeoScore (strictly greater) and hasSchema, in every combination', async () => {
    const scores = [...new Set(engineResults.map((p) => p.geoScore))].sort((a, b) => a - b);
    const threshold = scores[Math.floor(scores.length / 2)]!;
    expect(engineResults.some((p) => p.geoScore === threshold)).toBe(true);
    const cases: Array<[string, (p: PageAnalysis) => boolean]> = [
      [`minGeoScore=${threshold}`, (p) => p.geoScore > threshold],
      ['hasSchema=true', (p) => p.hasSchema],
      ['hasSchema=false', (p) => !p.hasSchema],
      [`minGeoScore=${threshold}&hasSchema=true`, (p) => p.geoScore > threshold && p.hasSchema],
      [`minGeoScore=${threshold}&hasSchema=false`, (p) => p.geoScore > threshold && !p.hasSchema],
    ];
    for (const [query, keep] of cases) {
      const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages?${query}`);
      const expected = engineResults
        .filter(keep)
        .map((p) => p.url)
        .sort();
      expect(
        listed.map((p) => p.url),
        query,
      ).toEqual(expected);
      expect(
        listed.every((p) => p.geoScore !== threshold || !query.includes('minGeoScore')),
        query,
      ).toBe(true);
    }
  });

  it('carries the review fields as the engine measured them', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const fields = [
      'canonical',
      'metaRobots',
      'xRobotsTag',
      'h1',
      'h1Count',
      'h2Count',
      'internalOutlinks',
      'externalOutlinks',
      'responseTimeMs',
      'contentType',
      'sizeBytes',
      'titlePixelWidth',
    ] as const;
    for (const page of listed) {
      const expected = engineResults.find((p) => p.url === page.url)!;
      const pick = (from: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, f === 'responseTimeMs' ? typeof from[f] : from[f]]));
      // Response times differ between two crawls; that there is one (or none) does not.
      expect(pick(page), page.url).toEqual(pick(expected as unknown as Record<string, unknown>));
      expect(page.hreflang, page.url).toEqual(expected.h1Count === null ? null : expected.hreflangs);
    }
    expect(listed.some((p) => p.h1Count !== null && p.titlePixelWidth !== null && p.internalOutlinks > 0)).toBe(true);
  });

  it('sorts by each field both ways and filters by status class, depth, score range and path, as the listed pages say', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const path = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));
    const prefix =
      path(listed.find((p) => path(p.url).split('/').length > 2)!.url)
        .split('/')
        .slice(0, 2)
        .join('/') + '/';
    const filters: Array<[string, (p: any) => boolean]> = [
      ['', () => true],
      ['statusClass=2xx', (p) => p.statusCode >= 200 && p.statusCode < 300],
      ['statusClass=4xx', (p) => p.statusCode >= 400 && p.statusCode < 500],
      ['minDepth=1&maxDepth=2', (p) => p.depth !== null && p.depth >= 1 && p.depth <= 2],
      ['minGeoScore=10&maxGeoScore=60', (p) => p.geoScore > 10 && p.geoScore <= 60],
      [`pathPrefix=${encodeURIComponent(prefix)}`, (p) => path(p.url).startsWith(prefix)],
    ];
    const value = (p: any, field: string) => p[field] as number | string | null;
    for (const field of ['geoScore', 'depth', 'statusCode', 'responseTimeMs', 'url']) {
      for (const descending of [false, true]) {
        for (const [query, keep] of filters) {
          const sort = `${descending ? '-' : ''}${field}`;
          const got = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages?sort=${sort}${query ? `&${query}` : ''}`);
          const expected = listed.filter(keep).sort((a, b) => {
            const [x, y] = [value(a, field), value(b, field)];
            let c = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
            if (c === 0) c = a.url < b.url ? -1 : 1;
            return descending ? -c : c;
          });
          expect(
            got.map((p) => p.url),
            `${sort} ${query}`,
          ).toEqual(expected.map((p) => p.url));
        }
      }
    }
  });

  it('rejects filter values that are not exactly true/false or not a number in range', async () => {
    for (const query of [
      'hasSchema=yes',
      'hasSchema=1',
      'minGeoScore=abc',
      'minGeoScore=101',
      'pageSize=101',
      'statusClass=6xx',
      'statusClass=200',
      'minDepth=-1',
      'minDepth=3&maxDepth=2',
      'maxGeoScore=101',
      'minGeoScore=50&maxGeoScore=50',
      'pathPrefix=blog',
      'sort=title',
      'sort=%2BgeoScore',
    ]) {
      const response = await server.call(`/projects/${projectId}/audits/${auditId}/pages?${query}`, { key });
      expect(response.status, query).toBe(400);
      expectContract('listAuditPages', response);
    }
  });

  it('counts every summary figure over a stated set: average × pagesScored is the sum of the listed scores', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const summary = finished.summary;
    // The fixture site has records the score does not apply to: files, error statuses, robots-blocked URLs.
    const scoredUrls = new Set(engineResults.filter((r) => r.isHtml && r.statusCode >= 200 && r.statusCode < 300).map((r) => r.url));
    expect(scoredUrls.size).toBeLessThan(listed.length);
    expect(summary.pagesAudited).toBe(listed.length);
    expect(summary.pagesScored).toBe(scoredUrls.size);
    expect(listed.filter((p) => !scoredUrls.has(p.url)).every((p) => p.geoScore === 0)).toBe(true);
    const sum = listed.reduce((total: number, p: { geoScore: number }) => total + p.geoScore, 0);
    expect(Math.abs(summary.avgGeoScore * summary.pagesScored - sum)).toBeLessThanOrEqual(0.05 * summary.pagesScored);
    expect(summary.pagesWithSchema).toBe(listed.filter((p) => p.hasSchema).length);
    // Issue counts are every listed issue, the site checks' included.
    const bySeverity = { error: 0, warning: 0, notice: 0 } as Record<string, number>;
    for (const page of listed) for (const issue of page.issues) bySeverity[issue.severity]!++;
    expect(summary.issueCounts).toEqual(bySeverity);
    const project = (await server.call(`/projects/${projectId}`, { key })).body.data;
    expect(project.stats).toMatchObject({ avgGeoScore: summary.avgGeoScore, pagesAudited: summary.pagesAudited, pagesScored: summary.pagesScored });
    const report = (await server.call(`/projects/${projectId}/reports`, { key })).body.data.at(-1);
    expect(report.metrics).toMatchObject({ avgGeoScore: summary.avgGeoScore, pagesAudited: summary.pagesAudited, pagesScored: summary.pagesScored });
    expect(report.metrics.schemaShare).toBe(Math.round((summary.pagesWithSchema / summary.pagesScored) * 1000) / 1000);
  });

  it('shows the audit by issue: every code with its severity, pages affected and first URLs, errors first', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const expected = new Map<string, { severity: string; urls: string[] }>();
    for (const page of listed) {
      for (const issue of page.issues) {
        const entry = expected.get(issue.code) ?? { severity: issue.severity as string, urls: [] as string[] };
        if (!entry.urls.includes(page.url)) entry.urls.push(page.url);
        expected.set(issue.code, entry);
      }
    }
    const response = await server.call(`/projects/${projectId}/audits/${auditId}/issues?pageSize=100`, { key });
    expect(response.status).toBe(200);
    expectContract('listAuditIssues', response);
    const issues = response.body.data as Array<{ code: string; severity: string; pagesAffected: number; sampleUrls: string[] }>;
    expect(response.body.meta.total).toBe(expected.size);
    expect(issues.map((i) => i.code).sort()).toEqual([...expected.keys()].sort());
    for (const issue of issues) {
      const entry = expected.get(issue.code)!;
      expect(issue.severity, issue.code).toBe(entry.severity);
      expect(issue.pagesAffected, issue.code).toBe(entry.urls.length);
      expect(issue.sampleUrls, issue.code).toEqual(entry.urls.sort().slice(0, 5));
    }
    const rank = { error: 0, warning: 1, notice: 2 } as Record<string, number>;
    for (let i = 1; i < issues.length; i++) {
      const [a, b] = [issues[i - 1]!, issues[i]!];
      expect(rank[a.severity]! < rank[b.severity]! || (a.severity === b.severity && a.pagesAffected >= b.pagesAffected)).toBe(true);
    }
    // Site-wide codes are among them: the fixture site has broken internal links and redirects.
    expect(issues.map((i) => i.code)).toEqual(expect.arrayContaining(['broken_internal_link', 'internal_link_to_redirect']));

    const warnings = await server.call(`/projects/${projectId}/audits/${auditId}/issues?severity=warning&pageSize=2&page=2`, { key });
    expectContract('listAuditIssues', warnings);
    const allWarnings = issues.filter((i) => i.severity === 'warning');
    expect(warnings.body.data).toEqual(allWarnings.slice(2, 4));
    expect(warnings.body.meta).toMatchObject({ total: allWarnings.length, page: 2, pageSize: 2 });
    const bad = await server.call(`/projects/${projectId}/audits/${auditId}/issues?severity=fatal`, { key });
    expect(bad.status).toBe(400);
    expectContract('listAuditIssues', bad);
  });

  it('lists the pages of one issue code with the `issue` filter, alone and with the other filters', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    // A code no page has (`orphan_page` here) is an empty list.
    for (const code of ['broken_internal_link', 'title_missing', 'orphan_page']) {
      const expected = listed.filter((p) => p.issues.some((i: { code: string }) => i.code === code)).map((p) => p.url);
      const pages = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages?issue=${code}`);
      expect(
        pages.map((p) => p.url),
        code,
      ).toEqual(expected);
      const withSchema = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages?issue=${code}&hasSchema=false&minGeoScore=0`);
      expect(
        withSchema.map((p) => p.url),
        code,
      ).toEqual(listed.filter((p) => expected.includes(p.url) && !p.hasSchema && p.geoScore > 0).map((p) => p.url));
    }
    const bad = await server.call(`/projects/${projectId}/audits/${auditId}/pages?issue=Not-A-Code`, { key });
    expect(bad.status).toBe(400);
    // A well-formed code that is not one is refused too, with the codes listed, in the list and the export.
    for (const operation of ['pages', 'pages/export']) {
      const bogus = await server.call(`/projects/${projectId}/audits/${auditId}/${operation}?issue=bogus`, { key });
      expect(bogus.status, operation).toBe(400);
      expectContract(operation === 'pages' ? 'listAuditPages' : 'exportAuditPages', bogus);
      expect(bogus.body.error.details).toEqual([{ in: 'query', field: 'issue', message: expect.stringMatching(/^must be one of the \d+ issue codes/) }]);
      expect(bogus.body.error.message).toMatch(
        /^Request validation failed: query issue "bogus" is not an issue code\. The codes are: fetch_failed, .*title_missing.*\.$/,
      );
    }
  });

  it('exports the pages as CSV: one row per listed page, the documented columns, filters applied', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const response = await server.call(`/projects/${projectId}/audits/${auditId}/pages/export`, { key });
    expect(response.status).toBe(200);
    expectContract('exportAuditPages', response);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="audit-${auditId}-pages.csv"`);
    const text = response.body as string;
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'url',
      'final_url',
      'status_code',
      'title',
      'meta_description',
      'lang',
      'word_count',
      'geo_score',
      'has_schema',
      'schema_types',
      'depth',
      'inlinks',
      'errors',
      'warnings',
      'notices',
      'issue_codes',
      'rendered_word_count',
      'fetched_at',
      'scored',
      'canonical',
      'meta_robots',
      'x_robots_tag',
      'h1',
      'h1_count',
      'h2_count',
      'hreflang',
      'internal_outlinks',
      'external_outlinks',
      'response_time_ms',
      'content_type',
      'size_bytes',
      'title_pixel_width',
      'indexable',
      'indexability_status',
      'redirect_target',
      'redirect_type',
    ]);
    const records = rows.slice(1);
    expect(records.map((r) => r[0])).toEqual(listed.map((p) => p.url));
    for (const [i, page] of listed.entries()) {
      const row = records[i]!;
      expect(row[2]).toBe(String(page.statusCode));
      expect(row[3]).toBe(page.title === null ? '' : /^[=+\-@\t\r]/.test(page.title) ? `'${page.title}` : page.title);
      // A record the score does not apply to has no score in the export, not a 0.
      expect(row[7]).toBe(page.scored ? String(page.geoScore) : '');
      expect(row[18]).toBe(String(page.scored));
      expect(row[8]).toBe(String(page.hasSchema));
      expect(row[10]).toBe(page.depth === null ? '' : String(page.depth));
      expect(row[11]).toBe(String(page.inlinks));
      expect(Number(row[12]) + Number(row[13]) + Number(row[14])).toBe(page.issues.length);
      expect(row[15]).toBe([...new Set(page.issues.map((x: { code: string }) => x.code))].sort().join('|'));
      const cell = (value: string | number | null) => (value === null ? '' : String(value));
      expect(row.slice(19, 32), page.url).toEqual([
        cell(page.canonical),
        cell(page.metaRobots),
        cell(page.xRobotsTag),
        cell(page.h1 === null || !/^[=+\-@\t\r]/.test(page.h1) ? page.h1 : `'${page.h1}`),
        cell(page.h1Count),
        cell(page.h2Count),
        page.hreflang === null ? '' : page.hreflang.map((h: { hreflang: string; href: string }) => `${h.hreflang}=${h.href}`).join('|'),
        cell(page.internalOutlinks),
        cell(page.externalOutlinks),
        cell(page.responseTimeMs),
        cell(page.contentType),
        cell(page.sizeBytes),
        cell(page.titlePixelWidth),
      ]);
      expect(row.slice(32), page.url).toEqual([String(page.indexable), page.indexabilityStatus ?? '', page.redirectTarget ?? '', page.redirectType ?? '']);
    }
    // The redirects are rows of their own, with their 3xx and where they point.
    const redirect = records.find((r) => r[0]!.endsWith('/redirect/301'))!;
    expect([redirect[2], redirect[33], redirect[34]!.endsWith('/target/301'), redirect[35]]).toEqual(['301', 'redirect', true, '301']);
    // Without `bom` the file's first bytes are the header's; with `bom=true`, a UTF-8 byte-order mark first.
    const bytes = async (query: string) =>
      new Uint8Array(
        await (
          await fetch(`${server.baseUrl}/projects/${projectId}/audits/${auditId}/pages/export${query}`, { headers: { authorization: `Bearer ${key}` } })
        ).arrayBuffer(),
      );
    expect([...(await bytes('')).slice(0, 3)]).toEqual([...Buffer.from('url')]);
    const withBom = await bytes('?bom=true');
    expect([...withBom.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(withBom.slice(3)).toString('utf8')).toBe(text);
    const filtered = await server.call(`/projects/${projectId}/audits/${auditId}/pages/export?hasSchema=true&format=csv`, { key });
    expect(
      parseCsv(filtered.body as string)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(listed.filter((p) => p.hasSchema).map((p) => p.url));
    // Sorted as the list is sorted: worst score first, ties by URL, with the filters.
    for (const query of ['sort=-geoScore', 'sort=depth&statusClass=2xx', 'sort=-responseTimeMs']) {
      const sortedList = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages?${query}`);
      const sortedCsv = await server.call(`/projects/${projectId}/audits/${auditId}/pages/export?${query}`, { key });
      expectContract('exportAuditPages', sortedCsv);
      expect(
        parseCsv(sortedCsv.body as string)
          .slice(1)
          .map((r) => r[0]),
        query,
      ).toEqual(sortedList.map((p) => p.url));
    }
    const badFormat = await server.call(`/projects/${projectId}/audits/${auditId}/pages/export?format=xlsx`, { key });
    expect(badFormat.status).toBe(400);
    expectContract('exportAuditPages', badFormat);
    const other = await server.call(`/projects/${projectId}/audits/${auditId}/pages/export`, { key: await server.createKey() });
    expect(other.status).toBe(404);
    expectContract('exportAuditPages', other);
  });

  it('shows a finished audit with no phase or estimate, the time it ran, and its options', () => {
    expect(finished.progress).toMatchObject({ phase: null, estimatedSecondsRemaining: null });
    // Every record the pages list holds (redirects, files, errors), where pagesCrawled counts HTML pages.
    expect(finished.progress.pagesRecorded).toBe(finished.summary.pagesAudited);
    expect(finished.progress.pagesRecorded).toBeGreaterThan(finished.progress.pagesCrawled);
    expect(finished.progress.elapsedSeconds).toBe(Math.floor((Date.parse(finished.finishedAt) - Date.parse(finished.startedAt)) / 1000));
    expect([finished.renderJavaScript, finished.checkExternalLinks, finished.crawlHreflangAndCanonical]).toEqual([false, false, true]);
    expect(finished.summary.site.externalLinks).toBeNull();
    expect(finished.summary.site.nearDuplicates).toMatchObject({ clusters: expect.any(Number) });
  });

  it('updates the project stats and takes a report snapshot', async () => {
    const project = await server.call(`/projects/${projectId}`, { key });
    expectContract('getProject', project);
    expect(project.body.data.stats).toMatchObject({ auditsCount: 1, pagesAudited: engineResults.length, lastAuditAt: finished.finishedAt });
    expect(project.body.data.stats.avgGeoScore).toBe(finished.summary.avgGeoScore);
    const reports = await server.call(`/projects/${projectId}/reports`, { key });
    expectContract('listReports', reports);
    expect(reports.body.data).toHaveLength(1);
    expect(reports.body.data[0]).toMatchObject({ auditRunId: auditId, change: null, metrics: { pagesAudited: engineResults.length } });
    const list = await server.call(`/projects/${projectId}/audits`, { key });
    expectContract('listAudits', list);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([auditId]);
  });

  it('a second completed audit takes a snapshot with the change since the first', async () => {
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 10 } });
    const second = await waitForStatus(key, projectId, started.body.data.auditRunId, ['completed', 'failed']);
    expect(second.status).toBe('completed');
    expect(second.stopReason).toBe('max_pages_reached');
    const reports = await server.call(`/projects/${projectId}/reports`, { key });
    expect(reports.body.data).toHaveLength(2);
    const [latest, first] = reports.body.data;
    expect(latest.change.previousSnapshotId).toBe(first.id);
    expect(latest.change.pagesAudited).toBe(latest.metrics.pagesAudited - first.metrics.pagesAudited);
    expect(latest.change.pagesScored).toBe(latest.metrics.pagesScored - first.metrics.pagesScored);
  });

  it('answers 409 INVALID_STATE when cancelling a finished audit, and the state does not change', async () => {
    const response = await server.call(`/projects/${projectId}/audits/${auditId}/cancel`, { key, method: 'POST' });
    expect(response.status).toBe(409);
    expectContract('cancelAudit', response);
    expect(response.body.error.code).toBe('INVALID_STATE');
    expect((await server.call(`/projects/${projectId}/audits/${auditId}`, { key })).body.data.status).toBe('completed');
  });

  it('builds a brief from the audit, with its first draft listed', async () => {
    const created = await server.call(`/projects/${projectId}/content/briefs`, {
      key,
      method: 'POST',
      json: { topic: 'How to choose a team for a product launch', audience: 'Founders', goal: 'consideration' },
    });
    expect(created.status).toBe(201);
    expectContract('createBrief', created);
    const brief = created.body.data;
    expect(created.headers.get('location')).toBe(`/api/public/v1/projects/${projectId}/content/briefs/${brief.id}`);
    const fetched = await server.call(`/projects/${projectId}/content/briefs/${brief.id}`, { key });
    expectContract('getBrief', fetched);
    expect(fetched.body.data).toEqual(brief);
    const drafts = await server.call(`/projects/${projectId}/drafts`, { key });
    expectContract('listDrafts', drafts);
    expect(drafts.body.data.map((d: { id: string }) => d.id)).toContain(brief.draftId);
    const draft = await server.call(`/projects/${projectId}/drafts/${brief.draftId}`, { key });
    expectContract('getDraft', draft);
    expect(draft.body.data.content).toContain('#');
    expect(draft.body.data.briefId).toBe(brief.id);
  });
});

describe('audit rules', () => {
  it('refuses a seedUrl off the project site (400) and maxPages over the plan cap (403)', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const projectId = await createProject(key, site.origin(WWW));
    const offSite = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { seedUrl: 'https://elsewhere.example/' } });
    expect(offSite.status).toBe(400);
    expectContract('startAudit', offSite);
    expect(offSite.body.error.details[0]).toMatchObject({ in: 'body', field: 'seedUrl' });
    // The same host on another port is another site (another service, often).
    const otherPort = new URL(site.origin(WWW));
    otherPort.port = String(Number(otherPort.port) + 1);
    const offPort = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { seedUrl: otherPort.href } });
    expect(offPort.status).toBe(400);
    expect(offPort.body.error.details[0].message).toContain(`on port ${new URL(site.origin(WWW)).port}`);
    const tooMany = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 501 } });
    expect(tooMany.status).toBe(403);
    expectContract('startAudit', tooMany);
    expect(tooMany.body.error.code).toBe('PLAN_LIMIT_EXCEEDED');
    const foreign = await server.call(`/projects/0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e/audits`, { key, method: 'POST', json: {} });
    expect(foreign.status).toBe(404);
    expectContract('startAudit', foreign);
  });

  it('cancels a running audit: it stops, keeps its pages, and stays cancelled', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const projectId = await createProject(key, site.origin(SLOW));
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 300 } });
    const auditId = started.body.data.auditRunId;
    await until('some pages to be stored', async () => {
      const run = (await server.call(`/projects/${projectId}/audits/${auditId}`, { key })).body.data;
      return run.status === 'running' && run.progress.pagesCrawled >= 10 ? run : undefined;
    });
    // Progress while crawling: the phase, the time it has run and the rate-based estimate.
    const startedAt = Date.parse((await server.call(`/projects/${projectId}/audits/${auditId}`, { key })).body.data.startedAt);
    server.clock.set(startedAt + 20_000);
    const running = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
    expectContract('getAudit', running);
    const progress = running.body.data.progress;
    expect(progress).toMatchObject({ phase: 'crawling', elapsedSeconds: 20 });
    const left = Math.min(progress.pagesQueued, progress.maxPages - progress.pagesCrawled);
    expect(progress.estimatedSecondsRemaining).toBe(Math.ceil((left * 20_000) / progress.pagesCrawled / 1000));
    expect(progress.estimatedSecondsRemaining).toBeGreaterThan(0);
    // Records are counted as they are stored: at least the HTML pages, at most what the list holds.
    expect(progress.pagesRecorded).toBeGreaterThanOrEqual(progress.pagesCrawled);
    const stored = await server.call(`/projects/${projectId}/audits/${auditId}/pages?pageSize=1`, { key });
    expect(progress.pagesRecorded).toBeLessThanOrEqual(stored.body.meta.total);
    const cancelled = await server.call(`/projects/${projectId}/audits/${auditId}/cancel`, { key, method: 'POST' });
    expect(cancelled.status).toBe(200);
    expectContract('cancelAudit', cancelled);
    expect(cancelled.body.data.status).toBe('cancelled');
    const withSummary = await until('the worker to record what it kept', async () => {
      const run = (await server.call(`/projects/${projectId}/audits/${auditId}`, { key })).body.data;
      return run.summary ? run : undefined;
    });
    expect(withSummary.status).toBe('cancelled');
    expect(withSummary.summary.pagesAudited).toBeLessThan(300);
    await until('the worker to let go of the job', async () => (server.worker!.running === 0 ? true : undefined));
    const pages = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    expect(pages.length).toBe(withSummary.summary.pagesAudited);
    const again = await server.call(`/projects/${projectId}/audits/${auditId}/cancel`, { key, method: 'POST' });
    expect(again.status).toBe(409);
  }, 60_000);

  it("checks external links when asked: the findings and the pages with broken_external_link are the engine's", async () => {
    const key = await server.createKey({ plan: 'agency' });
    const projectId = await createProject(key, site.origin(WWW));
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 500, checkExternalLinks: true } });
    const run = await waitForStatus(key, projectId, started.body.data.auditRunId, ['completed', 'failed']);
    expect(run).toMatchObject({ status: 'completed', checkExternalLinks: true });
    const resolver = fixtureResolver({ [SLOW]: '127.0.0.1' }).resolve;
    let findings: unknown = null;
    const expected: string[] = [];
    for await (const event of runAudit({
      seedUrl: `${site.origin(WWW)}/`,
      primaryDomain: site.origin(WWW),
      maxPages: 500,
      limits: LIMITS,
      policy: { allowLoopback: true },
      resolver,
      checkExternalLinks: true,
    })) {
      if (event.type === 'site') findings = event.findings.externalLinks;
      if (event.type === 'site-page' && event.result.issues.some((i) => i.code === 'broken_external_link')) expected.push(event.result.url);
    }
    expect(findings).toMatchObject({ checked: expect.any(Number), broken: expect.any(Number) });
    expect(run.summary.site.externalLinks).toEqual(findings);
    expect(run.summary.site.externalLinks.broken).toBeGreaterThan(0);
    const pages = await allPages(key, `/projects/${projectId}/audits/${run.id}/pages?issue=broken_external_link`);
    expect(pages.map((p) => p.url)).toEqual(expected.sort());
  }, 60_000);

  it('answers 503 RENDERING_NOT_CONFIGURED to renderJavaScript on a server without a browser, and creates nothing', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const projectId = await createProject(key, site.origin(WWW));
    const response = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { renderJavaScript: true } });
    expect(response.status).toBe(503);
    expectContract('startAudit', response);
    expect(response.body.error.code).toBe('RENDERING_NOT_CONFIGURED');
    expect(response.headers.get('retry-after')).toBe('3600');
    expect((await server.call(`/projects/${projectId}/audits`, { key })).body.meta.total).toBe(0);
    const bad = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { renderJavaScript: 'yes' } });
    expect(bad.status).toBe(400);
  });

  it('runs one audit at a time on a starter account: the second waits in pending', async () => {
    // A starter key has 60 requests a minute and the test clock does not refill it, so the
    // waiting is watched in storage and HTTP is used only for the operations under test.
    const key = await server.createKey({ plan: 'starter' });
    const projectId = await createProject(key, site.origin(SLOW));
    const runOf = (id: string) => server.repositories.auditRuns.find(id);
    const first = (await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 300 } })).body.data.auditRunId;
    await until('the first to store pages', async () => {
      const run = await runOf(first);
      return run?.status === 'running' && run.pagesCrawled >= 5 ? run : undefined;
    });
    const second = (await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 5 } })).body.data.auditRunId;
    // Give the worker every chance to claim it (several polls); the plan, not the worker, holds it back.
    const polls = 5;
    for (let i = 0; i < polls; i++) {
      server.worker!.wake();
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect((await runOf(second))?.status).toBe('pending');
    expect((await server.call(`/projects/${projectId}/audits/${second}`, { key })).body.data.status).toBe('pending');
    await server.call(`/projects/${projectId}/audits/${first}/cancel`, { key, method: 'POST' });
    const done = await until('the second audit to finish', async () => {
      const run = await runOf(second);
      return run && ['completed', 'failed'].includes(run.status) ? run : undefined;
    });
    expect(done.status).toBe('completed');
  }, 60_000);
});

/** RFC 4180 as the export writes it: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}
