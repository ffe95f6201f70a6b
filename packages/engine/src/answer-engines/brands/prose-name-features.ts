// What the learned reading of prose names (prose-name-model.ts) weighs of a name the rules took in
// a sentence: the rules' cue, the name's shape, what the lexicons know of its words, the words
// beside it, where it stands and how often the answer names it. Each feature is a name; a feature
// present counts. The work is constant per name but for the answer's word counts, made once.
import { fold } from './fold.js';
import { BRAND_SHAPE, legalFormOf, type BrandCandidate } from './name-shape.js';
import { BUSINESS_NOUNS } from './words.js';
import { isCommonWord, isGivenName, isKnownBrand, isPlaceName, isTownName, type Language } from './lexicon.js';
import { opensSentence } from './written-as-name.js';
import { isGermanNoun } from './german.js';
import type { Features } from '../../analyse/evidence/features.js';

/** The answer a name is read in: its text (link destinations blanked), its language, and whether its prompt names a place. */
export interface ProseNameAnswer {
  text: string;
  language: Language | null;
  local: boolean;
  /** How many times each word stands in the answer, folded: made the first time a name asks. */
  wordCounts?: Map<string, number>;
  /** The answer's lines, where each starts and what it is: made the first time a name asks. */
  lines?: { starts: number[]; kinds: LineKind[] };
}

interface LineKind {
  listItem: boolean;
  table: boolean;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’.&-]*/gu;
/** The words counted through the answer: letters and digits alone, so that `Reserve's` counts for `Reserve`. */
const PLAIN_WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/** A line that opens a list item (`- `, `* `, `1. `). */
const LIST_ITEM_LINE = /^\s*(?:[-*+]|\d{1,3}[.)])\s/u;
/** How far before and after a name the words beside it are looked for. */
const REACH = 60;

export function proseNameFeatures(c: BrandCandidate, answer: ProseNameAnswer): Features {
  const { text, language, local } = answer;
  const f = new Set<string>();
  const words = c.name.split(/\s+/u);
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const common = (w: string) => language !== null && isCommonWord(w, language);
  if (local) f.add('local');
  f.add(`words-${Math.min(words.length, 3)}`);
  if (/^[\p{Lu}\p{N}&.-]+$/u.test(c.name)) f.add(c.name.replace(/[^\p{L}]/gu, '').length <= 3 ? 'acronym-short' : 'acronym');
  if (BRAND_SHAPE.test(c.name)) f.add('brand-shape');
  if (/\p{N}/u.test(c.name)) f.add('digit');
  if (c.name.includes('-')) f.add('hyphen');
  if (/['’]/u.test(c.name)) f.add('apostrophe');
  if (common(first)) f.add('first-common');
  if (words.every(common)) f.add('all-common');
  if (isCommonWord(last, 'en')) f.add('last-common-en');
  if (isGivenName(first, language)) f.add('first-given-name');
  if (isPlaceName(c.name)) f.add('place');
  else if (isTownName(c.name)) f.add('town');
  if (words.length > 1 && isPlaceName(last)) f.add('last-place');
  if (words.length > 1 && isPlaceName(first)) f.add('first-place');
  if (isKnownBrand(first)) f.add('first-known-brand');
  if (language === 'de' && isGermanNoun(last)) f.add('german-noun');
  if (legalFormOf(words.map((text) => ({ text }))) !== null) f.add('legal-form');
  if (BUSINESS_NOUNS.has(fold(first)) || BUSINESS_NOUNS.has(fold(last))) f.add('business-noun');
  if (opensSentence(text, c.start)) f.add('sentence-start');
  const times = timesNamed(c.name, answer);
  f.add(times >= 3 ? 'times-3' : times === 2 ? 'times-2' : 'times-1');

  const end = c.start + c.name.length;
  const before = text.slice(Math.max(0, c.start - REACH), c.start);
  const after = text.slice(end, end + REACH);
  const possessive = /^['’]s\b/u.exec(after);
  if (/\(\s*$/u.test(before)) f.add('in-brackets');
  if (/^\s*\(/u.test(after)) f.add('brackets-after');
  if (possessive !== null) f.add('possessive');
  if (/,\s*$/u.test(before) || /^\s*,/u.test(after)) f.add('comma-beside');
  const line = lineOf(c.start, answer);
  if (line.listItem) f.add('in-list-item');
  if (line.table) f.add('in-table');

  // The cue weighs differently with each of the name's own features (an enumeration of places is no enumeration of brands).
  const cue = `cue-${c.cue ?? 'none'}`;
  for (const feature of [...f]) f.add(`${cue}&${feature}`);
  f.add(cue);
  f.add(`lang-${language ?? 'other'}`);
  f.add(`${cue}&lang-${language ?? 'other'}`);

  // The words beside the name, within its sentence.
  const previous = wordsIn(before);
  const p1 = previous[previous.length - 1];
  if (p1 !== undefined && !/[.!?:;\n]/u.test(before.slice(p1.end))) {
    f.add(`prev-${p1.word}`);
    const p2 = previous[previous.length - 2];
    if (p2 !== undefined) f.add(`prev2-${p2.word} ${p1.word}`);
  }
  const following = after.slice(possessive?.[0].length ?? 0);
  const n1 = wordsIn(following)[0];
  if (n1 !== undefined && !/[.!?:;\n]/u.test(following.slice(0, n1.start))) f.add(`next-${n1.word}`);
  return f;
}

function wordsIn(text: string): Array<{ word: string; start: number; end: number }> {
  return [...text.matchAll(WORD)].map((m) => ({ word: fold(m[0]), start: m.index, end: m.index + m[0].length }));
}

/**
 * What the line holding `offset` is: a list item, a table row. The lines are read once per answer,
 * so that a long answer of many names on one line costs no more than one of many lines.
 */
function lineOf(offset: number, answer: ProseNameAnswer): LineKind {
  if (answer.lines === undefined) {
    const starts: number[] = [];
    const kinds: LineKind[] = [];
    let start = 0;
    for (const line of answer.text.split('\n')) {
      starts.push(start);
      kinds.push({ listItem: LIST_ITEM_LINE.test(line), table: line.includes('|') });
      start += line.length + 1;
    }
    answer.lines = { starts, kinds };
  }
  const { starts, kinds } = answer.lines;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return kinds[lo]!;
}

/** How often the answer names a name, at most: the count of its rarest word. */
function timesNamed(name: string, answer: ProseNameAnswer): number {
  if (answer.wordCounts === undefined) {
    const counts = new Map<string, number>();
    for (const m of answer.text.matchAll(PLAIN_WORD)) {
      const word = fold(m[0]);
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    answer.wordCounts = counts;
  }
  let least = Infinity;
  for (const m of name.matchAll(PLAIN_WORD)) least = Math.min(least, answer.wordCounts.get(fold(m[0])) ?? 0);
  return least === Infinity ? 0 : least;
}
