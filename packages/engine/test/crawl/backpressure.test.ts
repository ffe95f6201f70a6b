// Memory stays bounded: with a consumer slower than the network, the crawler must not fetch ahead
// of it. Instrument: requests the server has received for pages, minus pages the consumer has
// taken, is the number of pages the crawler holds (in flight or buffered). Documented bound:
// maxConcurrency + resultBuffer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl } from '../../src/crawl/crawler.js';
import { GEN, generatedSite } from '../fixtures/site/generated.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { linkProcess } from './helpers.js';

const PAGES = 2000;
const CONCURRENCY = 8;
const BUFFER = 8;

describe('backpressure', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer({ [GEN]: generatedSite({ pages: PAGES, links: [20, 30], bytes: [2000, 4000] }) });
  });
  afterAll(() => server.close());

  it(`holds at most ${CONCURRENCY + BUFFER} pages while a slow consumer reads a ${PAGES}-page site`, async () => {
    const pageRequests = () => server.log.length - 2; // robots.txt and sitemap.xml are not pages
    let processed = 0;
    let consumed = 0;
    let maxHeldByServerCount = 0;
    let maxHeldByProcessCount = 0;
    let stopReason = '';
    for await (const event of crawl({
      seedUrl: `${server.origin(GEN)}/`,
      maxPages: PAGES,
      limits: { perHostConcurrency: CONCURRENCY, maxConcurrency: CONCURRENCY, resultBuffer: BUFFER, requestTimeoutMs: 10_000 },
      policy: { allowLoopback: true },
      resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
      process: (page) => {
        processed++;
        return linkProcess(page);
      },
    })) {
      if (event.type === 'done') stopReason = event.stopReason;
      if (event.type !== 'page') continue;
      consumed++;
      maxHeldByServerCount = Math.max(maxHeldByServerCount, pageRequests() - consumed);
      maxHeldByProcessCount = Math.max(maxHeldByProcessCount, processed - consumed);
      // A slow consumer: it gives the event loop (and so the network) many turns per page.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stopReason).toBe('all_pages_crawled');
    expect(consumed).toBe(PAGES);
    expect(pageRequests()).toBe(PAGES);
    expect(maxHeldByServerCount).toBeLessThanOrEqual(CONCURRENCY + BUFFER);
    expect(maxHeldByProcessCount).toBeLessThanOrEqual(CONCURRENCY + BUFFER);
    // The crawler did run ahead of the consumer, up to the bound: the buffer is used.
    expect(maxHeldByServerCount).toBeGreaterThan(CONCURRENCY);
  });
});
