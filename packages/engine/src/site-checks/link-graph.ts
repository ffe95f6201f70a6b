// Inlinks and click depth over the record graph: an edge from each record to every other record
// one of its followed links hits, counted once per pair however many of its links hit it. A link
// to a URL that redirects reaches, in the same click, each record along the chain from it: the
// redirect's own and its target's (each URL of a chain has a record of its own), so a page reached
// only through a redirect has the inlinks and the depth of the links to the redirect.
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
      reached(s, id, (h) => {
        if (h === r || stamp.get(h) === r) return;
        stamp.set(h, r);
        const count = inlinks.get(h);
        if (count === 0) firstInlinker.set(h, r);
        inlinks.set(h, count + 1);
      });
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
  // A seed that redirects (http to https, / to /en/) puts where it leads at depth 0 too.
  reached(s, s.columns.seedId, (h) => {
    if (depth.get(h) !== -1) return;
    depth.set(h, 0);
    queue.set(tail++, h);
  });
  while (head < tail) {
    if (head % PAGES_PER_SLICE === 0) yield;
    const r = queue.get(head++);
    const next = depth.get(r) + 1;
    for (const id of s.linksOf(r, true)) {
      reached(s, id, (h) => {
        if (depth.get(h) !== -1) return;
        depth.set(h, next);
        parent.set(h, r);
        queue.set(tail++, h);
      });
    }
  }
  queue.free();
  return { depth, parent };
}

/** Redirects followed from one link, at most: more hops than a crawl follows, and a loop ends there too. */
const MAX_HOPS = 10;

/** Visits the record a link to URL id `id` hits, then each record along the redirect chain from it. */
function reached(s: SiteSnapshot, id: number, visit: (record: number) => void): void {
  let h = s.hit(id);
  for (let hop = 0; h !== -1 && hop <= MAX_HOPS; hop++) {
    visit(h);
    const target = s.columns.redirect.get(h);
    if (target === -1) return;
    const next = s.hit(target);
    if (next === h) return;
    h = next;
  }
}
