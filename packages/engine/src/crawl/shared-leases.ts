// This crawler's side of a frontier shared with crawlers in other processes: it leases URLs into
// its own queue, one lease at a time, and keeps up to LEASE_AHEAD times its concurrency leased so
// that fetching goes on while the next lease is on its way. An empty lease says why: the crawl is
// over (forgotten as soon as this crawler reports a fetched URL, whose links may be more work), or
// others hold the hosts or the budget for now (asked again when the shared frontier says).
import type { Frontier } from './frontier.js';
import type { SharedFrontier } from './types.js';

const LEASE_AHEAD = 16;

export interface LeaseEvents {
  /** URLs were queued, or a retry is due: start what can be started. */
  resume(): void;
  fail(err: unknown): void;
}

export class SharedLeases {
  /** A lease is on its way. */
  private leasing = false;
  /** The shared frontier asked to ask again later (others hold the hosts, or the budget, for now). */
  private retry: NodeJS.Timeout | undefined;
  /** What the last empty lease said. */
  private overSaid: 'all_pages_crawled' | 'max_pages_reached' | null = null;

  constructor(
    readonly frontier: SharedFrontier,
    private readonly queue: Frontier,
    private readonly concurrency: number,
    private readonly events: LeaseEvents,
  ) {}

  /** Leases more when the queue runs low, counting the URLs queued and in flight. */
  leaseAhead(inFlight: number): void {
    if (this.queue.size >= this.concurrency) return;
    const wanted = LEASE_AHEAD * this.concurrency - this.queue.size - inFlight;
    if (wanted > 0) this.lease(wanted);
  }

  /** Reports a fetched URL with its links (none in list mode). */
  fetched(url: string, result: { html: boolean; links: readonly string[] }): void {
    this.frontier.fetched(url, result);
    // What this page links to may be all that was left: the next empty lease says so again.
    this.overSaid = null;
  }

  /** Whether a lease is on its way or due: the crawl is not over. */
  get waiting(): boolean {
    return this.leasing || this.retry !== undefined;
  }

  /** Why the shared crawl is over, once an empty lease said so. */
  get over(): 'all_pages_crawled' | 'max_pages_reached' | null {
    return this.overSaid;
  }

  close(): void {
    clearTimeout(this.retry);
  }

  /** Asks the shared frontier for up to `max` URLs, one lease at a time. */
  private lease(max: number): void {
    if (this.leasing || this.retry !== undefined || this.overSaid !== null) return;
    this.leasing = true;
    this.frontier.lease(max).then(
      (outcome) => {
        this.leasing = false;
        if (outcome.urls.length > 0) for (const url of outcome.urls) this.queue.add(url);
        else if ('over' in outcome) this.overSaid = outcome.over;
        else if ('retryInMs' in outcome) {
          this.retry = setTimeout(() => {
            this.retry = undefined;
            this.events.resume();
          }, outcome.retryInMs);
        }
        this.events.resume();
      },
      (err: unknown) => {
        this.leasing = false;
        this.events.fail(err);
      },
    );
  }
}
