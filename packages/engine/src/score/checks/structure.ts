// R: is the page easy to read and to quote in parts?

import type { CheckResult } from '../../types.js';
import type { PageFacts } from '../../analyse/facts.js';
import { CHECKS } from '../rubric.js';
import { capitalise } from '../evidence.js';
import { fail, notApplicable, partial, pass } from '../result.js';

/**
 * R1 (6): readability of the main content's sentences (headings left out).
 * English: Flesch reading ease ≥ 50 and mean sentence length ≤ 25 words — both pass 6, one of
 * the two partial 3, neither fail 0. Other languages: mean sentence length ≤ 25 pass 6, else
 * fail 0. na with fewer than 3 sentences (nothing to measure reliably).
 * English = `lang` is en-*, or no valid lang and the text reads as English (function words).
 */
export function checkReadable(f: Pick<PageFacts, 'readability'>): CheckResult {
  const def = CHECKS.R1;
  const r = f.readability;
  if (r.sentenceCount < 3 || r.meanSentenceLength === null) {
    return notApplicable(def, `Only ${r.sentenceCount} sentence${r.sentenceCount === 1 ? '' : 's'}: too little prose to measure.`);
  }
  const shortSentences = r.meanSentenceLength <= 25;
  const lengthText = `mean sentence length ${r.meanSentenceLength} words`;
  const lengthFix = 'Shorten long sentences (25 words or fewer on average).';
  if (!r.english || r.fleschReadingEase === null) {
    if (shortSentences) return pass(def, `${capitalise(lengthText)}.`);
    return fail(def, `${capitalise(lengthText)} (over 25).`, lengthFix);
  }
  const easy = r.fleschReadingEase >= 50;
  const evidence = `Flesch reading ease ${r.fleschReadingEase}, ${lengthText}.`;
  if (easy && shortSentences) return pass(def, evidence);
  const fixes = [easy ? null : 'Use shorter, more common words (Flesch 50 or more).', shortSentences ? null : lengthFix]
    .filter((x): x is string => x !== null)
    .join(' ');
  if (easy || shortSentences) return partial(def, 3, evidence, fixes);
  return fail(def, evidence, fixes);
}

/**
 * R2 (6): three criteria, 2 points each — exactly one H1; no skipped level going down (an H2
 * may be followed by an H3, not by an H4; the first heading is never a skip, so a page starting
 * at H2 skips nothing but misses its H1); at least one H2.
 * pass 6, partial 2 or 4, fail 0.
 */
export function checkHeadings(f: Pick<PageFacts, 'headings'>): CheckResult {
  const def = CHECKS.R2;
  const h1 = f.headings.filter((h) => h.level === 1).length;
  const h2 = f.headings.filter((h) => h.level === 2).length;
  const skips: string[] = [];
  for (let i = 1; i < f.headings.length; i++) {
    const prev = f.headings[i - 1]!.level;
    const cur = f.headings[i]!.level;
    if (cur > prev + 1) skips.push(`H${prev}→H${cur}`);
  }
  const problems: string[] = [];
  const fixes: string[] = [];
  let earned = 0;
  if (h1 === 1) earned += 2;
  else {
    problems.push(h1 === 0 ? 'no H1' : `${h1} H1s`);
    fixes.push('Give the page exactly one H1.');
  }
  if (skips.length === 0) earned += 2;
  else {
    problems.push(`skipped levels (${skips.join(', ')})`);
    fixes.push('Do not skip heading levels.');
  }
  if (h2 > 0) earned += 2;
  else {
    problems.push('no H2 sections');
    fixes.push('Split the content into H2 sections.');
  }
  if (earned === def.max) return pass(def, `One H1, ${h2} H2 section${h2 === 1 ? '' : 's'}, no skipped levels.`);
  const evidence = `Heading problems: ${problems.join('; ')}.`;
  if (earned === 0) return fail(def, evidence, fixes.join(' '));
  return partial(def, earned, evidence, fixes.join(' '));
}

/** R3 (4): a list (≥2 items) or table (≥2 rows) in the main content; na on pages of ≤300 words. */
export function checkListsOrTables(f: Pick<PageFacts, 'listsAndTables' | 'wordCount'>): CheckResult {
  const def = CHECKS.R3;
  if (f.wordCount <= 300) return notApplicable(def, `${f.wordCount} words: lists or tables are expected on pages over 300 words.`);
  if (f.listsAndTables > 0)
    return pass(def, `${f.listsAndTables} list${f.listsAndTables === 1 ? '' : 's'} or table${f.listsAndTables === 1 ? '' : 's'} in the main content.`);
  return fail(def, 'No list or table in the main content.', 'Present steps, options or comparisons as lists or tables.');
}

/** R4 (4): at least 300 words of main content. pass 4, else fail 0. */
export function checkLength(f: Pick<PageFacts, 'wordCount'>): CheckResult {
  const def = CHECKS.R4;
  if (f.wordCount >= 300) return pass(def, `${f.wordCount} words of main content.`);
  return fail(def, `${f.wordCount} words of main content (300 needed).`, 'Cover the topic in at least 300 words of main content.');
}
