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
//
// With a shared frontier (CrawlOptions.shared), the same loop runs on the URLs leased to this
// crawler: it leases more when its queue runs dry, reports each fetched URL with its links, and
// is over when the shared frontier says every URL is fetched or the budget is spent.
import type { Dispatcher } from 'undici';
import { SpilledQueue } from '../compact/spilled-queue.js';
import { createGuardedDispatcher } from '../net/dispatcher.js';
import { guardedFetch, type RedirectDecision } from '../net/guarded-fetch.js';
import { fetchPageHops, type FetchedHops } from '../net/fetch-page.js';
import { isHtmlType } from '../net/html-type.js';
import { fetchError } from '../net/errors.js';
import { DEFAULT_USER_AGENT } from '../net/user-agent.js';
import type { FetchError, FetchedPage } from '../types.js';
import { Frontier } from './frontier.js';
import { hopRecords } from './hop-records.js';
import { normalizedUrl, normalizeUrl, originOf } from './normalize-url.js';
import { RecentLinks } from './recent-links.js';
import { RobotsCache, robotsFetch } from './robots.js';
import { isUrlTooLong } from '../net/url-length.js';
import { siteScope, type CrawlScope } from './scope.js';
import { pathFilterOf } from './path-patterns.js';
import { readSitemaps } from './sitemaps.js';
import {
  DEFAULT_CRAWL_LIMITS,
  MIN_TIME_BUDGET_MS,
  type CrawlEvent,
  type CrawlLimits,
  type CrawlOptions,
  type SharedFrontier,
  type StopReason,
} from './types.js';

type ResolvedLimits = Required<CrawlLimits>;
/** A shared crawl keeps up to this many times its concurrency leased, fetching while it leases more. */
const LEASE_AHEAD = 16;
type PageEvent<R> = Extract<CrawlEvent<R>, { type: 'page' }>;

/** Distinct links a crawl remembers what it made of: two generations of this many, each link at most 512 characters (RecentLinks). */
const RECENT_LINKS = 4096;

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

class CrawlRun<R> {
  private readonly limits: ResolvedLimits;
  private readonly scope: CrawlScope;
  private readonly seed: string;
  private readonly userAgent: string;
  private readonly frontier: Frontier;
  private readonly shared: SharedFrontier | null;
  /** A lease is on its way. */
  private leasing = false;
  /** The shared frontier asked to ask again later (others hold the hosts, or the budget, for now). */
  private leaseRetry: NodeJS.Timeout | undefined;
  /** What the last empty lease said; forgotten as soon as this crawler reports a fetched URL. */
  private sharedOver: 'completed' | 'max_pages' | null = null;
  private readonly stop = new AbortController();
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly robots: RobotsCache;
  private readonly buffer: PageEvent<R>[] = [];
  private readonly inFlightPerOrigin = new Map<string, number>();
  private readonly robotsLoading = new Set<string>();
  /** With a crawl delay: when each origin may be asked next, and the timers that pump then. */
  private readonly nextRequestAt = new Map<string, number>();
  private readonly delayTimers = new Map<string, NodeJS.Timeout>();
  private inFlight = 0;
  private htmlCount = 0;
  private otherCount = 0;
  private yieldedHtml = 0;
  private yieldedAll = 0;
  /** The sitemaps' page URLs until the seed's links are queued (on disk, but for a few thousand). */
  private sitemapUrls: SpilledQueue | null = null;
  private halted: 'cancelled' | 'time_budget' | null = null;
  private fatal: Error | null = null;
  private wake: (() => void) | null = null;
  private budgetTimer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.halt('cancelled');
  /** The crawl's include and exclude patterns; null when it follows every URL of the site. */
  private readonly pathFilter: ((url: URL) => boolean) | null;
  /** List mode: the URLs to fetch, and nothing else is queued. */
  private readonly listed: string[] | null;
  /** The site's navigation links, met on every page, are normalised and scoped once. */
  private readonly recentLinks = new RecentLinks(RECENT_LINKS, (link) => {
    const url = normalizedUrl(link);
    return url !== null && !isUrlTooLong(url.href) && this.scope.containsUrl(url) && (this.pathFilter?.(url) ?? true) ? url.href : null;
  });

  constructor(private readonly options: CrawlOptions<R>) {
    if (!Number.isInteger(options.maxPages) || options.maxPages < 1) throw new RangeError('maxPages must be a positive integer');
    const seed = normalizeUrl(options.seedUrl);
    if (seed === null) throw new TypeError(`seed URL must be an absolute http(s) URL: ${options.seedUrl}`);
    this.seed = seed;
    this.scope = siteScope(options.primaryDomain ?? seed, seed);
    if (!this.scope.contains(seed)) throw new TypeError(`seed URL ${seed} is outside the site ${this.scope.domain}`);
    this.limits = resolveLimits(options.maxPages, options.limits);
    this.pathFilter = pathFilterOf(options.pathFilter);
    this.listed = options.urls === undefined ? null : listedUrls(options.urls, this.scope);
    this.shared = options.shared?.frontier ?? null;
    this.frontier = new Frontier(this.shared === null, {}, options.memory);
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
        fetch: robotsFetch({
          dispatcher: this.dispatcher,
          signal: this.stop.signal,
          timeoutMs: this.limits.requestTimeoutMs,
          userAgent: this.userAgent,
          ...(options.credentials ? { credentials: options.credentials } : {}),
        }),
      });
  }

  async *events(): AsyncGenerator<CrawlEvent<R>, void, undefined> {
    try {
      this.startClock();
      if (this.options.shared?.discover === false) this.pump();
      else await this.discoverSeedAndSitemaps();
      for (;;) {
        if (this.fatal !== null) throw this.fatal;
        const next = this.buffer.shift();
        if (next) {
          this.pump();
          this.yieldedAll++;
          if (isHtmlPage(next.page)) this.yieldedHtml++;
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
        // Shared: while this crawler waits for others, its consumer still hears from it now and
        // then, so that it can write what it holds (its pages are others' wait).
        if (this.shared && this.buffer.length === 0) yield this.progress();
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
    const first = this.listed ?? [this.seed];
    if (this.shared) await this.shared.add(first);
    else for (const url of first) this.frontier.add(url);
    const seedOrigin = originOf(this.seed);
    const robotsFile = await this.robots.get(seedOrigin);
    if (this.halted) return;
    const shared = this.shared;
    const listed = shared ? null : (this.sitemapUrls = new SpilledQueue());
    await readSitemaps(
      {
        sitemaps: [`${seedOrigin}/sitemap.xml`, ...robotsFile.sitemaps],
        fetch: (url) =>
          guardedFetch(url, {
            dispatcher: this.dispatcher,
            signal: this.stop.signal,
            timeoutMs: this.limits.requestTimeoutMs,
            maxBodyBytes: this.limits.maxSitemapBytes,
            maxRedirects: this.limits.maxRedirects,
            userAgent: this.userAgent,
            ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
            beforeRedirect: (target) => (this.scope.contains(target) ? { follow: true } : { follow: false }),
          }),
        acceptSitemap: (url) => this.scope.contains(url) && this.robotsAllowIfKnown(url),
        acceptPage: (url) => !isUrlTooLong(url) && this.scope.contains(url),
        maxSitemaps: this.limits.maxSitemaps,
        maxUrls: this.limits.maxSitemapUrls,
        maxBytes: this.limits.maxSitemapBytes,
        ...(this.options.memory ? { memory: this.options.memory } : {}),
        ...(this.options.onSitemap ? { observer: this.options.onSitemap } : {}),
      },
      async (urls) => {
        this.options.onSitemapUrls?.(urls);
        // List mode queues none of them.
        if (this.listed !== null) return;
        // Shared: queued now, marked as listed (the lead's site checks read that back).
        if (shared) await shared.add(this.pathFilter === null ? urls : urls.filter((url) => this.pathFilter!(new URL(url))), { listed: true });
        else for (const url of urls) listed!.push(url, 0);
      },
    );
    this.pump();
  }

  /** Starts as many fetches as concurrency, the result buffer and the page budgets allow. */
  private pump(): void {
    const l = this.limits;
    while (
      this.halted === null &&
      this.inFlight < l.maxConcurrency &&
      this.inFlight + this.buffer.length < l.maxConcurrency + l.resultBuffer &&
      // In-flight fetches may all turn out to be HTML, so they count against the budget up front
      // (a shared frontier keeps the budget of every crawler itself).
      (this.shared !== null || (this.htmlCount + this.inFlight < this.options.maxPages && this.otherCount + this.inFlight < l.maxOtherRecords))
    ) {
      const next = this.frontier.take((origin) => this.originReady(origin));
      if (!next) break;
      void this.run(next.url, next.origin);
    }
    // Shared: lease ahead, so that fetching goes on while the next lease is on its way.
    if (this.shared && this.halted === null && this.frontier.size < l.maxConcurrency) {
      const wanted = LEASE_AHEAD * l.maxConcurrency - this.frontier.size - this.inFlight;
      if (wanted > 0) this.lease(this.shared, wanted);
    }
  }

  /** Asks the shared frontier for up to `max` URLs, one lease at a time. */
  private lease(shared: SharedFrontier, max: number): void {
    if (this.leasing || this.leaseRetry !== undefined || this.sharedOver !== null) return;
    this.leasing = true;
    shared.lease(max).then(
      (outcome) => {
        this.leasing = false;
        if (outcome.urls.length > 0) for (const url of outcome.urls) this.frontier.add(url);
        else if ('over' in outcome) this.sharedOver = outcome.over;
        else if ('retryInMs' in outcome) {
          this.leaseRetry = setTimeout(() => {
            this.leaseRetry = undefined;
            this.pump();
            this.notify();
          }, outcome.retryInMs);
        }
        this.pump();
        this.notify();
      },
      (err: unknown) => {
        this.leasing = false;
        this.fail(err);
      },
    );
  }

  private originReady(origin: string): boolean {
    if ((this.inFlightPerOrigin.get(origin) ?? 0) >= this.limits.perHostConcurrency) return false;
    if (this.limits.crawlDelayMs > 0 && !this.delayOver(origin)) return false;
    if (this.limits.requestIntervalMs > 0 && !this.delayOver(ANY_ORIGIN)) return false;
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

  /** True once the crawl delay since the last request to `origin` is over; else a timer pumps when it is. */
  private delayOver(origin: string): boolean {
    const wait = (this.nextRequestAt.get(origin) ?? 0) - Date.now();
    if (wait <= 0) return true;
    if (!this.delayTimers.has(origin)) {
      this.delayTimers.set(
        origin,
        setTimeout(() => {
          this.delayTimers.delete(origin);
          this.pump();
          this.notify();
        }, wait),
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
    if (this.limits.crawlDelayMs > 0) this.nextRequestAt.set(origin, Date.now() + this.limits.crawlDelayMs);
    if (this.limits.requestIntervalMs > 0) this.nextRequestAt.set(ANY_ORIGIN, Date.now() + this.limits.requestIntervalMs);
    this.inFlight++;
    this.inFlightPerOrigin.set(origin, (this.inFlightPerOrigin.get(origin) ?? 0) + 1);
    try {
      const unreachable = this.originUnreachable(origin);
      // The chain's URLs this fetch claims: its end is recorded from this fetch, the others fetched on their own.
      const taken = new Set<string>();
      const fetched: FetchedHops = unreachable
        ? { page: unfetchedPage(url, unreachable), hops: [] }
        : this.robots.allows(url, origin)
          ? await fetchPageHops(url, {
              dispatcher: this.dispatcher,
              timeoutMs: this.limits.requestTimeoutMs,
              maxBodyBytes: this.limits.maxBodyBytes,
              maxRedirects: this.limits.maxRedirects,
              userAgent: this.userAgent,
              signal: this.stop.signal,
              ...(this.options.credentials ? { credentials: this.options.credentials } : {}),
              beforeRedirect: (target, chain) => this.decideRedirect(target, taken, chain[0] === this.seed),
              wantsBody: (hop) => hop === url || taken.has(hop),
            })
          : { page: unfetchedPage(url, this.robots.refusal(url, origin)), hops: [] };
      // A cancelled or out-of-time crawl drops what was in flight: those fetches were cut short.
      if (this.halted) return;
      const { records, refetch } = hopRecords(fetched, taken);
      // The chain's other URLs are queued as links are (a target robots.txt keeps out, one past
      // the redirect limit), unless this fetch took them: those are fetched on their own.
      const chainLinks = fetched.page.redirectChain.slice(1).filter((hop) => !taken.has(hop));
      for (const hop of refetch) this.frontier.requeue(hop);
      for (const [i, page] of records.entries()) {
        const processed = await this.options.process(page);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- halt() may run while process() is awaited
        if (this.halted) return;
        const html = isHtmlPage(page);
        if (html) this.htmlCount++;
        else this.otherCount++;
        this.buffer.push({ type: 'page', page, result: processed.result });
        const links = i === 0 ? [...processed.links, ...chainLinks] : processed.links;
        if (this.shared) {
          this.shared.fetched(page.url, { html, links: this.listed === null ? this.inScope(links) : [] });
          // What this page links to may be all that was left: the next empty lease says so again.
          this.sharedOver = null;
        } else if (this.listed === null) this.enqueue(links);
      }
      if (url === this.seed) this.enqueueSitemapUrls();
    } catch (err) {
      this.fail(err);
    } finally {
      this.inFlight--;
      this.inFlightPerOrigin.set(origin, (this.inFlightPerOrigin.get(origin) ?? 1) - 1);
      this.pump();
      this.notify();
    }
  }

  /** The sitemaps' URLs, after the seed's links: the frontier remembers them from then on. */
  private enqueueSitemapUrls(): void {
    const listed = this.sitemapUrls;
    this.sitemapUrls = null;
    if (listed === null) return;
    for (let url = listed.shift(); url !== undefined; url = listed.shift()) {
      const target = this.followable(url);
      if (target !== null) this.frontier.add(target);
    }
    listed.close();
  }

  private enqueue(links: readonly string[]): void {
    for (const link of links) {
      const url = this.followable(link);
      if (url !== null) this.frontier.add(url);
    }
  }

  /** A link as the crawl follows it (normalised), or null when it may not: out of scope, or not http(s). */
  private followable(link: string): string | null {
    return this.recentLinks.followable(link);
  }

  /** The links a crawl may follow: normalised, in scope, each once. */
  private inScope(links: readonly string[]): string[] {
    const urls = new Set<string>();
    for (const link of links) {
      const url = this.followable(link);
      if (url !== null) urls.add(url);
    }
    return [...urls];
  }

  /**
   * Each redirect hop is re-scoped and checked against robots.txt, and followed to the chain's end
   * even when it was fetched or queued already: where a URL's chain ends is part of its record,
   * whatever the crawl met first. A hop robots.txt keeps this crawler from is not asked: it gets a
   * record of its own (blocked), and the chain ends before it.
   */
  private async decideRedirect(target: string, taken: Set<string>, fromSeed: boolean): Promise<RedirectDecision> {
    const url = normalizeUrl(target);
    if (url === null) return { follow: false, error: fetchError('unsupported_scheme', `redirect to ${target}`) };
    if (!this.scope.contains(url)) {
      return { follow: false, error: fetchError('out_of_scope_redirect', `redirect leaves ${this.scope.domain}: ${url}`) };
    }
    // An excluded URL is not fetched, not even as a redirect's target (the redirect is recorded as it is);
    // the seed's redirects are followed, as the seed is fetched whatever the patterns say.
    if (this.pathFilter !== null && this.listed === null && !fromSeed && !this.pathFilter(new URL(url))) return { follow: false };
    const origin = originOf(url);
    await this.robots.get(origin);
    if (!this.robots.allows(url, origin)) return { follow: false };
    const claimed = this.shared ? await this.shared.claim(url) : this.frontier.claim(url);
    if (claimed) taken.add(url);
    return { follow: true };
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
    // A host waiting out its crawl delay is work left, too.
    if (this.inFlight > 0 || this.robotsLoading.size > 0 || this.buffer.length > 0 || this.delayTimers.size > 0) return null;
    if (this.shared) return this.leasing || this.leaseRetry !== undefined || this.frontier.size > 0 ? null : this.sharedOver;
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
    clearTimeout(this.leaseRetry);
    for (const timer of this.delayTimers.values()) clearTimeout(timer);
    this.options.signal?.removeEventListener('abort', this.onAbort);
    // Also reached when the consumer stops pulling early: nothing may keep running after it.
    if (!this.stop.signal.aborted) this.stop.abort('finished');
    if (this.ownsDispatcher) this.dispatcher.destroy().catch(() => undefined);
    this.frontier.close();
    this.sitemapUrls?.close();
  }
}

/** The rate limit's turn is the whole crawl's, kept beside the origins' crawl delays. */
const ANY_ORIGIN = '*';

/** List mode's URLs, normalised, in scope, each once; the others are dropped (the API refuses them first). */
function listedUrls(urls: readonly string[], scope: CrawlScope): string[] {
  const listed = new Set<string>();
  for (const raw of urls) {
    const url = normalizeUrl(raw);
    if (url !== null && !isUrlTooLong(url) && scope.contains(url)) listed.add(url);
  }
  return [...listed];
}

/** An HTML page, as `maxPages` counts them: a redirect's response is no page, whatever its type. */
function isHtmlPage(page: FetchedPage): boolean {
  return isHtmlType(page.contentType) && (page.redirectTarget ?? null) === null;
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
