import type { GeoTest } from '@seo-geo/client';
import { percent } from '../output.js';

/** A tracked brand's figures over a test or a run. */
export type GeoBrandFigures = NonNullable<GeoTest['summary']>['brands'][number];
type Uncertainty = NonNullable<GeoBrandFigures['uncertainty']>;

/** A rate with its 95% interval and sample count: `66.7% [20.8–93.9] n=3`; the rate alone on figures stored before intervals. */
export function rateCell(rate: number | null | undefined, interval?: { low: number; high: number; n?: number; answers?: number }): string | null {
  const shown = percent(rate);
  if (shown === null || interval === undefined) return shown;
  const points = (v: number) => String(Math.round(v * 1000) / 10);
  const n = interval.n ?? interval.answers;
  return `${shown} [${points(interval.low)}–${points(interval.high)}]${n === undefined ? '' : ` n=${n}`}`;
}

/** The mean position with its standard error and count: `1.5 ±0.5 n=2`. */
export function positionCell(position: number | null, error: Uncertainty['avgPosition'] | undefined): string | number | null {
  if (position === null || error === undefined) return position;
  return `${position}${error.standardError === null ? '' : ` ±${Math.round(error.standardError * 100) / 100}`} n=${error.n}`;
}

/**
 * The columns of a table of brands' figures, shared by GEO tests, monitor runs and trends: rates as
 * percentages, each with its 95% interval and sample count where the figures have them.
 */
export const brandColumns: Array<{ header: string; value: (b: GeoBrandFigures) => string | number | null }> = [
  { header: 'brand', value: (b) => b.name },
  { header: 'visibility', value: (b) => rateCell(b.mentionRate, b.uncertainty?.mentionRate) },
  { header: 'avg position', value: (b) => positionCell(b.avgPosition, b.uncertainty?.avgPosition) },
  { header: 'share of voice', value: (b) => rateCell(b.shareOfVoice, b.uncertainty?.shareOfVoice) },
  { header: 'cited rate', value: (b) => rateCell(b.citedRate, b.uncertainty?.citedRate) },
  { header: 'citation share', value: (b) => rateCell(b.citationShare, b.uncertainty?.citationShare) },
];

/** The surfaces figures count, said plainly: more than one means they were summed. */
export function surfacesText(surfaces: readonly string[] | undefined): string | null {
  if (surfaces === undefined || surfaces.length === 0) return null;
  return surfaces.length === 1 ? surfaces[0]! : `${surfaces.join(' + ')} (summed)`;
}
