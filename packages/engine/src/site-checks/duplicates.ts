// Pages sharing a title (or a meta description): grouped by the interned, normalised text, so a
// group costs a counter and the first few members, however large it is.
import { SHOWN } from '../score/evidence.js';

export interface DuplicateGroups {
  /** The other records sharing `r`'s text (at most SHOWN of them) and how many there are in all. */
  othersOf(r: number): { shown: number[]; total: number } | null;
}

/** `keys[r]`: the record's text id, -1 when it has none (or is not judged). */
export function duplicateGroups(keys: Int32Array): DuplicateGroups {
  let max = -1;
  for (const k of keys) if (k > max) max = k;
  const counts = new Int32Array(max + 1);
  for (const k of keys) if (k !== -1) counts[k]!++;
  // One more than shown, so that every member still has SHOWN others to name.
  const firsts = new Map<number, number[]>();
  keys.forEach((k, r) => {
    if (k === -1 || counts[k]! < 2) return;
    const list = firsts.get(k);
    if (!list) firsts.set(k, [r]);
    else if (list.length <= SHOWN) list.push(r);
  });
  return {
    othersOf(r) {
      const k = keys[r]!;
      if (k === -1 || counts[k]! < 2) return null;
      return {
        shown: firsts
          .get(k)!
          .filter((o) => o !== r)
          .slice(0, SHOWN),
        total: counts[k]! - 1,
      };
    },
  };
}
