// Syllables of English words, estimated for Flesch reading ease (readability.ts): vowel groups
// (a e i o u y; "y" not at the start) of the lower-cased word, not counting a silent final "e"
// after a consonant (but "-le" counts, as in "table"), nor the "e" of a final "-ed" (except after
// t/d: "wanted") or "-es" (except after s, x, z, c, g, h: "boxes"); at least one per word; words
// of three letters or fewer have one.

// Each unit's part in the rule, as bits of one table lookup: the rule runs once for every distinct
// word of a page, and its branches and Set lookups were a fifth of the text profile of real pages.
const LETTER = 1;
const VOWEL = 2;
/** Consonants after which "-ed" / "-es" is a syllable of its own. */
const SOUNDED_BEFORE_ED = 4; // t d
const SOUNDED_BEFORE_ES = 8; // s x z c g h
const CLASSES = new Uint8Array(128);
for (let c = 97; c <= 122; c++) CLASSES[c] = LETTER;
for (const c of 'aeiouy') CLASSES[c.charCodeAt(0)]! |= VOWEL;
for (const c of 'td') CLASSES[c.charCodeAt(0)]! |= SOUNDED_BEFORE_ED;
for (const c of 'sxzcgh') CLASSES[c.charCodeAt(0)]! |= SOUNDED_BEFORE_ES;

function classOf(c: number): number {
  return c < 128 ? CLASSES[c]! : 0;
}

/** A letter that is not a vowel. */
function isConsonant(cls: number): boolean {
  return (cls & (LETTER | VOWEL)) === LETTER;
}

/** Estimated syllables of an English word (see the rule above). */
export function syllables(word: string): number {
  const lower = word.toLowerCase();
  // An array of its own, not codeUnits' shared one: the text profile calls this for a word while
  // its scan reads that shared array.
  const units = new Uint16Array(lower.length);
  for (let i = 0; i < lower.length; i++) units[i] = lower.charCodeAt(i);
  return syllablesIn(units, 0, units.length);
}

/**
 * Syllables of the lower-cased word at [start, end) of `w`, the code units of a text
 * (text/code-units.ts): the text profile counts them in its scan of the whole lower-cased text,
 * without cutting the word out first (charCodeAt on a word cut from the text cost several times
 * as much, a quarter of the profile of a real page).
 */
export function syllablesIn(w: Uint16Array, start: number, end: number): number {
  // Only letters a-z take part; digits and other scripts count as one syllable.
  let letters = 0;
  for (let i = start; i < end; i++) letters += classOf(w[i]!) & LETTER;
  if (letters <= 3) return 1;
  let stop = end; // before a silent ending
  const last = w[end - 1]!;
  const prev = w[end - 2]!;
  if (last === 101 /* e */ && prev !== 108 /* l */ && isConsonant(classOf(prev))) stop -= 1;
  else if ((last === 115 /* s */ || last === 100) /* d */ && prev === 101 /* e */) {
    // At least 4 letters, so the unit before "-ed" / "-es" is the word's own.
    const before = classOf(w[end - 3]!);
    const voiced = (before & (last === 100 ? SOUNDED_BEFORE_ED : SOUNDED_BEFORE_ES)) !== 0;
    if (isConsonant(before) && w[end - 3] !== 108 && !voiced) stop -= 2;
  }
  // Vowel groups, counted with arithmetic rather than a branch a letter; an initial "y" is a
  // consonant ("yes").
  let groups = 0;
  let inGroup = 0;
  for (let i = start; i < stop; i++) {
    const c = w[i]!;
    const vowel = ((classOf(c) & VOWEL) >>> 1) & (i === start && c === 121 ? 0 : 1);
    groups += vowel & (inGroup ^ 1);
    inGroup = vowel;
  }
  return Math.max(1, groups);
}
