// A share that is a ratio of counts summed over answers (share of voice: a brand's mentions ÷ every
// tracked brand's; citation share: citations of its URLs ÷ all citations). The answers, not the
// mentions, are the independent draws: one answer's mentions come together, so the mentions are not
// a binomial sample and Wilson's interval over them would be too narrow.
//
// The variance is the delta method's for a ratio estimator (Cochran, Sampling Techniques, 3rd ed.
// 1977, §6.3–6.4; Deng, Knoblich & Lu, "Applying the Delta Method in Metric Analytics", KDD 2018):
//   R = Σx ÷ Σy,  V = n · Σ(xᵢ − R·yᵢ)² ÷ ((n − 1) · (Σy)²)  over the n answers.
// It is chosen over a bootstrap because it is deterministic (the same answers always give the same
// interval, with no seed to keep), costs one pass, and has a closed form the spec can state.
// A Wald interval R ± z√V collapses to a point when every answer gives the brand the same share
// (V = 0, e.g. only the brand is ever named) and leaves [0, 1] near the edges, so the interval is
// Wilson's at the effective sample size (Korn & Graubard, Survey Methodology 24:193–201, 1998):
//   deff = max(1, V ÷ (R(1 − R) ÷ Σy)),  n* = Σy ÷ deff,  interval = Wilson(R·n*, n*);
// with fewer than two answers, or R at 0 or 1, deff is 1 (the mentions counted as independent).
import { wilsonInterval, type Interval } from './wilson.js';

export interface RatioShare extends Interval {
  /** Σx ÷ Σy; null when Σy is 0. */
  estimate: number | null;
  /** The delta method's variance; null under two answers or when Σy is 0. */
  variance: number | null;
  /** n* (0 when Σy is 0). */
  effectiveN: number;
}

/** The share Σx ÷ Σy over answers (x and y one entry per answer) with its interval at `level`. */
export function ratioShare(numerators: readonly number[], denominators: readonly number[], level: number): RatioShare {
  const n = denominators.length;
  const total = denominators.reduce((sum, y) => sum + y, 0);
  if (total <= 0) return { estimate: null, variance: null, effectiveN: 0, low: 0, high: 1 };
  const part = numerators.reduce((sum, x) => sum + x, 0);
  const r = part / total;
  let variance: number | null = null;
  if (n >= 2) {
    let squares = 0;
    for (let i = 0; i < n; i++) squares += (numerators[i]! - r * denominators[i]!) ** 2;
    variance = (n * squares) / ((n - 1) * total * total);
  }
  const binomial = (r * (1 - r)) / total;
  const designEffect = variance !== null && binomial > 0 ? Math.max(1, variance / binomial) : 1;
  const effectiveN = total / designEffect;
  return { estimate: r, variance, effectiveN, ...wilsonInterval(r * effectiveN, effectiveN, level) };
}
