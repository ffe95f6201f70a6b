// Shared helpers of the crawl tests: run a crawl with the fallback link extractor and collect
// its events, with a deadline instead of sleeps.
import { crawl } from '../../src/crawl/crawler.js';
import { extractLinks } from '../../src/crawl/links.js';
import type { CrawlEvent, CrawlOptions } from '../../src/crawl/types.js';
import type { FetchedPage } from '../../src/types.js';

export const TEST_UA = 'SeoGeoAuditBot/1.0 (+https://seo-geo.example/bot)';

export function linkProcess(page: FetchedPage): { result: null; links: string[] } {
  return { result: null, links: page.body ? extractLinks(page.body, page.finalUrl) : [] };
}

export async function collect<R>(options: CrawlOptions<R>, deadlineMs = 20_000): Promise<CrawlEvent<R>[]> {
  const events: CrawlEvent<R>[] = [];
  const deadline = Date.now() + deadlineMs;
  for await (const event of crawl(options)) {
    events.push(event);
    if (Date.now() > deadline) throw new Error(`crawl did not finish within ${deadlineMs} ms`);
  }
  return events;
}

export function pagesOf<R>(events: CrawlEvent<R>[]): FetchedPage[] {
  return events.flatMap((e) => (e.type === 'page' ? [e.page] : []));
}

export function doneOf<R>(events: CrawlEvent<R>[]): Extract<CrawlEvent<R>, { type: 'done' }> {
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('the last event is not done');
  return done;
}

/** Waits for `condition` with a deadline, yielding to the event loop between checks. */
export async function until(condition: () => boolean, deadlineMs: number, what: string): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
