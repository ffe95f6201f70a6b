// The two-proportion z-test with a pooled proportion (the score test; its square is Pearson's χ² of
// the 2 × 2 table without continuity correction): did a rate change between two sets of answers?
import { twoSidedPValue } from './normal.js';

export interface Proportion {
  /** Answers with the event (may be fractional: a share's effective count). */
  count: number;
  /** Answers observed (or a share's effective sample size). */
  n: number;
}

/**
 * z = (p₂ − p₁) ÷ √(p̄(1 − p̄)(1/n₁ + 1/n₂)), p̄ = (x₁ + x₂) ÷ (n₁ + n₂), and its two-sided p-value;
 * z = 0 and p = 1 when either side has no answers or the pooled rate is 0 or 1 (nothing can differ).
 */
export function twoProportionTest(before: Proportion, after: Proportion): { z: number; pValue: number } {
  if (before.n <= 0 || after.n <= 0) return { z: 0, pValue: 1 };
  const pooled = (before.count + after.count) / (before.n + after.n);
  const variance = pooled * (1 - pooled) * (1 / before.n + 1 / after.n);
  if (!(variance > 0)) return { z: 0, pValue: 1 };
  const z = (after.count / after.n - before.count / before.n) / Math.sqrt(variance);
  return { z, pValue: twoSidedPValue(z) };
}
