// Keyword stuffing (E4): the most frequent content word's share of all words. Content words are
// words of two or more characters that are not function words (STOPWORDS) and do not start
// with a digit (numbers are not keywords).
// A word that opens a block or a bulleted item (a list item, a table cell, a changelog line:
// "+ Added …") is not counted there: repeating a label at the start of each item is structure,
// not stuffing.

import { STOPWORDS } from './stopwords.js';

export interface TopWord {
  word: string;
  count: number;
  /** count ÷ all words, 0..1. */
  share: number;
}

/** The word after a block boundary (`\n`, headings' start marker included) or a bullet (+ * •). */
const BLOCK_OPENER = /(?:^[\s\u0002]*|\n[\s\u0002]*|(?:^|\s)[+*•▪◦·]\s+)([\p{L}][\p{L}\p{M}\p{N}'’-]*)/gu;

/** First word of each block or bulleted item of `text`, lower-cased, with its count. */

export function blockOpeners(text: string): Map<string, number> {
  const openers = new Map<string, number>();
  BLOCK_OPENER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = BLOCK_OPENER.exec(text)) !== null) {
    const w = m[1]!.toLowerCase();
    openers.set(w, (openers.get(w) ?? 0) + 1);
  }
  return openers;
}

export function mostFrequentContentWord(lowerWords: readonly string[], openers: ReadonlyMap<string, number> = new Map()): TopWord | null {
  const counts = new Map<string, number>();
  for (const w of lowerWords) {
    // Numbers are not keywords: skip words that start with a digit.
    if (w.length < 2 || STOPWORDS.has(w) || (w.charCodeAt(0) >= 48 && w.charCodeAt(0) <= 57)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  // Ties go to the word met first: deterministic.
  for (const [w, c] of counts) {
    const count = c - (openers.get(w) ?? 0);
    if (count > bestCount) {
      best = w;
      bestCount = count;
    }
  }
  if (best === null) return null;
  return { word: best, count: bestCount, share: bestCount / lowerWords.length };
}
