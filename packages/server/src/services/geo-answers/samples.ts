// Answers as the API shows them (GeoSample) and their figures (GeoFigures), for GEO tests and
// monitor runs alike: each answer read for the brands tracked when the test or run started, the
// project's brand also in the legacy fields of the first version of GeoSample.
import { analyseBrands, answerFigures, answerSources, type AnalysedAnswer, type AnswerSource, type TrackedBrand } from '@seo-geo/engine';
import type { GeoFigures, GeoSample } from '@seo-geo/types';
import { fitToContract } from '../../domain/fit-to-contract.js';
import { figureUncertainty } from './uncertainty.js';
import type { TrackedBrandRecord } from '../../storage/repositories/brand-profiles.js';

/** The engine's key of the project's own brand; competitors are keyed by their id. */
const PROJECT_KEY = 'project';

const keyOf = (brand: Pick<TrackedBrandRecord, 'competitorId'>) => brand.competitorId ?? PROJECT_KEY;

function trackedBrand(brand: TrackedBrandRecord): TrackedBrand {
  return { key: keyOf(brand), name: brand.name, aliases: brand.aliases, domains: brand.domains };
}

/**
 * The answer to `prompt` read for `brands` (the project's first), as the contract's GeoSample;
 * `given` are the sources the engine gave (none for a plain chat engine, whose sources are the URLs
 * in its text).
 */
export function geoSample(
  index: number,
  answer: string,
  brands: readonly TrackedBrandRecord[],
  given: readonly AnswerSource[] = [],
  prompt?: string,
): GeoSample {
  const sources = answerSources(answer, given);
  const analysis = analyseBrands(answer, brands.map(trackedBrand), {
    sourceUrls: sources.map((source) => source.url),
    ...(prompt === undefined ? {} : { prompt }),
  });
  const resultOf = (brand: TrackedBrandRecord) => analysis.brands.find((b) => b.key === keyOf(brand));
  const own = brands[0] === undefined ? undefined : resultOf(brands[0]);
  // An engine may say anything: what is stored is held to the contract's bounds.
  return fitToContract<GeoSample>('GeoSample', {
    index,
    answer,
    brandMentioned: own?.mentioned ?? false,
    firstMentionPosition: own?.position ?? null,
    mentionCount: own?.mentionCount ?? 0,
    citedUrls: analysis.citedUrls,
    projectDomainCited: own?.cited ?? false,
    otherBrands: analysis.otherBrands,
    otherDomains: analysis.otherDomains,
    brands: brands.map((brand) => {
      const result = resultOf(brand);
      return {
        competitorId: brand.competitorId,
        name: brand.name,
        mentioned: result?.mentioned ?? false,
        position: result?.position ?? null,
        mentionCount: result?.mentionCount ?? 0,
        cited: result?.cited ?? false,
      };
    }),
    citedDomains: analysis.citedDomains,
    sources,
  }).value;
}

/**
 * Figures over the samples: each tracked brand in the given order, with its uncertainty, then the
 * citation leaderboard.
 */
export function figuresOf(brands: readonly TrackedBrandRecord[], samples: readonly GeoSample[]): GeoFigures {
  const analysed: AnalysedAnswer[] = samples.map((sample) => ({
    brands: sample.brands.map((b) => ({ key: keyOf(b), mentioned: b.mentioned, position: b.position, mentionCount: b.mentionCount, cited: b.cited })),
    citedUrls: sample.citedUrls,
  }));
  const figures = answerFigures(
    analysed,
    brands.map((brand) => ({ key: keyOf(brand), domains: brand.domains })),
  );
  const uncertainty = figureUncertainty(brands, samples);
  return {
    samples: figures.samples,
    brands: figures.brands.map(({ key: _key, ...figure }, i) => ({
      competitorId: brands[i]!.competitorId,
      name: brands[i]!.name,
      ...figure,
      uncertainty: uncertainty[i]!,
    })),
    citations: figures.citations,
    brandCitations: figures.brandCitations.map(({ key: _key, urls }, i) => ({ competitorId: brands[i]!.competitorId, name: brands[i]!.name, urls })),
  };
}
