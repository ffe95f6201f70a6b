// A crawl stopped and continued: drained, it finishes what is in flight and says what it had still
// to fetch; aborted, the URLs in flight are among those; continued from there, it fetches every
// other URL once, never one it recorded, and its counts go on from the first part's.
import { afterEach, describe, expect, it } from 'vitest';
import { crawl } from '../../src/crawl/crawler.js';
import type { CrawlEvent, CrawlOptions } from '../../src/crawl/types.js';
import { GEN, generatedSite, pagePath } from '../fixtures/site/generated.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { collect, doneOf, linkProcess, pagesOf, until } from './helpers.js';

const PAGES = 60;

async function* batches<T>(items: readonly T[]): AsyncGenerator<readonly T[], void, undefined> {
  for (let i = 0; i < items.length; i += 7) yield items.slice(i, i + 7);
}

describe('stopping a crawl and continuing it', () => {
  let server: FixtureServer | undefined;
  afterEach(() => server?.close());

  const options = (srv: FixtureServer): CrawlOptions<null> => ({
    seedUrl: `${srv.origin(GEN)}/`,
    maxPages: 1000,
    limits: { requestTimeoutMs: 5000, perHostConcurrency: 3 },
    policy: { allowLoopback: true },
    resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
    process: linkProcess,
  });

  /** The first part: stopped (drained or aborted) once `pages` pages are recorded and the site is answering more. */
  async function firstPart(srv: FixtureServer, how: 'drain' | 'abort', pages: number): Promise<CrawlEvent<null>[]> {
    const stop = new AbortController();
    const events: CrawlEvent<null>[] = [];
    const requested = () => srv.log.filter((entry) => entry.path === '/' || entry.path.startsWith('/p/')).length;
    for await (const event of crawl({ ...options(srv), ...(how === 'drain' ? { drain: stop.signal } : { signal: stop.signal }) })) {
      events.push(event);
      if (pagesOf(events).length !== pages) continue;
      await until(() => requested() > pages, 5000, 'requests in flight');
      stop.abort();
    }
    return events;
  }

  it('drains: nothing in flight is dropped, and the URLs left are those it did not request', async () => {
    server = await startFixtureServer({ [GEN]: generatedSite({ pages: PAGES, links: [5, 8], bytes: [500, 900], hangMs: 20 }) });
    const events = await firstPart(server, 'drain', 10);
    const done = doneOf(events);
    const recorded = pagesOf(events).map((page) => new URL(page.url).pathname);
    expect(done.stopReason).toBe('cancelled');
    expect(recorded.length).toBeGreaterThanOrEqual(10);
    expect(server.abandoned).toEqual([]);
    const requested = server.log.map((entry) => entry.path).filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
    expect([...requested].sort()).toEqual([...recorded].sort());
    const unfinished = (done.unfinished ?? []).map((url) => new URL(url).pathname);
    expect(unfinished.length).toBeGreaterThan(0);
    expect(unfinished.filter((path) => recorded.includes(path))).toEqual([]);
  });

  it('aborted, counts the URLs it had in flight among those left', async () => {
    server = await startFixtureServer({ [GEN]: generatedSite({ pages: PAGES, links: [5, 8], bytes: [500, 900], hangMs: 200 }) });
    const events = await firstPart(server, 'abort', 4);
    const recorded = new Set(pagesOf(events).map((page) => page.url));
    const unfinished = new Set(doneOf(events).unfinished);
    const requested = server.log.filter((entry) => entry.path.startsWith('/p/')).map((entry) => `${server!.origin(GEN)}${entry.path}`);
    const dropped = requested.filter((url) => !recorded.has(url));
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.filter((url) => !unfinished.has(url))).toEqual([]);
  });

  it('continues from where it stopped: every page once, none requested twice, the counts going on', async () => {
    server = await startFixtureServer({ [GEN]: generatedSite({ pages: PAGES, links: [5, 8], bytes: [500, 900], hangMs: 20 }) });
    const first = await firstPart(server, 'drain', 15);
    const recorded = pagesOf(first).map((page) => page.url);
    const firstDone = doneOf(first);
    const second = await collect({
      ...options(server),
      resume: {
        recorded: batches(recorded),
        unfinished: batches(firstDone.unfinished ?? []),
        htmlPages: firstDone.pagesCrawled,
        otherRecords: firstDone.pagesRecorded - firstDone.pagesCrawled,
      },
    });
    const all = [...recorded, ...pagesOf(second).map((page) => page.url)].map((url) => new URL(url).pathname);
    expect([...all].sort()).toEqual(Array.from({ length: PAGES }, (_, i) => pagePath(i)).sort());
    const requested = server.log.map((entry) => entry.path).filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml');
    expect(requested.length).toBe(PAGES);
    expect(doneOf(second)).toMatchObject({ stopReason: 'all_pages_crawled', pagesCrawled: PAGES, pagesRecorded: PAGES });
    expect(doneOf(second).unfinished).toBeUndefined();
  });

  it('counts the first part against maxPages', async () => {
    server = await startFixtureServer({ [GEN]: generatedSite({ pages: PAGES, links: [5, 8], bytes: [500, 900], hangMs: 20 }) });
    const first = await firstPart(server, 'drain', 15);
    const firstDone = doneOf(first);
    const maxPages = firstDone.pagesCrawled + 5;
    const second = await collect({
      ...options(server),
      maxPages,
      resume: {
        recorded: batches(pagesOf(first).map((page) => page.url)),
        unfinished: batches(firstDone.unfinished ?? []),
        htmlPages: firstDone.pagesCrawled,
        otherRecords: 0,
      },
    });
    expect(pagesOf(second)).toHaveLength(5);
    expect(doneOf(second)).toMatchObject({ stopReason: 'max_pages_reached', pagesCrawled: maxPages });
  });
});
