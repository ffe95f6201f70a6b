// The external link checker against a local server that answers per method: HEAD first, GET
// when HEAD is not allowed, verdicts per status, the cap, and the concurrency limits; and what the
// resource check, the same pass, adds: targets it skips and a turn awaited before each request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedDispatcher } from '../../src/net/dispatcher.js';
import { checkExternalLinks } from '../../src/site-checks/external-links.js';
import { checkResources } from '../../src/site-checks/resources.js';
import { Interner } from '../../src/site-checks/interner.js';
import { TEST_UA } from '../crawl/helpers.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';

interface Hit {
  host: string;
  method: string;
  path: string;
}

describe('checkExternalLinks', () => {
  let server: Server;
  let port: number;
  const hits: Hit[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const inFlightPerHost = new Map<string, number>();
  let maxPerHost = 0;
  const hosts = ['a', 'b', 'c', 'd', 'e', 'f'].map((h) => `${h}.links.test`);
  const resolver = fixtureResolver({ ...Object.fromEntries(hosts.map((h) => [h, '127.0.0.1'])), 'private.links.test': '10.0.0.5' });
  const dispatcher = createGuardedDispatcher({ policy: { allowLoopback: true }, resolver: resolver.resolve });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      const path = req.url ?? '/';
      hits.push({ host, method: req.method ?? '', path });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      inFlightPerHost.set(host, (inFlightPerHost.get(host) ?? 0) + 1);
      maxPerHost = Math.max(maxPerHost, inFlightPerHost.get(host)!);
      const answer = (status: number, headers: Record<string, string> = {}): void => {
        inFlight--;
        inFlightPerHost.set(host, inFlightPerHost.get(host)! - 1);
        res.writeHead(status, headers);
        res.end(req.method === 'HEAD' ? undefined : 'body');
      };
      if (path === '/hang') return; // never answers: the per-target timeout must end it
      // Slow enough for requests to overlap, so that the limits are observable.
      const later = (status: number, headers?: Record<string, string>): void => void setTimeout(() => answer(status, headers), 40);
      if (path === '/no-head') return later(req.method === 'HEAD' ? 405 : 200);
      if (path === '/no-head-gone') return later(req.method === 'HEAD' ? 501 : 404);
      if (path === '/to-ok') return later(302, { location: '/ok' });
      const status = Number(path.slice(1));
      later(Number.isInteger(status) && status >= 200 ? status : 200);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await dispatcher.destroy();
  });

  const table = (urls: string[]): Interner => {
    const t = new Interner();
    urls.forEach((url) => t.intern(url));
    return t;
  };
  const at = (host: string, path: string): string => `http://${host}:${port}${path}`;

  it('judges each target by its answer, HEAD first and GET when HEAD is not allowed', async () => {
    const urls = [
      at('a.links.test', '/200'),
      at('a.links.test', '/404'),
      at('a.links.test', '/410'),
      at('a.links.test', '/503'),
      at('a.links.test', '/401'),
      at('a.links.test', '/403'),
      at('a.links.test', '/429'),
      at('a.links.test', '/no-head'),
      at('a.links.test', '/no-head-gone'),
      at('a.links.test', '/to-ok'),
      at('b.links.test', '/hang'),
      'http://nowhere.links.test/',
      at('private.links.test', '/'),
    ];
    hits.length = 0;
    const report = await checkExternalLinks(table(urls), { dispatcher, userAgent: TEST_UA, timeoutMs: 2000 });
    const verdicts = Object.fromEntries(
      urls.map((url, id) => [url.replace(/^http:\/\/([^/]+)/, '$1').replace(`:${port}`, ''), [report.verdicts[id], report.reasons.get(id) ?? null]]),
    );
    expect(verdicts).toEqual({
      'a.links.test/200': [1, null],
      'a.links.test/404': [2, '404'],
      'a.links.test/410': [2, '410'],
      'a.links.test/503': [2, '503'],
      'a.links.test/401': [1, null],
      'a.links.test/403': [1, null],
      'a.links.test/429': [1, null],
      'a.links.test/no-head': [1, null],
      'a.links.test/no-head-gone': [2, '404'],
      'a.links.test/to-ok': [1, null],
      'b.links.test/hang': [2, 'failed: timeout'],
      'nowhere.links.test/': [2, 'failed: dns_failure'],
      'private.links.test/': [0, null],
    });
    expect(report.findings).toEqual({ checked: 12, broken: 6, notChecked: 1 });
    const methods = (path: string) => hits.filter((h) => h.path === path).map((h) => h.method);
    expect(methods('/no-head')).toEqual(['HEAD', 'GET']);
    expect(methods('/no-head-gone')).toEqual(['HEAD', 'GET']);
    expect(methods('/404')).toEqual(['HEAD']);
    expect(hits.some((h) => h.host === 'private.links.test')).toBe(false);
  });

  it('checks at most maxTargets, in first-linked order, and counts the rest as not checked', async () => {
    hits.length = 0;
    const report = await checkExternalLinks(table([at('b.links.test', '/200'), at('b.links.test', '/404'), at('c.links.test', '/500')]), {
      dispatcher,
      userAgent: TEST_UA,
      maxTargets: 2,
    });
    expect(report.findings).toEqual({ checked: 2, broken: 1, notChecked: 1 });
    expect(hits.map((h) => h.path).sort()).toEqual(['/200', '/404']);
  });

  it('keeps at most 4 requests in flight and one per host', async () => {
    // The first test's hanging request was never answered: start the counts afresh.
    hits.length = 0;
    inFlight = 0;
    inFlightPerHost.clear();
    maxInFlight = 0;
    maxPerHost = 0;
    const urls = hosts.flatMap((h) => [at(h, '/200'), at(h, '/204'), at(h, '/404')]);
    const report = await checkExternalLinks(table(urls), { dispatcher, userAgent: TEST_UA });
    expect(report.findings).toEqual({ checked: 18, broken: 6, notChecked: 0 });
    expect(maxPerHost).toBe(1);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(maxInFlight).toBeGreaterThan(1);
  });

  it('checks resources the same way, skipping what it is told to (not checked, not held against the cap), after a turn before each request', async () => {
    hits.length = 0;
    const turns: string[] = [];
    const urls = [
      at('d.links.test', '/private'),
      at('d.links.test', '/200'),
      at('d.links.test', '/no-head'),
      at('e.links.test', '/404'),
      at('e.links.test', '/500'),
    ];
    const report = await checkResources(table(urls), {
      dispatcher,
      userAgent: TEST_UA,
      maxTargets: 3,
      skip: (url) => url.endsWith('/private'),
      beforeRequest: async (url) => {
        turns.push(new URL(url).pathname);
      },
    });
    // The skipped one and the one past the cap of 3 are not checked.
    expect(report.findings).toEqual({ checked: 3, broken: 1, notChecked: 2 });
    expect(hits.map((h) => `${h.method} ${h.path}`).sort()).toEqual(['GET /no-head', 'HEAD /200', 'HEAD /404', 'HEAD /no-head']);
    expect(turns.sort()).toEqual(['/200', '/404', '/no-head', '/no-head']);
  });

  it('stops when the signal aborts, leaving the rest unchecked', async () => {
    const stop = new AbortController();
    stop.abort();
    const report = await checkExternalLinks(table([at('a.links.test', '/200')]), { dispatcher, userAgent: TEST_UA, signal: stop.signal });
    expect(report.findings).toEqual({ checked: 0, broken: 0, notChecked: 1 });
  });
});
