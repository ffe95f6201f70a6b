// The breadth-first crawler. The consumer pulls events; the crawler fetches ahead only as far as
// a small result buffer allows, so a slow consumer (an analyser writing to a database) slows the
// crawl down instead of piling pages up in memory. At any moment it holds at most
// `maxConcurrency` pages in flight plus `resultBuffer` processed pages waiting to be pulled.
//
// Counting: `maxPages` limits HTML pages (responses with an HTML content type, whatever their
// status, a body over the cap included). Everything else recorded (non-HTML responses, fetch
// errors, timeouts, robots-disallowed URLs) is yielded too but counted against `maxOtherRecords`
// (default: maxPages), so a site of a million broken links still ends. Reaching either cap with
// URLs left in the queue stops the crawl with `max_pages`.
import type { Dispatcher } from 'undici';
import { createGuardedDispatcher } from '../net/dispatcher.js';
import { guardedFetch, type RedirectDecision } from '../net/guarded-fetch.js';
import { fetchPage } from '../net/fetch-page.js';
import { isHtmlType } from '../net/html-type.js';
import { fetchError } from '../net/errors.js';
import { DEFAULT_USER_AGENT } from '../net/user-agent.js';
import type { FetchError, FetchedPage } from '../types.js';
import { Frontier } from './frontier.js';
import { normalizeUrl, originOf } from './normalize-url.js';
import { RobotsCache, robotsFetch } from './robots.js';
import { siteScope, type CrawlScope } from './scope.js';
import { discoverFromSitemaps } from './sitemaps.js';
import { DEFAULT_CRAWL_LIMITS, MIN_TIME_BUDGET_MS, type CrawlEvent, type CrawlLimits, type CrawlOptions, type StopReason } from './types.js';

type ResolvedLimits = Required<CrawlLimits>;
type PageEvent<R> = Extract<CrawlEvent<R>, { type: 'page' }>;

export function crawl<R>(options: CrawlOptions<R>): AsyncGenerator<CrawlEvent<R>, void, undefined> {
  return new CrawlRun(options).events();
}

/** URLs one sitemap file may list (sitemaps.org). */
const URLS_PER_SITEMAP = 50_000;

/**
 * The limits with every default filled in. Those that grow with `maxPages` (the time budget, the
 * other records, the sitemap URLs and files) are sized for crawls from one page to a million.
 */
export function resolveLimits(maxPages: number, limits: Partial<CrawlLimits> = {}): ResolvedLimits {
  const base = { ...DEFAULT_CRAWL_LIMITS, ...stripUndefined(limits) };
  const maxConcurrency = base.maxConcurrency ?? base.perHostConcurrency * 2;
  const timeBudgetMsPerPage = base.timeBudgetMsPerPage ?? 0;
  const maxSitemapUrls = base.maxSitemapUrls ?? Math.min(maxPages * 10, Math.max(500_000, maxPages * 2));
  return {
    ...base,
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

class CrawlRun<R> {
  private readonly limits: ResolvedLimits;
  private readonly scope: CrawlScope;
  private readonly seed: string;
  private readonly userAgent: string;
  private readonly frontier = new Frontier();
  private readonly stop = new AbortController();
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly robots: RobotsCache;
  private readonly buffer: PageEvent<R>[] = [];
  private readonly inFlightPerOrigin = new Map<string, number>();
  private readonly robotsLoading = new Set<string>();
  private inFlight = 0;
  private htmlCount = 0;
  private otherCount = 0;
  private yieldedHtml = 0;
  private yieldedAll = 0;
  private sitemapUrls: string[] = [];
  private halted: 'cancelled' | 'time_budget' | null = null;
  private fatal: Error | null = null;
  private wake: (() => void) | null = null;
  private budgetTimer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.halt('cancelled');

  constructor(private readonly options: CrawlOptions<R>) {
    if (!Number.isInteger(options.maxPages) || options.maxPages < 1) throw new RangeError('maxPages must be a positive integer');
    const seed = normalizeUrl(options.seedUrl);
    if (seed === null) throw new TypeError(`seed URL must be an absolute http(s) URL: ${options.seedUrl}`);
    this.seed = seed;
    this.scope = siteScope(options.primaryDomain ?? seed, seed);
    if (!this.scope.contains(seed)) throw new TypeError(`seed URL ${seed} is outside the site ${this.scope.domain}`);
    this.limits = resolveLimits(options.maxPages, options.limits);
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher =
      options.dispatcher ??
      createGuardedDispatcher({
        policy: options.policy,
        resolver: options.resolver,
        connectionsPerOrigin: this.limits.perHostConcurrency,
        connectTimeoutMs: this.limits.requestTimeoutMs,
      });
    this.robots =
      options.robots ??
      new RobotsCache({
        userAgent: this.userAgent,
        fetch: robotsFetch({ dispatcher: this.dispatcher, signal: this.stop.signal, timeoutMs: this.limits.requestTimeoutMs, userAgent: this.userAgent }),
      });
  }

  async *events(): AsyncGenerator<CrawlEvent<R>, void, undefined> {
    try {
      this.startClock();
      await this.discoverSeedAndSitemaps();
      for (;;) {
        if (this.fatal !== null) throw this.fatal;
        const next = this.buffer.shift();
        if (next) {
          this.pump();
          this.yieldedAll++;
          if (isHtmlType(next.page.contentType)) this.yieldedHtml++;
          yield next;
          yield this.progress();
          continue;
        }
        const stopReason = this.stopReason();
        if (stopReason !== null) {
          yield { type: 'done', stopReason, pagesCrawled: this.yieldedHtml, pagesRecorded: this.yieldedAll };
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      this.shutdown();
    }
  }

  private startClock(): void {
    const signal = this.options.signal;
    if (signal?.aborted) this.halt('cancelled');
    else signal?.addEventListener('abort', this.onAbort, { once: true });
    this.budgetTimer = setTimeout(() => this.halt('time_budget'), this.limits.timeBudgetMs);
  }

  /** Loads the seed origin's robots.txt and the sitemaps; their URLs join the queue after the seed's links. */
  private async discoverSeedAndSitemaps(): Promise<void> {
    this.frontier.add(this.seed);
    const seedOrigin = originOf(this.seed);
    const robotsFile = await this.robots.get(seedOrigin);
    if (this.halted) return;
    const found = await discoverFromSitemaps({
      sitemaps: [`${seedOrigin}/sitemap.xml`, ...robotsFile.sitemaps],
      fetch: (url) =>
        guardedFetch(url, {
          dispatcher: this.dispatcher,
          signal: this.stop.signal,
          timeoutMs: this.limits.requestTimeoutMs,
          maxBodyBytes: this.limits.maxSitemapBytes,
          maxRedirects: this.limits.maxRedirects,
          userAgent: this.userAgent,
          beforeRedirect: (target) => (this.scope.contains(target) ? { follow: true } : { follow: false }),
        }),
      acceptSitemap: (url) => this.scope.contains(url) && this.robotsAllowIfKnown(url),
      acceptPage: (url) => this.scope.contains(url),
      maxSitemaps: this.limits.maxSitemaps,
      maxUrls: this.limits.maxSitemapUrls,
      maxBytes: this.limits.maxSitemapBytes,
      onDocument: this.options.onSitemap,
    });
    this.sitemapUrls = found.urls;
    this.options.onSitemapUrls?.(found.urls);
    this.pump();
  }

  /** Starts as many fetches as concurrency, the result buffer and the page budgets allow. */
  private pump(): void {
    const l = this.limits;
    while (
      this.halted === null &&
      this.inFlight < l.maxConcurrency &&
      this.inFlight + this.buffer.length < l.maxConcurrency + l.resultBuffer &&
      // In-flight fetches may all turn out to be HTML, so they count against the budget up front.
      this.htmlCount + this.inFlight < this.options.maxPages &&
      this.otherCount + this.inFlight < l.maxOtherRecords
    ) {
      const next = this.frontier.take((origin) => this.originReady(origin));
      if (!next) return;
      void this.run(next.url, next.origin);
    }
  }

  private originReady(origin: string): boolean {
    if ((this.inFlightPerOrigin.get(origin) ?? 0) >= this.limits.perHostConcurrency) return false;
    if (this.robots.peek(origin)) return true;
    if (!this.robotsLoading.has(origin)) {
      this.robotsLoading.add(origin);
      this.robots.get(origin).then(
        () => this.settleRobots(origin),
        (err: unknown) => {
          this.fail(err);
          this.settleRobots(origin);
        },
      );
    }
    return false;
  }

  private settleRobots(origin: string): void {
    this.robotsLoading.delete(origin);
    this.pump();
    this.notify();
  }

  private async run(url: string, origin: string): Promise<void> {
    this.inFlight++;
    this.inFlightPerOrigin.set(origin, (this.inFlightPerOrigin.get(origin) ?? 0) + 1);
    try {
      const unreachable = this.originUnreachable(origin);
      const page = unreachable
        ? unfetchedPage(url, unreachable)
        : this.robots.allows(url, origin)
          ? await fetchPage(url, {
              dispatcher: this.dispatcher,
              timeoutMs: this.limits.requestTimeoutMs,
              maxBodyBytes: this.limits.maxBodyBytes,
              maxRedirects: this.limits.maxRedirects,
              userAgent: this.userAgent,
              signal: this.stop.signal,
              beforeRedirect: (target) => this.decideRedirect(target),
            })
          : unfetchedPage(url, fetchError('robots_disallowed', `robots.txt disallows ${url} for this crawler`));
      // A cancelled or out-of-time crawl drops what was in flight: those fetches were cut short.
      if (this.halted) return;
      const processed = await this.options.process(page);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- halt() may run while process() is awaited
      if (this.halted) return;
      if (isHtmlType(page.contentType)) this.htmlCount++;
      else this.otherCount++;
      this.buffer.push({ type: 'page', page, result: processed.result });
      this.enqueue(processed.links);
      if (url === this.seed) {
        this.enqueue(this.sitemapUrls);
        // The frontier remembers them now; a 500,000-URL sitemap need not be held twice.
        this.sitemapUrls = [];
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.inFlight--;
      this.inFlightPerOrigin.set(origin, (this.inFlightPerOrigin.get(origin) ?? 1) - 1);
      this.pump();
      this.notify();
    }
  }

  private enqueue(links: readonly string[]): void {
    for (const link of links) {
      const url = normalizeUrl(link);
      if (url !== null && this.scope.contains(url)) this.frontier.add(url);
    }
  }

  /**
   * Each redirect hop is re-scoped and checked against robots.txt; a target already fetched or
   * queued is not followed (it is, or will be, recorded as a page of its own).
   */
  private async decideRedirect(target: string): Promise<RedirectDecision> {
    const url = normalizeUrl(target);
    if (url === null) return { follow: false, error: fetchError('unsupported_scheme', `redirect to ${target}`) };
    if (!this.scope.contains(url)) {
      return { follow: false, error: fetchError('out_of_scope_redirect', `redirect leaves ${this.scope.domain}: ${url}`) };
    }
    if (this.frontier.hasSeen(url)) return { follow: false };
    const origin = originOf(url);
    await this.robots.get(origin);
    if (!this.robots.allows(url, origin)) {
      return { follow: false, error: fetchError('robots_disallowed', `robots.txt disallows ${url}`) };
    }
    return this.frontier.claim(url) ? { follow: true } : { follow: false };
  }

  /**
   * When robots.txt failed because the host is refused by the SSRF policy or does not resolve,
   * every page of the host would fail the same way: record that cause rather than fetching (and
   * rather than calling the pages robots-disallowed, which would misstate why they are missing).
   */
  private originUnreachable(origin: string): FetchError | null {
    const error = this.robots.peek(origin)?.error;
    return error && (error.code === 'blocked_address' || error.code === 'dns_failure') ? error : null;
  }

  private robotsAllowIfKnown(url: string): boolean {
    const origin = originOf(url);
    return this.robots.peek(origin) === undefined || this.robots.allows(url, origin);
  }

  /** Why the crawl is over, or null while there is work left (in flight, loading, or startable). */
  private stopReason(): StopReason | null {
    if (this.halted) return this.halted;
    this.pump();
    if (this.inFlight > 0 || this.robotsLoading.size > 0 || this.buffer.length > 0) return null;
    return this.frontier.size === 0 ? 'completed' : 'max_pages';
  }

  private progress(): CrawlEvent<R> {
    return {
      type: 'progress',
      pagesCrawled: this.yieldedHtml,
      pagesRecorded: this.yieldedAll,
      pagesQueued: this.frontier.size,
      maxPages: this.options.maxPages,
    };
  }

  private halt(reason: 'cancelled' | 'time_budget'): void {
    if (this.halted) return;
    this.halted = reason;
    this.stop.abort(reason);
    this.notify();
  }

  private fail(err: unknown): void {
    if (this.fatal === null) this.fatal = err instanceof Error ? err : new Error(String(err));
    this.halt('cancelled');
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private shutdown(): void {
    clearTimeout(this.budgetTimer);
    this.options.signal?.removeEventListener('abort', this.onAbort);
    // Also reached when the consumer stops pulling early: nothing may keep running after it.
    if (!this.stop.signal.aborted) this.stop.abort('finished');
    if (this.ownsDispatcher) this.dispatcher.destroy().catch(() => undefined);
  }
}

/** A URL recorded without a request: robots.txt forbids it, or its host cannot be reached at all. */
function unfetchedPage(url: string, error: FetchError): FetchedPage {
  return {
    url,
    finalUrl: url,
    status: 0,
    contentType: null,
    headers: {},
    body: null,
    redirectChain: [],
    fetchedAt: new Date().toISOString(),
    durationMs: 0,
    ttfbMs: null,
    bodyBytes: null,
    error,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
