// The URLs still to fetch, breadth first, one FIFO per origin so that per-host concurrency can
// skip a busy host without reordering the others. Every URL ever queued or fetched (redirect
// targets included) is remembered so that none is fetched twice. Only URL strings are kept here,
// never page bodies. A crawler that shares its frontier with others keeps here only the URLs
// leased to it, and remembers none: the shared frontier does.

interface OriginQueue {
  urls: string[];
  seqs: number[];
  head: number;
}

export class Frontier {
  private readonly seen = new Set<string>();
  private readonly queues = new Map<string, OriginQueue>();
  private nextSeq = 0;
  private pending = 0;

  constructor(private readonly remember = true) {}

  /** Queues `url` unless it was seen before; returns whether it was queued. */
  add(url: string): boolean {
    if (this.remember) {
      if (this.seen.has(url)) return false;
      this.seen.add(url);
    }
    const origin = new URL(url).origin;
    let queue = this.queues.get(origin);
    if (!queue) {
      queue = { urls: [], seqs: [], head: 0 };
      this.queues.set(origin, queue);
    }
    queue.urls.push(url);
    queue.seqs.push(this.nextSeq++);
    this.pending++;
    return true;
  }

  /** Marks `url` as taken without queueing it (a redirect target about to be fetched). */
  claim(url: string): boolean {
    if (this.seen.has(url)) return false;
    this.seen.add(url);
    return true;
  }

  hasSeen(url: string): boolean {
    return this.seen.has(url);
  }

  /** URLs queued and not yet taken. */
  get size(): number {
    return this.pending;
  }

  /** Origins with queued URLs. */
  origins(): string[] {
    return [...this.queues].filter(([, q]) => q.head < q.urls.length).map(([origin]) => origin);
  }

  /**
   * Takes the oldest queued URL among the origins `ready` accepts: global FIFO (breadth first)
   * whenever every origin is ready, and the next-oldest elsewhere when one origin is busy.
   * `ready` is asked in age order and only until one accepts, so an origin is only asked (and
   * its robots.txt only fetched) once its URL is at the front of the line.
   */
  take(ready: (origin: string) => boolean): { url: string; origin: string } | undefined {
    const candidates: Array<{ origin: string; queue: OriginQueue }> = [];
    for (const [origin, queue] of this.queues) {
      if (queue.head < queue.urls.length) candidates.push({ origin, queue });
    }
    candidates.sort((a, b) => a.queue.seqs[a.queue.head]! - b.queue.seqs[b.queue.head]!);
    const best = candidates.find((c) => ready(c.origin));
    if (!best) return undefined;
    const { queue } = best;
    const url = queue.urls[queue.head]!;
    queue.head++;
    this.pending--;
    if (queue.head > 1024 && queue.head * 2 > queue.urls.length) {
      // Drop the consumed prefix now and then so a long crawl does not keep every URL twice.
      queue.urls = queue.urls.slice(queue.head);
      queue.seqs = queue.seqs.slice(queue.head);
      queue.head = 0;
    }
    return { url, origin: best.origin };
  }
}
