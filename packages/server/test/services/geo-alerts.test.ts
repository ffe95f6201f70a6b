// Which changes alert (services/geo-monitors/alerts.ts), worked by hand: past the threshold and
// significant by the pooled two-proportion z-test at the monitor's level; visibility on answers,
// citation share on its effective counts; a run completed before figures had their uncertainty
// (version 1.6) still compared on visibility, whose counts its rate and answers give.
import { describe, expect, it } from 'vitest';
import type { GeoBrandFigures, GeoFigures } from '@seo-geo/types';
import { alertChanges } from '../../src/services/geo-monitors/alerts.js';

const brand = (figures: Partial<GeoBrandFigures>): GeoBrandFigures => ({
  competitorId: null,
  name: 'Example Shop',
  samples: 30,
  mentionRate: 0,
  avgPosition: null,
  mentions: 0,
  shareOfVoice: null,
  citedRate: 0,
  citationShare: null,
  ...figures,
});
const run = (b: GeoBrandFigures): GeoFigures => ({ samples: b.samples, brands: [b], citations: [] });
const rate = (count: number, n: number) => ({ count, n, low: 0, high: 1 });
const share = (count: number, total: number, effectiveN: number) => ({ count, total, answers: 30, effectiveN, low: 0, high: 1 });
const uncertainty = (mentioning: number, citations: { count: number; total: number; effectiveN: number }) => ({
  level: 0.95,
  mentionRate: rate(mentioning, 30),
  citedRate: rate(0, 30),
  shareOfVoice: share(0, 0, 0),
  citationShare: share(citations.count, citations.total, citations.effectiveN),
  avgPosition: { n: mentioning, standardError: null },
});

describe('alertChanges', () => {
  it('compares a run stored before version 1.6 on visibility, its count from rate × answers (25 of 30 → 15 of 30, p = 0.00617)', () => {
    const before = run(brand({ mentionRate: 0.8333 }));
    const after = run(brand({ mentionRate: 0.5, uncertainty: uncertainty(15, { count: 0, total: 0, effectiveN: 0 }) }));
    const [change] = alertChanges({ visibility: 0.2, citationShare: 0.2, confidenceLevel: 0.95 }, before, after);
    expect(change).toEqual({
      competitorId: null,
      name: 'Example Shop',
      figure: 'visibility',
      previous: 0.8333,
      current: 0.5,
      change: -0.3333,
      threshold: 0.2,
      evidence: {
        test: 'two-proportion-z',
        pValue: 0.00617,
        confidenceLevel: 0.95,
        previous: { samples: 30, count: 25, n: 30, low: 0.6644, high: 0.9266 },
        current: { samples: 30, count: 15, n: 30, low: 0.3315, high: 0.6685 },
      },
    });
  });

  it('tests a citation share on its effective counts: 0.6 of n* = 20 against 0.1 of 20, z = −3.315, p = 0.000917', () => {
    const before = run(brand({ citationShare: 0.6, uncertainty: uncertainty(0, { count: 18, total: 30, effectiveN: 20 }) }));
    const after = run(brand({ citationShare: 0.1, uncertainty: uncertainty(0, { count: 3, total: 30, effectiveN: 20 }) }));
    const changes = alertChanges({ visibility: null, citationShare: 0.3, confidenceLevel: 0.95 }, before, after);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.evidence).toEqual({
      test: 'two-proportion-z',
      pValue: 0.000917,
      confidenceLevel: 0.95,
      // Wilson's 12 of 20 and 2 of 20.
      previous: { samples: 30, count: 12, n: 20, low: 0.3866, high: 0.7812 },
      current: { samples: 30, count: 2, n: 20, low: 0.0279, high: 0.301 },
    });
    // Still sure at 99.9%, the most the contract allows (p < 0.001); a smaller effective sample is not.
    expect(alertChanges({ visibility: null, citationShare: 0.3, confidenceLevel: 0.999 }, before, after)).toHaveLength(1);
    const thin = (figures: GeoFigures): GeoFigures => ({
      ...figures,
      brands: [{ ...figures.brands[0]!, uncertainty: uncertainty(0, { count: 3, total: 3, effectiveN: 3 }) }],
    });
    // 0.6 of 3 against 0.1 of 3: p̄ = 0.35, z = −0.5 ÷ √(0.35 × 0.65 × 2/3) = −1.284, p = 0.199.
    expect(alertChanges({ visibility: null, citationShare: 0.3, confidenceLevel: 0.95 }, thin(before), thin(after))).toEqual([]);
  });

  it('does not alert on a change at the threshold, nor on a citation share a run stored before version 1.6 cannot test', () => {
    const before = run(brand({ mentionRate: 0.8, citationShare: 0.6 }));
    const after = run(brand({ mentionRate: 0.3, citationShare: 0.1, uncertainty: uncertainty(9, { count: 3, total: 30, effectiveN: 20 }) }));
    // Visibility moved by exactly 0.5; the citation share's earlier run has no effective sample size.
    expect(alertChanges({ visibility: 0.5, citationShare: 0.1, confidenceLevel: 0.95 }, before, after)).toEqual([]);
  });
});
