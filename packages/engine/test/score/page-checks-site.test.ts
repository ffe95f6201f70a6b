// The page-level technical checks end to end: an audit of the page-checks fixture site, where
// each page fails exactly one check, asserting the exact set of those issue codes per URL.
//
// mixed_content is not covered here: it needs an https page, and the fixture server speaks plain
// http. The analyser-level tests cover it with an https FetchedPage (test/analyse/technical-facts.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { PAGE_CHECKS_EXPECTED, PAGE_CHECKS_HOST, SLOW_MS, pageChecksRoutes } from '../fixtures/site/page-checks-site.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { TEST_UA } from '../crawl/helpers.js';

/** The codes of the page-level technical checks. */
const TECHNICAL_CODES = new Set([
  'redirect_loop',
  'title_too_long',
  'title_too_short',
  'meta_description_too_long',
  'meta_description_too_short',
  'h1_multiple',
  'thin_content',
  'mixed_content',
  'viewport_missing',
  'charset_missing',
  'html_too_large',
  'slow_response',
  'open_graph_incomplete',
]);

describe('runAudit on the page-checks site', () => {
  let server: FixtureServer;
  let origin: string;
  let byUrl: Map<string, PageAnalysis>;

  beforeAll(async () => {
    server = await startFixtureServer({ [PAGE_CHECKS_HOST]: pageChecksRoutes });
    origin = server.origin(PAGE_CHECKS_HOST);
    byUrl = new Map();
    const deadline = Date.now() + 30_000;
    for await (const event of runAudit({
      seedUrl: `${origin}/`,
      primaryDomain: PAGE_CHECKS_HOST,
      maxPages: 50,
      // Room for the 2 MiB page and the slow one.
      limits: { requestTimeoutMs: 10_000, maxBodyBytes: 4 * 1024 * 1024, perHostConcurrency: 4 },
      policy: { allowLoopback: true },
      userAgent: TEST_UA,
      resolver: fixtureResolver({ [PAGE_CHECKS_HOST]: '127.0.0.1' }).resolve,
    })) {
      if (event.type === 'page') byUrl.set(event.analysis.url, event.analysis);
      if (Date.now() > deadline) throw new Error('audit did not finish in time');
    }
  }, 40_000);
  afterAll(() => server.close());

  it('gives each page exactly the technical issues it was built to fail', () => {
    const actual = Object.fromEntries(
      [...byUrl].map(([url, a]) => [
        url.slice(origin.length),
        a.issues
          .map((i) => i.code)
          .filter((c) => TECHNICAL_CODES.has(c))
          .sort(),
      ]),
    );
    expect(actual).toEqual(PAGE_CHECKS_EXPECTED);
  });

  it('names the evidence in the messages', () => {
    const message = (path: string, code: string) => byUrl.get(`${origin}${path}`)!.issues.find((i) => i.code === code)?.message;
    expect(message('/loop/a', 'redirect_loop')).toBe(`The redirects loop back to ${origin}/loop/a: ${origin}/loop/a → ${origin}/loop/b → ${origin}/loop/a.`);
    expect(message('/large', 'html_too_large')).toMatch(/^The HTML is 2\.0 MiB \(\d+ bytes\), more than 2 MiB\.$/);
    const ttfb = byUrl.get(`${origin}/slow`)!.ttfbMs!;
    expect(ttfb).toBeGreaterThanOrEqual(SLOW_MS);
    expect(message('/slow', 'slow_response')).toBe(`The server took ${ttfb} ms to start answering (time to first byte; more than 600 ms).`);
    expect(message('/h1-multiple', 'h1_multiple')).toBe('2 H1 headings: "First", "Second".');
    expect(message('/open-graph-partial', 'open_graph_incomplete')).toBe('Open Graph properties missing: og:image, og:url.');
  });
});
