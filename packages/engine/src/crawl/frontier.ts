// The URLs still to fetch, breadth first, one FIFO per origin so that per-host concurrency can
// skip a busy host without reordering the others. Every URL ever queued or fetched (redirect
// targets included) is remembered so that none is fetched twice. A crawler that shares its
// frontier with others keeps here only the URLs leased to it, and remembers none: the shared
// frontier does.
//
// What grows with the site stays small: URLs are remembered by 64-bit fingerprint (17 to 34
// bytes each, in paged memory: the audit's pool, within its budget), and each origin's queue keeps
// only its two ends in memory, the middle on disk (compact/). Close the frontier when the crawl is
// over: that gives its table's blocks back to the pool.
import { PagedMemory } from '../compact/paged-memory.js';
import { SpilledQueue } from '../compact/spilled-queue.js';
import type { SpillFileOptions } from '../compact/spill-file.js';
import { StringIds } from '../compact/string-ids.js';

export class Frontier {
  private readonly seen: StringIds | null;
  private readonly queues = new Map<string, SpilledQueue>();
  private nextSeq = 0;
  private pending = 0;
  private closed = false;

  constructor(
    private readonly remember = true,
    private readonly spill: SpillFileOptions & { chunk?: number } = {},
    /** The pool the remembered URLs live in; default one of the frontier's own. */
    memory?: PagedMemory,
  ) {
    this.seen = remember ? new StringIds(memory ?? new PagedMemory()) : null;
  }

  /** Queues `url` unless it was seen before; returns whether it was queued. */
  add(url: string): boolean {
    // A fetch still settling after the crawl stopped finds nothing more to queue.
    if (this.closed || (this.remember && !this.claim(url))) return false;
    this.push(url);
    return true;
  }

  /** Queues `url` claimed before (a redirect hop a fetch took but did not record). */
  requeue(url: string): void {
    if (!this.closed) this.push(url);
  }

  private push(url: string): void {
    const origin = new URL(url).origin;
    let queue = this.queues.get(origin);
    if (!queue) {
      queue = new SpilledQueue(this.spill);
      this.queues.set(origin, queue);
    }
    queue.push(url, this.nextSeq++);
    this.pending++;
  }

  /** Marks `url` as taken without queueing it (a redirect target about to be fetched). */
  claim(url: string): boolean {
    // Once closed (a redirect still settling after the crawl stopped), nothing more is taken.
    if (this.closed) return false;
    const seen = this.remembered();
    const before = seen.size;
    return seen.intern(url) === before;
  }

  hasSeen(url: string): boolean {
    return this.closed || this.remembered().find(url) !== -1;
  }

  /** Removes the queues' files and forgets the URLs seen. */
  close(): void {
    if (!this.closed) this.seen?.free();
    this.closed = true;
    for (const queue of this.queues.values()) queue.close();
    this.queues.clear();
    this.pending = 0;
  }

  private remembered(): StringIds {
    if (this.seen === null) throw new Error('a frontier shared with other crawlers remembers no URLs');
    return this.seen;
  }

  /** URLs queued and not yet taken. */
  get size(): number {
    return this.pending;
  }

  /** Origins with queued URLs. */
  origins(): string[] {
    return [...this.queues].filter(([, q]) => q.size > 0).map(([origin]) => origin);
  }

  /** Takes every queued URL, oldest first (a paused crawl's queue, to continue from). */
  drain(): string[] {
    const urls: string[] = [];
    for (let next = this.take(() => true); next !== undefined; next = this.take(() => true)) urls.push(next.url);
    return urls;
  }

  /**
   * Takes the oldest queued URL among the origins `ready` accepts: global FIFO (breadth first)
   * whenever every origin is ready, and the next-oldest elsewhere when one origin is busy.
   * `ready` is asked in age order and only until one accepts, so an origin is only asked (and
   * its robots.txt only fetched) once its URL is at the front of the line.
   */
  take(ready: (origin: string) => boolean): { url: string; origin: string } | undefined {
    const candidates: Array<{ origin: string; queue: SpilledQueue; seq: number }> = [];
    for (const [origin, queue] of this.queues) {
      const seq = queue.peekNumber();
      if (seq !== undefined) candidates.push({ origin, queue, seq });
    }
    candidates.sort((a, b) => a.seq - b.seq);
    const best = candidates.find((c) => ready(c.origin));
    if (!best) return undefined;
    const url = best.queue.shift()!;
    this.pending--;
    return { url, origin: best.origin };
  }
}
