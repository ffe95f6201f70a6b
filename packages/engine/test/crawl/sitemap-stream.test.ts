// Sitemap discovery as the crawl runs it: each file read in pieces and its page URLs handed on in
// batches, the same URLs and findings as reading each file whole; gzip held to the byte cap.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSitemaps, type SitemapDiscoveryOptions } from '../../src/crawl/sitemaps.js';
import type { GuardedResponse } from '../../src/net/guarded-fetch.js';
import { sitemapFindings, SitemapTally } from '../../src/site/index.js';

const response = (url: string, body: Buffer | null, contentType = 'application/xml'): GuardedResponse => ({
  url,
  finalUrl: url,
  status: body === null ? 404 : 200,
  headers: {},
  contentType,
  body,
  redirectChain: [url],
  fetchedAt: '2024-01-01T00:00:00.000Z',
  durationMs: 1,
  ttfbMs: 1,
  hops: [],
});

const urlset = (locs: readonly string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}</urlset>`;
const index = (children: readonly string[]) => `<sitemapindex>${children.map((c) => `<sitemap><loc>${c}</loc></sitemap>`).join('')}</sitemapindex>`;

/** Reads `files` (URL → text, gzipped when the URL ends in .gz) from /sitemap.xml: the URLs in batches, and the tally. */
async function discover(files: Record<string, string>, limits: Partial<SitemapDiscoveryOptions> = {}) {
  const batches: string[][] = [];
  const tally = new SitemapTally('across-sitemaps');
  const read = await readSitemaps(
    {
      sitemaps: ['http://a.test/sitemap.xml'],
      fetch: async (url) => {
        const text = files[url];
        return response(url, text === undefined ? null : url.endsWith('.gz') ? gzipSync(text) : Buffer.from(text));
      },
      acceptSitemap: () => true,
      acceptPage: (url) => new URL(url).hostname === 'a.test',
      maxSitemaps: 50,
      maxUrls: 1_000_000,
      maxBytes: 10 * 1024 * 1024,
      observer: tally,
      ...limits,
    },
    (urls) => {
      batches.push([...urls]);
    },
  );
  return { read, batches, urls: batches.flat(), findings: tally.result() };
}

describe('readSitemaps', () => {
  it('hands a sitemap index’s pages on in batches, in order, once each, with the findings of whole files', async () => {
    const pages = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `http://a.test/p/${from + i}?a=1&amp;b=é`);
    const files = {
      'http://a.test/sitemap.xml': index(['/1.xml', 'http://a.test/2.xml.gz', '/1.xml', 'http://b.test/out.xml']),
      'http://a.test/1.xml': urlset(pages(0, 3000)),
      // Overlapping the first: 1000 of its URLs are taken already.
      'http://a.test/2.xml.gz': urlset([...pages(2000, 6000), 'http://b.test/out']),
    };
    const found = await discover(files);
    expect(found.read).toEqual(['http://a.test/sitemap.xml', 'http://a.test/1.xml', 'http://a.test/2.xml.gz', 'http://b.test/out.xml']);
    expect(found.urls).toEqual(Array.from({ length: 6000 }, (_, i) => `http://a.test/p/${i}?a=1&b=%C3%A9`));
    // Batches of 2,048 URLs, and those of the piece of text read last: never a file's all at once.
    expect(found.batches.length).toBeGreaterThan(2);
    expect(Math.max(...found.batches.map((b) => b.length))).toBeLessThan(4096);
    expect(found.findings).toEqual(
      sitemapFindings([
        { url: 'http://a.test/sitemap.xml', text: files['http://a.test/sitemap.xml'] },
        { url: 'http://a.test/1.xml', text: files['http://a.test/1.xml'] },
        { url: 'http://a.test/2.xml.gz', text: files['http://a.test/2.xml.gz'] },
        { url: 'http://b.test/out.xml', text: null },
      ]),
    );
    expect(found.findings.urlCount).toBe(6001);
  });

  it('reads a file larger than a piece with characters of several bytes cut across pieces', async () => {
    // 64 KB pieces: locs of 3-byte characters at every offset modulo 3.
    const locs = Array.from({ length: 3000 }, (_, i) => `http://a.test/${'€'.repeat(1 + (i % 7))}/${i}`);
    const found = await discover({ 'http://a.test/sitemap.xml': urlset(locs) });
    expect(found.urls).toEqual(locs.map((l) => new URL(l).href));
  });

  it('takes no URL past the cap, yet counts the whole file in the findings', async () => {
    const locs = Array.from({ length: 5000 }, (_, i) => `http://a.test/p/${i}`);
    const found = await discover(
      { 'http://a.test/sitemap.xml': urlset(locs), 'http://a.test/other.xml': urlset(['http://a.test/x']) },
      {
        sitemaps: ['http://a.test/sitemap.xml', 'http://a.test/other.xml'],
        maxUrls: 2500,
      },
    );
    expect(found.urls).toEqual(locs.slice(0, 2500));
    // The cap reached, no other file is read.
    expect(found.read).toEqual(['http://a.test/sitemap.xml']);
    expect(found.findings).toMatchObject({ urlCount: 5000, sitemaps: [{ url: 'http://a.test/sitemap.xml', kind: 'urlset', entries: 5000 }] });
  });

  it('holds a gzipped sitemap to the byte cap once inflated, and passes over a corrupt one', async () => {
    const text = urlset(['http://a.test/1', 'http://a.test/2']);
    const files = { 'http://a.test/sitemap.xml': index(['/s.xml.gz']), 'http://a.test/s.xml.gz': text };
    const bytes = Buffer.byteLength(text);
    expect((await discover(files, { maxBytes: bytes })).urls).toEqual(['http://a.test/1', 'http://a.test/2']);
    const over = await discover(files, { maxBytes: bytes - 1 });
    expect(over.urls).toEqual([]);
    expect(over.findings.problems).toEqual(['http://a.test/s.xml.gz could not be fetched.']);
    // Truncated: nothing of it is taken, not even the entries before the cut.
    const truncated = await readSitemaps(
      {
        sitemaps: ['http://a.test/s.xml.gz'],
        fetch: async (url) => response(url, gzipSync(text).subarray(0, 30), 'application/gzip'),
        acceptSitemap: () => true,
        acceptPage: () => true,
        maxSitemaps: 5,
        maxUrls: 100,
        maxBytes: 1 << 20,
      },
      (urls) => expect(urls).toEqual([]),
    );
    expect(truncated).toEqual(['http://a.test/s.xml.gz']);
  });

  it('holds no more index children than files it may still read', async () => {
    const children = Array.from({ length: 10 }, (_, i) => `/c${i}.xml`);
    const files: Record<string, string> = { 'http://a.test/sitemap.xml': index(children) };
    for (let i = 0; i < 10; i++) files[`http://a.test/c${i}.xml`] = urlset([`http://a.test/${i}`]);
    const found = await discover(files, { maxSitemaps: 4 });
    expect(found.read).toEqual(['http://a.test/sitemap.xml', 'http://a.test/c0.xml', 'http://a.test/c1.xml', 'http://a.test/c2.xml']);
    expect(found.urls).toEqual(['http://a.test/0', 'http://a.test/1', 'http://a.test/2']);
  });
});
