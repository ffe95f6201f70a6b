// Readability: mean sentence length for every language, and Flesch reading ease for English
// (206.835 − 1.015 × words/sentence − 84.6 × syllables/word; Flesch 1948). Syllables are
// estimated: vowel groups (a e i o u y; "y" not at the start) of the lower-cased word, not
// counting a silent final "e" after a consonant (but "-le" counts, as in "table"), nor the "e" of
// a final "-ed" (except after t/d: "wanted") or "-es" (except after s, x, z, c, g, h: "boxes");
// at least one per word; words of three letters or fewer have one.

import type { TextProfile } from './words.js';

export interface Readability {
  fleschReadingEase: number | null;
  meanSentenceLength: number | null;
  sentenceCount: number;
}

export function measureReadability(profile: Pick<TextProfile, 'proseWords' | 'sentenceLengths'>, english: boolean): Readability {
  const sentenceCount = profile.sentenceLengths.length;
  const wordTotal = profile.proseWords.length;
  if (sentenceCount === 0 || wordTotal === 0) return { fleschReadingEase: null, meanSentenceLength: null, sentenceCount };
  const meanSentenceLength = wordTotal / sentenceCount;
  let flesch: number | null = null;
  if (english) {
    let syllableTotal = 0;
    for (const w of profile.proseWords) syllableTotal += syllablesOfLowerCase(w);
    flesch = 206.835 - 1.015 * meanSentenceLength - 84.6 * (syllableTotal / wordTotal);
  }
  return {
    fleschReadingEase: flesch === null ? null : round1(flesch),
    meanSentenceLength: round1(meanSentenceLength),
    sentenceCount,
  };
}

/** Consonants after which "-ed" / "-es" is a syllable of its own. */
const SOUNDED_BEFORE_ED = new Set([116, 100]); // t d
const SOUNDED_BEFORE_ES = new Set([115, 120, 122, 99, 103, 104]); // s x z c g h

function isVowel(c: number): boolean {
  // a e i o u y
  return c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121;
}

function isLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

/** Estimated syllables of an English word (see the rule above). */
export function syllables(word: string): number {
  return syllablesOfLowerCase(word.toLowerCase());
}

/** As syllables, for a word already lower-cased (the text profile's words are). */
function syllablesOfLowerCase(w: string): number {
  // Only letters a-z take part; digits and other scripts count as one syllable.
  let end = w.length;
  let letters = 0;
  for (let i = 0; i < end; i++) if (isLetter(w.charCodeAt(i))) letters++;
  if (letters <= 3) return 1;
  const last = w.charCodeAt(end - 1);
  const prev = w.charCodeAt(end - 2);
  if (last === 101 /* e */ && prev !== 108 /* l */ && isLetter(prev) && !isVowel(prev)) end -= 1;
  else if ((last === 115 /* s */ || last === 100 /* d */) && prev === 101 /* e */) {
    const before = w.charCodeAt(end - 3);
    const voiced = last === 100 ? SOUNDED_BEFORE_ED.has(before) : SOUNDED_BEFORE_ES.has(before);
    if (isLetter(before) && !isVowel(before) && before !== 108 && !voiced) end -= 2;
  }
  let groups = 0;
  let inGroup = false;
  for (let i = 0; i < end; i++) {
    const c = w.charCodeAt(i);
    const vowel = isVowel(c) && !(i === 0 && c === 121); // initial "y" is a consonant ("yes")
    if (vowel && !inGroup) groups++;
    inGroup = vowel;
  }
  return Math.max(1, groups);
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
