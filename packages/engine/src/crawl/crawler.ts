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
// crawler (shared-leases.ts): it leases more when its queue runs dry, reports each fetched URL
// with its links, and is over when the shared frontier says every URL is fetched or the budget
// is spent.
//
// What the loop asks of others: where the crawl starts (seed-discovery.ts), which links it follows
// (followed-links.ts), when an origin may be asked (origin-turns.ts), how a URL and its redirect
// hops are fetched (hop-fetcher.ts) and recorded (hop-records.ts), and what it has recorded and
// counted (crawl-results.ts).
//
// A crawl stopped by its signal says which URLs it had still to fetch (its `done` event's
// `unfinished`: those in flight, then its queue); one stopped by its `drain` signal first lets the
// fetches in flight finish and records them. A later crawl continues from there
// (CrawlOptions.resume): the URLs recorded before are remembered as fetched, the unfinished ones
// queued first, the counts go on, and discovery runs again (robots.txt and the sitemaps are read;
// their URLs are queued once the seed is recorded, as before).
import { createGuardedDispatcher } from '../net/dispatcher.js';
import { DEFAULT_USER_AGENT } from '../net/user-agent.js';
import type { FetchedPage } from '../types.js';
import { CrawlResults } from './crawl-results.js';
import { FollowedLinks, listedUrls } from './followed-links.js';
import { Frontier } from './frontier.js';
import { HopFetcher, type CrawlRequests } from './hop-fetcher.js';
import { hopRecords } from './hop-records.js';
import { resolveLimits, type ResolvedLimits } from './limits.js';
import { normaliseUrl } from './normalise-url.js';
import { OriginTurns } from './origin-turns.js';
import { pathFilterOf } from './path-patterns.js';
import { RobotsCache, robotsFetch } from './robots.js';
import { siteScope } from './scope.js';
import { SeedDiscovery } from './seed-discovery.js';
import { SharedLeases } from './shared-leases.js';
import type { CrawlEvent, CrawlOptions, CrawlResume, ProcessedPage, StopReason } from './types.js';

export function crawl<R>(options: CrawlOptions<R>): AsyncGenerator<CrawlEvent<R>, void, undefined> {
  return new CrawlRun(options).events();
}

class CrawlRun<R> {
  private readonly limits: ResolvedLimits;
  private readonly seed: string;
  /** List mode: the URLs to fetch, and nothing else is queued. */
  private readonly listed: string[] | null;
  private readonly frontier: Frontier;
  private readonly leases: SharedLeases | null;
  private readonly stop = new AbortController();
  private readonly requests: CrawlRequests;
  private readonly ownsDispatcher: boolean;
  private readonly links: FollowedLinks;
  private readonly turns: OriginTurns;
  private readonly discovery: SeedDiscovery;
  private readonly fetcher: HopFetcher;
  private readonly results: CrawlResults<R>;
  private inFlight = 0;
  /** URLs taken to fetch and not recorded yet: should the crawl stop, still to do. */
  private readonly unrecorded = new Set<string>();
  private halted: 'cancelled' | 'time_budget_exhausted' | null = null;
  /** Told to drain: nothing more starts, and the crawl ends (`cancelled`) once what is in flight is recorded. */
  private draining = false;
  private fatal: Error | null = null;
  private wake: (() => void) | null = null;
  private budgetTimer: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.halt('cancelled');
  private readonly onDrain = (): void => {
    this.draining = true;
    this.notify();
  };

  constructor(private readonly options: CrawlOptions<R>) {
    if (!Number.isInteger(options.maxPages) || options.maxPages < 1) throw new RangeError('maxPages must be a positive integer');
    const seed = normaliseUrl(options.seedUrl);
    if (seed === null) throw new TypeError(`seed URL must be an absolute http(s) URL: ${options.seedUrl}`);
    const scope = siteScope(options.primaryDomain ?? seed, seed);
    if (!scope.contains(seed)) throw new TypeError(`seed URL ${seed} is outside the site ${scope.domain}`);
    this.seed = seed;
    this.limits = resolveLimits(options.maxPages, options.limits);
    this.links = new FollowedLinks(scope, pathFilterOf(options.pathFilter));
    this.listed = options.urls === undefined ? null : listedUrls(options.urls, scope);
    const shared = options.shared?.frontier ?? null;
    this.frontier = new Frontier(shared === null, {}, options.memory);
    this.results = new CrawlResults(options.maxPages, options.resume);
    this.ownsDispatcher = options.dispatcher === undefined;
    this.requests = crawlRequests(options, this.limits, this.stop.signal);
    const robots = options.robots ?? new RobotsCache({ userAgent: this.requests.userAgent, fetch: robotsFetch(this.requests) });
    const events = { resume: () => this.resume(), fail: (err: unknown) => this.fail(err) };
    this.turns = new OriginTurns(this.limits, robots, events);
    this.leases = shared && new SharedLeases(shared, this.frontier, this.limits.maxConcurrency, events);
    const site = { seed, scope, links: this.links, robots, requests: this.requests, limits: this.limits, shared, frontier: this.frontier };
    this.discovery = new SeedDiscovery({ ...site, listed: this.listed, crawl: options, halted: () => this.halted !== null });
    this.fetcher = new HopFetcher({ ...site, listMode: this.listed !== null });
  }

  async *events(): AsyncGenerator<CrawlEvent<R>, void, undefined> {
    try {
      this.startClock();
      const seedRecorded = this.options.resume ? await this.continueFrom(this.options.resume) : false;
      if (this.options.shared?.discover === false) this.pump();
      else await this.discover();
      // The seed recorded before: its links are queued already, the sitemaps' URLs may follow.
      if (seedRecorded) this.discovery.queueSitemapUrls();
      for (;;) {
        if (this.fatal !== null) throw this.fatal;
        const next = this.results.next();
        if (next) {
          this.pump();
          yield next;
          yield this.results.progress(this.frontier.size);
          continue;
        }
        const stopReason = this.stopReason();
        if (stopReason !== null) {
          yield this.results.done(stopReason, stopReason === 'cancelled' && this.leases === null ? this.unfinished() : undefined);
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
        // Shared: while this crawler waits for others, its consumer still hears from it now and
        // then, so that it can write what it holds (its pages are others' wait).
        if (this.leases && this.results.waiting === 0) yield this.results.progress(this.frontier.size);
      }
    } finally {
      this.shutdown();
    }
  }

  private startClock(): void {
    const signal = this.options.signal;
    if (signal?.aborted) this.halt('cancelled');
    else signal?.addEventListener('abort', this.onAbort, { once: true });
    if (this.options.drain?.aborted) this.draining = true;
    else this.options.drain?.addEventListener('abort', this.onDrain, { once: true });
    this.budgetTimer = setTimeout(() => this.halt('time_budget_exhausted'), this.limits.timeBudgetMs);
  }

  /** A stopped crawl's records remembered and its unfinished URLs queued; whether it had recorded the seed. */
  private async continueFrom(resume: CrawlResume): Promise<boolean> {
    for await (const urls of resume.recorded) for (const url of urls) this.frontier.claim(url);
    const seedRecorded = this.frontier.hasSeen(this.seed);
    for await (const urls of resume.unfinished) for (const url of urls) this.frontier.add(url);
    return seedRecorded;
  }

  /** What a stopped crawl had still to fetch: what was in flight, then its queue, oldest first. */
  private unfinished(): string[] {
    return [...this.unrecorded, ...this.frontier.drain()];
  }

  private async discover(): Promise<void> {
    await this.discovery.discover();
    this.pump();
  }

  /** Starts as many fetches as concurrency, the result buffer and the page budgets allow. */
  private pump(): void {
    while (this.mayStart()) {
      const next = this.frontier.take((origin) => this.turns.ready(origin));
      if (!next) break;
      void this.run(next.url, next.origin);
    }
    // Shared: lease ahead, so that fetching goes on while the next lease is on its way.
    if (this.leases && this.halted === null && !this.draining) this.leases.leaseAhead(this.inFlight);
  }

  private mayStart(): boolean {
    const l = this.limits;
    return (
      this.halted === null &&
      !this.draining &&
      this.inFlight < l.maxConcurrency &&
      this.inFlight + this.results.waiting < l.maxConcurrency + l.resultBuffer &&
      // In-flight fetches may all turn out to be HTML, so they count against the budget up front
      // (a shared frontier keeps the budget of every crawler itself).
      (this.leases !== null || this.results.allow(this.inFlight, l.maxOtherRecords))
    );
  }

  private async run(url: string, origin: string): Promise<void> {
    this.turns.begin(origin);
    let turnHeld = true;
    this.inFlight++;
    this.unrecorded.add(url);
    try {
      // The chain's URLs this fetch claims: its end is recorded from this fetch, the others fetched on their own.
      const taken = new Set<string>();
      const fetched = this.fetcher.unfetched(url, origin) ?? (await this.fetcher.fetch(url, taken));
      // A cancelled or out-of-time crawl drops what was in flight: those fetches were cut short.
      if (this.halted) return;
      if (this.options.processRequests === false) {
        // The response is in: the origin's next request may start while this page is processed.
        turnHeld = false;
        this.turns.end(origin);
        this.pump();
      }
      const { records, refetch } = hopRecords(fetched, taken);
      // The chain's other URLs are queued as links are (a target robots.txt keeps out, one past
      // the redirect limit), unless this fetch took them: those are fetched on their own.
      const chainLinks = fetched.page.redirectChain.slice(1).filter((hop) => !taken.has(hop));
      for (const hop of refetch) this.frontier.requeue(hop);
      for (const page of records) this.unrecorded.add(page.url);
      for (const [i, page] of records.entries()) {
        const processed = await this.options.process(page);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- halt() may run while process() is awaited
        if (this.halted) return;
        this.record(page, processed, i === 0 ? [...processed.links, ...chainLinks] : processed.links);
        this.unrecorded.delete(page.url);
      }
      if (url === this.seed) this.discovery.queueSitemapUrls();
    } catch (err) {
      this.fail(err);
    } finally {
      // A fetch that finished records what it took (or failed the crawl); one the crawl stopped is still to do.
      if (this.halted === null) this.unrecorded.delete(url);
      this.inFlight--;
      if (turnHeld) this.turns.end(origin);
      this.resume();
    }
  }

  /** A processed page joins the results, and its links the queue (the shared one, or this crawler's unless in list mode). */
  private record(page: FetchedPage, processed: ProcessedPage<R>, links: string[]): void {
    const html = this.results.add(page, processed.result);
    if (this.leases) this.leases.fetched(page.url, { html, links: this.listed === null ? this.links.inScope(links) : [] });
    else if (this.listed === null) this.links.enqueue(this.frontier, links);
  }

  /** Why the crawl is over, or null while there is work left (in flight, loading, or startable). */
  private stopReason(): StopReason | null {
    if (this.halted) return this.halted;
    if (this.draining) return this.inFlight > 0 || this.results.waiting > 0 ? null : 'cancelled';
    this.pump();
    // A host waiting out its crawl delay is work left, too.
    if (this.inFlight > 0 || this.turns.waiting || this.results.waiting > 0) return null;
    if (this.leases) return this.leases.waiting || this.frontier.size > 0 ? null : this.leases.over;
    return this.frontier.size === 0 ? 'all_pages_crawled' : 'max_pages_reached';
  }

  private halt(reason: 'cancelled' | 'time_budget_exhausted'): void {
    if (this.halted) return;
    this.halted = reason;
    this.stop.abort(reason);
    this.notify();
  }

  private fail(err: unknown): void {
    if (this.fatal === null) this.fatal = err instanceof Error ? err : new Error(String(err));
    this.halt('cancelled');
  }

  /** Something may start, or the crawl may be over: fetch what can be fetched, and wake the loop. */
  private resume(): void {
    this.pump();
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private shutdown(): void {
    clearTimeout(this.budgetTimer);
    this.leases?.close();
    this.turns.close();
    this.options.signal?.removeEventListener('abort', this.onAbort);
    this.options.drain?.removeEventListener('abort', this.onDrain);
    // Also reached when the consumer stops pulling early: nothing may keep running after it.
    if (!this.stop.signal.aborted) this.stop.abort('finished');
    if (this.ownsDispatcher) this.requests.dispatcher.destroy().catch(() => undefined);
    this.frontier.close();
    this.discovery.close();
  }
}

/** What every request of the crawl shares; the dispatcher is the caller's, or one of the crawl's own. */
function crawlRequests(options: CrawlOptions<unknown>, limits: ResolvedLimits, signal: AbortSignal): CrawlRequests {
  const dispatcher =
    options.dispatcher ??
    createGuardedDispatcher({
      policy: options.policy,
      resolver: options.resolver,
      connectionsPerOrigin: limits.perHostConcurrency,
      connectTimeoutMs: limits.requestTimeoutMs,
    });
  return {
    dispatcher,
    signal,
    timeoutMs: limits.requestTimeoutMs,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  };
}
