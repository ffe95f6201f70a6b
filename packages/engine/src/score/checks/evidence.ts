// E: does the page give answer engines evidence worth quoting? (GEO paper's strongest levers)

import type { CheckResult } from '../../types.js';
import type { PageFacts } from '../../analyse/facts.js';
import { CHECKS } from '../rubric.js';
import { fail, notApplicable, partial, pass } from '../result.js';

/**
 * E1 (10): at least one attributed quotation in the main content: a <blockquote>/<q> attributed
 * by its markup or lead-in (analyse/collectors/quotations.ts), or a quotation in prose of
 * 6 words or more with its source named next to it (analyse/quotations/). pass 10 with ≥1
 * attributed, else fail 0.
 */
export function checkQuotation(f: Pick<PageFacts, 'quotations'>): CheckResult {
  const def = CHECKS.E1;
  const { total, attributed } = f.quotations;
  if (attributed > 0) return pass(def, `${attributed} attributed quotation${attributed === 1 ? '' : 's'} in the main content.`);
  const evidence =
    total > 0 ? `${total} quotation${total === 1 ? '' : 's'} but none attributed to a named source.` : 'No quotation of 6 words or more in the main content.';
  return fail(
    def,
    evidence,
    'Quote a named expert or source and say who it is, in prose ("…," said Jane Doe, a researcher at …) or in a <blockquote> with attribution (a lead-in naming the source, a <cite>, a <figcaption>, or a "— Name" line).',
  );
}

/**
 * E2 (10): statistics density. rate = statistics × 500 ÷ max(words, 500), so pages under 500
 * words are judged as if they had 500 (a short page needs 3 statistics for full credit).
 * pass 10 when rate ≥ 3; partial 5 when rate ≥ 1; fail 0 otherwise.
 */
export function checkStatistics(f: Pick<PageFacts, 'statistics' | 'wordCount'>): CheckResult {
  const def = CHECKS.E2;
  const rate = (f.statistics * 500) / Math.max(f.wordCount, 500);
  const evidence = `${f.statistics} statistic${f.statistics === 1 ? '' : 's'} in ${f.wordCount} words (${rate.toFixed(1)} per 500 words).`;
  const fix = 'Add sourced numbers (percentages, amounts with units, counts, in digits or words) — at least 3 per 500 words.';
  if (rate >= 3) return pass(def, evidence);
  if (rate >= 1) return partial(def, 5, evidence, fix);
  return fail(def, evidence, fix);
}

/**
 * E3 (10): distinct external source links in the main content: other sites' pages, not share,
 * profile, tag, affiliate, photo-credit or where-to-watch links (analyse/evidence/citations.ts).
 * pass 10 with ≥2; partial 5 with 1; fail 0 with none.
 */
export function checkCitations(f: Pick<PageFacts, 'citations'>): CheckResult {
  const def = CHECKS.E3;
  const evidence = `${f.citations} external source${f.citations === 1 ? '' : 's'} cited in the main content.`;
  const fix = 'Link to the original sources (studies, official data, primary documents) you rely on: at least two.';
  if (f.citations >= 2) return pass(def, evidence);
  if (f.citations === 1) return partial(def, 5, evidence, fix);
  return fail(def, evidence, fix);
}

/**
 * E4 (5): the most frequent content word is at most 5% of the main content's words (one word in
 * twenty), not counting its uses as the first word of a block (paragraph, heading, list item,
 * table cell) or of a bulleted item: labels repeated at the start of items. Natural writing stays
 * under that even on its own topic (real articles peak near 4%: an encyclopedia entry naming its
 * subject), while stuffed copy repeats its keyword far more often.
 * na under 150 words (too little text for a frequency to mean anything); pass 5; fail 0.
 */
const MAX_KEYWORD_SHARE = 0.05;

export function checkKeywordStuffing(f: Pick<PageFacts, 'topContentWord' | 'wordCount'>): CheckResult {
  const def = CHECKS.E4;
  if (f.wordCount < 150) return notApplicable(def, `Only ${f.wordCount} words: too short to judge word frequency.`);
  const top = f.topContentWord;
  if (!top) return pass(def, 'No content word repeats.');
  const pct = (top.share * 100).toFixed(1);
  const evidence = `Most frequent content word: "${top.word}", ${top.count} times (${pct}% of ${f.wordCount} words).`;
  if (top.share <= MAX_KEYWORD_SHARE) return pass(def, evidence);
  return fail(def, evidence, `Use "${top.word}" less often (5% of the words at most); write naturally and use synonyms.`);
}
