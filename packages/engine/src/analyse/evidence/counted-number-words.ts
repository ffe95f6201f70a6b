// The number words the rules count, where they stand in the text: one reading for the shipped
// count (countStatistics) and for the candidates' verdicts, which the folds measure, so that what
// is measured is what ships.
import { findNumberWordPhrases, findNumberWords, type NumberWordPhrase } from './number-words.js';
import { leadsIntoListLater } from './list-lead.js';
import { asideSections } from './aside-sections.js';
import { teaserCards } from './teaser-cards.js';
import type { TextProfile } from '../text/words.js';
import { HEADING_START } from '../raw-document.js';
import { textPlaces } from './text-places.js';

const COLON = 58;
const DOT = 46;
const NEWLINE = 10;

/** The number words of `text` in `lang` (findNumberWords), with their tokens. */
export function numberWordsIn(text: string, lang: string | null): Array<{ start: number; end: number; token: string }> {
  return findNumberWords(text, lang).map(({ start, end }) => ({ start, end, token: text.slice(start, end) }));
}

/**
 * The offsets of the number words that open a phrase the rules count: the phrase's first word, at
 * the occurrence of that word it opens (the text's words and the candidates' number words are read
 * alike, so the n-th "three" of one is the n-th of the other).
 */
export function countedNumberWords(
  text: string,
  words: ReadonlyArray<{ start: number; token: string }>,
  profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>,
  lang: string | null,
): Set<number> {
  return countedStarts(text, words, findNumberWordPhrases(profile, lang));
}

/** How many number-word statistics `text` states: countedNumberWords' count, its words found only when a phrase counts. */
export function countNumberWordStatistics(text: string, profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>, lang: string | null): number {
  const phrases = findNumberWordPhrases(profile, lang);
  return phrases.length === 0 ? 0 : countedStarts(text, numberWordsIn(text, lang), phrases).size;
}

function countedStarts(text: string, words: ReadonlyArray<{ start: number; token: string }>, phrases: readonly NumberWordPhrase[]): Set<number> {
  const offsets = new Set<number>();
  if (phrases.length === 0) return offsets;
  const startsOf = new Map<string, number[]>();
  for (const { start, token } of words) {
    const key = token.toLowerCase();
    const starts = startsOf.get(key);
    if (starts === undefined) startsOf.set(key, [start]);
    else starts.push(start);
  }
  for (const { phrase, occurrence } of phrases) {
    const start = startsOf.get(phrase.split(' ', 1)[0]!)?.[occurrence];
    if (start !== undefined && !leadsIntoList(text, start, phrase) && !endsSentence(text, start, phrase)) offsets.add(start);
  }
  if (offsets.size === 0) return offsets;
  // Other products' and pages' sections and cards count nothing, in words as in digits (statistics.ts).
  const inAsideSection = asideSections(text);
  const inTeaserCards = teaserCards(text);
  // "Three Cases of Plague…", "Deux initiatives": a heading's number word is a title's (number-words.ts).
  const placeOf = text.includes(HEADING_START) ? textPlaces(text) : null;
  return new Set([...offsets].sort((a, b) => a - b).filter((start) => !inAsideSection(start) && !inTeaserCards(start) && placeOf?.(start) !== 'heading'));
}

/**
 * "Emacspeak At Twenty. The rest…", "skip the next section or two.\n": a number word that ends its
 * sentence or block counts nothing after it; the text's words, read without their punctuation, ran
 * on into the next sentence's. (A phrase of several words is read at its first word's end.)
 */
function endsSentence(text: string, start: number, phrase: string): boolean {
  const space = phrase.indexOf(' ');
  if (space < 0) return false;
  const end = start + space;
  if (text.slice(start, end).toLowerCase() !== phrase.slice(0, space)) return false;
  const c = text.charCodeAt(end);
  if (c === NEWLINE) return true;
  const next = text.charCodeAt(end + 1);
  return (c === DOT || c === 33 || c === 63) && (Number.isNaN(next) || next === 32 || next === NEWLINE || next === 0xa0);
}

/**
 * "three experiments: …", "tiene tres patas: el pedido…": a count that leads into the list of its
 * items is a count of the text's own items (GUIDE.md, `structural`). Read at the phrase itself,
 * when the text there is the phrase as written (words joined by single spaces).
 */
function leadsIntoList(text: string, start: number, phrase: string): boolean {
  const end = start + phrase.length;
  if (text.slice(start, end).toLowerCase() !== phrase) return false;
  // "to keep two versions of your dependencies:": the colon may close the sentence (list-lead.ts).
  return text.charCodeAt(end) === COLON || leadsIntoListLater(text, end);
}
