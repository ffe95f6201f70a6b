// A table of figures posted in a code box for its fixed-width columns: a forum post's census table
// ("Metro Area Population %Transit | New York 19,015,900 32.38 7.04 | Los Angeles …"). GUIDE.md's
// `code` is "inside code, a command, a terminal's output, a formula or a configuration value"; a
// table of named rows and their figures is none of those, and its numbers quantify things in the
// world (GUIDE.md, "A statistic is an occurrence of a number … that quantifies something in the
// world"): each counts. Told from code by what it lacks (no bracket, operator, quote, colon or
// slash) and by what it holds: rows of words and numbers, most of them grouped in thousands or
// with decimals, as measured figures are written.
import { CODE_END, CODE_START } from '../raw-document.js';

/** Characters of code, a command or its output, none of which a table of figures holds. */
const CODE_CHARACTERS = /[{}()[\]<>=;:"'`/\\$#@_|*&^~]/;
const NUMBER = /\d[\d,.]*/g;
/** A grouped number ("19,015,900") or a decimal ("32.38"). */
const MEASURED = /^\d{1,3}(?:,\d{3})+$|^\d+\.\d+$/;
const WORD = /\p{L}{3,}/gu;
/** How many numbers a table holds at least, and how many of them are measured figures (a share). */
const MIN_NUMBERS = 8;
const MEASURED_SHARE = 0.6;
/** A code box longer than this is a program's, not a posted table. */
const MAX_LENGTH = 20_000;

/** Whether `code` (a code box's text, markers aside) is a table of figures. */
export function isDataTable(code: string): boolean {
  if (code.length > MAX_LENGTH || CODE_CHARACTERS.test(code)) return false;
  let numbers = 0;
  let measured = 0;
  for (const m of code.matchAll(NUMBER)) {
    const n = m[0].replace(/[.,]$/, '');
    numbers++;
    if (MEASURED.test(n)) measured++;
  }
  if (numbers < MIN_NUMBERS || measured < numbers * MEASURED_SHARE) return false;
  // Named rows: words between the figures, at least one for every four numbers.
  let words = 0;
  for (const _ of code.matchAll(WORD)) words++;
  return words * 4 >= numbers;
}

const CODE_SPAN = new RegExp(`${CODE_START}([^${CODE_START}${CODE_END}]*)${CODE_END}`, 'g');

/** The code boxes of `text` that are tables of figures, as sorted spans (markers included). */
export function dataTableSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  if (!text.includes(CODE_START)) return spans;
  for (const m of text.matchAll(CODE_SPAN)) if (isDataTable(m[1]!)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}
