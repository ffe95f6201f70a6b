// The audit runner end to end on the fixture site: crawl + analyser + site findings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { AuditEvent } from '../../src/audit/types.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { BLOG, OTHER, WWW } from '../fixtures/site/pages.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { TEST_UA } from './helpers.js';

describe('runAudit on the fixture site', () => {
  let server: FixtureServer;
  let events: AuditEvent[];
  let byUrl: Map<string, PageAnalysis>;
  let www: string;

  beforeAll(async () => {
    server = await startFixtureServer();
    www = server.origin(WWW);
    events = [];
    const deadline = Date.now() + 20_000;
    for await (const event of runAudit({
      seedUrl: `${www}/`,
      primaryDomain: WWW,
      maxPages: 500,
      limits: { requestTimeoutMs: 1000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 },
      policy: { allowLoopback: true },
      userAgent: TEST_UA,
      resolver: fixtureResolver().resolve,
    })) {
      events.push(event);
      if (Date.now() > deadline) throw new Error('audit did not finish in time');
    }
    byUrl = new Map(events.flatMap((e) => (e.type === 'page' ? [[e.analysis.url, e.analysis] as const] : [])));
  });
  afterAll(() => server.close());

  it('analyses every recorded URL once, HTML or not, and ends with site findings then done', () => {
    const pages = events.filter((e) => e.type === 'page');
    expect(pages.length).toBe(byUrl.size);
    // The analyser's internal links discover the same site as the fallback extractor does.
    for (const path of ['/', '/about', '/team', '/products/20', '/sitemap-only/1', '/robots-sitemap-only', '/index-only', '/base/dir/child', '/canonical/b']) {
      expect.soft(byUrl.has(`${www}${path}`), path).toBe(true);
    }
    expect(byUrl.has(`http://${BLOG}:${server.port}/post/3`)).toBe(true);
    expect(events.at(-2)?.type).toBe('site');
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'all_pages_crawled', pagesRecorded: pages.length });
  });

  it('streams phase crawling, the pages, phase site_checks, one site-page per page, site, done', () => {
    expect(events[0]).toEqual({ type: 'phase', phase: 'crawling' });
    const phases = events.flatMap((e, i) => (e.type === 'phase' ? [[i, e.phase] as const] : []));
    // No external link check was asked for: no external_links phase.
    expect(phases.map(([, phase]) => phase)).toEqual(['crawling', 'site_checks']);
    const checksAt = phases[1]![0];
    const lastCrawlEvent = events.findLastIndex((e) => e.type === 'page' || e.type === 'progress');
    expect(lastCrawlEvent).toBeLessThan(checksAt);
    const sitePages = events.slice(checksAt + 1, -2);
    expect(sitePages.every((e) => e.type === 'site-page')).toBe(true);
    const urls = sitePages.map((e) => (e.type === 'site-page' ? e.result.url : ''));
    expect(urls.length).toBe(byUrl.size);
    expect(new Set(urls)).toEqual(new Set(byUrl.keys()));
    const home = sitePages.find((e) => e.type === 'site-page' && e.result.url === `${www}/`);
    expect(home).toMatchObject({ result: { depth: 0 } });
  });

  it('fetches robots.txt once per host, llms.txt once, and nothing off the site', () => {
    const count = (host: string, path: string) => server.log.filter((e) => e.host === host && e.path === path).length;
    expect(count(WWW, '/robots.txt')).toBe(1);
    expect(count(BLOG, '/robots.txt')).toBe(1);
    expect(count(WWW, '/llms.txt')).toBe(1);
    expect(server.log.some((e) => e.host === OTHER)).toBe(false);
    // Each URL is asked once, but those a redirect leads to: a chain is followed to its end from
    // each of its URLs (without reading a page already recorded again).
    const hops = new Set([...byUrl.values()].flatMap((a) => a.redirectChain.slice(1).map((u) => new URL(u).host + new URL(u).pathname)));
    const paths = server.log.map((e) => `${e.host}:${server.port}${e.path}`).filter((p) => !hops.has(p));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('scores HTML pages and gives non-HTML and failed pages a 0', () => {
    const about = byUrl.get(`${www}/about`)!;
    expect(about).toMatchObject({ statusCode: 200, isHtml: true, title: 'About us', error: null });
    expect(about.geoScore).toBeGreaterThan(0);
    expect(byUrl.get(`${www}/files/report.pdf`)).toMatchObject({ isHtml: false, geoScore: 0 });
    expect(byUrl.get(`${www}/private/secret`)).toMatchObject({ statusCode: 0, geoScore: 0, error: { code: 'robots_disallowed' } });
    expect(byUrl.get(`${www}/slow`)).toMatchObject({ geoScore: 0, error: { code: 'timeout' } });
  });

  it("hands each page its own host's robots.txt rules", () => {
    // www's robots.txt disallows GPTBot everywhere; the blog has no robots.txt at all.
    expect(byUrl.get(`${www}/about`)!.aiAgentAccess['GPTBot']).toBe(false);
    expect(byUrl.get(`${www}/about`)!.aiAgentAccess['ClaudeBot']).toBe(true);
    expect(byUrl.get(`http://${BLOG}:${server.port}/post/1`)!.aiAgentAccess['GPTBot']).toBe(true);
  });

  it('reads the structured data of the schema pages', () => {
    expect(byUrl.get(`${www}/schema/json-ld`)!.schemaTypes).toContain('Article');
    expect(byUrl.get(`${www}/schema/broken-json-ld`)!.structuredDataErrors.length).toBeGreaterThan(0);
  });

  it('reports robots.txt, sitemaps and llms.txt as site findings', () => {
    const site = events.find((e) => e.type === 'site');
    if (site?.type !== 'site') throw new Error('no site event');
    expect(site.findings.robots).toMatchObject({ present: true });
    expect(site.findings.robots.blockedAgents).toContain('GPTBot');
    expect(site.findings.sitemaps.present).toBe(true);
    expect(site.findings.sitemaps.sitemaps.map((s) => new URL(s.url).pathname)).toEqual([
      '/sitemap.xml',
      '/sitemaps/robots-only.xml',
      '/sitemap_index.xml',
      '/sitemaps/child-a.xml',
    ]);
    expect(site.findings.llmsTxt).toMatchObject({ present: true, wellFormed: true });
    // The site checks ran (no page has 50 words of main content: no clusters); external links were not asked for.
    expect(site.findings.nearDuplicates).toEqual({ clusters: 0, pages: 0, largest: [] });
    expect(site.findings.externalLinks).toBeNull();
  });
});
