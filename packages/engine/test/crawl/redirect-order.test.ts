// A redirect's record must not depend on the order the crawl meets links in. `/x.html` redirects
// to `/x/`; the home page links to both, in one order or the other. Followed (met first) or not
// (its target already queued), the redirect is a notice naming its target, never an HTTP status
// error (seen auditing a real site: 15 of its 53 errors were such redirects).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { fixtureResolver, startFixtureServer, type FixtureServer } from '../testing.js';

const FIRST = 'redirect-first.fixture.test';
const LAST = 'redirect-last.fixture.test';
const html = (body: string) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<html><head><title>A page about redirects here</title></head><body><h1>Page</h1>${body}</body></html>`,
});
const routes = (links: string[]) => ({
  '/': () => html(links.map((href) => `<a href="${href}">${href}</a>`).join(' ')),
  '/x.html': () => ({ status: 301, headers: { location: '/x/' }, body: '' }),
  '/x/': () => html('<p>The page the redirect points at.</p>'),
});

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer({ [FIRST]: routes(['/x.html', '/x/']), [LAST]: routes(['/x/', '/x.html']) });
});
afterAll(() => site?.close());

async function audit(host: string): Promise<Map<string, PageAnalysis>> {
  const pages = new Map<string, PageAnalysis>();
  for await (const event of runAudit({
    seedUrl: `${site.origin(host)}/`,
    primaryDomain: site.origin(host),
    maxPages: 20,
    // One fetch at a time, so the order of the links is the order of the crawl.
    limits: { maxConcurrency: 1, perHostConcurrency: 1 },
    policy: { allowLoopback: true },
    resolver: fixtureResolver({ [FIRST]: '127.0.0.1', [LAST]: '127.0.0.1' }).resolve,
  })) {
    if (event.type === 'page') pages.set(new URL(event.analysis.url).pathname, event.analysis);
  }
  return pages;
}

describe('a redirect whose target is also linked', () => {
  it('is a notice naming its target, whichever the crawl meets first', async () => {
    for (const host of [FIRST, LAST]) {
      const record = (await audit(host)).get('/x.html');
      expect(record, host).toBeDefined();
      expect(new URL(record!.finalUrl).pathname, host).toBe('/x/');
      expect(
        record!.issues.filter((i) => i.severity === 'error'),
        host,
      ).toEqual([]);
      expect(record!.issues.find((i) => i.code === 'redirect')?.message, host).toBe(`Redirects to ${site.origin(host)}/x/.`);
    }
  });
});
