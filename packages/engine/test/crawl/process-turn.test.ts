// An origin's turn and the processing of its pages: perHostConcurrency bounds the requests in
// flight to an origin. A process that only reads the response (`processRequests: false`, an audit
// without a renderer) gives the turn back once the response is in, so the origin's next request
// is on its way while the page is processed; one that asks the origin for more (a renderer) holds
// it until the page is processed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawl } from '../../src/crawl/crawler.js';
import type { FetchedPage } from '../../src/types.js';
import { html, type FixtureResponse, type Route } from '../fixtures/site/pages.js';
import { fixtureResolver, startFixtureServer, type FixtureServer } from '../testing.js';
import { linkProcess, until } from './helpers.js';

const HOST = 'turns.fixture.test';

const page = (title: string, hrefs: readonly string[]): FixtureResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: html(title, `<h1>${title}</h1>${hrefs.map((h) => `<a href="${h}">${h}</a>`).join(' ')}`),
});

const ROUTES: Record<string, Route> = {
  '/robots.txt': () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' }),
  '/': () => page('Home of the turns site', ['/a', '/b']),
  '/a': () => page('Page A', []),
  '/b': () => page('Page B', []),
};

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({ [HOST]: ROUTES });
});
afterAll(() => server?.close());

/**
 * Crawls the site one request at a time (perHostConcurrency 1, two pages in flight), holding /a's
 * processing until `whileHeld` returns; answers the paths requested, in order.
 */
async function crawlHoldingA(processRequests: boolean | undefined, whileHeld: (requested: () => string[]) => Promise<void>): Promise<string[]> {
  const before = server.log.length;
  const requested = () => server.log.slice(before).map((entry) => entry.path);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let aStarted = false;
  const process = async (fetched: FetchedPage) => {
    if (fetched.url.endsWith('/a')) {
      aStarted = true;
      await held;
    }
    return linkProcess(fetched);
  };
  const crawling = (async () => {
    for await (const event of crawl({
      seedUrl: `${server.origin(HOST)}/`,
      maxPages: 10,
      limits: { perHostConcurrency: 1, maxConcurrency: 2, requestTimeoutMs: 5_000 },
      policy: { allowLoopback: true },
      resolver: fixtureResolver({ [HOST]: '127.0.0.1' }).resolve,
      process,
      ...(processRequests === undefined ? {} : { processRequests }),
    })) {
      if (event.type === 'done') expect(event.stopReason).toBe('all_pages_crawled');
    }
  })();
  try {
    await until(() => aStarted, 5_000, '/a being processed');
    await whileHeld(requested);
  } finally {
    release();
    // A failed check still lets the crawl end here, not in the next test.
    await crawling;
  }
  return requested();
}

describe("an origin's turn while a page is processed", () => {
  it('is given back once the response is in, when processing asks the origin for nothing', async () => {
    const paths = await crawlHoldingA(false, async (requested) => {
      // /b is fetched while /a is still being processed.
      await until(() => requested().includes('/b'), 5_000, '/b requested while /a is processed');
    });
    expect(paths.filter((p) => p === '/a' || p === '/b').sort()).toEqual(['/a', '/b']);
  });

  it('is held until the page is processed by default (a renderer asks the origin again)', async () => {
    const paths = await crawlHoldingA(undefined, async (requested) => {
      // Many event-loop turns with /a held: with its turn held, the crawl may not ask for /b.
      for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(requested()).not.toContain('/b');
    });
    expect(paths).toContain('/b');
  });
});
