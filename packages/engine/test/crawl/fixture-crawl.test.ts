// The crawler against the fixture site: exactly which URLs are fetched, in which order, and what
// each FetchedPage says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchedPage } from '../../src/types.js';
import { BLOG, OTHER, WWW } from '../fixtures/site/pages.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { collect, doneOf, linkProcess, pagesOf, TEST_UA } from './helpers.js';

const PRELUDE = ['/robots.txt', '/sitemap.xml', '/sitemaps/robots-only.xml', '/sitemap_index.xml', '/sitemaps/child-a.xml'];
const range = (from: number, to: number, f: (i: number) => string): string[] => Array.from({ length: to - from + 1 }, (_, i) => f(from + i));

/**
 * Page records of www in the order they must be yielded (robots-disallowed ones included). Each URL
 * of a redirect chain is a record: the end of a chain right after the URL whose fetch reached it
 * first, the hops in between once they are fetched on their own (at the end of the queue).
 */
const WWW_RECORDS = [
  // depth 0 and the home page's links in document order, each redirect followed by its target
  '/',
  '/about',
  '/contact',
  '/products/',
  '/redirect/301',
  '/target/301',
  '/redirect/302',
  '/target/302',
  '/redirect/307',
  '/target/307',
  '/redirect/308',
  '/target/308',
  '/chain/1',
  '/chain/end',
  '/long-chain/1',
  '/loop/a',
  '/missing',
  '/error',
  '/files/report.pdf',
  '/images/logo.png',
  '/api/data.json',
  '/private/secret',
  '/no-audit-bot/page',
  '/noindex',
  '/canonical/a',
  '/canonical/a?ref=home',
  '/big',
  '/slow',
  '/schema/json-ld',
  '/schema/microdata',
  '/schema/rdfa',
  '/schema/broken-json-ld',
  '/schema/other-vocab',
  '/base/page',
  '/redirect/to-other',
  '/redirect/to-about',
  '/xhtml',
  '/latin1',
  // sitemap URLs, after the seed's links: sitemap.xml, then the robots.txt sitemaps, index children
  '/sitemap-only/1',
  '/sitemap-only/2',
  '/products/1',
  '/robots-sitemap-only',
  '/index-only',
  // depth 2, the chains' hops among them (queued as the chains were met)
  '/team',
  ...range(2, 20, (i) => `/products/${i}`),
  '/chain/2',
  '/chain/3',
  ...range(2, 7, (i) => `/long-chain/${i}`),
  '/loop/b',
  '/canonical/b',
  '/base/dir/child',
  // past the redirect limit from /long-chain/1, queued when /long-chain/2 met it
  '/long-chain/8',
];

/**
 * Requests to www in order: redirect hops appear where they happen; disallowed URLs never. A chain
 * is followed to its end from each of its URLs (where a URL's chain ends is part of its record,
 * whatever the crawl met first), so the hops of a chain are asked again from each earlier one.
 */
const WWW_REQUESTS = [
  ...PRELUDE,
  '/',
  '/about',
  '/contact',
  '/products/',
  '/redirect/301',
  '/target/301',
  '/redirect/302',
  '/target/302',
  '/redirect/307',
  '/target/307',
  '/redirect/308',
  '/target/308',
  '/chain/1',
  '/chain/2',
  '/chain/3',
  '/chain/end',
  ...range(1, 6, (i) => `/long-chain/${i}`),
  '/loop/a',
  '/loop/b',
  '/missing',
  '/error',
  '/files/report.pdf',
  '/images/logo.png',
  '/api/data.json',
  '/noindex',
  '/canonical/a',
  '/canonical/a?ref=home',
  '/big',
  '/slow',
  '/schema/json-ld',
  '/schema/microdata',
  '/schema/rdfa',
  '/schema/broken-json-ld',
  '/schema/other-vocab',
  '/base/page',
  '/redirect/to-other',
  '/redirect/to-about',
  '/about',
  '/xhtml',
  '/latin1',
  '/sitemap-only/1',
  '/sitemap-only/2',
  '/products/1',
  '/robots-sitemap-only',
  '/index-only',
  '/team',
  ...range(2, 20, (i) => `/products/${i}`),
  ...['/chain/2', '/chain/3', '/chain/end', '/chain/3', '/chain/end'],
  // /long-chain/2 stops at 7 (too many redirects), each later one reaches 8.
  ...[2, 3, 4, 5, 6, 7].flatMap((from) => range(from, from === 2 ? 7 : 8, (i) => `/long-chain/${i}`)),
  '/loop/b',
  '/loop/a',
  '/canonical/b',
  '/base/dir/child',
  '/long-chain/8',
];
const BLOG_REQUESTS = ['/robots.txt', '/', '/post/1', '/post/2', '/post/3'];

const LIMITS = { requestTimeoutMs: 1000, maxBodyBytes: 64 * 1024, maxRedirects: 5, timeBudgetMs: 30_000, perHostConcurrency: 1, maxConcurrency: 1 };

describe('crawling the fixture site', () => {
  let server: FixtureServer;
  let www: string;
  let blog: string;
  let pages: FetchedPage[];
  let byUrl: Map<string, FetchedPage>;
  let events: Awaited<ReturnType<typeof collect<null>>>;
  let resolver: ReturnType<typeof fixtureResolver>;

  beforeAll(async () => {
    server = await startFixtureServer();
    www = server.origin(WWW);
    blog = server.origin(BLOG);
    resolver = fixtureResolver();
    events = await collect({
      seedUrl: `${www}/`,
      maxPages: 500,
      limits: LIMITS,
      userAgent: TEST_UA,
      policy: { allowLoopback: true },
      resolver: resolver.resolve,
      process: linkProcess,
    });
    pages = pagesOf(events);
    byUrl = new Map(pages.map((p) => [p.url, p]));
  });
  afterAll(() => server.close());

  it('requests exactly the expected URLs of each host, www in breadth-first order', () => {
    const requests = (host: string): string[] => server.log.filter((e) => e.host === host).map((e) => e.path);
    expect(requests(WWW)).toEqual(WWW_REQUESTS);
    expect(requests(BLOG)).toEqual(BLOG_REQUESTS);
    expect(server.log).toHaveLength(WWW_REQUESTS.length + BLOG_REQUESTS.length);
    expect(new Set(server.log.map((e) => e.host))).toEqual(new Set([WWW, BLOG]));
    expect(server.log.every((e) => e.method === 'GET' && e.userAgent === TEST_UA)).toBe(true);
  });

  it('never resolves or fetches other sites', () => {
    expect(resolver.lookups).not.toContain(OTHER);
    expect(resolver.lookups).not.toContain('www.wikipedia.org');
    expect(server.log.some((e) => e.host === OTHER)).toBe(false);
  });

  it('yields one record per URL, www records in breadth-first order, blog records in theirs', () => {
    const urls = pages.map((p) => p.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.filter((u) => u.startsWith(www)).map((u) => u.slice(www.length))).toEqual(WWW_RECORDS);
    expect(urls.filter((u) => u.startsWith(blog)).map((u) => u.slice(blog.length))).toEqual(['/', '/post/1', '/post/2', '/post/3']);
    expect(urls).toHaveLength(WWW_RECORDS.length + 4);
    // The subdomain's page comes after the pages queued before it (it waits for its robots.txt).
    expect(urls.indexOf(`${blog}/`)).toBeGreaterThan(urls.indexOf(`${www}/products/`));
  });

  it('records normalised URLs and well-formed times on every page', () => {
    for (const p of pages) {
      expect(p.url).not.toContain('#');
      expect(p.finalUrl).not.toContain('#');
      expect(new Date(p.fetchedAt).toISOString()).toBe(p.fetchedAt);
      expect(p.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('fills a plain HTML page', () => {
    const about = byUrl.get(`${www}/about`)!;
    expect(about).toMatchObject({ url: `${www}/about`, finalUrl: `${www}/about`, status: 200, contentType: 'text/html', redirectChain: [] });
    expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(about.body).toContain('<title>About us</title>');
    expect(about.error).toBeUndefined();
  });

  it.each([
    ['/redirect/301', '/target/301', '301'],
    ['/redirect/302', '/target/302', '302'],
    ['/redirect/307', '/target/307', '307'],
    ['/redirect/308', '/target/308', '308'],
  ])('records %s with its own status, and %s, where it leads, on its own', (from, to, type) => {
    const p = byUrl.get(`${www}${from}`)!;
    expect(p).toMatchObject({
      status: Number(type),
      redirectTarget: `${www}${to}`,
      redirectType: type,
      finalUrl: `${www}${to}`,
      redirectChain: [`${www}${from}`, `${www}${to}`],
      body: null,
    });
    expect(p.error).toBeUndefined();
    const target = byUrl.get(`${www}${to}`)!;
    expect(target).toMatchObject({ status: 200, finalUrl: `${www}${to}`, redirectChain: [], redirectTarget: null, contentType: 'text/html' });
    expect(target.body).toContain('<title>Target');
  });

  it('records each URL of a chain of three redirects, each with where the chain from it ends', () => {
    const p = byUrl.get(`${www}/chain/1`)!;
    expect(p.redirectChain).toEqual(['/chain/1', '/chain/2', '/chain/3', '/chain/end'].map((x) => `${www}${x}`));
    expect(p).toMatchObject({ status: 301, redirectTarget: `${www}/chain/2`, finalUrl: `${www}/chain/end` });
    expect(byUrl.get(`${www}/chain/2`)).toMatchObject({ status: 302, redirectTarget: `${www}/chain/3`, finalUrl: `${www}/chain/end` });
    expect(byUrl.get(`${www}/chain/3`)).toMatchObject({ status: 307, redirectTarget: `${www}/chain/end`, finalUrl: `${www}/chain/end` });
    expect(byUrl.get(`${www}/chain/end`)).toMatchObject({ status: 200, redirectTarget: null, finalUrl: `${www}/chain/end` });
  });

  it('stops a chain longer than maxRedirects', () => {
    const p = byUrl.get(`${www}/long-chain/1`)!;
    expect(p).toMatchObject({ status: 301, finalUrl: `${www}/long-chain/7`, body: null, error: { code: 'too_many_redirects' } });
    expect(p.redirectChain).toEqual(range(1, 7, (i) => `${www}/long-chain/${i}`));
    // From /long-chain/3 on, the chain to /long-chain/8 is within the limit.
    expect(byUrl.get(`${www}/long-chain/3`)).toMatchObject({ status: 301, finalUrl: `${www}/long-chain/8` });
    expect(byUrl.get(`${www}/long-chain/3`)!.error).toBeUndefined();
  });

  it('detects a redirect loop, from each of its URLs', () => {
    const p = byUrl.get(`${www}/loop/a`)!;
    expect(p).toMatchObject({ status: 302, redirectTarget: `${www}/loop/b`, finalUrl: `${www}/loop/a`, body: null, error: { code: 'redirect_loop' } });
    expect(p.redirectChain).toEqual([`${www}/loop/a`, `${www}/loop/b`, `${www}/loop/a`]);
    expect(byUrl.get(`${www}/loop/b`)).toMatchObject({ status: 302, redirectTarget: `${www}/loop/a`, error: { code: 'redirect_loop' } });
  });

  it('does not follow a redirect off the site', () => {
    const p = byUrl.get(`${www}/redirect/to-other`)!;
    expect(p).toMatchObject({ status: 302, finalUrl: `http://${OTHER}:${server.port}/landing`, body: null, error: { code: 'out_of_scope_redirect' } });
  });

  it('follows a redirect to a page already fetched to learn where it ends, without recording that page again', () => {
    const p = byUrl.get(`${www}/redirect/to-about`)!;
    expect(p).toMatchObject({ status: 301, finalUrl: `${www}/about`, redirectChain: [`${www}/redirect/to-about`, `${www}/about`], body: null });
    expect(p.error).toBeUndefined();
    expect(server.log.filter((e) => e.path === '/about')).toHaveLength(2);
    expect(pages.filter((x) => x.url === `${www}/about`)).toHaveLength(1);
    // /team links to /target/301, already recorded as the end of /redirect/301: not fetched again.
    expect(server.log.filter((e) => e.path === '/target/301')).toHaveLength(1);
  });

  it('records error statuses with their HTML bodies', () => {
    expect(byUrl.get(`${www}/missing`)).toMatchObject({ status: 404, contentType: 'text/html' });
    expect(byUrl.get(`${www}/missing`)!.body).toContain('404');
    expect(byUrl.get(`${www}/error`)).toMatchObject({ status: 500, contentType: 'text/html' });
  });

  it.each([
    ['/files/report.pdf', 'application/pdf'],
    ['/images/logo.png', 'image/png'],
    ['/api/data.json', 'application/json'],
  ])('records non-HTML %s without a body', (path, type) => {
    const p = byUrl.get(`${www}${path}`)!;
    expect(p).toMatchObject({ status: 200, contentType: type, body: null, redirectChain: [] });
    expect(p.error).toBeUndefined();
  });

  it('keeps XHTML bodies and decodes by the charset header', () => {
    expect(byUrl.get(`${www}/xhtml`)).toMatchObject({ contentType: 'application/xhtml+xml' });
    expect(byUrl.get(`${www}/xhtml`)!.body).toContain('<p>xhtml</p>');
    expect(byUrl.get(`${www}/latin1`)!.body).toContain('<title>Café</title>');
  });

  it('records robots-disallowed URLs without fetching them', () => {
    for (const path of ['/private/secret', '/no-audit-bot/page']) {
      const p = byUrl.get(`${www}${path}`)!;
      expect(p).toMatchObject({
        status: 0,
        finalUrl: `${www}${path}`,
        contentType: null,
        headers: {},
        body: null,
        redirectChain: [],
        error: { code: 'robots_disallowed' },
      });
      expect(server.log.some((e) => e.path === path)).toBe(false);
    }
  });

  it('records a body over the cap without keeping it', () => {
    expect(byUrl.get(`${www}/big`)).toMatchObject({ status: 200, contentType: 'text/html', body: null, error: { code: 'body_too_large' } });
  });

  it('records a timeout when a page is slower than the request timeout', () => {
    const p = byUrl.get(`${www}/slow`)!;
    expect(p).toMatchObject({ status: 0, contentType: null, body: null, error: { code: 'timeout' } });
    expect(p.durationMs).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 5);
    expect(p.durationMs).toBeLessThan(LIMITS.requestTimeoutMs * 3);
    expect(server.abandoned).toContain(`${WWW}/slow`);
  });

  it('passes response headers through, lower-cased', () => {
    expect(byUrl.get(`${www}/noindex`)!.headers['x-robots-tag']).toBe('noindex');
  });

  it('treats query strings as distinct URLs and resolves links against <base href>', () => {
    expect(byUrl.has(`${www}/canonical/a`) && byUrl.has(`${www}/canonical/a?ref=home`)).toBe(true);
    expect(byUrl.get(`${www}/base/dir/child`)).toMatchObject({ status: 200 });
    expect(server.log.some((e) => e.path === '/base/child' || e.path === '/child')).toBe(false);
  });

  it('reports progress after each page and ends with done', () => {
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress).toHaveLength(pages.length);
    expect(progress.at(-1)).toMatchObject({ pagesRecorded: pages.length, pagesQueued: 0, maxPages: 500 });
    const html = pages.filter((p) => p.contentType === 'text/html' || p.contentType === 'application/xhtml+xml').length;
    expect(doneOf(events)).toEqual({ type: 'done', stopReason: 'all_pages_crawled', pagesCrawled: html, pagesRecorded: pages.length });
  });
});

describe('maxPages', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());

  const run = (seedPath: string, maxPages: number, extra: Record<string, number> = {}) =>
    collect({
      seedUrl: server.origin(WWW) + seedPath,
      maxPages,
      limits: { ...LIMITS, ...extra },
      userAgent: TEST_UA,
      policy: { allowLoopback: true },
      resolver: fixtureResolver().resolve,
      process: linkProcess,
    });

  it('stops after maxPages HTML pages, in breadth-first order, without touching the subdomain', async () => {
    const before = server.log.length;
    const events = await run('/', 3);
    expect(pagesOf(events).map((p) => new URL(p.url).pathname)).toEqual(['/', '/about', '/contact']);
    expect(doneOf(events)).toEqual({ type: 'done', stopReason: 'max_pages_reached', pagesCrawled: 3, pagesRecorded: 3 });
    expect(server.log.slice(before).map((e) => `${e.host}${e.path}`)).toEqual([...PRELUDE, '/', '/about', '/contact'].map((p) => `${WWW}${p}`));
  });

  it('does not count non-HTML and robots-disallowed records against maxPages', async () => {
    const events = await run('/mixed', 2, { maxOtherRecords: 10 });
    const paths = pagesOf(events).map((p) => new URL(p.url).pathname);
    expect(paths).toEqual(['/mixed', '/files/report.pdf', '/images/logo.png', '/api/data.json', '/private/secret', '/about']);
    expect(doneOf(events)).toEqual({ type: 'done', stopReason: 'max_pages_reached', pagesCrawled: 2, pagesRecorded: 6 });
  });

  it('caps the other records with maxOtherRecords', async () => {
    const events = await run('/mixed', 10, { maxOtherRecords: 2 });
    expect(pagesOf(events).map((p) => new URL(p.url).pathname)).toEqual(['/mixed', '/files/report.pdf', '/images/logo.png']);
    expect(doneOf(events)).toMatchObject({ stopReason: 'max_pages_reached', pagesCrawled: 1, pagesRecorded: 3 });
  });

  it('caps the other records at maxPages by default, so a crawl records at most 2 × maxPages URLs', async () => {
    const events = await run('/mixed', 2);
    expect(pagesOf(events).map((p) => new URL(p.url).pathname)).toEqual(['/mixed', '/files/report.pdf', '/images/logo.png']);
    expect(doneOf(events)).toMatchObject({ stopReason: 'max_pages_reached', pagesCrawled: 1, pagesRecorded: 3 });
  });

  it('counts an HTML error page (404) against maxPages', async () => {
    const events = await run('/missing', 1);
    expect(pagesOf(events).map((p) => p.status)).toEqual([404]);
    expect(doneOf(events)).toMatchObject({ stopReason: 'max_pages_reached', pagesCrawled: 1 });
  });
});
