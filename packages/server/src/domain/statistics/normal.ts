// The standard normal distribution, from @stdlib: its quantile and distribution functions are
// accurate to double precision, which the published worked examples the tests use need to four
// decimals.
import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

/** The z of a two-sided confidence level: 1.96 for 0.95. */
export function confidenceZ(level: number): number {
  return normalQuantile(1 - (1 - level) / 2, 0, 1);
}

/** The two-sided p-value of a standard normal statistic: 2 × (1 − Φ(|z|)). */
export function twoSidedPValue(z: number): number {
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z), 0, 1)));
}
