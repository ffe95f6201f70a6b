// The crawl limits that grow with maxPages, from one page to the million an operator may allow
// one account: the time budget, the other records, and the sitemap URLs and files.
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../../src/crawl/limits.js';

const MINUTE = 60_000;

describe('crawl limits by maxPages', () => {
  it('give 10 minutes up to 50,000 pages and 12 ms a page above, unless told otherwise', () => {
    expect(resolveLimits(1).timeBudgetMs).toBe(10 * MINUTE);
    expect(resolveLimits(50_000).timeBudgetMs).toBe(10 * MINUTE);
    expect(resolveLimits(100_000).timeBudgetMs).toBe(20 * MINUTE);
    expect(resolveLimits(1_000_000).timeBudgetMs).toBe(200 * MINUTE);
    // The operator's time a page (AUDIT_TIME_BUDGET_MS_PER_PAGE), and a budget given outright.
    expect(resolveLimits(1_000_000, { timeBudgetMsPerPage: 60 }).timeBudgetMs).toBe(1000 * MINUTE);
    expect(resolveLimits(5_000, { timeBudgetMsPerPage: 60 }).timeBudgetMs).toBe(10 * MINUTE);
    expect(resolveLimits(1_000_000, { timeBudgetMs: 2000, timeBudgetMsPerPage: 60 }).timeBudgetMs).toBe(2000);
    expect(resolveLimits(1_000_000, { timeBudgetMs: undefined }).timeBudgetMs).toBe(200 * MINUTE);
  });

  it('keep sitemap URLs at 10 × maxPages up to 500,000, then 2 × maxPages, with files enough to hold them', () => {
    const at = (maxPages: number) => {
      const { maxSitemapUrls, maxSitemaps, maxOtherRecords } = resolveLimits(maxPages);
      return { maxSitemapUrls, maxSitemaps, maxOtherRecords };
    };
    expect(at(500)).toEqual({ maxSitemapUrls: 5_000, maxSitemaps: 20, maxOtherRecords: 500 });
    expect(at(50_000)).toEqual({ maxSitemapUrls: 500_000, maxSitemaps: 20, maxOtherRecords: 50_000 });
    expect(at(100_000)).toEqual({ maxSitemapUrls: 500_000, maxSitemaps: 20, maxOtherRecords: 100_000 });
    // 2,000,000 URLs at sitemaps.org's 50,000 a file: 40 files and their index.
    expect(at(1_000_000)).toEqual({ maxSitemapUrls: 2_000_000, maxSitemaps: 41, maxOtherRecords: 1_000_000 });
    expect(resolveLimits(1_000_000, { maxSitemapUrls: 100, maxSitemaps: 3 })).toMatchObject({ maxSitemapUrls: 100, maxSitemaps: 3 });
  });
});
