// No record of an audit holds a URL longer than the contract's bound on a page's `url` (4,096
// characters): links that long are never queued (a crawler trap that grows its path, a hostile
// page's links), a redirect to one is not followed and not named as the chain's end, a sitemap's
// are left out, and the page with such links says so once (`link_url_too_long`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractBounds } from '@seo-geo/types/bounds';
import { runAudit } from '../../src/audit/run-audit.js';
import { MAX_URL_LENGTH } from '../../src/net/url-length.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { fixtureResolver, startFixtureServer, type FixtureServer } from '../testing.js';

const HOST = 'long-urls.fixture.test';
const LONG_PATH = `/trap/${'a'.repeat(MAX_URL_LENGTH)}`;
const html = (body: string) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<html lang="en"><head><title>A page about long addresses</title></head><body><h1>Page</h1>${body}</body></html>`,
});

let site: FixtureServer;
let requested: string[];
beforeAll(async () => {
  site = await startFixtureServer({
    [HOST]: {
      '/': () => html(`<a href="${LONG_PATH}">trap</a> <a href="${LONG_PATH}b">trap</a> <a href="/ok">ok</a> <a href="/moved">moved</a>`),
      '/ok': () => html('<p>A page.</p>'),
      '/moved': () => ({ status: 301, headers: { location: `${LONG_PATH}c` }, body: '' }),
      '/sitemap.xml': () => ({
        status: 200,
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.origin(HOST)}${LONG_PATH}d</loc></url></urlset>`,
      }),
    },
  });
});
afterAll(() => site?.close());

async function audit(): Promise<Map<string, PageAnalysis>> {
  const pages = new Map<string, PageAnalysis>();
  requested = [];
  for await (const event of runAudit({
    seedUrl: `${site.origin(HOST)}/`,
    primaryDomain: site.origin(HOST),
    maxPages: 20,
    checkExternalLinks: true,
    policy: { allowLoopback: true },
    resolver: fixtureResolver({ [HOST]: '127.0.0.1' }).resolve,
  })) {
    if (event.type === 'page') pages.set(event.analysis.url, event.analysis);
  }
  requested = site.log.map((entry) => entry.path);
  return pages;
}

describe('URLs longer than an audit records', () => {
  it('is the bound of the contract on a page URL', () => {
    expect(MAX_URL_LENGTH).toBe(contractBounds.AuditPage.properties.url.maxLength);
  });

  it('are never requested, queued or recorded, and the linking page says so once', async () => {
    const pages = await audit();
    expect([...pages.keys()].map((url) => new URL(url).pathname).sort()).toEqual(['/', '/moved', '/ok']);
    for (const page of pages.values()) {
      expect(page.url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
      expect(page.finalUrl.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
      for (const hop of page.redirectChain) expect(hop.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
    }
    expect(requested.filter((path) => path.startsWith('/trap/'))).toEqual([]);
    const home = pages.get(`${site.origin(HOST)}/`)!;
    const found = home.issues.filter((i) => i.code === 'link_url_too_long');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(
      /^2 links to URLs longer than 4,096 characters, which the audit neither follows nor checks: http:\/\/long-urls\.fixture\.test:\d+\/trap\/a+… \(4,\d{3} characters\)\.$/,
    );
    expect(found[0]!.message.length).toBeLessThan(300);
  });

  it('are not followed as a redirect: the record keeps its status and its own URL, with the reason', async () => {
    const moved = (await audit()).get(`${site.origin(HOST)}/moved`)!;
    expect(moved.statusCode).toBe(301);
    expect(moved.finalUrl).toBe(`${site.origin(HOST)}/moved`);
    expect(moved.error?.code).toBe('url_too_long');
    expect(moved.error?.message).toMatch(/^redirect to a URL of 4,?\d+ characters, over the 4096 a record may hold$/);
  });
});
