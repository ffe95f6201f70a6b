// The crawler's public shapes: what the caller configures and the events it pulls.
import type { Dispatcher } from 'undici';
import type { PagedMemory } from '../compact/paged-memory.js';
import type { SsrfPolicy } from '../net/address-policy.js';
import type { Resolver } from '../net/resolver.js';
import type { SitemapObserver } from '../site/sitemap.js';
import type { FetchedPage } from '../types.js';
import type { OriginCredentials } from '../net/guarded-fetch.js';
import type { PathFilter } from './path-patterns.js';
import type { RobotsCache } from './robots.js';

export interface CrawlLimits {
  /** Deadline for one page fetch, redirects, headers and body included. */
  requestTimeoutMs: number;
  /** HTML bodies larger than this are not read (`body_too_large`). */
  maxBodyBytes: number;
  maxRedirects: number;
  /**
   * Wall-clock budget of the whole crawl, robots.txt and sitemaps included; default: 10 minutes,
   * or `timeBudgetMsPerPage` × maxPages when that is longer.
   */
  timeBudgetMs?: number;
  /**
   * The budget's time a page, for crawls large enough that 10 minutes would cut them short; default
   * 12 ms (the rate 10 minutes give 50,000 pages: 1,000,000 pages get 200 minutes).
   */
  timeBudgetMsPerPage?: number;
  /** Requests in flight to one origin at a time. */
  perHostConcurrency: number;
  /** Ms between the starts of two requests to one origin; default 0. */
  crawlDelayMs?: number;
  /** Ms between the starts of two requests to any origin, the whole crawl's rate limit; default 0. */
  requestIntervalMs?: number;
  /** Requests in flight overall; default 2 × perHostConcurrency (a site and one subdomain). */
  maxConcurrency?: number;
  /** Processed pages waiting for the consumer; default = maxConcurrency. */
  resultBuffer?: number;
  /** Cap on records that are not HTML pages (non-HTML, errors, robots-disallowed); default maxPages. */
  maxOtherRecords?: number;
  /**
   * Sitemap files read (index files and their children); default 20, or as many as the sitemap
   * URLs below take at 50,000 a file (the sitemaps.org maximum), and an index, when that is more.
   */
  maxSitemaps?: number;
  /**
   * URLs taken from sitemaps; default 10 × maxPages up to 500,000, then 2 × maxPages (a
   * 1,000,000-page crawl holds 2,000,000 sitemap URLs at most, not 10,000,000).
   */
  maxSitemapUrls?: number;
  /** Bytes of one sitemap (after gunzip); default 10 MiB. */
  maxSitemapBytes?: number;
}

export const DEFAULT_CRAWL_LIMITS: CrawlLimits = {
  requestTimeoutMs: 15_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  timeBudgetMsPerPage: 12,
  perHostConcurrency: 4,
};

/** The shortest default time budget of a crawl, whatever its `maxPages`. */
export const MIN_TIME_BUDGET_MS = 10 * 60_000;

export interface ProcessedPage<R> {
  result: R;
  /** Absolute URLs found on the page; the crawler normalises and scopes them. */
  links: string[];
}

export type ProcessPage<R> = (page: FetchedPage) => Promise<ProcessedPage<R>> | ProcessedPage<R>;

export interface CrawlOptions<R> {
  seedUrl: string;
  /** The project's domain; the crawl covers its registrable domain and subdomains. Default: the seed's host. */
  primaryDomain?: string;
  /** HTML pages to fetch at most (how other records count: the note at the head of crawl/crawler.ts). */
  maxPages: number;
  limits?: Partial<CrawlLimits>;
  userAgent?: string;
  policy?: SsrfPolicy;
  resolver?: Resolver;
  signal?: AbortSignal;
  /**
   * Once aborted, the crawl starts nothing more, records what it has in flight, and ends as
   * `cancelled` with its `unfinished` URLs: a stop that wastes no request (a pause).
   */
  drain?: AbortSignal;
  process: ProcessPage<R>;
  /**
   * Whether `process` asks the page's origin for anything itself (a renderer loading the page and
   * its resources): the origin's turn (perHostConcurrency) is then held until the page is
   * processed. Default true. False: the turn is given back once the response is in, so that the
   * next request to the origin is on its way while the page is analysed; the requests in flight to
   * it stay within perHostConcurrency either way.
   */
  processRequests?: boolean;
  /** A guarded dispatcher to share (not closed by the crawler); one is created otherwise. */
  dispatcher?: Dispatcher;
  /** A robots cache to share with the caller (e.g. to build the analyser's SiteContext). */
  robots?: RobotsCache;
  /**
   * The paged memory the crawl's URL tables live in (the URLs seen, those the sitemaps list): an
   * audit's pool, so that one budget holds them with the site checks' arrays. Default: a pool of
   * the crawl's own.
   */
  memory?: PagedMemory;
  /** Told about each sitemap file fetched during discovery, entry by entry as it is read (for site findings). */
  onSitemap?: SitemapObserver;
  /**
   * Told, in batches as discovery reads them, the page URLs the sitemaps list: normalised as
   * queued URLs are, in scope, de-duplicated (for the site checks' sitemap entries and orphans).
   */
  onSitemapUrls?: (urls: readonly string[]) => void;
  /**
   * A frontier shared with crawlers in other processes (one audit on several workers). The
   * shared frontier then decides which URL is fetched once and by whom, and the page budget; this
   * crawler keeps only the URLs leased to it, and its limits are its share of the host's. With `discover: false`
   * (a helper) it starts from what is queued, without the seed's robots.txt and sitemaps.
   */
  shared?: { frontier: SharedFrontier; discover: boolean };
  /** Which URLs are followed besides the seed (links, sitemap URLs, redirect targets). */
  pathFilter?: PathFilter;
  /**
   * List mode: these URLs (in scope) are fetched instead of the seed, and nothing else is queued:
   * neither links nor sitemap URLs. robots.txt and the sitemaps are read as in a crawl.
   */
  urls?: readonly string[];
  /** Sent to that origin only (HTTP basic authentication of a staging site): pages, robots.txt, sitemaps. */
  credentials?: OriginCredentials;
  /**
   * Continue a crawl that was stopped (not with a shared frontier): the URLs it recorded are never
   * fetched again, those it had still to fetch are fetched first, and its counts go on.
   */
  resume?: CrawlResume;
}

/** Where a stopped crawl is to continue from (CrawlOptions.resume). */
export interface CrawlResume {
  /** The URLs it recorded, in batches. */
  recorded: AsyncIterable<readonly string[]>;
  /** The URLs it had still to fetch (its `done` event's `unfinished`), oldest first, in batches. */
  unfinished: AsyncIterable<readonly string[]>;
  /** Its HTML pages and other records, counted against `maxPages` and `maxOtherRecords`. */
  htmlPages: number;
  otherRecords: number;
}

/** Why a lease gave no URLs: every URL is fetched, the page budget is spent, or others are busy. */
export type LeaseOutcome = { urls: string[] } | { urls: []; over: 'all_pages_crawled' | 'max_pages_reached' } | { urls: []; retryInMs: number };

export interface SharedFrontier {
  /** Queues URLs (normalised and in scope) that no crawler has queued or taken; `listed`: a sitemap lists them. */
  add(urls: readonly string[], options?: { listed?: boolean }): Promise<void>;
  /**
   * Up to `max` queued URLs, now leased to this crawler, oldest first, as far as the page budget
   * of every crawler together allows; a URL leased by a crawler that died is handed out again once
   * its lease expires. (Per-host politeness across crawlers is each crawler's share of the limits:
   * the caller divides them.)
   */
  lease(max: number): Promise<LeaseOutcome>;
  /** Takes a redirect target for this crawler; false when it was queued or taken already. */
  claim(url: string): Promise<boolean>;
  /**
   * This crawler is done fetching a leased URL: its host slot is free, the URLs its page links to
   * are queued, and an HTML page counts against the budget. Writes may be batched; `lease`
   * writes what is batched before it reads.
   */
  fetched(url: string, result: { html: boolean; links: readonly string[] }): void;
}

export type StopReason = 'all_pages_crawled' | 'max_pages_reached' | 'time_budget_exhausted' | 'cancelled';

export type CrawlEvent<R> =
  | { type: 'page'; page: FetchedPage; result: R }
  | {
      type: 'progress';
      /** HTML pages fetched: the count `maxPages` limits. */
      pagesCrawled: number;
      /** Every page record yielded so far: HTML, non-HTML, errors, robots-disallowed. */
      pagesRecorded: number;
      pagesQueued: number;
      maxPages: number;
    }
  | {
      type: 'done';
      stopReason: StopReason;
      pagesCrawled: number;
      pagesRecorded: number;
      /**
       * A crawl stopped by its signal (`cancelled`, not with a shared frontier): the URLs it had
       * queued or in flight and had not recorded, oldest first, for CrawlOptions.resume.
       */
      unfinished?: string[];
    };
