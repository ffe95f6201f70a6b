// Keyword stuffing (E4): the most frequent content word's share of all words. Content words are
// words of two or more characters that are not function words (STOPWORDS) and do not start
// with a digit (numbers are not keywords).
// A word that opens a block or a bulleted item (a list item, a table cell, a changelog line:
// "+ Added …"; TextProfile.blockOpeners) is not counted there: repeating a label at the start of
// each item is structure, not stuffing.

import { STOPWORDS } from './stopwords.js';
import type { TextProfile } from './words.js';

export interface TopWord {
  word: string;
  count: number;
  /** count ÷ all words, 0..1. */
  share: number;
}

/** The most frequent content word of the profiled text; counted by vocabulary id. */
export function mostFrequentContentWord(profile: Pick<TextProfile, 'vocabulary' | 'wordIds' | 'blockOpeners'>): TopWord | null {
  const { vocabulary, wordIds } = profile;
  const counts = new Int32Array(vocabulary.length);
  for (let i = 0; i < wordIds.length; i++) counts[wordIds[i]!]!++;
  let best: string | null = null;
  let bestCount = 0;
  // Ties go to the word met first (vocabulary order): deterministic.
  for (let id = 0; id < vocabulary.length; id++) {
    const w = vocabulary[id]!;
    // Numbers are not keywords: skip words that start with a digit.
    if (w.length < 2 || (w.charCodeAt(0) >= 48 && w.charCodeAt(0) <= 57) || STOPWORDS.has(w)) continue;
    const count = counts[id]! - (profile.blockOpeners.get(w) ?? 0);
    if (count > bestCount) {
      best = w;
      bestCount = count;
    }
  }
  if (best === null) return null;
  return { word: best, count: bestCount, share: bestCount / wordIds.length };
}
