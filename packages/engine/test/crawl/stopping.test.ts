// Cancellation and the time budget: the crawl stops promptly, aborts what is in flight, and says why.
import { afterEach, describe, expect, it } from 'vitest';
import { crawl } from '../../src/crawl/crawler.js';
import type { CrawlEvent } from '../../src/crawl/types.js';
import { GEN } from '../fixtures/site/generated.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { linkProcess, until } from './helpers.js';

const HANGING = 8;
const REQUEST_TIMEOUT_MS = 10_000;

const hangingSite = () =>
  startFixtureServer({
    [GEN]: {
      '/': () => ({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: Array.from({ length: HANGING }, (_, i) => `<a href="/hang/${i}">${i}</a>`).join(''),
      }),
      // Never answers within the test: only the crawler's own abort can end these requests.
      ...Object.fromEntries(Array.from({ length: HANGING }, (_, i) => [`/hang/${i}`, () => ({ status: 200, hangMs: 60_000 })])),
    },
  });

describe('stopping a crawl', () => {
  let server: FixtureServer | undefined;
  afterEach(() => server?.close());

  it('ends within one request timeout of an abort, aborting in-flight requests, with stopReason cancelled', async () => {
    server = await hangingSite();
    const srv = server;
    const controller = new AbortController();
    const events: CrawlEvent<null>[] = [];
    const iterator = crawl({
      seedUrl: `${srv.origin(GEN)}/`,
      maxPages: 100,
      limits: { requestTimeoutMs: REQUEST_TIMEOUT_MS, perHostConcurrency: 4 },
      policy: { allowLoopback: true },
      resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
      signal: controller.signal,
      process: linkProcess,
    });
    const hanging = () => srv.log.filter((e) => e.path.startsWith('/hang/')).length;
    const consume = (async () => {
      for await (const event of iterator) events.push(event);
    })();
    await until(() => hanging() === 4, 5000, 'four requests in flight');
    const abortedAt = Date.now();
    controller.abort();
    await consume;
    const elapsed = Date.now() - abortedAt;

    expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'cancelled', pagesRecorded: 1 });
    expect(events.filter((e) => e.type === 'page').map((e) => (e.type === 'page' ? new URL(e.page.url).pathname : ''))).toEqual(['/']);
    // The server sees the four in-flight requests abandoned by the client.
    await until(() => srv.abandoned.length === 4, 5000, 'the server to see the aborted requests');
    expect(hanging()).toBe(4);
  });

  it('ends with time_budget when the budget runs out', async () => {
    server = await hangingSite();
    const started = Date.now();
    const events: CrawlEvent<null>[] = [];
    for await (const event of crawl({
      seedUrl: `${server.origin(GEN)}/`,
      maxPages: 100,
      limits: { requestTimeoutMs: REQUEST_TIMEOUT_MS, timeBudgetMs: 300, perHostConcurrency: 2 },
      policy: { allowLoopback: true },
      resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
      process: linkProcess,
    })) {
      events.push(event);
    }
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'time_budget_exhausted', pagesRecorded: 1 });
  });

  it('stops fetching when the consumer breaks out of the loop', async () => {
    server = await hangingSite();
    const srv = server;
    for await (const event of crawl({
      seedUrl: `${srv.origin(GEN)}/`,
      maxPages: 100,
      limits: { requestTimeoutMs: REQUEST_TIMEOUT_MS, perHostConcurrency: 2 },
      policy: { allowLoopback: true },
      resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
      process: linkProcess,
    })) {
      if (event.type === 'page') break;
    }
    const requested = srv.log.filter((e) => e.path.startsWith('/hang/')).length;
    await until(() => srv.abandoned.length === requested, 5000, 'in-flight requests to be aborted');
  });

  it('ends at once when the signal is already aborted', async () => {
    server = await hangingSite();
    const controller = new AbortController();
    controller.abort();
    const events: CrawlEvent<null>[] = [];
    for await (const event of crawl({
      seedUrl: `${server.origin(GEN)}/`,
      maxPages: 10,
      policy: { allowLoopback: true },
      resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
      signal: controller.signal,
      process: linkProcess,
    })) {
      events.push(event);
    }
    // The seed is what it had still to fetch.
    expect(events).toEqual([{ type: 'done', stopReason: 'cancelled', pagesCrawled: 0, pagesRecorded: 0, unfinished: [`${server.origin(GEN)}/`] }]);
  });

  it('surfaces an exception thrown by the process callback', async () => {
    server = await hangingSite();
    const run = async () => {
      for await (const _ of crawl({
        seedUrl: `${server!.origin(GEN)}/`,
        maxPages: 10,
        policy: { allowLoopback: true },
        resolver: fixtureResolver({ [GEN]: '127.0.0.1' }).resolve,
        process: () => {
          throw new Error('analyser bug');
        },
      })) {
        // drain
      }
    };
    await expect(run()).rejects.toThrow('analyser bug');
  });
});
