// The crawl side's small pieces on their own: address policy, URL normalisation, scope, link
// extraction, sitemap discovery, the frontier, charset decoding.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkAddress } from '../../src/net/address-policy.js';
import { decodeBody, mediaTypeOf } from '../../src/net/charset.js';
import { toFetchError } from '../../src/net/errors.js';
import { robotsToken, userAgentString } from '../../src/net/user-agent.js';
import { Frontier } from '../../src/crawl/frontier.js';
import { extractLinks } from '../../src/crawl/links.js';
import { normaliseUrl } from '../../src/crawl/normalise-url.js';
import { siteScope } from '../../src/crawl/scope.js';
import { discoverFromSitemaps } from '../../src/crawl/sitemaps.js';
import type { GuardedResponse } from '../../src/net/guarded-fetch.js';

describe('checkAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '169.254.1.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '[::1]',
  ])('refuses %s', (ip) => {
    expect(checkAddress(ip).allowed).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows public %s', (ip) => {
    expect(checkAddress(ip).allowed).toBe(true);
  });

  it('allows loopback only when asked, and allow-listed CIDRs', () => {
    expect(checkAddress('127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('::1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('::ffff:127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('10.0.0.1', { allowLoopback: true }).allowed).toBe(false);
    expect(checkAddress('10.20.3.4', { allowCidrs: ['10.20.0.0/16'] }).allowed).toBe(true);
    expect(checkAddress('10.21.3.4', { allowCidrs: ['10.20.0.0/16'] }).allowed).toBe(false);
  });

  // IPv4-compatible IPv6 (::/96, deprecated by RFC 4291) carries an IPv4 address in its last 32 bits.
  it.each(['::7f00:1', '[::7f00:1]', '::a9fe:a9fe', '[::a9fe:a9fe]', '::127.0.0.1', '::10.0.0.1', '::8.8.8.8', '::1:0'])('refuses IPv4-compatible %s', (ip) => {
    expect(checkAddress(ip).allowed).toBe(false);
    expect(checkAddress(ip, { allowLoopback: true }).allowed).toBe(false);
  });

  it('refuses what is not an IP address', () => {
    expect(checkAddress('example.com').allowed).toBe(false);
  });
});

describe('normaliseUrl', () => {
  it.each([
    ['HTTP://Example.COM:80', 'http://example.com/'],
    ['https://example.com:443/a?b=1#frag', 'https://example.com/a?b=1'],
    ['https://example.com:8443/', 'https://example.com:8443/'],
    ['http://user:pass@example.com/x', 'http://example.com/x'],
    ['http://example.com/a?z=1&a=2', 'http://example.com/a?z=1&a=2'],
    ['http://2130706433/', 'http://127.0.0.1/'],
    ['http://0177.0.0.1/', 'http://127.0.0.1/'],
    ['http://[::FFFF:127.0.0.1]/', 'http://[::ffff:7f00:1]/'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseUrl(raw)).toBe(expected);
  });

  it('resolves relative references and refuses other schemes', () => {
    expect(normaliseUrl('../b?x#y', 'http://example.com/a/c/d')).toBe('http://example.com/a/b?x');
    expect(normaliseUrl('mailto:a@b.c')).toBeNull();
    expect(normaliseUrl('javascript:void(0)', 'http://example.com/')).toBeNull();
    expect(normaliseUrl('not a url')).toBeNull();
  });
});

describe('siteScope', () => {
  it('covers the registrable domain and its subdomains', () => {
    const scope = siteScope('www.example.co.uk');
    expect(scope.domain).toBe('example.co.uk');
    expect(scope.contains('https://example.co.uk/')).toBe(true);
    expect(scope.contains('http://blog.example.co.uk/x')).toBe(true);
    expect(scope.contains('http://other.co.uk/')).toBe(false);
    expect(scope.contains('http://notexample.co.uk/')).toBe(false);
    expect(scope.contains('ftp://example.co.uk/')).toBe(false);
  });

  it('keeps a public suffix to itself, and a site on a private suffix (github.io) to that site', () => {
    const com = siteScope('https://com');
    expect([com.contains('https://com/x'), com.contains('https://example.com/'), com.contains('https://www.example.com/')]).toEqual([true, false, false]);
    expect(siteScope('co.uk').contains('https://bbc.co.uk/')).toBe(false);
    const pages = siteScope('https://someone.github.io/blog');
    expect(pages.domain).toBe('someone.github.io');
    expect([pages.contains('https://someone.github.io/x'), pages.contains('https://other.github.io/')]).toEqual([true, false]);
    expect(siteScope('github.io').contains('https://other.github.io/')).toBe(false);
  });

  it('keeps an IP address or localhost to itself', () => {
    expect(siteScope('http://127.0.0.1:8080/').contains('http://127.0.0.1:8080/a')).toBe(true);
    expect(siteScope('localhost').contains('http://a.localhost/')).toBe(true);
    expect(siteScope('127.0.0.1').contains('http://127.0.0.2/')).toBe(false);
  });
});

describe('siteScope and ports', () => {
  it('is one port: the primary’s own, or else the default ports of http and https', () => {
    const plain = siteScope('https://www.example.com');
    expect(plain.contains('http://example.com/')).toBe(true);
    expect(plain.contains('https://blog.example.com:443/')).toBe(true);
    expect(plain.contains('https://www.example.com:8443/admin')).toBe(false);
    expect(plain.contains('http://www.example.com:8080/')).toBe(false);
    const onPort = siteScope('http://127.0.0.1:8080/');
    expect(onPort.contains('http://127.0.0.1:8080/a')).toBe(true);
    expect(onPort.contains('http://127.0.0.1:9090/a')).toBe(false);
    expect(onPort.contains('http://127.0.0.1/a')).toBe(false);
    expect(siteScope('example.com:8080').contains('http://www.example.com:8080/')).toBe(true);
  });

  it('adds the seed’s port, so a crawl may start where it was told', () => {
    const scope = siteScope('www.example.com', 'http://www.example.com:4173/');
    expect(scope.contains('http://www.example.com:4173/docs')).toBe(true);
    expect(scope.contains('https://www.example.com/')).toBe(true);
    expect(scope.contains('http://www.example.com:4174/')).toBe(false);
  });
});

describe('extractLinks', () => {
  it('resolves against the document base, de-duplicates, drops fragments and non-http schemes', () => {
    const html = `<a href="a">1</a><A HREF="/b#x">2</A><base href="https://cdn.example.com/dir/"><a href="a">dup</a>
      <area href="c"><a href="mailto:x@y.z">m</a><a href="tel:1">t</a><a>no href</a><a href="https://other.org/&amp;q">o</a>`;
    expect(extractLinks(html, 'https://example.com/page')).toEqual([
      'https://cdn.example.com/dir/a',
      'https://cdn.example.com/b',
      'https://cdn.example.com/dir/c',
      'https://other.org/&q',
    ]);
  });

  it('uses the page URL without a base', () => {
    expect(extractLinks('<a href="x">x</a>', 'http://example.com/a/b')).toEqual(['http://example.com/a/x']);
  });
});

describe('discoverFromSitemaps', () => {
  // The XML itself is read by site/sitemap-xml.ts (tested with the site findings); these pin what
  // the crawl makes of it: index children followed, page URLs normalised, scoped, de-duplicated, capped.
  const response = (url: string, xml: string | null, contentType = 'application/xml'): GuardedResponse => ({
    url,
    finalUrl: url,
    hops: [],
    status: xml === null ? 404 : 200,
    headers: {},
    contentType,
    body: xml === null ? null : url.endsWith('.gz') ? gzipSync(xml) : Buffer.from(xml),
    redirectChain: [url],
    fetchedAt: '2024-01-01T00:00:00.000Z',
    durationMs: 1,
    ttfbMs: 1,
  });
  const files: Record<string, string> = {
    'http://a.test/sitemap.xml':
      '<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc>/pages.xml.gz</sm:loc></sm:sitemap><sm:sitemap><sm:loc>http://a.test/more.xml</sm:loc></sm:sitemap></sm:sitemapindex>',
    'http://a.test/pages.xml.gz':
      '<urlset><url><loc> http://a.test/1 </loc><image:image><image:loc>http://a.test/i.png</image:loc></image:image></url><url><loc>http://A.test/2?x=1&amp;y=2#top</loc></url></urlset>',
    'http://a.test/more.xml':
      '<urlset><url><loc>http://a.test/1</loc></url><url><loc>http://b.test/out</loc></url><url><loc>http://a.test/3</loc></url></urlset>',
  };
  const discover = (maxUrls = 100) =>
    discoverFromSitemaps({
      sitemaps: ['http://a.test/sitemap.xml', 'http://a.test/missing.xml'],
      fetch: async (url) => response(url, files[url] ?? null),
      acceptSitemap: () => true,
      acceptPage: (url) => new URL(url).hostname === 'a.test',
      maxSitemaps: 10,
      maxUrls,
      maxBytes: 1 << 20,
    });

  it('follows index children, inflates gzip, and takes page URLs normalised, in scope and once each', async () => {
    expect(await discover()).toEqual({
      urls: ['http://a.test/1', 'http://a.test/2?x=1&y=2', 'http://a.test/3'],
      sitemapsRead: ['http://a.test/sitemap.xml', 'http://a.test/missing.xml', 'http://a.test/pages.xml.gz', 'http://a.test/more.xml'],
    });
  });

  it('stops taking URLs at the cap', async () => {
    expect((await discover(2)).urls).toEqual(['http://a.test/1', 'http://a.test/2?x=1&y=2']);
  });
});

describe('Frontier', () => {
  it('is FIFO across origins, skips busy ones, and never queues a URL twice', () => {
    const f = new Frontier();
    expect(f.add('http://a.test/1')).toBe(true);
    f.add('http://b.test/1');
    f.add('http://a.test/2');
    expect(f.add('http://a.test/1')).toBe(false);
    expect(f.claim('http://a.test/3')).toBe(true);
    expect(f.add('http://a.test/3')).toBe(false);
    expect(f.size).toBe(3);
    expect(f.take(() => true)?.url).toBe('http://a.test/1');
    const asked: string[] = [];
    // a.test is busy: b.test's URL goes next, and c is never asked about.
    expect(
      f.take((origin) => {
        asked.push(origin);
        return origin !== 'http://a.test';
      })?.url,
    ).toBe('http://b.test/1');
    expect(asked).toEqual(['http://b.test']);
    expect(f.take(() => false)).toBeUndefined();
    expect(f.take(() => true)?.url).toBe('http://a.test/2');
    expect(f.size).toBe(0);
  });

  it('keeps its order when the queues wait on disk, however adding and taking interleave', () => {
    // Chunks of 3 and a 32-byte buffer: nearly every URL goes through the file.
    const f = new Frontier(true, { chunk: 3, bufferBytes: 32 });
    const expected: string[] = [];
    const taken: string[] = [];
    let n = 0;
    const add = (count: number): void => {
      for (let i = 0; i < count; i++, n++) {
        const url = `http://${n % 3 === 0 ? 'b' : 'a'}.test/page-${n}/${'é'.repeat(n % 4)}`;
        expect(f.add(url)).toBe(true);
        expect(f.add(url)).toBe(false);
        expected.push(url);
      }
    };
    for (const [adds, takes] of [
      [10, 4],
      [1, 1],
      [25, 20],
      [7, 0],
      [0, 5],
      [40, 30],
    ] as const) {
      add(adds);
      for (let i = 0; i < takes; i++) taken.push(f.take(() => true)!.url);
    }
    while (f.size > 0) taken.push(f.take(() => true)!.url);
    // FIFO across both origins: the URLs in the order they were added, none lost or repeated.
    expect(taken).toEqual(expected);
    expect(f.hasSeen(expected[50]!)).toBe(true);
    expect(f.hasSeen('http://a.test/never')).toBe(false);
    f.close();
    expect(f.add('http://a.test/after')).toBe(false);
  });
});

describe('charset and errors', () => {
  it('decodes by the header charset, then a meta charset, then UTF-8', () => {
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/html; charset=ISO-8859-1')).toBe('café');
    expect(decodeBody(Buffer.from('<meta charset="iso-8859-2"><p>\xb1</p>', 'latin1'), 'text/html')).toContain('ą');
    expect(decodeBody(Buffer.from('café'), 'text/html')).toBe('café');
    expect(decodeBody(Buffer.from('ok'), 'text/html; charset=bogus')).toBe('ok');
    expect(mediaTypeOf('Text/HTML; charset=utf-8')).toBe('text/html');
    expect(mediaTypeOf(undefined)).toBeNull();
  });

  it('lets a byte-order mark win over the header, and keeps it as U+FEFF (it declares the encoding)', () => {
    expect(decodeBody(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('café')]), 'text/html; charset=ISO-8859-1')).toBe('\ufeffcafé');
    expect(decodeBody(Buffer.from([0xff, 0xfe, 0x63, 0x00, 0xe9, 0x00]), 'text/html')).toBe('\ufeffcé');
    expect(decodeBody(Buffer.from([0xfe, 0xff, 0x00, 0x63, 0x00, 0xe9]), undefined)).toBe('\ufeffcé');
  });

  it('maps network error codes to the contract', () => {
    expect(toFetchError(Object.assign(new Error('x'), { code: 'ENOTFOUND' })).code).toBe('dns_failure');
    expect(toFetchError(Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' })).code).toBe('timeout');
    expect(toFetchError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })).code).toBe('connection_failed');
  });

  it('builds the user agent with a contact URL and matches robots.txt on its product token', () => {
    const ua = userAgentString('SeoGeoAuditBot', '1.0', 'https://example.com/bot');
    expect(ua).toBe('SeoGeoAuditBot/1.0 (+https://example.com/bot)');
    expect(robotsToken(ua)).toBe('SeoGeoAuditBot');
  });
});
