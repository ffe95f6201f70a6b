// Syllables of English words, estimated for Flesch reading ease (readability.ts): vowel groups
// (a e i o u y; "y" not at the start) of the lower-cased word, not counting a silent final "e"
// after a consonant (but "-le" counts, as in "table"), nor the "e" of a final "-ed" (except after
// t/d: "wanted") or "-es" (except after s, x, z, c, g, h: "boxes"); at least one per word; words
// of three letters or fewer have one.

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
  const lower = word.toLowerCase();
  return syllablesIn(lower, 0, lower.length);
}

/**
 * Syllables of the lower-cased word at [start, end) of `w`: the text profile counts them in its
 * scan of the whole lower-cased text, without cutting the word out first.
 */
export function syllablesIn(w: string, start: number, end: number): number {
  // Only letters a-z take part; digits and other scripts count as one syllable.
  let letters = 0;
  for (let i = start; i < end; i++) if (isLetter(w.charCodeAt(i))) letters++;
  if (letters <= 3) return 1;
  let stop = end; // before a silent ending
  const last = w.charCodeAt(end - 1);
  const prev = w.charCodeAt(end - 2);
  if (last === 101 /* e */ && prev !== 108 /* l */ && isLetter(prev) && !isVowel(prev)) stop -= 1;
  else if ((last === 115 /* s */ || last === 100) /* d */ && prev === 101 /* e */) {
    const before = w.charCodeAt(end - 3);
    const voiced = last === 100 ? SOUNDED_BEFORE_ED.has(before) : SOUNDED_BEFORE_ES.has(before);
    if (isLetter(before) && !isVowel(before) && before !== 108 && !voiced) stop -= 2;
  }
  let groups = 0;
  let inGroup = false;
  for (let i = start; i < stop; i++) {
    const c = w.charCodeAt(i);
    const vowel = isVowel(c) && !(i === start && c === 121); // initial "y" is a consonant ("yes")
    if (vowel && !inGroup) groups++;
    inGroup = vowel;
  }
  return Math.max(1, groups);
}
