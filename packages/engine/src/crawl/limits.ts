// A crawl's limits with every default filled in. Those that grow with `maxPages` (the time budget,
// the other records, the sitemap URLs and files) are sized for crawls from one page to a million.
import { DEFAULT_CRAWL_LIMITS, MIN_TIME_BUDGET_MS, type CrawlLimits } from './types.js';

export type ResolvedLimits = Required<CrawlLimits>;

/** URLs one sitemap file may list (sitemaps.org). */
const URLS_PER_SITEMAP = 50_000;

/** The limits of a crawl of at most `maxPages` HTML pages. */
export function resolveLimits(maxPages: number, limits: Partial<CrawlLimits> = {}): ResolvedLimits {
  const base = { ...DEFAULT_CRAWL_LIMITS, ...stripUndefined(limits) };
  const maxConcurrency = base.maxConcurrency ?? base.perHostConcurrency * 2;
  const timeBudgetMsPerPage = base.timeBudgetMsPerPage ?? 0;
  const maxSitemapUrls = base.maxSitemapUrls ?? Math.min(maxPages * 10, Math.max(500_000, maxPages * 2));
  return {
    ...base,
    crawlDelayMs: base.crawlDelayMs ?? 0,
    requestIntervalMs: base.requestIntervalMs ?? 0,
    timeBudgetMs: base.timeBudgetMs ?? Math.max(MIN_TIME_BUDGET_MS, maxPages * timeBudgetMsPerPage),
    timeBudgetMsPerPage,
    maxConcurrency,
    resultBuffer: base.resultBuffer ?? maxConcurrency,
    maxOtherRecords: base.maxOtherRecords ?? maxPages,
    maxSitemaps: base.maxSitemaps ?? Math.max(20, Math.ceil(maxSitemapUrls / URLS_PER_SITEMAP) + 1),
    maxSitemapUrls,
    maxSitemapBytes: base.maxSitemapBytes ?? 10 * 1024 * 1024,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
