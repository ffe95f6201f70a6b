// The site checks end to end: runAudit over the site-checks fixture site, with the external link
// check on. Every recorded URL's site-check codes are asserted exactly. The https-only check
// (http_page_on_https_site) cannot be served by the plain-http fixture server: see
// structure.test.ts for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { AuditEvent, SiteFindings, SitePageResult } from '../../src/audit/types.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { TEST_UA } from '../crawl/helpers.js';
import { fixtureResolver, type RecordingResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { ELSEWHERE_HOST, elsewhereRoutes, INTRANET_ADDRESS, INTRANET_HOST, SITE_CHECKS_HOST, siteChecksRoutes } from '../fixtures/site/site-checks-site.js';

const EXPECTED_CODES: Record<string, string[]> = {
  '/': ['internal_link_to_redirect'],
  '/about': ['internal_link_to_redirect'],
  '/dup-title-a': ['title_duplicate'],
  '/dup-title-b': ['title_duplicate'],
  '/dup-desc-a': ['meta_description_duplicate'],
  '/dup-desc-b': ['meta_description_duplicate'],
  '/near/1': ['content_near_duplicate'],
  '/near/2': ['content_near_duplicate'],
  '/near/3': ['content_near_duplicate'],
  '/noindex-listed': ['sitemap_url_noindex'],
  '/canonical-other-listed': ['sitemap_url_not_canonical'],
  '/blocked/listed': ['sitemap_url_blocked', 'sitemap_url_not_200'],
  '/deep/1': [],
  '/deep/2': ['inlinks_few'],
  '/deep/3': ['inlinks_few'],
  '/deep/4': ['crawl_depth_high', 'inlinks_few'],
  '/deep/5': ['crawl_depth_high', 'inlinks_few'],
  '/redirect': [],
  '/redirect-target': [],
  // The loop is a broken link, not also a link to a redirect.
  '/broken-links': ['broken_internal_link'],
  '/missing': [],
  '/server-error': [],
  '/loop/a': [],
  '/loop/b': [],
  '/canon/a': ['canonical_chain'],
  '/canon/b': [],
  '/canon/c': [],
  '/canon/to-404': ['canonical_to_non_200'],
  '/canon/missing': [],
  '/hreflang/en': [],
  '/hreflang/fr': [],
  '/hreflang/de': ['hreflang_missing_return'],
  '/external': ['broken_external_link'],
  '/once': ['inlinks_few'],
  '/nofollowed': ['inlinks_none'],
  '/listed-orphan': ['orphan_page'],
  '/sitemap-404': ['orphan_page', 'sitemap_url_not_200'],
  '/sitemap-redirect': ['orphan_page', 'sitemap_url_not_200'],
  // Reached only through a sitemap URL that redirects: no page links to it.
  '/redirected-here': ['inlinks_none'],
  // Crawled though only <link> elements name them; nothing links to them with <a>.
  '/more': ['internal_link_to_redirect'],
  '/intl/en': ['hreflang_missing_return', 'inlinks_few'],
  '/intl/fr': ['inlinks_none'],
  '/intl/fr/child': ['inlinks_few'],
  '/intl/de': ['inlinks_none'],
  '/canon-only/a': ['canonical_chain', 'inlinks_few'],
  '/canon-only/b': ['inlinks_none'],
  '/canon-only/c': ['inlinks_none'],
  // Kept out by robots.txt but not in a sitemap: its page issue is a notice, no site check applies.
  '/blocked/cart': [],
  '/chain/1': [],
  '/chain/2': [],
  '/chain/3': ['inlinks_few'],
};

describe('site checks on the fixture site', () => {
  let server: FixtureServer;
  let resolver: RecordingResolver;
  let events: AuditEvent[];
  let origin: string;
  let pages: Map<string, PageAnalysis>;
  let results: Map<string, SitePageResult>;
  let findings: SiteFindings;
  const path = (url: string): string => url.slice(origin.length);

  beforeAll(async () => {
    server = await startFixtureServer({ [SITE_CHECKS_HOST]: siteChecksRoutes, [ELSEWHERE_HOST]: elsewhereRoutes });
    resolver = fixtureResolver({ [SITE_CHECKS_HOST]: '127.0.0.1', [ELSEWHERE_HOST]: '127.0.0.1', [INTRANET_HOST]: INTRANET_ADDRESS });
    origin = server.origin(SITE_CHECKS_HOST);
    events = [];
    const deadline = Date.now() + 20_000;
    for await (const event of runAudit({
      seedUrl: `${origin}/`,
      primaryDomain: SITE_CHECKS_HOST,
      maxPages: 200,
      limits: { requestTimeoutMs: 2000, perHostConcurrency: 2 },
      policy: { allowLoopback: true },
      userAgent: TEST_UA,
      resolver: resolver.resolve,
      checkExternalLinks: true,
    })) {
      events.push(event);
      if (Date.now() > deadline) throw new Error('audit did not finish in time');
    }
    pages = new Map(events.flatMap((e) => (e.type === 'page' ? [[path(e.analysis.url), e.analysis] as const] : [])));
    results = new Map(events.flatMap((e) => (e.type === 'site-page' ? [[path(e.result.url), e.result] as const] : [])));
    const site = events.find((e) => e.type === 'site');
    if (site?.type !== 'site') throw new Error('no site event');
    findings = site.findings;
  });
  afterAll(() => server.close());

  it('runs the phases in order and gives every recorded page one site-page event', () => {
    // Runs of the same kind collapsed; progress events come with the pages.
    const kinds = events.filter((e) => e.type !== 'progress').map((e) => (e.type === 'phase' ? `phase:${e.phase}` : e.type));
    expect(kinds.filter((k, i) => k !== kinds[i - 1])).toEqual([
      'phase:crawling',
      'page',
      'phase:external_links',
      'phase:site_checks',
      'site-page',
      'site',
      'done',
    ]);
    const sitePageUrls = events.flatMap((e) => (e.type === 'site-page' ? [e.result.url] : []));
    expect(sitePageUrls.length).toBe(pages.size);
    expect(new Set(sitePageUrls)).toEqual(new Set([...pages.keys()].map((p) => origin + p)));
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'all_pages_crawled' });
  });

  it('records exactly the expected pages, with exactly the expected site-check codes', () => {
    expect([...results.keys()].sort()).toEqual(Object.keys(EXPECTED_CODES).sort());
    const got = Object.fromEntries([...results].map(([p, r]) => [p, r.issues.map((i) => i.code).sort()]));
    expect(got).toEqual(EXPECTED_CODES);
  });

  it('measures depth and inlinks along followed links', () => {
    const at = (p: string) => {
      const r = results.get(p)!;
      return [r.depth, r.inlinks];
    };
    expect(at('/')).toEqual([0, 1]);
    expect(at('/about')).toEqual([1, 2]);
    expect(at('/dup-title-a')).toEqual([1, 2]);
    expect(at('/redirect')).toEqual([1, 2]);
    // A link to a redirect reaches its target in the same click; each URL of a chain counts it.
    expect(at('/redirect-target')).toEqual([1, 2]);
    expect(at('/chain/2')).toEqual([2, 1]);
    expect(at('/chain/3')).toEqual([2, 1]);
    expect(at('/intl/fr')).toEqual([null, 0]);
    expect(at('/deep/5')).toEqual([5, 1]);
    expect(at('/nofollowed')).toEqual([null, 0]);
    expect(at('/listed-orphan')).toEqual([null, 0]);
    expect(at('/canon/missing')).toEqual([2, 1]);
  });

  it('names the evidence in the messages', () => {
    const message = (p: string, code: string) => results.get(p)!.issues.find((i) => i.code === code)!.message;
    expect(message('/dup-title-a', 'title_duplicate')).toBe(`The same title is used by 1 other page: ${origin}/dup-title-b.`);
    expect(message('/broken-links', 'broken_internal_link')).toBe(
      `4 broken internal links: ${origin}/missing (404), ${origin}/server-error (500), ${origin}/loop/a (302, redirect_loop), ${origin}/canon/missing (404).`,
    );
    expect(message('/', 'internal_link_to_redirect')).toBe(
      `1 internal link points at a redirect; link to the final URL: ${origin}/redirect → ${origin}/redirect-target.`,
    );
    expect(message('/more', 'internal_link_to_redirect')).toBe(
      `1 internal link points at a redirect; link to the final URL: ${origin}/chain/1 → ${origin}/chain/3.`,
    );
    expect(message('/intl/en', 'hreflang_missing_return')).toBe(`1 hreflang alternate does not list this page back: ${origin}/intl/de.`);
    expect(message('/canon-only/a', 'canonical_chain')).toContain(`${origin}/canon-only/b names another canonical, ${origin}/canon-only/c`);
    expect(message('/canon/a', 'canonical_chain')).toContain(`${origin}/canon/b names another canonical, ${origin}/canon/c`);
    expect(message('/hreflang/de', 'hreflang_missing_return')).toBe(`1 hreflang alternate does not list this page back: ${origin}/hreflang/en.`);
    // /near/1 and /near/3 happen to get the same signature (their texts differ in two words);
    // /near/2 agrees with each on 62 of 64 values and names the first URL of the tie.
    const near = (others: string[], closest: string, percent: number) =>
      `The main content is nearly the same as that of 2 other pages (a cluster of 3): ${others.map((p) => origin + p).join(', ')}. ` +
      `The closest is ${origin}${closest}, sharing about ${percent}% of the two pages' three-word sequences.`;
    expect(message('/near/1', 'content_near_duplicate')).toBe(near(['/near/2', '/near/3'], '/near/3', 100));
    expect(message('/near/2', 'content_near_duplicate')).toBe(near(['/near/1', '/near/3'], '/near/1', 97));
    expect(message('/near/3', 'content_near_duplicate')).toBe(near(['/near/1', '/near/2'], '/near/1', 100));
    const elsewhere = server.origin(ELSEWHERE_HOST);
    expect(message('/external', 'broken_external_link')).toBe(`2 broken external links: ${elsewhere}/404 (404), ${elsewhere}/500 (500).`);
  });

  it('records each URL of a redirect chain with its own status, target and end', () => {
    const record = (p: string) => {
      const a = pages.get(p)!;
      return [a.statusCode, a.redirectTarget && path(a.redirectTarget), a.redirectType, path(a.finalUrl), a.indexable, a.indexabilityStatus];
    };
    expect(record('/chain/1')).toEqual([301, '/chain/2', '301', '/chain/3', false, 'redirect']);
    expect(record('/chain/2')).toEqual([308, '/chain/3', '308', '/chain/3', false, 'redirect']);
    expect(record('/chain/3')).toEqual([200, null, null, '/chain/3', true, null]);
    expect(record('/loop/a')).toEqual([302, '/loop/b', '302', '/loop/a', false, 'redirect']);
    expect(record('/loop/b')).toEqual([302, '/loop/a', '302', '/loop/b', false, 'redirect']);
    expect(pages.get('/chain/1')!.issues.map((i) => i.code)).toEqual(['redirect_chain']);
    expect(pages.get('/chain/2')!.issues.map((i) => i.code)).toEqual(['redirect']);
    expect(pages.get('/loop/b')!.issues.map((i) => i.code)).toEqual(['redirect_loop']);
  });

  it('records a URL robots.txt keeps out as blocked, a notice, and a warning only when a sitemap lists it', () => {
    for (const p of ['/blocked/cart', '/blocked/listed']) {
      const a = pages.get(p)!;
      expect([a.statusCode, a.indexable, a.indexabilityStatus], p).toEqual([0, false, 'blocked_by_robots']);
      expect(
        a.issues.map((i) => [i.code, i.severity]),
        p,
      ).toEqual([['blocked_by_robots_txt', 'notice']]);
    }
    expect(results.get('/blocked/listed')!.issues.find((i) => i.code === 'sitemap_url_blocked')?.severity).toBe('warning');
    expect(server.log.some((e) => e.path.startsWith('/blocked/'))).toBe(false);
  });

  it('says which records search engines may index, and why not', () => {
    const status = (p: string) => pages.get(p)!.indexabilityStatus;
    expect(status('/about')).toBeNull();
    expect(status('/noindex-listed')).toBe('noindex');
    expect(status('/canon/a')).toBe('canonicalised');
    expect(status('/canon/c')).toBeNull();
    expect(status('/missing')).toBe('client_error');
    expect(status('/server-error')).toBe('server_error');
  });

  it('reports the near-duplicate cluster and the external link counts as site findings', () => {
    expect(findings.nearDuplicates).toEqual({ clusters: 1, pages: 3, largest: [{ size: 3, urls: ['/near/1', '/near/2', '/near/3'].map((p) => origin + p) }] });
    // /404 (linked twice), /ok, /500, /401, /moved checked; the intranet address refused, not judged.
    expect(findings.externalLinks).toEqual({ checked: 5, broken: 2, notChecked: 1 });
  });

  it('checks each external target once, with HEAD, and never connects to the refused host', () => {
    const external = server.log.filter((e) => e.host === ELSEWHERE_HOST);
    expect(external.map((e) => `${e.method} ${e.path}`).sort()).toEqual(['HEAD /401', 'HEAD /404', 'HEAD /500', 'HEAD /moved', 'HEAD /ok', 'HEAD /ok']);
    // The name was resolved (the check tried it), and the policy refused the address.
    expect(resolver.lookups).toContain(INTRANET_HOST);
    expect(server.log.some((e) => e.host === INTRANET_HOST)).toBe(false);
  });
});
