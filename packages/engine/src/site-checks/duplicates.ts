// Pages sharing a title (or a meta description): grouped by the interned, normalised text. The
// records sorted by text keep each group together, in record order, so a group costs its count and
// where it starts, however large it is and however many groups the site has.
import type { PagedInt32, PagedMemory } from '../compact/paged-memory.js';
import { sortedByKey } from '../compact/radix-sort.js';
import { SHOWN } from '../score/evidence.js';

export interface DuplicateGroups {
  /** The other records sharing `r`'s text (at most SHOWN of them) and how many there are in all. */
  othersOf(r: number): { shown: number[]; total: number } | null;
}

/** `keys.get(r)`: the record's dense text id, -1 when it has none (or is not judged). */
export function duplicateGroups(memory: PagedMemory, keys: PagedInt32): DuplicateGroups {
  let max = -1;
  for (let r = 0; r < keys.length; r++) max = Math.max(max, keys.get(r));
  const counts = memory.int32(max + 1);
  for (let r = 0; r < keys.length; r++) {
    const k = keys.get(r);
    if (k !== -1) counts.set(k, counts.get(k) + 1);
  }
  // Sorted as unsigned keys, the records without a text (-1) come last.
  const order = sortedByKey(memory, keys);
  const start = memory.int32(max + 1);
  for (let at = order.length - 1; at >= 0; at--) {
    const k = keys.get(order.get(at));
    if (k !== -1) start.set(k, at);
  }
  return {
    othersOf(r) {
      const k = keys.get(r);
      if (k === -1 || counts.get(k) < 2) return null;
      // One more than shown, so that every member still has SHOWN others to name.
      const shown: number[] = [];
      const end = Math.min(start.get(k) + counts.get(k), start.get(k) + SHOWN + 1);
      for (let at = start.get(k); at < end && shown.length < SHOWN; at++) {
        const o = order.get(at);
        if (o !== r) shown.push(o);
      }
      return { shown, total: counts.get(k) - 1 };
    },
  };
}
