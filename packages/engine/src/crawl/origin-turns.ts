// Politeness: when an origin may be asked again. At most `perHostConcurrency` requests in flight to
// one origin, the crawl delay between two requests to it, the request interval between any two of
// the crawl, and none before its robots.txt is loaded. An origin not ready now is made ready by a
// timer or by its robots.txt arriving, and the crawl is told to try again then.
import type { ResolvedLimits } from './limits.js';
import type { RobotsCache } from './robots.js';

/** The rate limit's turn is the whole crawl's, kept beside the origins' crawl delays. */
const ANY_ORIGIN = '*';

export interface TurnEvents {
  /** An origin may have become ready: start what can be started. */
  resume(): void;
  fail(err: unknown): void;
}

export class OriginTurns {
  private readonly inFlight = new Map<string, number>();
  private readonly robotsLoading = new Set<string>();
  /** With a crawl delay: when each origin may be asked next, and the timers that resume then. */
  private readonly nextRequestAt = new Map<string, number>();
  private readonly delayTimers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly limits: ResolvedLimits,
    private readonly robots: RobotsCache,
    private readonly events: TurnEvents,
  ) {}

  /** Whether a request to `origin` may start now; if not, the crawl resumes when it may. */
  ready(origin: string): boolean {
    if ((this.inFlight.get(origin) ?? 0) >= this.limits.perHostConcurrency) return false;
    if (this.limits.crawlDelayMs > 0 && !this.delayOver(origin)) return false;
    if (this.limits.requestIntervalMs > 0 && !this.delayOver(ANY_ORIGIN)) return false;
    if (this.robots.peek(origin)) return true;
    if (!this.robotsLoading.has(origin)) {
      this.robotsLoading.add(origin);
      this.robots.get(origin).then(
        () => this.settleRobots(origin),
        (err: unknown) => {
          this.events.fail(err);
          this.settleRobots(origin);
        },
      );
    }
    return false;
  }

  /** A request to `origin` starts: the delays count from now. */
  begin(origin: string): void {
    if (this.limits.crawlDelayMs > 0) this.nextRequestAt.set(origin, Date.now() + this.limits.crawlDelayMs);
    if (this.limits.requestIntervalMs > 0) this.nextRequestAt.set(ANY_ORIGIN, Date.now() + this.limits.requestIntervalMs);
    this.inFlight.set(origin, (this.inFlight.get(origin) ?? 0) + 1);
  }

  end(origin: string): void {
    this.inFlight.set(origin, (this.inFlight.get(origin) ?? 1) - 1);
  }

  /** Whether an origin waits for its robots.txt or out its crawl delay: work left, though nothing may start now. */
  get waiting(): boolean {
    return this.robotsLoading.size > 0 || this.delayTimers.size > 0;
  }

  close(): void {
    for (const timer of this.delayTimers.values()) clearTimeout(timer);
  }

  /** True once the crawl delay since the last request to `origin` is over; else a timer resumes the crawl when it is. */
  private delayOver(origin: string): boolean {
    const wait = (this.nextRequestAt.get(origin) ?? 0) - Date.now();
    if (wait <= 0) return true;
    if (!this.delayTimers.has(origin)) {
      this.delayTimers.set(
        origin,
        setTimeout(() => {
          this.delayTimers.delete(origin);
          this.events.resume();
        }, wait),
      );
    }
    return false;
  }

  private settleRobots(origin: string): void {
    this.robotsLoading.delete(origin);
    this.events.resume();
  }
}
