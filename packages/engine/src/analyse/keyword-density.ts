// Keyword stuffing (E4): the most frequent content word's share of all words. Content words are
// words of two or more characters that are not function words (STOPWORDS) and do not start
// with a digit (numbers are not keywords).

import { STOPWORDS } from './stopwords.js';

export interface TopWord {
  word: string;
  count: number;
  /** count ÷ all words, 0..1. */
  share: number;
}

export function mostFrequentContentWord(lowerWords: readonly string[]): TopWord | null {
  const counts = new Map<string, number>();
  let best: string | null = null;
  let bestCount = 0;
  for (const w of lowerWords) {
    // Numbers are not keywords: skip words that start with a digit.
    if (w.length < 2 || STOPWORDS.has(w) || (w.charCodeAt(0) >= 48 && w.charCodeAt(0) <= 57)) continue;
    const c = (counts.get(w) ?? 0) + 1;
    counts.set(w, c);
    // Ties go to the word that reached the count first: deterministic.
    if (c > bestCount) {
      best = w;
      bestCount = c;
    }
  }
  if (best === null) return null;
  return { word: best, count: bestCount, share: bestCount / lowerWords.length };
}
