// Orders records by 32-bit keys without comparisons: a stable radix sort in two passes of 16
// bits, or, for fewer keys than a pass has buckets, four passes of 8 bits (the same order: each
// pass is stable), where summing 65,536 counts twice would cost more than the keys themselves.
// Two calls (low halves, then high halves) order by a 64-bit fingerprint.
import type { PagedInt32, PagedMemory } from './paged-memory.js';

/**
 * Indices into `keys` ordered by their keys (as unsigned values), stably: ties keep the order
 * of `from` (by default 0 to n−1), which is reordered in place and returned. The caller frees
 * the order.
 */
export function sortedByKey(memory: PagedMemory, keys: PagedInt32, from?: PagedInt32): PagedInt32 {
  const n = keys.length;
  let order = from ?? memory.int32(n);
  if (!from) for (let i = 0; i < n; i++) order.set(i, i);
  let to = memory.int32(n);
  const bits = n < 0x10000 ? 8 : 16;
  const buckets = 1 << bits;
  const mask = buckets - 1;
  const counts = new Int32Array(buckets + 1);
  for (let shift = 0; shift < 32; shift += bits) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((keys.get(i) >>> shift) & mask) + 1]!++;
    for (let k = 1; k <= buckets; k++) counts[k]! += counts[k - 1]!;
    for (let i = 0; i < n; i++) {
      const item = order.get(i);
      to.set(counts[(keys.get(item) >>> shift) & mask]!++, item);
    }
    [order, to] = [to, order];
  }
  to.free();
  return order;
}

/**
 * Dense ids for 64-bit fingerprints given as halves: records with equal fingerprints share an
 * id, and (0, 0), no fingerprint, gets -1.
 */
export function denseIds(memory: PagedMemory, hi: PagedInt32, lo: PagedInt32): PagedInt32 {
  const order = sortedByKey(memory, hi, sortedByKey(memory, lo));
  const ids = memory.int32(hi.length, -1);
  let next = -1;
  for (let k = 0; k < order.length; k++) {
    const r = order.get(k);
    if (hi.get(r) === 0 && lo.get(r) === 0) continue;
    const p = k === 0 ? -1 : order.get(k - 1);
    if (p === -1 || hi.get(p) !== hi.get(r) || lo.get(p) !== lo.get(r)) next++;
    ids.set(r, next);
  }
  order.free();
  return ids;
}
