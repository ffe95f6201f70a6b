// Which tracked brands' figures really moved between two completed runs of a monitor: visibility
// (`mentionRate`) and citation share, compared brand by brand (the project's own brand, then each
// competitor by id). A change alerts when it is larger than its threshold AND significant at the
// monitor's confidence level: the pooled two-proportion z-test of the two runs (see *Alerts* in the
// spec) has a two-sided p-value under 1 − the level. Two runs are compared, not the last N against
// the N before, because a run is what a user acts on; the test's sample counts are what keep a
// three-answer run from alerting on one answer more or less. Each change carries its evidence.
//
// A brand tracked in only one of the runs is not compared, nor a citation share that is null
// (nothing cited). A run completed before figures had their uncertainty (version 1.6) still gives
// its visibility's counts (rate × answers is the count, the rate being exact to four decimals over
// at most 2,500 answers), but not its citations' effective sample size: its citation share is not
// compared.
import type { GeoBrandFigures, GeoFigures, GeoMonitorAlert } from '@seo-geo/types';
import type { GeoMonitorAlerts } from '../../storage/repositories/geo-monitors.js';
import { twoProportionTest, type Proportion } from '../../domain/statistics/two-proportions.js';
import { wilsonInterval } from '../../domain/statistics/wilson.js';

export type AlertChange = GeoMonitorAlert['changes'][number];
type Figure = AlertChange['figure'];

const round = (value: number, digits = 4): number => Math.round(value * 10 ** digits) / 10 ** digits;

export function alertChanges(alerts: GeoMonitorAlerts, previous: GeoFigures, current: GeoFigures): AlertChange[] {
  const changes: AlertChange[] = [];
  for (const brand of current.brands) {
    const before = previous.brands.find((b) => b.competitorId === brand.competitorId);
    if (before === undefined) continue;
    for (const [figure, threshold] of [
      ['visibility', alerts.visibility],
      ['citationShare', alerts.citationShare],
    ] as const) {
      if (threshold === null) continue;
      const was = valueOf(before, figure);
      const now = valueOf(brand, figure);
      if (was === null || now === null) continue;
      const change = round(now - was);
      // "Moves by more than" the threshold: a change exactly at it does not alert.
      if (Math.abs(change) <= threshold) continue;
      const sides = [countsOf(before, figure), countsOf(brand, figure)] as const;
      if (sides[0] === null || sides[1] === null) continue;
      const { pValue } = twoProportionTest(sides[0], sides[1]);
      if (!(pValue < 1 - alerts.confidenceLevel)) continue;
      const side = (figures: GeoBrandFigures, counts: Proportion) => {
        const interval = wilsonInterval(counts.count, counts.n, alerts.confidenceLevel);
        return { samples: figures.samples, count: round(counts.count), n: round(counts.n), low: round(interval.low), high: round(interval.high) };
      };
      changes.push({
        competitorId: brand.competitorId,
        name: brand.name,
        figure,
        previous: was,
        current: now,
        change,
        threshold,
        evidence: {
          test: 'two-proportion-z',
          pValue: round(pValue, 6),
          confidenceLevel: alerts.confidenceLevel,
          previous: side(before, sides[0]),
          current: side(brand, sides[1]),
        },
      });
    }
  }
  return changes;
}

function valueOf(figures: GeoBrandFigures, figure: Figure): number | null {
  return figure === 'visibility' ? figures.mentionRate : (figures.citationShare ?? null);
}

/** What the test counts: answers mentioning the brand of the answers; or the share's effective count of its effective sample size. */
function countsOf(figures: GeoBrandFigures, figure: Figure): Proportion | null {
  if (figure === 'visibility') {
    const rate = figures.uncertainty?.mentionRate;
    return rate ? { count: rate.count, n: rate.n } : { count: Math.round(figures.mentionRate * figures.samples), n: figures.samples };
  }
  const share = figures.uncertainty?.citationShare;
  if (!share || figures.citationShare == null) return null;
  return { count: figures.citationShare * share.effectiveN, n: share.effectiveN };
}
