// Wilson's score interval for a proportion (Wilson 1927; recommended by Newcombe 1998 and by Brown,
// Cai & DasGupta 2001 for small samples): unlike p ± z·√(p(1−p)/n) it never leaves [0, 1] and never
// collapses to a point at 0 or n. `count` may be fractional: a share's effective count (ratio-share.ts).
import { confidenceZ } from './normal.js';

export interface Interval {
  low: number;
  high: number;
}

/**
 * (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) ÷ (1 + z²/n), with p = count ÷ n and z the level's; [0, 1]
 * when n is 0 (nothing was observed, so nothing is excluded).
 */
export function wilsonInterval(count: number, n: number, level: number): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const z = confidenceZ(level);
  const p = count / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
