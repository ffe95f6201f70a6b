// Redirect chains when several crawlers share one frontier: each URL of a chain is still recorded
// once, by whichever crawler took it, with the same record a crawler on its own makes. The shared
// frontier here is an in-memory one with the contract's semantics (the server's is PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaseOutcome, SharedFrontier } from '../../src/crawl/types.js';
import type { FetchedPage } from '../../src/types.js';
import { fixtureResolver, startFixtureServer, type FixtureServer, type FixtureResponse, type Route } from '../testing.js';
import { collect, linkProcess, pagesOf, TEST_UA } from './helpers.js';

const HOST = 'shared-redirects.fixture.test';
const page = (hrefs: string[]): FixtureResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html' },
  body: `<title>Page</title>${hrefs.map((h) => `<a href="${h}">${h}</a>`).join(' ')}`,
});
const moved = (location: string): FixtureResponse => ({ status: 301, headers: { location } });
const routes: Record<string, Route> = {
  '/': () => page(['/a', '/old', '/hop/1', '/hop/2', '/loop/1', '/b']),
  '/a': () => page(['/old']),
  '/b': () => page(['/hop/2']),
  '/old': () => moved('/hop/1'),
  '/hop/1': () => moved('/hop/2'),
  '/hop/2': () => moved('/end'),
  '/end': () => page(['/']),
  '/loop/1': () => moved('/loop/2'),
  '/loop/2': () => moved('/loop/1'),
};

/** The shared frontier's contract in memory: each URL queued once, leased, claimed or fetched once. */
class MemoryFrontier implements SharedFrontier {
  private readonly state = new Map<string, 'queued' | 'leased' | 'claimed' | 'fetched'>();
  private readonly queue: string[] = [];

  add(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      if (this.state.has(url)) continue;
      this.state.set(url, 'queued');
      this.queue.push(url);
    }
    return Promise.resolve();
  }

  lease(max: number): Promise<LeaseOutcome> {
    const urls = this.queue.splice(0, max);
    for (const url of urls) this.state.set(url, 'leased');
    if (urls.length > 0) return Promise.resolve({ urls });
    const busy = [...this.state.values()].some((s) => s === 'leased' || s === 'claimed');
    return Promise.resolve(busy ? { urls: [], retryInMs: 5 } : { urls: [], over: 'all_pages_crawled' });
  }

  claim(url: string): Promise<boolean> {
    if (this.state.has(url)) return Promise.resolve(false);
    this.state.set(url, 'claimed');
    return Promise.resolve(true);
  }

  fetched(url: string, result: { html: boolean; links: readonly string[] }): void {
    this.state.set(url, 'fetched');
    void this.add(result.links);
  }
}

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer({ [HOST]: routes });
});
afterAll(() => server?.close());

const options = (frontier?: SharedFrontier, discover = true) => ({
  seedUrl: `${server.origin(HOST)}/`,
  maxPages: 50,
  limits: { requestTimeoutMs: 2000, perHostConcurrency: 2 },
  userAgent: TEST_UA,
  policy: { allowLoopback: true },
  resolver: fixtureResolver({ [HOST]: '127.0.0.1' }).resolve,
  process: linkProcess,
  ...(frontier ? { shared: { frontier, discover } } : {}),
});

/** What a record says of its URL, without the times. */
const record = (p: FetchedPage) => [p.url, p.status, p.redirectTarget ?? null, p.redirectType ?? null, p.finalUrl, p.error?.code ?? null];

describe('redirect chains on a shared frontier', () => {
  it('records each URL of a chain once, across crawlers, as one crawler on its own does', async () => {
    const alone = pagesOf(await collect(options())).map(record);
    const frontier = new MemoryFrontier();
    const [lead, helper] = await Promise.all([collect(options(frontier, true)), collect(options(frontier, false))]);
    const shared = [...pagesOf(lead), ...pagesOf(helper)].map(record);
    const byUrl = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(shared.map((r) => r[0]).length).toBe(new Set(shared.map((r) => r[0])).size);
    expect(shared.sort(byUrl)).toEqual(alone.sort(byUrl));
    const origin = server.origin(HOST);
    expect(alone.find((r) => r[0] === `${origin}/old`)).toEqual([`${origin}/old`, 301, `${origin}/hop/1`, '301', `${origin}/end`, null]);
  });
});
