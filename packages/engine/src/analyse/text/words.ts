// Words and sentences of page text, in one hand-written scan (a regex with Unicode classes was
// 5× slower on long pages, and the analyser has a 5 ms budget).
// A word is a run of letters, marks and digits, optionally joined by an apostrophe, hyphen or
// decimal point ("don't", "GEO-ready", "3.5"). Chinese and Japanese are written without spaces,
// so each Han, Hiragana or Katakana character counts as one word (rough but stable).
// Sentences end after `.`, `!`, `?`, `…` followed by a space or the end, after `。！？`, and at
// block boundaries (`\n`: a list item or table cell is a unit of its own). Abbreviations such as
// "e.g." end a sentence too: an accepted, stable error. Heading text (between HEADING_START and
// HEADING_END) counts as words but not as sentences: headings are labels.

import { CODE_END, CODE_START, HEADING_END, HEADING_START } from '../raw-document.js';
import { syllables, syllablesIn } from './syllables.js';
import { codeUnits } from './code-units.js';
import { WordTable } from './word-table.js';

const NOT_WORD = 0;
const WORD = 1;
const CJK = 2;
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const UNKNOWN = 3;
/**
 * Each UTF-16 unit's class, looked up (the scan's hottest line): ASCII and the surrogates (astral
 * letters are rare in prose: both halves count as word characters) are set here, the rest when
 * first met.
 */
const KINDS = new Uint8Array(65536).fill(UNKNOWN);
for (let c = 0; c < 128; c++) KINDS[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? WORD : NOT_WORD;
KINDS.fill(WORD, 0xd800, 0xe000);

function classify(code: number): number {
  const kind = KINDS[code]!;
  return kind !== UNKNOWN ? kind : learn(code);
}

function learn(code: number): number {
  const ch = String.fromCharCode(code);
  const kind = CJK_CHAR.test(ch) ? CJK : WORD_CHAR.test(ch) ? WORD : NOT_WORD;
  KINDS[code] = kind;
  return kind;
}

const APOSTROPHE = 39;
const RIGHT_QUOTE = 0x2019;
const PERIOD = 46;
const HYPHEN = 45;
const H_START = HEADING_START.charCodeAt(0);
const H_END = HEADING_END.charCodeAt(0);
const C_START = CODE_START.charCodeAt(0);
const C_END = CODE_END.charCodeAt(0);

function isJoiner(c: number): boolean {
  return c === APOSTROPHE || c === RIGHT_QUOTE || c === PERIOD || c === HYPHEN;
}

function isSentenceEnd(c: number): boolean {
  return c === PERIOD || c === 33 /* ! */ || c === 63 /* ? */ || c === 0x2026; /* … */
}

function isCjkSentenceEnd(c: number): boolean {
  return c === 0x3002 || c === 0xff01 || c === 0xff1f;
}

/** + * • ▪ ◦ · */
function isBullet(c: number): boolean {
  return c === 43 || c === 42 || c === 0x2022 || c === 0x25aa || c === 0x25e6 || c === 0xb7;
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 0xa0 || c === H_END || c === H_START || c === C_START || c === C_END;
}

export interface TextProfile {
  /** Each distinct word once, lower-cased, in order of first use. */
  vocabulary: string[];
  /**
   * Every word, headings included, as its index in `vocabulary` (wordsOf spells them out): passes
   * that judge words judge each distinct one once.
   */
  wordIds: number[];
  /** Words outside headings (the sentences' words). */
  proseWordCount: number;
  /** Their English syllables (syllables.ts), for Flesch reading ease. */
  proseSyllables: number;
  /** Number of words of each sentence (headings left out). */
  sentenceLengths: number[];
  /**
   * The first word of each block or bulleted item ("+ Added …", "• Fixed …"), when it starts with
   * a letter, with its count: labels repeated at the start of items are structure, not prose.
   */
  blockOpeners: Map<string, number>;
}

export function profileText(text: string): TextProfile {
  // Lower-casing once is much cheaper than once per word. Lower-casing keeps every character's
  // class here (a letter stays a letter, punctuation and spaces do not change: the tests check
  // every character), so the scan reads the lower-cased text itself. When lower-casing changes
  // the length (a few characters such as "İ" expand), positions would misalign: then the scan
  // reads the text as written and lower-cases word by word.
  const lowered = text.toLowerCase();
  const aligned = lowered.length === text.length;
  const source = aligned ? lowered : text;
  const units = codeUnits(source);
  const table = new WordTable();
  const vocabulary = table.words;
  const wordIds: number[] = [];
  /** Syllables of each vocabulary word, counted when it is first met in prose (-1: not yet). */
  const syllablesOf: number[] = [];
  const sentenceLengths: number[] = [];
  const blockOpeners = new Map<string, number>();
  // The scan's state lives in locals, not in closures: V8 keeps a closure's variables in memory
  // and reloads and rechecks them at every use, which made the scan several times slower.
  let inHeading = false;
  let sentence = 0;
  let proseWordCount = 0;
  let proseSyllables = 0;
  /** The next word opens a block: at the start, after `\n`, a heading marker or a bullet. */
  let opening = true;
  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = units[i]!;
    // The commonest character between words changes nothing below.
    if (c === 32) {
      i++;
      continue;
    }
    const kind = classify(c);
    const start = i;
    // The word's hash (WordTable.idIn), while its characters are read anyway.
    let hash = c;
    if (kind === WORD) {
      i++;
      while (i < n) {
        const d = units[i]!;
        if (classify(d) === WORD) {
          hash = (Math.imul(hash, 31) + d) | 0;
          i++;
          continue;
        }
        if (isJoiner(d) && i + 1 < n) {
          const e = units[i + 1]!;
          if (classify(e) === WORD) {
            hash = (Math.imul((Math.imul(hash, 31) + d) | 0, 31) + e) | 0;
            i += 2;
            continue;
          }
        }
        break;
      }
    } else if (kind === CJK) i++;
    else {
      if (c === 10) {
        sentence = endSentence(sentenceLengths, sentence);
        opening = true;
      } else if (c === H_START) {
        sentence = endSentence(sentenceLengths, sentence);
        inHeading = true;
        opening = true;
      } else if (c === H_END) {
        sentence = endSentence(sentenceLengths, sentence);
        inHeading = false;
      } else if (isCjkSentenceEnd(c)) {
        sentence = endSentence(sentenceLengths, sentence);
        opening = false;
      } else if (isSentenceEnd(c)) {
        opening = false;
        // Runs such as "?!" or "..." end one sentence, when followed by a space or the end.
        let j = i + 1;
        while (j < n && isSentenceEnd(units[j]!)) j++;
        if (j >= n || isSpace(units[j]!)) sentence = endSentence(sentenceLengths, sentence);
        i = j;
        continue;
      } else if (isBullet(c)) {
        // A bullet stands alone: a space (or the start) before it, a space after it.
        opening = (i === 0 || isSpace(units[i - 1]!)) && i + 1 < n && isSpace(units[i + 1]!);
      } else if (!isSpace(c)) opening = false;
      i++;
      continue;
    }
    // A word (or a CJK character): source[start, i).
    let id: number;
    if (aligned) id = table.idIn(units, source, start, i, hash);
    else {
      const lowerWord = text.slice(start, i).toLowerCase();
      id = table.idOf(lowerWord, 0, lowerWord.length);
    }
    if (id === syllablesOf.length) syllablesOf.push(-1); // a new word
    const lower = vocabulary[id]!;
    wordIds.push(id);
    if (opening) {
      opening = false;
      if (!isDigitCode(c)) blockOpeners.set(lower, (blockOpeners.get(lower) ?? 0) + 1);
    }
    if (!inHeading) {
      proseWordCount++;
      if (syllablesOf[id]! < 0) syllablesOf[id] = aligned ? syllablesIn(units, start, i) : syllables(lower);
      proseSyllables += syllablesOf[id]!;
      sentence++;
    }
  }
  endSentence(sentenceLengths, sentence);
  return { vocabulary, wordIds, proseWordCount, proseSyllables, sentenceLengths, blockOpeners };
}

/** Ends the sentence of `length` words, if any, and returns the next one's length (0). */
function endSentence(lengths: number[], length: number): number {
  if (length > 0) lengths.push(length);
  return 0;
}

/** The profiled text's words in order, lower-cased. */
export function wordsOf(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>): string[] {
  return profile.wordIds.map((id) => profile.vocabulary[id]!);
}

/** Number of words in `text`. */
export function countWords(text: string): number {
  return profileText(text).wordIds.length;
}

/** True when `text` holds at least one word character (cheaper than counting). */
export function hasWords(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (classify(text.charCodeAt(i)) !== NOT_WORD) return true;
  return false;
}
