// SSRF: requests to loopback, private, link-local, metadata and other non-public addresses are
// refused at connect time, whatever spelling the URL uses, on the first hop and on redirects.
// Each refusal is paired with a control showing the same request does arrive when allowed, so
// "the server saw nothing" means the guard worked, not that the request could never arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../../src/net/guarded-fetch.js';
import { crawl } from '../../src/crawl/crawler.js';
import { WWW } from '../fixtures/site/pages.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { collect, linkProcess, pagesOf } from './helpers.js';

describe('guarded fetch refuses non-public addresses', () => {
  let site: FixtureServer; // 127.0.0.1
  let trap: FixtureServer; // ::1, only reachable through a blocked address
  let resolver: ReturnType<typeof fixtureResolver>;

  beforeAll(async () => {
    trap = await startFixtureServer({}, '::1');
    site = await startFixtureServer({
      [WWW]: {
        '/': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<p>home</p>' }),
        '/to-trap-name': () => ({ status: 302, headers: { location: `http://trap.fixture.test:${trap.port}/` } }),
        '/to-trap-literal': () => ({ status: 301, headers: { location: `http://[::1]:${trap.port}/` } }),
        '/to-metadata': () => ({ status: 307, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
        '/to-decimal': () => ({ status: 308, headers: { location: `http://167772161:${site.port}/` } }),
      },
    });
    resolver = fixtureResolver({
      'trap.fixture.test': '::1',
      'metadata.fixture.test': '169.254.169.254',
      'rebind.fixture.test': ['93.184.216.34', '127.0.0.1'],
    });
  });
  afterAll(async () => {
    await site.close();
    await trap.close();
  });

  const fetchWith = (url: string, policy: { allowLoopback?: boolean; allowCidrs?: string[] }, maxRedirects = 0) =>
    guardedFetch(url, { policy, resolver: resolver.resolve, timeoutMs: 3000, maxRedirects });

  const blockedFirstHops = (): string[] => [
    `http://10.0.0.1:${site.port}/`,
    `http://172.16.5.4/`,
    `http://192.168.1.1/`,
    `http://100.64.0.1/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[fd00:ec2::254]/latest/meta-data/`,
    `http://[fe80::1]/`,
    `http://[fc00::1]/`,
    `http://0.0.0.0:${site.port}/`,
    `http://255.255.255.255/`,
    `http://224.0.0.1/`,
    `http://127.0.0.1:${site.port}/`,
    `http://[::1]:${trap.port}/`,
    `http://[::ffff:127.0.0.1]:${site.port}/`,
    `http://[::ffff:a00:1]/`,
    `http://[::7f00:1]:${site.port}/`, // IPv4-compatible 127.0.0.1
    `http://[::127.0.0.1]:${site.port}/`, // the same, dotted
    `http://[::a9fe:a9fe]/`, // IPv4-compatible 169.254.169.254
    `http://2130706433:${site.port}/`,
    `http://0177.0.0.1:${site.port}/`,
    `http://0x7f.0.0.1:${site.port}/`,
    `http://${WWW}:${site.port}/`, // resolves to 127.0.0.1
    `http://metadata.fixture.test/`, // resolves to 169.254.169.254
    `http://rebind.fixture.test:${site.port}/`, // one public and one loopback address
  ];

  it('refuses every non-public first hop with blocked_address and makes no connection', async () => {
    const siteBefore = site.log.length;
    for (const url of blockedFirstHops()) {
      const res = await fetchWith(url, {});
      expect.soft(res.error?.code, url).toBe('blocked_address');
      expect.soft(res.status, url).toBe(0);
    }
    expect(site.log.length).toBe(siteBefore);
    expect(trap.log).toHaveLength(0);
  });

  it('lets the same loopback spellings through when loopback is allowed (control)', async () => {
    const before = site.log.length;
    for (const url of [
      `http://2130706433:${site.port}/`,
      `http://0177.0.0.1:${site.port}/`,
      `http://[::ffff:127.0.0.1]:${site.port}/`,
      `http://${WWW}:${site.port}/`,
    ]) {
      const res = await fetchWith(url, { allowLoopback: true });
      expect.soft(res.error, url).toBeUndefined();
    }
    expect(site.log.length).toBe(before + 4);
    const trapRes = await fetchWith(`http://[::1]:${trap.port}/`, { allowLoopback: true });
    expect(trapRes.status).toBe(404);
    expect(trap.log).toHaveLength(1);
    trap.log.length = 0;
  });

  it('allow-lists by CIDR: 127.0.0.1/32 is allowed, ::1 is still refused', async () => {
    expect((await fetchWith(`http://${WWW}:${site.port}/`, { allowCidrs: ['127.0.0.1/32'] })).status).toBe(200);
    expect((await fetchWith(`http://[::1]:${trap.port}/`, { allowCidrs: ['127.0.0.1/32'] })).error?.code).toBe('blocked_address');
    expect(trap.log).toHaveLength(0);
  });

  it.each([
    ['/to-trap-name', 'http://trap.fixture.test:TRAP/'],
    ['/to-trap-literal', 'http://[::1]:TRAP/'],
    ['/to-metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['/to-decimal', 'http://10.0.0.1:SITE/'],
  ])('re-checks the address on a redirect hop (%s)', async (path, target) => {
    const policy = { allowCidrs: ['127.0.0.1/32'] };
    const expectedTarget = target.replace('TRAP', String(trap.port)).replace('SITE', String(site.port));
    const res = await fetchWith(`http://${WWW}:${site.port}${path}`, policy, 5);
    expect(res.redirectChain).toEqual([`http://${WWW}:${site.port}${path}`, expectedTarget]);
    expect(res).toMatchObject({ status: 0, finalUrl: expectedTarget, error: { code: 'blocked_address' } });
    expect(trap.log).toHaveLength(0);
  });

  it('reaches the redirect target when the policy allows it (control)', async () => {
    const res = await fetchWith(`http://${WWW}:${site.port}/to-trap-name`, { allowLoopback: true }, 5);
    expect(res.status).toBe(404);
    expect(trap.log).toHaveLength(1);
    trap.log.length = 0;
  });

  it('refuses schemes other than http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://127.0.0.1/']) {
      expect((await fetchWith(url, {})).error?.code).toBe('unsupported_scheme');
    }
  });

  it('records a crawl seed on a blocked address as blocked_address, not as a robots refusal', async () => {
    const before = site.log.length;
    const events = await collect({ seedUrl: `http://${WWW}:${site.port}/`, maxPages: 5, resolver: resolver.resolve, process: linkProcess });
    expect(pagesOf(events)).toMatchObject([{ status: 0, error: { code: 'blocked_address' } }]);
    expect(site.log.length).toBe(before);
  });

  it('rejects an invalid seed or SSRF policy up front', async () => {
    expect(() => crawl({ seedUrl: 'not a url', maxPages: 1, process: linkProcess })).toThrow(TypeError);
    await expect(() => guardedFetch('http://example.com/', { policy: { allowCidrs: ['10.0.0.0/99'] } })).rejects.toThrow(TypeError);
  });
});
