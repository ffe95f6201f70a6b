// Words and sentences of page text, in one hand-written scan (a regex with Unicode classes was
// 5× slower on long pages, and the analyser has a 5 ms budget).
// A word is a run of letters, marks and digits, optionally joined by an apostrophe, hyphen or
// decimal point ("don't", "GEO-ready", "3.5"). Chinese and Japanese are written without spaces,
// so each Han, Hiragana or Katakana character counts as one word (rough but stable).
// Sentences end after `.`, `!`, `?`, `…` followed by a space or the end, after `。！？`, and at
// block boundaries (`\n`: a list item or table cell is a unit of its own). Abbreviations such as
// "e.g." end a sentence too: an accepted, stable error. Heading text (between HEADING_START and
// HEADING_END) counts as words but not as sentences: headings are labels.

import { HEADING_END, HEADING_START } from './raw-document.js';

const NOT_WORD = 0;
const WORD = 1;
const CJK = 2;
/** Per-UTF-16-unit classification cache for non-ASCII characters (0 = not yet classified). */
const cache = new Uint8Array(65536);
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function classify(code: number): number {
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ? WORD : NOT_WORD;
  }
  // Surrogates: astral letters are rare in prose; treat both halves as word characters.
  if (code >= 0xd800 && code <= 0xdfff) return WORD;
  const cached = cache[code]!;
  if (cached !== 0) return cached - 1;
  const ch = String.fromCharCode(code);
  const kind = CJK_CHAR.test(ch) ? CJK : WORD_CHAR.test(ch) ? WORD : NOT_WORD;
  cache[code] = kind + 1;
  return kind;
}

const APOSTROPHE = 39;
const RIGHT_QUOTE = 0x2019;
const PERIOD = 46;
const HYPHEN = 45;
const H_START = HEADING_START.charCodeAt(0);
const H_END = HEADING_END.charCodeAt(0);

function isJoiner(c: number): boolean {
  return c === APOSTROPHE || c === RIGHT_QUOTE || c === PERIOD || c === HYPHEN;
}

function isSentenceEnd(c: number): boolean {
  return c === PERIOD || c === 33 /* ! */ || c === 63 /* ? */ || c === 0x2026 /* … */;
}

function isCjkSentenceEnd(c: number): boolean {
  return c === 0x3002 || c === 0xff01 || c === 0xff1f;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 0xa0 || c === H_END || c === H_START;
}

export interface TextProfile {
  /** Every word, lower-cased, headings included. */
  words: string[];
  /** Words outside headings, lower-cased, in sentence order. */
  proseWords: string[];
  /** Number of words of each sentence (headings left out). */
  sentenceLengths: number[];
}

export function profileText(text: string): TextProfile {
  // Lower-casing once is much cheaper than once per word; when it changes the length (a few
  // characters such as "İ" expand), slices would misalign, so fall back to per-word lower-casing.
  const lowered = text.toLowerCase();
  const aligned = lowered.length === text.length;
  const words: string[] = [];
  const proseWords: string[] = [];
  const sentenceLengths: number[] = [];
  let inHeading = false;
  let sentence = 0;
  const endSentence = (): void => {
    if (sentence > 0) sentenceLengths.push(sentence);
    sentence = 0;
  };
  const addWord = (start: number, end: number): void => {
    const lower = aligned ? lowered.slice(start, end) : text.slice(start, end).toLowerCase();
    words.push(lower);
    if (!inHeading) {
      proseWords.push(lower);
      sentence++;
    }
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const kind = classify(c);
    if (kind === WORD) {
      const start = i;
      i++;
      for (;;) {
        if (i >= n) break;
        const d = text.charCodeAt(i);
        const k = classify(d);
        if (k === WORD) {
          i++;
          continue;
        }
        if (isJoiner(d) && i + 1 < n && classify(text.charCodeAt(i + 1)) === WORD) {
          i += 2;
          continue;
        }
        break;
      }
      addWord(start, i);
      continue;
    }
    if (kind === CJK) {
      addWord(i, i + 1);
      i++;
      continue;
    }
    if (c === 10) endSentence();
    else if (c === H_START) {
      endSentence();
      inHeading = true;
    } else if (c === H_END) {
      endSentence();
      inHeading = false;
    } else if (isCjkSentenceEnd(c)) endSentence();
    else if (isSentenceEnd(c)) {
      // Runs such as "?!" or "..." end one sentence, when followed by a space or the end.
      let j = i + 1;
      while (j < n && isSentenceEnd(text.charCodeAt(j))) j++;
      if (j >= n || isSpace(text.charCodeAt(j))) endSentence();
      i = j;
      continue;
    }
    i++;
  }
  endSentence();
  return { words, proseWords, sentenceLengths };
}

/** Number of words in `text`. */
export function countWords(text: string): number {
  return profileText(text).words.length;
}

/** True when `text` holds at least one word character (cheaper than counting). */
export function hasWords(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (classify(text.charCodeAt(i)) !== NOT_WORD) return true;
  return false;
}
