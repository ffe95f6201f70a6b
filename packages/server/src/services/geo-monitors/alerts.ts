// Which tracked brands' figures moved past a monitor's alert thresholds between two completed
// runs: visibility (`mentionRate`) and citation share, compared brand by brand (the project's own
// brand, then each competitor by id). A brand tracked in only one of the runs is not compared, nor
// a citation share that is null (nothing cited) or absent (a run completed before it was kept).
import type { GeoFigures, GeoMonitorAlert } from '@seo-geo/types';
import type { GeoMonitorAlerts } from '../../storage/repositories/geo-monitors.js';

export type AlertChange = GeoMonitorAlert['changes'][number];

const round = (value: number): number => Math.round(value * 10_000) / 10_000;

export function alertChanges(thresholds: GeoMonitorAlerts, previous: GeoFigures, current: GeoFigures): AlertChange[] {
  const changes: AlertChange[] = [];
  for (const brand of current.brands) {
    const before = previous.brands.find((b) => b.competitorId === brand.competitorId);
    if (before === undefined) continue;
    const who = { competitorId: brand.competitorId, name: brand.name };
    const moved = (figure: AlertChange['figure'], was: number | null | undefined, now: number | null | undefined, threshold: number | null) => {
      if (threshold === null || was === null || was === undefined || now === null || now === undefined) return;
      const change = round(now - was);
      // "Moves by more than" the threshold: a change exactly at it does not alert.
      if (Math.abs(change) > threshold) changes.push({ ...who, figure, previous: was, current: now, change, threshold });
    };
    moved('visibility', before.mentionRate, brand.mentionRate, thresholds.visibility);
    moved('citationShare', before.citationShare, brand.citationShare, thresholds.citationShare);
  }
  return changes;
}
