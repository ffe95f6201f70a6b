// What stands either side of a number: the signs and characters joined to it or a few spaces away,
// and the words next to it (near-words.ts) with their classes (number-word-classes.ts). Each reader
// writes feature ids into `out` from `count` and returns the new count.
import { STOPWORDS } from '../text/stopwords.js';
import { F } from './number-feature-ids.js';
import { isCjk, isDigit, isDigitBefore, isLetter, isSpace } from './number-characters.js';
import { wordAfter, type Near } from './near-words.js';
import {
  AGE,
  BOUND,
  CJK_ABOUT,
  CJK_AGE,
  CJK_COUNTER,
  CJK_CURRENCY,
  CJK_DATE,
  CJK_MAGNITUDE,
  CJK_ORDINAL,
  CURRENCY,
  CURRENCY_SIGNS,
  DEFINITE,
  ENUMERATION,
  IDENTIFIER,
  MAGNITUDE,
  MEASURE,
  MONTH,
  OF,
  PERCENT,
  RANGE,
  RELATIVE,
  TIME,
  UNIT,
  wordClasses,
} from './number-word-classes.js';

/** What follows the number: a sign, a unit, a word and its class, the end of the line. */
export function featuresAfter(text: string, end: number, next: Near, out: Int32Array, count: number): number {
  count = signsAfter(text, end, next, out, count);
  if (next.word === '') return count;
  const first = next.word.charCodeAt(0);
  if (isCjk(first)) return cjkAfter(first, out, count);
  return nextWordFeatures(text, next, out, count);
}

function signsAfter(text: string, end: number, next: Near, out: Int32Array, count: number): number {
  const c0 = text.charCodeAt(end);
  let i = end;
  while (i < text.length && i - end < 3 && isSpace(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  if (Number.isNaN(c) || c === 10) out[count++] = F.nextLineEnd;
  if (!Number.isNaN(c0) && isLetter(c0)) out[count++] = F.nextJoinedLetters;
  if (c0 === 45) out[count++] = isDigit(text.charCodeAt(end + 1)) ? F.nextHyphenDigit : F.nextHyphen;
  if (c === 41 || c === 93) out[count++] = F.nextCloseBracket;
  if (c === 0xd7 || ((c === 120 || c === 88) && !isLetter(text.charCodeAt(i + 1)))) out[count++] = F.nextTimes;
  if (c === 58) out[count++] = F.nextColon;
  if (c === 44 || c === 0x3001) out[count++] = F.nextComma;
  if (c === 47) out[count++] = F.nextSlash;
  if (c === 43) out[count++] = F.nextPlus;
  if (c === 0xff05) out[count++] = F.nextFullwidthPercent;
  if (c0 === 46 && text.charCodeAt(end + 1) === 32 && isLetter(text.charCodeAt(end + 2))) out[count++] = F.nextDotWord;
  if (isDigit(text.charCodeAt(pairedAt(text, i, c, next)))) out[count++] = F.nextDigit;
  return count;
}

/** Where the second number of a range or a pair would stand: "2–3", "2 to 15", "2 bis 15". */
function pairedAt(text: string, i: number, c: number, next: Near): number {
  let j = i;
  if (isDash(c) || c === 126) j = i + 1;
  else if (next.word !== '' && (wordClasses(next.word) & RANGE) !== 0) j = next.edge;
  while (j < text.length && j - i < 4 && isSpace(text.charCodeAt(j))) j++;
  return j;
}

/** - – — − 〜 ～ */
function isDash(c: number): boolean {
  return c === 45 || c === 0x2013 || c === 0x2014 || c === 0x2212 || c === 0x301c || c === 0xff5e;
}

function cjkAfter(first: number, out: Int32Array, count: number): number {
  out[count++] = F.nextCjk;
  if (CJK_MAGNITUDE.has(first)) out[count++] = F.nextCjkMagnitude;
  if (CJK_CURRENCY.has(first)) out[count++] = F.nextCjkCurrency;
  if (CJK_DATE.has(first)) out[count++] = F.nextCjkDate;
  if (CJK_COUNTER.has(first)) out[count++] = F.nextCjkCounter;
  if (CJK_AGE.has(first)) out[count++] = F.nextCjkAge;
  return count;
}

function nextWordFeatures(text: string, next: Near, out: Int32Array, count: number): number {
  const word = next.word.endsWith('.') ? next.word.slice(0, -1) : next.word;
  const unitWord = word.endsWith('²') || word.endsWith('³') ? word.slice(0, -1) : word;
  const classes = wordClasses(unitWord);
  if (classes & PERCENT) out[count++] = F.nextPercent;
  if (classes & CURRENCY) out[count++] = F.nextCurrencyCode;
  if (classes & MAGNITUDE) out[count++] = F.nextMagnitude;
  if (classes & TIME) out[count++] = F.nextTimeUnit;
  else if (classes & UNIT) out[count++] = F.nextUnit;
  if (classes & MONTH) out[count++] = F.nextMonth;
  if (classes & ENUMERATION) out[count++] = F.nextEnumeration;
  const stop = STOPWORDS.has(word);
  if (stop) out[count++] = F.nextStopword;
  if (next.capitalised && !(classes & MONTH)) out[count++] = F.nextCapitalised;
  if (!next.capitalised && !stop && !(classes & UNIT) && isLetter(next.word.charCodeAt(0))) out[count++] = F.nextContentWord;
  if (classes & TIME) {
    // "3 years old", "2 days ago": an age, a time in the past.
    const more = wordClasses(wordAfter(text, next.edge).word);
    if (more & AGE) out[count++] = F.nextAge;
    if (more & RELATIVE) out[count++] = F.nextRelative;
  }
  return count;
}

/** What precedes the number: a sign, a joined character, a word and its class. */
export function featuresBefore(text: string, start: number, prev: Near, out: Int32Array, count: number): number {
  count = signsBefore(text, start, prev, out, count);
  count = lineStart(text, start, out, count);
  if (prev.word === '') return count;
  const first = prev.word.charCodeAt(0);
  if (isCjk(first)) {
    out[count++] = F.prevCjk;
    if (CJK_ORDINAL.has(first)) out[count++] = F.prevCjkOrdinal;
    if (CJK_ABOUT.has(first)) out[count++] = F.prevCjkAbout;
    return count;
  }
  return prevWordFeatures(text, prev, out, count);
}

function signsBefore(text: string, start: number, prev: Near, out: Int32Array, count: number): number {
  const c0 = start > 0 ? text.charCodeAt(start - 1) : 10;
  let i = start - 1;
  while (i >= 0 && start - i <= 3 && isSpace(text.charCodeAt(i))) i--;
  const c = i >= 0 ? text.charCodeAt(i) : 10;
  if (CURRENCY_SIGNS.has(c)) out[count++] = F.prevCurrencySign;
  if (c0 === 35 || c0 === 0x2116) out[count++] = F.prevHash;
  if (c === 40 || c === 91 || c === 0xff08) out[count++] = F.prevOpenBracket;
  if (c === 61 || c === 0x2248 || c === 60 || c === 62 || c === 0x2264 || c === 0x2265) out[count++] = F.prevEquals;
  if (c === 0xb1) out[count++] = F.prevPlusMinus;
  if (c === 0xd7 || ((c === 120 || c === 88) && isDigitBefore(text, i))) out[count++] = F.prevTimes;
  if (c === 47) out[count++] = F.prevSlash;
  if (c === 58) out[count++] = F.prevColon;
  if (c === 43) out[count++] = F.prevPlus;
  if (c0 === 46 && isDigit(text.charCodeAt(start - 2))) out[count++] = F.prevDecimalPoint;
  if (start > 0 && (isLetter(c0) || c0 === 45 || c0 === 46 || c0 === 47 || c0 === 58 || c0 === 43)) out[count++] = F.prevJoined;
  if (isDigit(c)) out[count++] = F.prevNumber;
  if (isDash(c)) {
    if (isDigitBefore(text, i)) out[count++] = F.prevRange;
  } else if (prev.word !== '' && (wordClasses(prev.word) & RANGE) !== 0 && isDigitBefore(text, prev.edge)) out[count++] = F.prevRange;
  return count;
}

/** Line and sentence starts: a list's numbering, a table cell. */
function lineStart(text: string, start: number, out: Int32Array, count: number): number {
  let k = start - 1;
  while (k >= 0 && start - k <= 6) {
    const ch = text.charCodeAt(k);
    if (!(isSpace(ch) || ch === 45 || ch === 0x2013 || ch === 0x2022 || ch === 42)) break;
    k--;
  }
  if (k < 0 || text.charCodeAt(k) === 10) out[count++] = F.lineStart;
  else if ((text.charCodeAt(k) === 46 || text.charCodeAt(k) === 33 || text.charCodeAt(k) === 63) && k < start - 1) out[count++] = F.sentenceStart;
  return count;
}

function prevWordFeatures(text: string, prev: Near, out: Int32Array, count: number): number {
  const classes = wordClasses(prev.word);
  if (classes & CURRENCY) out[count++] = F.prevCurrencyCode;
  if (classes & MONTH) out[count++] = F.prevMonth;
  if (classes & IDENTIFIER) out[count++] = F.prevIdentifierNoun;
  if (classes & BOUND) out[count++] = F.prevBound;
  if (classes & MEASURE) out[count++] = F.prevMeasure;
  if (classes & DEFINITE) out[count++] = F.prevDefinite;
  if (classes & RELATIVE) out[count++] = F.prevRelative;
  if (classes & OF) out[count++] = F.prevOf;
  if (prev.word === 'top') out[count++] = F.prevTop;
  if (prev.acronym) out[count++] = F.prevAcronym;
  else if (prev.capitalised && !opensSentence(text, prev.edge)) out[count++] = F.prevCapitalised;
  return count;
}

/**
 * Whether the word starting at `edge` opens its line or sentence, or follows a colon: capitalised
 * inside a sentence, it is a name (`iPhone 4`, `Table 6`); at its start, it says nothing.
 */
function opensSentence(text: string, edge: number): boolean {
  let m = edge - 1;
  while (m >= 0 && edge - m <= 3 && isSpace(text.charCodeAt(m))) m--;
  const ch = m >= 0 ? text.charCodeAt(m) : 10;
  return ch === 10 || ch === 46 || ch === 33 || ch === 63 || ch === 58;
}
