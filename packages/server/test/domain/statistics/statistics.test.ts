// The statistics behind every GEO figure's uncertainty, each checked against a published worked
// example (or, where none exists for the exact method, a value worked out by hand in the comment).
import { describe, expect, it } from 'vitest';
import { confidenceZ, twoSidedPValue } from '../../../src/domain/statistics/normal.js';
import { wilsonInterval } from '../../../src/domain/statistics/wilson.js';
import { twoProportionTest } from '../../../src/domain/statistics/two-proportions.js';
import { meanWithError } from '../../../src/domain/statistics/mean.js';
import { ratioShare } from '../../../src/domain/statistics/ratio-share.js';
import { rankEffect } from '../../../src/domain/statistics/rank-effect.js';

const near = (digits: number) => (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, digits);

describe('the normal distribution (from @stdlib)', () => {
  it('gives the z of a two-sided level and the two-sided p of a z', () => {
    // Any table of the standard normal: z(0.95) = 1.95996, z(0.99) = 2.57583, z(0.90) = 1.64485.
    near(5)(confidenceZ(0.95), 1.959964);
    near(5)(confidenceZ(0.99), 2.575829);
    near(5)(confidenceZ(0.9), 1.644854);
    near(6)(twoSidedPValue(1.959964), 0.05);
    expect(twoSidedPValue(0)).toBe(1);
    expect(twoSidedPValue(-3)).toBeCloseTo(twoSidedPValue(3), 12);
  });
});

describe('wilsonInterval', () => {
  it('matches Newcombe (1998), Statistics in Medicine 17:857–872, Table II, method 3 (score, no continuity correction)', () => {
    const cases: Array<[number, number, number, number]> = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [x, n, low, high] of cases) {
      const interval = wilsonInterval(x, n, 0.95);
      near(4)(interval.low, low);
      near(4)(interval.high, high);
    }
  });

  it('says what the issue says of 2 mentions in 3 answers: anything from about 21% to 94%', () => {
    const interval = wilsonInterval(2, 3, 0.95);
    near(4)(interval.low, 0.2077);
    near(4)(interval.high, 0.9385);
  });

  it('is [0, 1] over no answers, stays within [0, 1] at the edges, and narrows with n', () => {
    expect(wilsonInterval(0, 0, 0.95)).toEqual({ low: 0, high: 1 });
    const all = wilsonInterval(29, 29, 0.95);
    expect(all.high).toBe(1);
    near(4)(all.low, 0.883); // 1 − 0.1170, the mirror of 0/29
    expect(wilsonInterval(0, 5, 0.95).low).toBe(0);
    const wide = wilsonInterval(5, 10, 0.95);
    const narrow = wilsonInterval(50, 100, 0.95);
    expect(narrow.high - narrow.low).toBeLessThan(wide.high - wide.low);
  });
});

describe('twoProportionTest (pooled z)', () => {
  it('matches OpenStax Introductory Statistics, §10.3 Comparing Two Independent Population Proportions (hives: 20 of 200 on medication A, 12 of 200 on B, p-value 0.1404)', () => {
    // z is after − before: B's rate against A's, p̄ = 32/400 = 0.08, SE = 0.02713, z = −0.04 ÷ 0.02713.
    const test = twoProportionTest({ count: 20, n: 200 }, { count: 12, n: 200 });
    near(4)(test.z, -1.4744);
    near(4)(test.pValue, 0.1404);
  });

  it('gives p = 1 with nothing to tell apart (no change, or no answers), and p near 0 for a large, well-sampled change', () => {
    expect(twoProportionTest({ count: 0, n: 10 }, { count: 0, n: 10 }).pValue).toBe(1);
    expect(twoProportionTest({ count: 3, n: 3 }, { count: 3, n: 3 }).pValue).toBe(1);
    expect(twoProportionTest({ count: 0, n: 0 }, { count: 1, n: 3 }).pValue).toBe(1);
    expect(twoProportionTest({ count: 25, n: 30 }, { count: 5, n: 30 }).pValue).toBeLessThan(1e-6);
  });

  it('does not call 2 of 3 against 1 of 3 a change (the issue’s alert on noise)', () => {
    // pooled p = 3/6 = 0.5, SE = sqrt(0.25 × (1/3 + 1/3)) = 0.40825, z = 0.3333/0.40825 = 0.8165, p = 0.4142.
    const test = twoProportionTest({ count: 2, n: 3 }, { count: 1, n: 3 });
    near(4)(test.z, -0.8165);
    near(4)(test.pValue, 0.4142);
  });
});

describe('meanWithError', () => {
  it('gives the count, mean and standard error s ÷ √n (s with n − 1)', () => {
    // 1, 2, 3, 4: mean 2.5, s² = (2.25 + 0.25 + 0.25 + 2.25) ÷ 3 = 1.6667, SE = √(1.6667 ÷ 4) = 0.6455.
    const m = meanWithError([1, 2, 3, 4]);
    expect(m.n).toBe(4);
    expect(m.mean).toBe(2.5);
    near(4)(m.standardError!, 0.6455);
    expect(meanWithError([3])).toEqual({ n: 1, mean: 3, standardError: null });
    expect(meanWithError([])).toEqual({ n: 0, mean: null, standardError: null });
  });
});

describe('ratioShare (delta method, as a Wilson interval at the effective sample size)', () => {
  it('gives the delta-method variance of a ratio of sums over answers, worked by hand', () => {
    // Four answers: the brand's mentions x = 2, 0, 1, 1; every tracked brand's y = 3, 1, 1, 2.
    // R = 4/7 = 0.5714. d = x − R·y = 2/7, −4/7, 3/7, −1/7; Σd² = 30/49 = 0.6122.
    // V = n·Σd² ÷ ((n − 1)·(Σy)²) = 4 × 0.6122 ÷ (3 × 49) = 0.016660.
    // Binomial variance over the 7 mentions: R(1 − R) ÷ 7 = 0.034985; design effect max(1, V ÷ that) = 1,
    // so the effective sample size is the 7 mentions, and the interval is Wilson's for 4 of 7.
    const share = ratioShare([2, 0, 1, 1], [3, 1, 1, 2], 0.95);
    near(4)(share.estimate!, 0.5714);
    near(6)(share.variance!, 0.01666);
    near(6)(share.effectiveN, 7);
    const wilson = wilsonInterval(4, 7, 0.95);
    near(6)(share.low, wilson.low);
    near(6)(share.high, wilson.high);
  });

  it('widens the interval when the answers disagree more than independent mentions would (design effect over 1)', () => {
    // Two answers: one names only the brand 4 times, the other only others 4 times: R = 4/8 = 0.5.
    // d = 4 − 0.5·4 = 2 and 0 − 0.5·4 = −2; Σd² = 8; V = 2 × 8 ÷ (1 × 64) = 0.25.
    // Binomial over 8 mentions: 0.25 ÷ 8 = 0.03125; design effect 8, effective n = 8 ÷ 8 = 1.
    const share = ratioShare([4, 0], [4, 4], 0.95);
    near(6)(share.variance!, 0.25);
    near(6)(share.effectiveN, 1);
    const wilson = wilsonInterval(0.5, 1, 0.95);
    near(6)(share.low, wilson.low);
    near(6)(share.high, wilson.high);
  });

  it('never collapses to a point when every answer agrees, and is null with nothing mentioned', () => {
    // Only the brand is named, 2 mentions in 2 answers: R = 1, V = 0 → design effect 1, Wilson's 2 of 2.
    const share = ratioShare([1, 1], [1, 1], 0.95);
    expect(share.estimate).toBe(1);
    near(4)(share.low, wilsonInterval(2, 2, 0.95).low);
    expect(share.low).toBeLessThan(0.5);
    const none = ratioShare([0, 0], [0, 0], 0.95);
    expect(none).toMatchObject({ estimate: null, low: 0, high: 1, effectiveN: 0 });
  });
});

describe('rankEffect (AUC, rank-biserial correlation, Hanley–McNeil interval)', () => {
  it('matches Hanley & McNeil (1982), Radiology 143:29–36, Table 1: A = 0.893, SE = 0.032', () => {
    // CT ratings 1 (definitely normal) to 5 (definitely abnormal) of 58 normal and 51 abnormal images.
    const abnormal = new Map([
      [1, 3],
      [2, 2],
      [3, 2],
      [4, 11],
      [5, 33],
    ]);
    const normal = new Map([
      [1, 33],
      [2, 6],
      [3, 6],
      [4, 11],
      [5, 2],
    ]);
    const effect = rankEffect(abnormal, normal, 0.95);
    near(3)(effect.auc!, 0.893);
    near(3)(effect.standardError!, 0.032);
    expect(effect.counts).toEqual({ first: 51, second: 58 });
    near(4)(effect.rankBiserial!, 2 * effect.auc! - 1);
    near(4)(effect.aucLow!, effect.auc! - 1.959964 * effect.standardError!);
  });

  it("matches Wikipedia's Mann–Whitney U example (Aesop's tortoises and hares: U = 11, r = 1 − 2U ÷ 36 = 0.3889)", () => {
    // Finishing order T H H H H H T T T T T H; a faster finish is a higher value here.
    const order = 'THHHHHTTTTTH';
    const tortoises = new Map<number, number>();
    const hares = new Map<number, number>();
    order.split('').forEach((animal, i) => (animal === 'T' ? tortoises : hares).set(order.length - i, 1));
    const hareEffect = rankEffect(hares, tortoises, 0.95);
    near(4)(hareEffect.auc!, 25 / 36);
    near(4)(hareEffect.rankBiserial!, 0.3889);
    near(4)(rankEffect(tortoises, hares, 0.95).auc!, 11 / 36);
  });

  it('has no effect to give when a group is empty', () => {
    const effect = rankEffect(new Map([[50, 3]]), new Map(), 0.95);
    expect(effect).toMatchObject({ auc: null, rankBiserial: null, standardError: null, counts: { first: 3, second: 0 } });
  });
});
