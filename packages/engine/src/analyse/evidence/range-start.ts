// Where the statistic of a range or a ratio is counted. The rules read a range's quantity from its
// second number, which carries the unit ("5–7 days", "40 to 80 percent", "od 15 do 40 procent"),
// and a ratio's from the number before its noun ("11 of the 12 cities"), but a reader counts the
// occurrence once, where it starts: on the first number (datasets/evidence/GUIDE.md, "Ranges and
// pairs"). The count is the same either way; the candidate that carries it is what a learned
// reading is trained on, and a verdict on the wrong number of the pair teaches it twice wrong.

import { isDigit } from './number-characters.js';

/** Words joining a range's or a ratio's two numbers, in the languages read ("30 o 40 días", "12 alebo 24 hodín": a range too). */
const JOINERS = new Set('to bis à a au hasta do até al y e und et and of von de z or o ou oder ó alebo nebo'.split(' '));
/** "the" between "of" and the second number ("11 of the 12"). */
const ARTICLES = new Set('the der die das los las les'.split(' '));

/** -, –, —, −, ~, 〜, ～ */
function isDash(c: number): boolean {
  return c === 45 || c === 0x2013 || c === 0x2014 || c === 0x2212 || c === 126 || c === 0x301c || c === 0xff5e;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 0xa0 || c === 0x202f;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c >= 0xc0;
}

/**
 * Where the first number of the range or ratio that ends with the number at `at` starts, or `at`
 * when there is none: "5" of "5–7 days", "40" of "40 to 80 percent", "11" of "11 of the 12
 * cities". A first number that ends at or before `countedUntil` is counted already ("5 kg to 10
 * kg"), and stays apart. Bounded: a few characters before `at`.
 */
export function rangeStart(text: string, at: number, countedUntil: number): number {
  let i = at;
  while (i > 0 && at - i < 2 && isSpace(text.charCodeAt(i - 1))) i--;
  if (i > 0 && isDash(text.charCodeAt(i - 1))) i--;
  else {
    i = wordsBefore(text, i);
    if (i < 0) return at;
  }
  while (i > 0 && isSpace(text.charCodeAt(i - 1)) && at - i < 16) i--;
  if (i === 0 || !isDigit(text.charCodeAt(i - 1))) return at;
  let start = i - 1;
  while (start > 0 && at - start < 24 && (isDigit(text.charCodeAt(start - 1)) || isSeparatorInNumber(text, start - 1))) start--;
  // A number joined to letters ("PM2.5 to 10") or already counted is no range's first.
  if (start > 0 && (isLetter(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 36 || isDigit(text.charCodeAt(start - 1)))) return at;
  return start < countedUntil ? at : start;
}

/** A separator inside a number as candidates.ts reads one: "1,381", "2.5", "1 700" (a space only before three digits). */
function isSeparatorInNumber(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  if (k === 0 || !isDigit(text.charCodeAt(k - 1)) || !isDigit(text.charCodeAt(k + 1))) return false;
  if (c === 44 || c === 46 || c === 0xa0 || c === 0x202f) return true;
  return c === 32 && isDigit(text.charCodeAt(k + 2)) && isDigit(text.charCodeAt(k + 3)) && !isDigit(text.charCodeAt(k + 4));
}

/** Before `i`: a joining word, with "the" after "of" ("of the"); where the words start, or -1. */
function wordsBefore(text: string, i: number): number {
  const last = wordEndingAt(text, i);
  if (last === null) return -1;
  if (JOINERS.has(last.word)) return last.start;
  if (!ARTICLES.has(last.word)) return -1;
  const before = wordEndingAt(text, skipSpaces(text, last.start));
  return before !== null && (before.word === 'of' || before.word === 'von' || before.word === 'de') ? before.start : -1;
}

function skipSpaces(text: string, i: number): number {
  let k = i;
  while (k > 0 && i - k < 2 && isSpace(text.charCodeAt(k - 1))) k--;
  return k;
}

/** The lower-case word of at most 5 letters ending at `i` (spaces before `i` skipped already). */
function wordEndingAt(text: string, i: number): { word: string; start: number } | null {
  let k = i;
  while (k > 0 && i - k <= 5 && isLetter(text.charCodeAt(k - 1))) k--;
  if (k === i || i - k > 5) return null;
  return { word: text.slice(k, i).toLowerCase(), start: k };
}
