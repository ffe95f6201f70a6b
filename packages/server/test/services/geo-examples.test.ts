// The spec's own GEO examples are what the analysis says of their answers: each documented sample
// is recomputed from its answer with the brands of the documented brand profile and compared field
// by field, as written. The examples are plain chat answers: their sources are the URLs they write.
import { describe, expect, it } from 'vitest';
import { sourcesInText } from '@seo-geo/engine';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import type { GeoSample } from '@seo-geo/types';
import { figuresOf, geoSample } from '../../src/services/geo-answers/samples.js';
import type { TrackedBrandRecord } from '../../src/storage/repositories/brand-profiles.js';

const examples = (spec as unknown as { components: { examples: Record<string, { value: any }> } }).components.examples;

// The project of the examples: Example Shop on www.example.com, with the profile of BrandProfileExample.
const profile = examples.BrandProfileExample!.value.data;
const own: TrackedBrandRecord = { competitorId: null, name: profile.name, aliases: profile.aliases, domains: ['www.example.com', ...profile.domains] };
const competitors: TrackedBrandRecord[] = profile.competitors.map((c: TrackedBrandRecord & { id: string }) => ({
  competitorId: c.id,
  name: c.name,
  aliases: c.aliases,
  domains: c.domains,
}));

function documentedSamples(value: unknown): GeoSample[] {
  const found: GeoSample[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      if ('answer' in node && 'brands' in node) found.push(node as GeoSample);
      Object.values(node).forEach(walk);
    }
  };
  walk(value);
  return found;
}

describe("the spec's GEO examples", () => {
  const cases = Object.entries(examples).flatMap(([name, example]) => documentedSamples(example.value).map((sample) => [name, sample] as const));

  it('has samples to check', () => {
    expect(cases.map(([name]) => name)).toEqual(expect.arrayContaining(['GeoTestExample', 'GeoMonitorAnswerListExample']));
  });

  it.each(cases)('%s: the sample is what the analysis says of its answer', (_name, sample) => {
    // A sample tracks the brands it lists; they are the profile's, in its order.
    const tracked = sample.brands.map((b) => (b.competitorId === null ? own : competitors.find((c) => c.competitorId === b.competitorId)!));
    expect(geoSample(sample.index, sample.answer, tracked, sourcesInText(sample.answer).sources)).toEqual(sample);
  });

  it("GeoTestExample's summary is the figures of its samples", () => {
    const test = examples.GeoTestExample!.value.data;
    const samples = test.results.flatMap((r: { samples: GeoSample[] }) => r.samples);
    const { brands, citations } = figuresOf([own], samples);
    expect({ brands, citations }).toEqual({ brands: test.summary.brands, citations: test.summary.citations });
  });
});
