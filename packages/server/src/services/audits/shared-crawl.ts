// One worker's side of an audit crawled by several (AUDIT_CRAWL_WORKERS > 1): the engine's shared
// frontier over the audit's frontier rows. What a worker reports fetched is written in batches
// (one transaction per batch: hosts freed, links queued, budget counted), and every lease writes
// what is batched first, so no lease decides on stale counts of this worker's own pages. Links
// already sent are remembered, up to a bound, so the pages of one site (the same menu on each)
// do not send the same URLs again and again. While it writes fetches, a worker holds what it
// leased ahead: at a crawl-delayed host its queue outlasts a lease, and a URL that went back to the
// queue would be fetched twice, by it and by the worker that leases it next.
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveLimits, type CrawlLimits, type LeaseOutcome, type SharedAudit, type SharedFrontier, type SiteRecord } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import type { AuditFrontierRepository, FetchedUrl, FrontierLimits } from '../../storage/repositories/audit-frontier.js';
import type { AuditRun } from '../../storage/repositories/audit-runs.js';
import { fromTimestamp } from '../../storage/timestamps.js';

/** The job of a worker that helps crawl an audit another job leads. */
export const AUDIT_CRAWL_JOB_KIND = 'audit-crawl';

/** Fetched URLs written per batch, and the longest a batch waits. */
const FETCHED_BATCH = 200;
const FETCHED_DELAY_MS = 100;
/** Links remembered as sent; forgotten all at once past this (a later duplicate costs one no-op insert). */
const SENT_LINKS_KEPT = 100_000;
/** How often the lead looks whether the other workers' pages are all stored. */
const SETTLE_POLL_MS = 100;

export interface SharedCrawlDeps {
  frontier: AuditFrontierRepository;
  clock: Clock;
  workerId: string;
  limits: FrontierLimits;
}

export class SharedCrawl implements SharedAudit, SharedFrontier {
  readonly frontier: SharedFrontier = this;
  #pending: FetchedUrl[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #failure: Error | null = null;
  #sent = new Set<string>();
  /** Where this worker's next lease reads the queue from, and when it last looked for expired leases. */
  #fromSeq = '0';
  #recoveredAt = Number.NEGATIVE_INFINITY;
  /** When this worker last held its URLs for another lease's time; none once it closes. */
  #renewedAt = Number.NEGATIVE_INFINITY;
  #closing = false;

  constructor(
    private readonly runId: string,
    readonly lead: boolean,
    private readonly deps: SharedCrawlDeps,
  ) {}

  async add(urls: readonly string[], options: { listed?: boolean } = {}): Promise<void> {
    await this.deps.frontier.add(this.runId, urls, options.listed === true);
  }

  async lease(max: number): Promise<LeaseOutcome> {
    await this.flush();
    const now = this.deps.clock.now();
    // Expired leases are looked for a few times a lease, not at every lease; the queue is then read from its start.
    const recover = now - this.#recoveredAt >= this.deps.limits.leaseMs / 4;
    if (recover) this.#recoveredAt = now;
    const lease = await this.deps.frontier.lease(this.runId, this.deps.workerId, max, this.deps.limits, now, {
      seq: recover ? '0' : this.#fromSeq,
      recover,
    });
    this.#fromSeq = lease.fromSeq;
    return lease;
  }

  claim(url: string): Promise<boolean> {
    return this.deps.frontier.claim(this.runId, url);
  }

  fetched(url: string, result: { html: boolean; links: readonly string[] }): void {
    const links = result.links.filter((link) => !this.#sent.has(link));
    if (this.#sent.size + links.length > SENT_LINKS_KEPT) this.#sent = new Set();
    for (const link of links) this.#sent.add(link);
    this.#pending.push({ url, html: result.html, links });
    if (this.#pending.length >= FETCHED_BATCH) void this.flush().catch(() => undefined);
    else this.#timer ??= setTimeout(() => void this.flush().catch(() => undefined), FETCHED_DELAY_MS);
  }

  /** Writes the batched fetched URLs; a failed write fails the next lease (the crawl then stops). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    this.#writing = this.#writing.then(async () => {
      if (this.#failure !== null) return;
      try {
        const now = this.deps.clock.now();
        const leaseUntil = now + this.deps.limits.leaseMs;
        await this.deps.frontier.fetched(this.runId, batch, leaseUntil);
        // A third of a lease apart, as a worker renews its job: two renewals may fail in a row.
        if (batch.length > 0 && !this.#closing && now - this.#renewedAt >= this.deps.limits.leaseMs / 3) {
          this.#renewedAt = now;
          await this.deps.frontier.renew(this.runId, this.deps.workerId, leaseUntil);
        }
      } catch (error) {
        this.#failure = error instanceof Error ? error : new Error(String(error));
      }
    });
    return this.#writing.then(() => {
      if (this.#failure !== null) throw this.#failure;
    });
  }

  async settled(signal: AbortSignal): Promise<boolean> {
    await this.flush();
    while (!signal.aborted) {
      const state = await this.deps.frontier.settle(this.runId, this.deps.clock.now());
      if (state !== 'busy') return state === 'settled';
      await sleep(SETTLE_POLL_MS, undefined, { signal }).catch(() => undefined);
    }
    return true;
  }

  async *records(): AsyncIterable<SiteRecord> {
    for await (const batch of this.deps.frontier.records(this.runId)) {
      for (const json of batch) yield JSON.parse(json) as SiteRecord;
    }
  }

  async *listed(): AsyncIterable<string> {
    for await (const batch of this.deps.frontier.listed(this.runId)) yield* batch;
  }

  /** No timer left behind once the crawl is over; what it leased and did not fetch expires for the others. */
  close(): Promise<void> {
    this.#closing = true;
    return this.flush().catch(() => undefined);
  }
}

/**
 * How many workers crawl an audit, at most: each takes an equal share of a host's requests in
 * flight, so that together they never ask more of a host than one crawler would; a share is at
 * least one request.
 */
export function crawlWorkersOf(configured: number, limits: Partial<CrawlLimits> | undefined): number {
  return Math.max(1, Math.min(configured, resolveLimits(1, limits).perHostConcurrency));
}

/**
 * A worker's side of the shared crawl of `run`, and its crawl limits: its share of each host's
 * requests in flight and of the crawl delay and rate limit (every worker waits the delay × workers), and what is
 * left of the run's time budget (since it started, or was last resumed).
 */
export function sharedCrawlOf(
  run: AuditRun,
  deps: {
    auditFrontier: AuditFrontierRepository;
    clock: Clock;
    limits?: Partial<CrawlLimits>;
    leaseMs: number;
    workerId: string;
    lead: boolean;
    workers: number;
  },
): { shared: SharedCrawl; limits: Partial<CrawlLimits> } {
  const limits = resolveLimits(run.maxPages, deps.limits);
  const perHostConcurrency = Math.max(1, Math.floor(limits.perHostConcurrency / deps.workers));
  // A resumed crawl's time budget counts from its resume.
  const since = run.resumedAt ?? run.startedAt;
  const startedAt = since === null ? deps.clock.now() : fromTimestamp(since);
  const shared = new SharedCrawl(run.id, deps.lead, {
    frontier: deps.auditFrontier,
    clock: deps.clock,
    workerId: deps.workerId,
    limits: { maxPages: run.maxPages, maxOtherRecords: limits.maxOtherRecords, leaseMs: deps.leaseMs },
  });
  return {
    shared,
    limits: {
      ...deps.limits,
      perHostConcurrency,
      maxConcurrency: Math.max(1, Math.floor(limits.maxConcurrency / deps.workers)),
      crawlDelayMs: limits.crawlDelayMs * deps.workers,
      requestIntervalMs: limits.requestIntervalMs * deps.workers,
      timeBudgetMs: Math.max(1_000, startedAt + limits.timeBudgetMs - deps.clock.now()),
    },
  };
}
