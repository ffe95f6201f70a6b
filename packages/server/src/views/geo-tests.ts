// How stored GEO monitor tests look in the API (GeoTest and GeoTestAccepted).
import type { GeoTest as GeoTestView, GeoTestAccepted } from '@seo-geo/types';
import type { GeoTest } from '../storage/repositories/geo-tests.js';
import { storedSampleView } from './geo-sample.js';

export function geoTestView(test: GeoTest): GeoTestView {
  return {
    id: test.id,
    projectId: test.projectId,
    status: test.status,
    prompt: test.prompt,
    locale: test.locale,
    engines: test.engines,
    results: test.results.map((result) => ({ ...result, samples: result.samples.map(storedSampleView) })),
    summary: test.summary,
    error: test.error,
    createdAt: test.createdAt,
    startedAt: test.startedAt,
    finishedAt: test.finishedAt,
  };
}

export function geoTestAcceptedView(test: GeoTest): GeoTestAccepted {
  return { testId: test.id, status: test.status, prompt: test.prompt, locale: test.locale, engines: test.engines, createdAt: test.createdAt };
}
