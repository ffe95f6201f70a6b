// How far a brand's figures over a set of answers can be trusted (the contract's
// GeoFigureUncertainty, see *Uncertainty* in the spec): each rate with its sample count and 95%
// interval, each share with its counts and delta-method interval, the position with its count and
// standard error. Worked from the answers one by one, since a share's interval needs each answer's
// counts, not only the sums.
import { citedSite, urlsOnSites } from '@seo-geo/engine';
import type { GeoFigureUncertainty, GeoSample } from '@seo-geo/types';
import { meanWithError } from '../../domain/statistics/mean.js';
import { ratioShare } from '../../domain/statistics/ratio-share.js';
import { wilsonInterval } from '../../domain/statistics/wilson.js';
import type { TrackedBrandRecord } from '../../storage/repositories/brand-profiles.js';

/** The level of every figure's interval. */
export const FIGURE_LEVEL = 0.95;

const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Each brand's uncertainty over `samples`, in the order of `brands`. */
export function figureUncertainty(brands: readonly TrackedBrandRecord[], samples: readonly GeoSample[]): GeoFigureUncertainty[] {
  // Every citation of each answer: its distinct cited URLs on a site, as citation share counts them.
  const citations = samples.map((sample) => [...new Set(sample.citedUrls)].filter((url) => citedSite(url) !== null));
  const citationTotals = citations.map((urls) => urls.length);
  const mentionTotals = samples.map((sample) => sample.brands.reduce((sum, b) => sum + b.mentionCount, 0));
  return brands.map((brand) => {
    const outcomes = samples.map((sample) => sample.brands.find((b) => b.competitorId === brand.competitorId));
    const mentioning = outcomes.filter((o) => o?.mentioned === true).length;
    const citing = outcomes.filter((o) => o?.cited === true).length;
    const positions = outcomes.flatMap((o) => (o?.position == null ? [] : [o.position]));
    const mentions = outcomes.map((o) => o?.mentionCount ?? 0);
    const brandCitations = citations.map((urls) => urlsOnSites(brand.domains, urls).length);
    const position = meanWithError(positions);
    return {
      level: FIGURE_LEVEL,
      mentionRate: rate(mentioning, samples.length),
      citedRate: rate(citing, samples.length),
      shareOfVoice: share(mentions, mentionTotals),
      citationShare: share(brandCitations, citationTotals),
      avgPosition: { n: position.n, standardError: position.standardError === null ? null : round(position.standardError) },
    };
  });
}

function rate(count: number, n: number): GeoFigureUncertainty['mentionRate'] {
  const interval = wilsonInterval(count, n, FIGURE_LEVEL);
  return { count, n, low: round(interval.low), high: round(interval.high) };
}

function share(parts: readonly number[], totals: readonly number[]): GeoFigureUncertainty['shareOfVoice'] {
  const result = ratioShare(parts, totals, FIGURE_LEVEL);
  return {
    count: parts.reduce((sum, x) => sum + x, 0),
    total: totals.reduce((sum, y) => sum + y, 0),
    answers: totals.length,
    effectiveN: round(result.effectiveN),
    low: round(result.low),
    high: round(result.high),
  };
}
