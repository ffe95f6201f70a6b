// Readability: mean sentence length for every language, and Flesch reading ease for English
// (206.835 − 1.015 × words/sentence − 84.6 × syllables/word; Flesch 1948). Syllables are
// estimated as syllables.ts says, and counted while the text is profiled (words.ts).

import type { TextProfile } from './words.js';

export interface Readability {
  fleschReadingEase: number | null;
  meanSentenceLength: number | null;
  sentenceCount: number;
}

export function measureReadability(profile: Pick<TextProfile, 'proseWordCount' | 'proseSyllables' | 'sentenceLengths'>, english: boolean): Readability {
  const sentenceCount = profile.sentenceLengths.length;
  const wordTotal = profile.proseWordCount;
  if (sentenceCount === 0 || wordTotal === 0) return { fleschReadingEase: null, meanSentenceLength: null, sentenceCount };
  const meanSentenceLength = wordTotal / sentenceCount;
  let flesch: number | null = null;
  if (english) flesch = 206.835 - 1.015 * meanSentenceLength - 84.6 * (profile.proseSyllables / wordTotal);
  return {
    fleschReadingEase: flesch === null ? null : round1(flesch),
    meanSentenceLength: round1(meanSentenceLength),
    sentenceCount,
  };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
