// How well a measure tells two groups of pages apart (cited by answer engines or never), as the
// area under the ROC curve: AUC = U ÷ (n₁n₂), U the Mann–Whitney statistic of the first group with
// ties counted a half, i.e. the chance that a random page of the first group scores higher than
// one of the second (0.5: no effect). The rank-biserial correlation is 2·AUC − 1 (Kerby 2014), from
// −1 to 1. Its standard error is Hanley & McNeil's (Radiology 143:29–36, 1982):
//   SE² = (A(1 − A) + (n₁ − 1)(Q₁ − A²) + (n₂ − 1)(Q₂ − A²)) ÷ (n₁n₂),  Q₁ = A ÷ (2 − A),  Q₂ = 2A² ÷ (1 + A),
// and the interval A ± z·SE, kept within [0, 1]. The groups are given as counts by value, so a
// million audited pages with scores from 0 to 100 cost a hundred and one steps.
import { confidenceZ } from './normal.js';

export interface RankEffect {
  counts: { first: number; second: number };
  /** null when a group is empty. */
  auc: number | null;
  rankBiserial: number | null;
  standardError: number | null;
  aucLow: number | null;
  aucHigh: number | null;
}

/** The effect of `first` against `second`, each a map from a value to the pages with it. */
export function rankEffect(first: ReadonlyMap<number, number>, second: ReadonlyMap<number, number>, level: number): RankEffect {
  const n1 = total(first);
  const n2 = total(second);
  const counts = { first: n1, second: n2 };
  if (n1 === 0 || n2 === 0) return { counts, auc: null, rankBiserial: null, standardError: null, aucLow: null, aucHigh: null };
  const values = [...new Set([...first.keys(), ...second.keys()])].sort((a, b) => a - b);
  // U: for each value, the first group's pages there beat the second's below and tie those at it.
  let u = 0;
  let below = 0;
  for (const value of values) {
    const atSecond = second.get(value) ?? 0;
    u += (first.get(value) ?? 0) * (below + atSecond / 2);
    below += atSecond;
  }
  const a = u / (n1 * n2);
  const q1 = a / (2 - a);
  const q2 = (2 * a * a) / (1 + a);
  const standardError = Math.sqrt(Math.max(0, a * (1 - a) + (n1 - 1) * (q1 - a * a) + (n2 - 1) * (q2 - a * a)) / (n1 * n2));
  const z = confidenceZ(level);
  return {
    counts,
    auc: a,
    rankBiserial: 2 * a - 1,
    standardError,
    aucLow: Math.max(0, a - z * standardError),
    aucHigh: Math.min(1, a + z * standardError),
  };
}

function total(counts: ReadonlyMap<number, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n;
  return sum;
}
