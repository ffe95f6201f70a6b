// A crawl delay (CrawlLimits.crawlDelayMs) spaces the requests to one host, measured end to end
// where they land: the fixture server's arrival times. The server shares the test's event loop, so
// one arrival can be late by a few milliseconds on a loaded machine and the gap after it short by
// as much: the spacing of each pair is asserted where it is decided, to the millisecond, in
// origin-turns.test.ts. Here the twelve requests, four allowed at once, must span eleven delays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl } from '../../src/crawl/crawler.js';
import { GEN, generatedSite } from '../fixtures/site/generated.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { linkProcess } from './helpers.js';

const DELAY_MS = 40;

describe('crawl delay', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer({ [GEN]: generatedSite({ pages: 12, links: [6, 8], bytes: [1000, 2000] }) });
  });
  afterAll(() => server.close());

  it(`keeps ${DELAY_MS} ms between two requests to a host, with 4 allowed at once`, async () => {
    let pages = 0;
    for await (const event of crawl({
      seedUrl: `${server.origin(GEN)}/`,
      maxPages: 12,
      limits: { perHostConcurrency: 4, crawlDelayMs: DELAY_MS, requestTimeoutMs: 10_000 },
      policy: { allowLoopback: true },
      resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
      process: linkProcess,
    })) {
      if (event.type === 'page') pages++;
    }
    expect(pages).toBe(12);
    const arrivals = server.log.filter((entry) => !entry.path.startsWith('/robots.txt') && !entry.path.startsWith('/sitemap')).map((entry) => entry.at);
    expect(arrivals).toHaveLength(12);
    // Less 5 ms: the first request opens a connection, so it lands later after it starts than the last.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(11 * DELAY_MS - 5);
  });
});
