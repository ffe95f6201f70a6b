import type { GeoTest } from '@seo-geo/client';
import { percent } from '../output.js';

/** A tracked brand's figures over a test or a run. */
export type GeoBrandFigures = NonNullable<GeoTest['summary']>['brands'][number];

/** The columns of a table of brands' figures, shared by GEO tests and monitor trends; rates as percentages. */
export const brandColumns: Array<{ header: string; value: (b: GeoBrandFigures) => string | number | null }> = [
  { header: 'brand', value: (b) => b.name },
  { header: 'visibility', value: (b) => percent(b.mentionRate) },
  { header: 'avg position', value: (b) => b.avgPosition },
  { header: 'share of voice', value: (b) => percent(b.shareOfVoice) },
  { header: 'cited rate', value: (b) => percent(b.citedRate) },
  { header: 'citation share', value: (b) => percent(b.citationShare) },
];
