// Inlinks and click depth over the record graph: an edge from each record to every other record
// one of its followed links hits, counted once per pair however many of its links hit it.
import type { SiteSnapshot } from './snapshot.js';
import { PAGES_PER_SLICE, type Sliced } from './slices.js';

export interface LinkGraph {
  /** By record: distinct other records with a followed link hitting it. */
  inlinks: Int32Array;
  /** By record: the first of those (for messages), or -1. */
  firstInlinker: Int32Array;
  /** By record: clicks from the seed by breadth-first search, -1 when unreachable. */
  depth: Int32Array;
  /** By record: the record one click closer to the seed on a shortest path, or -1. */
  parent: Int32Array;
}

export function* linkGraph(s: SiteSnapshot): Sliced<LinkGraph> {
  const n = s.count;
  const inlinks = new Int32Array(n);
  const firstInlinker = new Int32Array(n).fill(-1);
  // stamp[h] = the last source counted for h, so a page's several links to h count once.
  const stamp = new Int32Array(n).fill(-1);
  for (let r = 0; r < n; r++) {
    if (r % PAGES_PER_SLICE === 0) yield;
    for (const id of s.linksOf(r, true)) {
      const h = s.hit(id);
      if (h === -1 || h === r || stamp[h] === r) continue;
      stamp[h] = r;
      if (inlinks[h] === 0) firstInlinker[h] = r;
      inlinks[h]!++;
    }
  }
  const { depth, parent } = yield* clickDepth(s);
  return { inlinks, firstInlinker, depth, parent };
}

function* clickDepth(s: SiteSnapshot): Sliced<{ depth: Int32Array; parent: Int32Array }> {
  const depth = new Int32Array(s.count).fill(-1);
  const parent = new Int32Array(s.count).fill(-1);
  if (s.seed === -1) return { depth, parent };
  const queue = new Int32Array(s.count);
  let head = 0;
  let tail = 0;
  depth[s.seed] = 0;
  queue[tail++] = s.seed;
  while (head < tail) {
    if (head % PAGES_PER_SLICE === 0) yield;
    const r = queue[head++]!;
    for (const id of s.linksOf(r, true)) {
      const h = s.hit(id);
      if (h === -1 || depth[h] !== -1) continue;
      depth[h] = depth[r]! + 1;
      parent[h] = r;
      queue[tail++] = h;
    }
  }
  return { depth, parent };
}
