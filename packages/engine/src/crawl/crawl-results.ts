// What a crawl has recorded: the processed pages waiting to be pulled, and the counts the budgets
// and the events report. `maxPages` counts HTML pages; every other record (non-HTML responses,
// fetch errors, robots-disallowed URLs) counts against `maxOtherRecords`.
import { isHtmlType } from '../net/html-type.js';
import type { FetchedPage } from '../types.js';
import type { CrawlEvent, StopReason } from './types.js';

type PageEvent<R> = Extract<CrawlEvent<R>, { type: 'page' }>;

export class CrawlResults<R> {
  private readonly buffer: PageEvent<R>[] = [];
  private htmlCount = 0;
  private otherCount = 0;
  private yieldedHtml = 0;
  private yieldedAll = 0;

  /** `before`: what a paused crawl this one continues recorded, counted against the same budgets. */
  constructor(
    private readonly maxPages: number,
    before: { htmlPages: number; otherRecords: number } = { htmlPages: 0, otherRecords: 0 },
  ) {
    this.htmlCount = this.yieldedHtml = before.htmlPages;
    this.otherCount = before.otherRecords;
    this.yieldedAll = before.htmlPages + before.otherRecords;
  }

  /** Records a processed page; returns whether it counts as an HTML page. */
  add(page: FetchedPage, result: R): boolean {
    const html = isHtmlPage(page);
    if (html) this.htmlCount++;
    else this.otherCount++;
    this.buffer.push({ type: 'page', page, result });
    return html;
  }

  /** The oldest page not pulled yet, counted as yielded. */
  next(): PageEvent<R> | undefined {
    const next = this.buffer.shift();
    if (next) {
      this.yieldedAll++;
      if (isHtmlPage(next.page)) this.yieldedHtml++;
    }
    return next;
  }

  /** Pages recorded and not pulled yet. */
  get waiting(): number {
    return this.buffer.length;
  }

  /** Whether the budgets allow `inFlight` more records, were each of them HTML, or each something else. */
  allow(inFlight: number, maxOtherRecords: number): boolean {
    return this.htmlCount + inFlight < this.maxPages && this.otherCount + inFlight < maxOtherRecords;
  }

  progress(pagesQueued: number): CrawlEvent<R> {
    return { type: 'progress', pagesCrawled: this.yieldedHtml, pagesRecorded: this.yieldedAll, pagesQueued, maxPages: this.maxPages };
  }

  /** `unfinished`: a stopped crawl's URLs still to fetch. */
  done(stopReason: StopReason, unfinished?: string[]): CrawlEvent<R> {
    return { type: 'done', stopReason, pagesCrawled: this.yieldedHtml, pagesRecorded: this.yieldedAll, ...(unfinished ? { unfinished } : {}) };
  }
}

/** An HTML page, as `maxPages` counts them: a redirect's response is no page, whatever its type. */
function isHtmlPage(page: FetchedPage): boolean {
  return isHtmlType(page.contentType) && (page.redirectTarget ?? null) === null;
}
