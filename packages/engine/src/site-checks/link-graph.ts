// Inlinks and click depth over the record graph: an edge from each record to every other record
// one of its followed links hits, counted once per pair however many of its links hit it.
import type { PagedInt32 } from '../compact/paged-memory.js';
import type { SiteSnapshot } from './snapshot.js';
import { PAGES_PER_SLICE, type Sliced } from './slices.js';

export interface LinkGraph {
  /** By record: distinct other records with a followed link hitting it. */
  inlinks: PagedInt32;
  /** By record: the first of those (for messages), or -1. */
  firstInlinker: PagedInt32;
  /** By record: clicks from the seed by breadth-first search, -1 when unreachable. */
  depth: PagedInt32;
  /** By record: the record one click closer to the seed on a shortest path, or -1. */
  parent: PagedInt32;
}

export function* linkGraph(s: SiteSnapshot): Sliced<LinkGraph> {
  const n = s.count;
  const { memory } = s.columns;
  const inlinks = memory.int32(n);
  const firstInlinker = memory.int32(n, -1);
  // stamp[h] = the last source counted for h, so a page's several links to h count once.
  const stamp = memory.int32(n, -1);
  for (let r = 0; r < n; r++) {
    if (r % PAGES_PER_SLICE === 0) yield;
    for (const id of s.linksOf(r, true)) {
      const h = s.hit(id);
      if (h === -1 || h === r || stamp.get(h) === r) continue;
      stamp.set(h, r);
      const count = inlinks.get(h);
      if (count === 0) firstInlinker.set(h, r);
      inlinks.set(h, count + 1);
    }
  }
  stamp.free();
  const { depth, parent } = yield* clickDepth(s);
  return { inlinks, firstInlinker, depth, parent };
}

function* clickDepth(s: SiteSnapshot): Sliced<{ depth: PagedInt32; parent: PagedInt32 }> {
  const { memory } = s.columns;
  const depth = memory.int32(s.count, -1);
  const parent = memory.int32(s.count, -1);
  if (s.seed === -1) return { depth, parent };
  const queue = memory.int32(s.count);
  let head = 0;
  let tail = 0;
  depth.set(s.seed, 0);
  queue.set(tail++, s.seed);
  while (head < tail) {
    if (head % PAGES_PER_SLICE === 0) yield;
    const r = queue.get(head++);
    const next = depth.get(r) + 1;
    for (const id of s.linksOf(r, true)) {
      const h = s.hit(id);
      if (h === -1 || depth.get(h) !== -1) continue;
      depth.set(h, next);
      parent.set(h, r);
      queue.set(tail++, h);
    }
  }
  queue.free();
  return { depth, parent };
}
