// Figures over a set of analysed answers, for each tracked brand and for the domains cited: the
// GeoFigures of the API. Counts only, nothing estimated; rates are rounded to four decimals.
//  - visibility (`mentionRate`): answers mentioning the brand ÷ answers;
//  - `avgPosition`: mean position over the answers mentioning it;
//  - share of voice: its mentions ÷ the mentions of every tracked brand (null when none is mentioned);
//  - `citedRate`: answers citing a URL on its domains ÷ answers;
//  - the citation leaderboard: per registrable domain, the answers citing a URL on it and the
//    distinct URLs cited there, most-cited first (then by domain), at most 20.
import type { components } from '@seo-geo/types';
import { registrableDomain } from './domains.js';
import type { BrandResult } from './types.js';

type Schemas = components['schemas'];

export interface AnalysedAnswer {
  brands: readonly BrandResult[];
  citedUrls: readonly string[];
}

/** A tracked brand's figures: the contract's GeoBrandFigures, by the caller's key. */
export type BrandFigure = Omit<Schemas['GeoBrandFigures'], 'competitorId' | 'name'> & { key: string };

/** One domain of the citation leaderboard. */
export type CitationFigure = Schemas['CitationCount'];

/** The contract's GeoFigures, its brands by the caller's key. */
export type AnswerFigures = Omit<Schemas['GeoFigures'], 'brands'> & { brands: BrandFigure[] };

const LEADERBOARD = 20;

const rate = (part: number, whole: number): number => (whole === 0 ? 0 : round(part / whole));
const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Figures of `keys` (in that order) over `answers`; a brand no answer reports counts as never mentioned. */
export function answerFigures(answers: readonly AnalysedAnswer[], keys: readonly string[]): AnswerFigures {
  const totals = keys.map((key) => {
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
  const allMentions = totals.reduce((sum, t) => sum + t.mentions, 0);
  return {
    samples: answers.length,
    brands: totals.map((t) => ({
      key: t.key,
      samples: answers.length,
      mentionRate: rate(t.mentioning, answers.length),
      avgPosition: t.positions === 0 ? null : round(t.positionSum / t.positions),
      mentions: t.mentions,
      shareOfVoice: allMentions === 0 ? null : round(t.mentions / allMentions),
      citedRate: rate(t.cited, answers.length),
    })),
    citations: leaderboard(answers),
  };
}

function leaderboard(answers: readonly AnalysedAnswer[]): CitationFigure[] {
  const byDomain = new Map<string, { answers: number; urls: Set<string> }>();
  for (const answer of answers) {
    const seen = new Set<string>();
    for (const url of answer.citedUrls) {
      let host: string;
      try {
        host = new URL(url).hostname;
      } catch {
        continue;
      }
      const domain = registrableDomain(host)?.domain;
      if (domain === undefined) continue;
      const entry = byDomain.get(domain) ?? { answers: 0, urls: new Set<string>() };
      entry.urls.add(url);
      if (!seen.has(domain)) {
        seen.add(domain);
        entry.answers++;
      }
      byDomain.set(domain, entry);
    }
  }
  return [...byDomain]
    .map(([domain, e]) => ({ domain, answers: e.answers, urls: e.urls.size }))
    .sort((a, b) => b.answers - a.answers || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0))
    .slice(0, LEADERBOARD);
}
