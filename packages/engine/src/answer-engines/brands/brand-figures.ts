// Figures over a set of analysed answers, for each tracked brand and for the domains cited: the
// GeoFigures of the API. Counts only, nothing estimated; rates are rounded to four decimals.
//  - visibility (`mentionRate`): answers mentioning the brand ÷ answers;
//  - `avgPosition`: mean position over the answers mentioning it;
//  - share of voice: its mentions ÷ the mentions of every tracked brand (null when none is mentioned);
//  - `citedRate`: answers citing a URL on its domains ÷ answers;
//  - citation share: the citations of URLs on its domains ÷ every citation, where a citation is
//    one cited URL in one answer (null when nothing is cited), and which of its URLs were cited;
//  - the citation leaderboard: per registrable domain, the answers citing a URL on it, the
//    distinct URLs cited there, its citations and its share of them, most-cited first (then by
//    domain), at most 20.
import type { components } from '@seo-geo/types';
import { citedSite } from '../domains.js';
import { urlsOnSites } from './tracked-brand.js';
import type { BrandResult, TrackedBrand } from '../types.js';

type Schemas = components['schemas'];

export interface AnalysedAnswer {
  brands: readonly BrandResult[];
  citedUrls: readonly string[];
}

/** A tracked brand's figures: the contract's GeoBrandFigures, by the caller's key. */
export type BrandFigure = Omit<Schemas['GeoBrandFigures'], 'competitorId' | 'name'> & { key: string };

/** One domain of the citation leaderboard. */
export type CitationFigure = Schemas['CitationCount'];

/** The URLs on one tracked brand's domains that were cited: the contract's GeoBrandCitations, by key. */
export type BrandCitations = Omit<Schemas['GeoBrandCitations'], 'competitorId' | 'name'> & { key: string };

/** The contract's GeoFigures, its brands by the caller's key. */
export type AnswerFigures = Omit<Schemas['GeoFigures'], 'brands' | 'brandCitations'> & { brands: BrandFigure[]; brandCitations: BrandCitations[] };

/** What the figures need of a tracked brand: its key, and its domains for its citations. */
export type FigureBrand = Pick<TrackedBrand, 'key' | 'domains'>;

const LEADERBOARD = 20;
const BRAND_URLS = 20;

const rate = (part: number, whole: number): number => (whole === 0 ? 0 : round(part / whole));
const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Figures of `brands` (in that order) over `answers`; a brand no answer reports counts as never mentioned. */
export function answerFigures(answers: readonly AnalysedAnswer[], brands: readonly FigureBrand[]): AnswerFigures {
  const citations = citationsOf(answers);
  const brandUrls = brands.map((brand) => urlsOfBrand(brand, citations));
  const totals = brands.map(({ key }) => {
    let mentioning = 0;
    let positions = 0;
    let positionSum = 0;
    let mentions = 0;
    let cited = 0;
    for (const answer of answers) {
      const outcome = answer.brands.find((b) => b.key === key);
      if (!outcome) continue;
      if (outcome.mentioned) mentioning++;
      if (outcome.position !== null) {
        positions++;
        positionSum += outcome.position;
      }
      mentions += outcome.mentionCount;
      if (outcome.cited) cited++;
    }
    return { key, mentioning, positions, positionSum, mentions, cited };
  });
  const allMentions = totals.reduce((total, t) => total + t.mentions, 0);
  return {
    samples: answers.length,
    brands: totals.map((t, i) => ({
      key: t.key,
      samples: answers.length,
      mentionRate: rate(t.mentioning, answers.length),
      avgPosition: t.positions === 0 ? null : round(t.positionSum / t.positions),
      mentions: t.mentions,
      shareOfVoice: allMentions === 0 ? null : round(t.mentions / allMentions),
      citedRate: rate(t.cited, answers.length),
      citationShare: citations.length === 0 ? null : round(sum(brandUrls[i]!.values()) / citations.length),
    })),
    citations: leaderboard(citations),
    brandCitations: brands.map(({ key }, i) => ({ key, urls: topUrls(brandUrls[i]!) })),
  };
}

/** One cited URL in one answer: the unit of citation share. */
interface Citation {
  answer: number;
  url: string;
  domain: string;
}

/** Every citation of the answers, under its site (see `citedSite`). */
function citationsOf(answers: readonly AnalysedAnswer[]): Citation[] {
  return answers.flatMap((answer, index) =>
    [...new Set(answer.citedUrls)].flatMap((url) => {
      const domain = citedSite(url);
      return domain === null ? [] : [{ answer: index, url, domain }];
    }),
  );
}

/** Answers citing each URL on the brand's sites. */
function urlsOfBrand(brand: FigureBrand, citations: readonly Citation[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const url of urlsOnSites(
    brand.domains,
    citations.map((c) => c.url),
  ))
    counts.set(url, (counts.get(url) ?? 0) + 1);
  return counts;
}

function topUrls(counts: ReadonlyMap<string, number>): Schemas['CitedUrlCount'][] {
  return [...counts]
    .map(([url, answers]) => ({ url, answers }))
    .sort((a, b) => b.answers - a.answers || compare(a.url, b.url))
    .slice(0, BRAND_URLS);
}

const sum = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function leaderboard(citations: readonly Citation[]): CitationFigure[] {
  const byDomain = new Map<string, { answers: Set<number>; urls: Set<string>; citations: number }>();
  for (const citation of citations) {
    const entry = byDomain.get(citation.domain) ?? { answers: new Set<number>(), urls: new Set<string>(), citations: 0 };
    entry.answers.add(citation.answer);
    entry.urls.add(citation.url);
    entry.citations++;
    byDomain.set(citation.domain, entry);
  }
  return [...byDomain]
    .map(([domain, e]) => ({ domain, answers: e.answers.size, urls: e.urls.size, citations: e.citations, share: round(e.citations / citations.length) }))
    .sort((a, b) => b.answers - a.answers || compare(a.domain, b.domain))
    .slice(0, LEADERBOARD);
}
