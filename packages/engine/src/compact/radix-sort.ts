// Orders records by 32-bit keys without comparisons: a stable radix sort in two passes of 16
// bits. Two calls (low halves, then high halves) order by a 64-bit fingerprint.

/**
 * Indices into `keys` ordered by their keys, stably: ties keep the order of `from` (by default
 * 0 to n−1).
 */
export function sortedByKey(keys: Int32Array | Uint32Array, from?: Int32Array): Int32Array {
  const n = keys.length;
  let order = from ? Int32Array.from(from) : new Int32Array(n);
  if (!from) for (let i = 0; i < n; i++) order[i] = i;
  let to = new Int32Array(n);
  const counts = new Int32Array(0x10001);
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((keys[i]! >>> shift) & 0xffff) + 1]!++;
    for (let k = 1; k <= 0x10000; k++) counts[k]! += counts[k - 1]!;
    for (let i = 0; i < n; i++) {
      const item = order[i]!;
      to[counts[(keys[item]! >>> shift) & 0xffff]!++] = item;
    }
    [order, to] = [to, order];
  }
  return order;
}

/**
 * Dense ids for 64-bit fingerprints given as halves: records with equal fingerprints share an
 * id, and (0, 0), no fingerprint, gets -1.
 */
export function denseIds(hi: Uint32Array, lo: Uint32Array): Int32Array {
  const order = sortedByKey(hi, sortedByKey(lo));
  const ids = new Int32Array(hi.length).fill(-1);
  let next = -1;
  for (let k = 0; k < order.length; k++) {
    const r = order[k]!;
    if (hi[r] === 0 && lo[r] === 0) continue;
    const p = k === 0 ? -1 : order[k - 1]!;
    if (p === -1 || hi[p] !== hi[r] || lo[p] !== lo[r]) next++;
    ids[r] = next;
  }
  return ids;
}
