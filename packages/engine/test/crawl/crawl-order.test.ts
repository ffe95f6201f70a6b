// One record per URL, whatever order the crawl meets links in. The same site is served twice, each
// page's links in one order and then reversed, and crawled one fetch at a time (so the order of
// the links is the order of the crawl): every URL, each hop of a redirect chain included, must get
// the same record, and the same site-check findings, either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import type { SitePageResult } from '../../src/audit/types.js';
import { html, type FixtureResponse, type Route } from '../fixtures/site/pages.js';
import { fixtureResolver, startFixtureServer, type FixtureServer } from '../testing.js';

const FORWARD = 'order-forward.fixture.test';
// Names of one length: the pages' sizes are compared too.
const REVERSED = 'order-reverse.fixture.test';

const page = (title: string, hrefs: readonly string[], order: (l: readonly string[]) => string[], head = ''): FixtureResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: html(
    title,
    `<h1>${title}</h1>${order(hrefs)
      .map((h) => `<a href="${h}">${h}</a>`)
      .join(' ')}`,
    head,
  ),
});
const moved = (status: number, location: string): FixtureResponse => ({ status, headers: { location } });

/** The site, each page's links in `order`. */
function site(host: string, order: (l: readonly string[]) => string[]): Record<string, Route> {
  const origin = ({ port }: { port: number }) => `http://${host}:${port}`;
  return {
    '/robots.txt': () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /checkout/\n' }),
    '/': () => page('Home of the order site', ['/a', '/old', '/x.html', '/x/', '/hop/1', '/hop/2', '/loop/1', '/checkout/', '/en', '/copy', '/refresh'], order),
    '/a': () => page('Page A', ['/hop/2', '/x.html', '/'], order),
    // A chain of two (/old → /hop/1 → /a), a hop of it linked on its own too, and a redirect whose target is linked.
    '/old': () => moved(301, '/hop/1'),
    '/hop/1': () => moved(302, '/a'),
    '/hop/2': () => moved(307, '/hop/1'),
    '/x.html': () => moved(308, '/x/'),
    '/x/': () => page('Page X', ['/a'], order),
    '/loop/1': () => moved(301, '/loop/2'),
    '/loop/2': () => moved(301, '/loop/1'),
    '/checkout/': () => page('Never fetched', [], order),
    // A meta refresh to a page no <a> links to.
    '/refresh': () => page('Refreshing', [], order, '<meta http-equiv="refresh" content="0; url=/refreshed">'),
    '/refreshed': () => page('Refreshed', ['/'], order),
    // Named only by <link>: an alternate that does not list /en back, and a canonical target.
    '/en': (ctx) =>
      page(
        'English',
        ['/a'],
        order,
        `<link rel="alternate" hreflang="en" href="${origin(ctx)}/en"><link rel="alternate" hreflang="fr" href="${origin(ctx)}/fr">`,
      ),
    '/fr': (ctx) => page('Français', ['/fr/child'], order, `<link rel="alternate" hreflang="fr" href="${origin(ctx)}/fr">`),
    '/fr/child': () => page('Enfant', ['/fr'], order),
    '/copy': (ctx) => page('A copy', ['/'], order, `<link rel="canonical" href="${origin(ctx)}/original">`),
    '/original': (ctx) => page('The original', ['/'], order, `<link rel="canonical" href="${origin(ctx)}/original">`),
  };
}

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({ [FORWARD]: site(FORWARD, (l) => [...l]), [REVERSED]: site(REVERSED, (l) => [...l].reverse()) });
});
afterAll(() => server?.close());

interface Crawled {
  pages: Map<string, PageAnalysis>;
  sitePages: Map<string, SitePageResult>;
}

async function crawlSite(host: string, crawlHreflangAndCanonical?: boolean): Promise<Crawled> {
  const origin = server.origin(host);
  const pages = new Map<string, PageAnalysis>();
  const sitePages = new Map<string, SitePageResult>();
  for await (const event of runAudit({
    seedUrl: `${origin}/`,
    primaryDomain: origin,
    maxPages: 50,
    limits: { maxConcurrency: 1, perHostConcurrency: 1, requestTimeoutMs: 2000 },
    policy: { allowLoopback: true },
    resolver: fixtureResolver({ [FORWARD]: '127.0.0.1', [REVERSED]: '127.0.0.1' }).resolve,
    ...(crawlHreflangAndCanonical === undefined ? {} : { crawlHreflangAndCanonical }),
  })) {
    if (event.type === 'page') {
      expect(pages.has(event.analysis.url), `${event.analysis.url} recorded twice`).toBe(false);
      pages.set(event.analysis.url.slice(origin.length), event.analysis);
    }
    if (event.type === 'site-page') sitePages.set(event.result.url.slice(origin.length), event.result);
  }
  return { pages, sitePages };
}

/** A record as compared: the host left out, what timing changes, and the order of its links (that of the page's HTML). */
function comparable(record: object, origin: string): unknown {
  const {
    fetchedAt: _at,
    ttfbMs: _ttfb,
    responseTimeMs: _took,
    links,
    issues,
    ...rest
  } = record as Record<string, unknown> & { links?: { href: string }[]; issues: { code: string; severity: string }[] };
  const text = JSON.stringify({
    ...rest,
    links: links?.map((l) => l.href).sort(),
    // Messages listing several links list them in the page's order: the codes are compared.
    issues: issues.map((i) => `${i.code}:${i.severity}`).sort(),
  });
  return JSON.parse(text.replaceAll(origin, 'ORIGIN')) as unknown;
}

describe('records whatever the crawl order', () => {
  let forward: Crawled;
  let reversed: Crawled;
  beforeAll(async () => {
    forward = await crawlSite(FORWARD);
    reversed = await crawlSite(REVERSED);
  });

  it('records every fetched URL once, each hop of a chain included, the same URLs either way', () => {
    const urls = [...forward.pages.keys()].sort();
    expect(urls).toEqual(
      [
        '/',
        '/a',
        '/old',
        '/hop/1',
        '/hop/2',
        '/x.html',
        '/x/',
        '/loop/1',
        '/loop/2',
        '/checkout/',
        '/en',
        '/fr',
        '/fr/child',
        '/copy',
        '/original',
        '/refresh',
        '/refreshed',
      ].sort(),
    );
    expect([...reversed.pages.keys()].sort()).toEqual(urls);
  });

  it('gives each URL the same record and the same site findings in either order', () => {
    const f = server.origin(FORWARD);
    const r = server.origin(REVERSED);
    for (const url of [...forward.pages.keys()].sort()) {
      expect(comparable(reversed.pages.get(url)!, r), url).toEqual(comparable(forward.pages.get(url)!, f));
      expect(comparable(reversed.sitePages.get(url)!, r), url).toEqual(comparable(forward.sitePages.get(url)!, f));
    }
  });

  it('records redirects with their own status and target, and where the chain from them ends', () => {
    const f = server.origin(FORWARD);
    const record = (url: string) => {
      const a = forward.pages.get(url)!;
      return [a.statusCode, a.redirectType, a.redirectTarget?.slice(f.length) ?? null, a.finalUrl.slice(f.length), a.indexabilityStatus];
    };
    expect(record('/old')).toEqual([301, '301', '/hop/1', '/a', 'redirect']);
    expect(record('/hop/1')).toEqual([302, '302', '/a', '/a', 'redirect']);
    expect(record('/hop/2')).toEqual([307, '307', '/hop/1', '/a', 'redirect']);
    expect(record('/x.html')).toEqual([308, '308', '/x/', '/x/', 'redirect']);
    expect(record('/a')).toEqual([200, null, null, '/a', null]);
    expect(record('/loop/2')).toEqual([301, '301', '/loop/1', '/loop/2', 'redirect']);
    expect(record('/checkout/')).toEqual([0, null, null, '/checkout/', 'blocked_by_robots']);
    expect(record('/copy')).toEqual([200, null, null, '/copy', 'canonicalised']);
    expect(record('/refresh')).toEqual([200, 'meta_refresh', '/refreshed', '/refresh', 'redirect']);
    expect(record('/refreshed')).toEqual([200, null, null, '/refreshed', null]);
    expect(forward.pages.get('/loop/1')!.issues.map((i) => i.code)).toEqual(['redirect_loop']);
    expect(forward.pages.get('/old')!.issues.map((i) => i.code)).toEqual(['redirect_chain']);
    expect(forward.pages.get('/checkout/')!.issues.map((i) => [i.code, i.severity])).toEqual([['blocked_by_robots_txt', 'notice']]);
  });

  it('judges alternates and canonical targets that only <link> elements name', () => {
    const codes = (url: string) => forward.sitePages.get(url)!.issues.map((i) => i.code);
    expect(codes('/en')).toContain('hreflang_missing_return');
    expect(forward.pages.get('/fr/child')!.statusCode).toBe(200);
    expect(forward.pages.get('/original')!.indexable).toBe(true);
    // The loop is a broken link of the home page, and not also a link to a redirect.
    const home = forward.sitePages.get('/')!.issues;
    expect(home.find((i) => i.code === 'broken_internal_link')?.message).toContain('/loop/1');
    expect(home.find((i) => i.code === 'internal_link_to_redirect')?.message).not.toContain('/loop/1');
  });

  it('never fetches what robots.txt disallows', () => {
    expect(server.log.some((e) => e.path.startsWith('/checkout/'))).toBe(false);
  });
});

describe('with crawlHreflangAndCanonical off', () => {
  it('crawls what <a> links reach and nothing <link> elements alone name', async () => {
    const { pages } = await crawlSite(FORWARD, false);
    expect(pages.has('/en')).toBe(true);
    expect(pages.has('/copy')).toBe(true);
    for (const url of ['/fr', '/fr/child', '/original']) expect(pages.has(url), url).toBe(false);
  });
});
