// A GEO sample as stored, as the contract shows it now. Answers stored before sources were kept
// list their cited URLs as sources, without the titles and spans they were never given.
import { answerSources } from '@seo-geo/engine';
import type { GeoSample } from '@seo-geo/types';

export function storedSampleView(sample: GeoSample): GeoSample {
  if (Array.isArray((sample as Partial<GeoSample>).sources)) return sample;
  const sources = answerSources(
    sample.answer,
    sample.citedUrls.map((url) => ({ url, title: null, uses: [] })),
  );
  return { ...sample, sources: sources.map((source) => ({ ...source, uses: [] })) };
}
