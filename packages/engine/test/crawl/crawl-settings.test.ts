// A crawl's settings, measured where the requests land (the fixture server's log): include and
// exclude patterns, list mode, the rate limit across hosts, the user agent's robots.txt token,
// and basic authentication sent to the seed's origin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicCredentials } from '../../src/net/guarded-fetch.js';
import { GOOGLEBOT_SMARTPHONE_USER_AGENT, robotsToken } from '../../src/net/user-agent.js';
import { links, page, type Route } from '../fixtures/site/pages.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import type { CrawlOptions } from '../../src/crawl/types.js';
import { collect, linkProcess, pagesOf } from './helpers.js';

const SITE = 'settings.test';
const WWW = `www.${SITE}`;
const SHOP = `shop.${SITE}`;
const OTHER = 'elsewhere.test';

const site: Record<string, Route> = {
  '/robots.txt': () => ({
    status: 200,
    headers: { 'content-type': 'text/plain' },
    body: 'User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /secret\n',
  }),
  '/': () => page('Home', links(['/blog/', '/blog/tag/a', '/about', '/files/a.pdf', '/private', '/secret', '/go-away', '/to-shop'])),
  '/blog/': () => page('Blog', links(['/blog/one', '/blog/tag/b'])),
  '/blog/one': () => page('One', '<p>one</p>'),
  '/blog/tag/a': () => page('Tag a', '<p>a</p>'),
  '/blog/tag/b': () => page('Tag b', '<p>b</p>'),
  '/about': () => page('About', '<p>about</p>'),
  '/files/a.pdf': () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF' }),
  '/private': () => page('Private', '<p>private</p>'),
  '/secret': () => page('Secret', '<p>secret</p>'),
  '/go-away': () => ({ status: 302, headers: { location: `http://${OTHER}:${port}/landing` } }),
  '/to-shop': () => ({ status: 302, headers: { location: `http://${SHOP}:${port}/` } }),
};
let port = 0;

describe('crawl settings', () => {
  let server: FixtureServer;
  const resolver = fixtureResolver({ [WWW]: '127.0.0.1', [SHOP]: '127.0.0.1', [OTHER]: '127.0.0.1' }).resolve;
  beforeAll(async () => {
    server = await startFixtureServer({
      [WWW]: site,
      [SHOP]: { '/': () => page('Shop', links([`http://${WWW}:${port}/about`])) },
      [OTHER]: { '/landing': () => page('Landing', '<p>x</p>') },
    });
    port = server.port;
  });
  afterAll(() => server.close());

  const options = (extra: Partial<CrawlOptions<null>>): CrawlOptions<null> => ({
    seedUrl: `${server.origin(WWW)}/`,
    maxPages: 50,
    limits: { requestTimeoutMs: 10_000 },
    policy: { allowLoopback: true },
    resolver,
    process: linkProcess,
    ...extra,
  });
  const paths = (from: number, host = WWW): string[] =>
    server.log
      .slice(from)
      .filter((entry) => entry.host === host && entry.path !== '/robots.txt' && !entry.path.startsWith('/sitemap'))
      .map((entry) => entry.path)
      .sort();

  it('fetches the seed, and then only included URLs that no exclude pattern matches', async () => {
    const from = server.log.length;
    await collect(options({ pathFilter: { include: ['/blog/'], exclude: ['/blog/tag/', '/*.pdf$'] } }));
    expect(paths(from)).toEqual(['/', '/blog/', '/blog/one']);
  });

  it('list mode fetches the listed URLs only, not the seed nor what they link to', async () => {
    const from = server.log.length;
    const events = await collect(options({ urls: [`${server.origin(WWW)}/blog/`, `${server.origin(WWW)}/about`, `http://${OTHER}:${port}/landing`] }));
    expect(paths(from)).toEqual(['/about', '/blog/']);
    expect(
      pagesOf(events)
        .map((p) => p.url)
        .sort(),
    ).toEqual([`${server.origin(WWW)}/about`, `${server.origin(WWW)}/blog/`]);
    expect(paths(from, OTHER)).toEqual([]);
  });

  it('matches robots.txt groups by the user agent’s token: Googlebot’s, for its strings', async () => {
    expect(robotsToken(GOOGLEBOT_SMARTPHONE_USER_AGENT)).toBe('Googlebot');
    expect(robotsToken('MyBot/2.0 (+https://example.com)')).toBe('MyBot');
    const from = server.log.length;
    const events = await collect(options({ userAgent: GOOGLEBOT_SMARTPHONE_USER_AGENT, pathFilter: { include: ['/private', '/secret'], exclude: [] } }));
    // Googlebot's group forbids /private only; `*`'s group (which forbids /secret) is not Googlebot's.
    expect(paths(from)).toEqual(['/', '/secret']);
    expect(pagesOf(events).find((p) => p.url.endsWith('/private'))?.error?.code).toBe('robots_disallowed');
    expect(server.log.slice(from).every((entry) => entry.userAgent === GOOGLEBOT_SMARTPHONE_USER_AGENT)).toBe(true);
  });

  it('keeps the rate limit across the hosts of the site together', async () => {
    const from = server.log.length;
    const intervalMs = 100;
    await collect(
      options({ limits: { requestTimeoutMs: 10_000, requestIntervalMs: intervalMs }, pathFilter: { include: ['/about', '/to-shop', '/blog/$'], exclude: [] } }),
    );
    const arrivals = server.log
      .slice(from)
      .filter((entry) => entry.path !== '/robots.txt' && !entry.path.startsWith('/sitemap'))
      .map((entry) => entry.at);
    // /, /blog/, /about, /to-shop (its redirect to shop's / is the same fetch), shop's /: four fetches, five requests.
    expect(arrivals.length).toBeGreaterThanOrEqual(4);
    const starts = server.log
      .slice(from)
      .filter((entry) => entry.path !== '/robots.txt' && !entry.path.startsWith('/sitemap') && !(entry.host === SHOP && entry.path === '/'));
    const gaps = starts.slice(1).map((entry, i) => entry.at - starts[i]!.at);
    // Measured where requests land: a request on a new connection (another host) arrives a little later after it starts.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(intervalMs - 30);
    expect(starts.at(-1)!.at - starts[0]!.at).toBeGreaterThanOrEqual((starts.length - 1) * intervalMs - 30);
  });

  it('sends basic authentication to the seed’s origin only: never to another host, nor on a redirect away', async () => {
    const from = server.log.length;
    const credentials = basicCredentials(server.origin(WWW), 'preview', 'pa:ss');
    await collect(options({ credentials, pathFilter: { include: ['/about', '/go-away', '/to-shop', '/$'], exclude: [] } }));
    const log = server.log.slice(from);
    const www = log.filter((entry) => entry.host === WWW);
    expect(www.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/robots.txt', '/', '/about', '/go-away', '/to-shop']));
    for (const entry of www) expect(entry.authorization).toBe(`Basic ${Buffer.from('preview:pa:ss').toString('base64')}`);
    const elsewhere = log.filter((entry) => entry.host !== WWW);
    expect(elsewhere.some((entry) => entry.host === SHOP)).toBe(true);
    for (const entry of elsewhere) expect(entry.authorization).toBeUndefined();
  });
});
