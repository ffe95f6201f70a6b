// A table's row of results: a scoresheet's points per heat, a box score's runs per inning, as a
// table is extracted, each cell a bare number alone on its line ("3", "2*", "8 +2"), the row's
// name before them. A reader sees each cell as a result (GUIDE.md, `score`: "a result or measured
// value"); the rules, reading the token after a number, saw bare numbers. Not a result: a column
// header's numbering ("1 2 3 4 5 6 7", GUIDE.md `list`), a row's number before its name ("9 |
// E. Sajfutdinow", `identifier`) and a rating histogram's rows ("5 | 27 | 4 | 8 …", `ui`).
import { isDigit, isLetter, isSpace } from './number-characters.js';

const NEWLINE = 10;
/** How many cells either side of a number are read, and how far (a cell's padding is often dozens of tabs). */
const CELL_REACH = 10;
const CHAR_REACH = 600;
/** How many numbers a row holds at least to be a row of results. */
const MIN_RESULTS = 3;
/** A result's cell: a small number, a marker after it ("2*"), a bonus ("8 +2"). */
const RESULT_CELL = /^\+?\d{1,3}(?:[.,]\d{1,2})?\*?(?:[ \t\u00a0]+\+\d{1,2})?$/;
/** An empty result: not ridden, disqualified ("-", "d"). */
const EMPTY_CELL = /^(?:[-–—*]|\p{L})$/u;

type Cell = { kind: 'result'; value: number } | { kind: 'empty' } | { kind: 'blank' } | { kind: 'other' };

/** The line from `start` (a line's first character) to its end, its padding trimmed, read as a cell. */
function cellAt(text: string, start: number, end: number): Cell {
  let a = start;
  let b = end;
  while (a < b && isSpace(text.charCodeAt(a))) a++;
  while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
  if (a === b) return { kind: 'blank' };
  if (b - a > 24) return { kind: 'other' };
  const content = text.slice(a, b);
  if (RESULT_CELL.test(content)) return { kind: 'result', value: parseFloat(content.replace(/^\+/, '').replace(',', '.')) };
  return EMPTY_CELL.test(content) ? { kind: 'empty' } : { kind: 'other' };
}

function lineStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && at - i <= CHAR_REACH && text.charCodeAt(i - 1) !== NEWLINE) i--;
  return i;
}

function lineEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && i - at <= CHAR_REACH && text.charCodeAt(i) !== NEWLINE) i++;
  return i;
}

/** Whether the line from `start` to `end` holds a word (two letters together): a row's name. */
function holdsWord(text: string, start: number, end: number): boolean {
  for (let k = start + 1; k < end; k++) if (isLetter(text.charCodeAt(k)) && isLetter(text.charCodeAt(k - 1))) return true;
  return false;
}

/**
 * Whether the number at `at` stands in a cell of a row of results (see above): its line is a
 * result's cell, and the cells around it, across blank lines and empty results, up to a line of
 * another kind, hold at least MIN_RESULTS numbers that do not count up by one from 0 or 1 (a
 * header's numbering). A number whose next line names the row is the row's number. Bounded: at
 * most CELL_REACH lines either side, CHAR_REACH characters each.
 */
export function inResultRow(text: string, at: number): boolean {
  if (!isDigit(text.charCodeAt(at))) return false;
  const start = lineStart(text, at);
  const end = lineEnd(text, at);
  const own = cellAt(text, start, end);
  if (own.kind !== 'result') return false;
  const values: number[] = [own.value];
  // Back, to the row's name.
  let from = start;
  for (let n = 0; n < CELL_REACH && from > 0 && at - from <= CHAR_REACH; n++) {
    const s = lineStart(text, from - 1);
    const cell = cellAt(text, s, from - 1);
    if (cell.kind === 'other') break;
    if (cell.kind === 'result') values.unshift(cell.value);
    from = s;
  }
  // Forward, to the next row's name.
  let to = end;
  let nextIsWord = false;
  let firstNonBlank = true;
  for (let n = 0; n < CELL_REACH && to < text.length && to - end <= CHAR_REACH; n++) {
    const e = lineEnd(text, to + 1);
    const cell = cellAt(text, to + 1, e);
    if (cell.kind === 'other') {
      nextIsWord = firstNonBlank && holdsWord(text, to + 1, e);
      break;
    }
    if (cell.kind !== 'blank') firstNonBlank = false;
    if (cell.kind === 'result') values.push(cell.value);
    to = e;
  }
  if (nextIsWord || values.length < MIN_RESULTS) return false;
  return !numbered(values);
}

/**
 * "1 2 3 4 5 6 7", "38 40 42 44": numbers going up or down by a constant step, a header's numbering
 * or a size guide's sizes (GUIDE.md, `list`, `identifier`); "58 62 64 68 72": numbers rising all
 * along the row, a size guide's measures (GUIDE.md, "Shops": "size guides … are `ui`"); "5 27 4 8 3 1 2 0 1 0": every other
 * number counting down by one, a rating histogram's star rows and their counts (`ui`: "rating
 * histograms").
 */
function numbered(values: number[]): boolean {
  const step = values[1]! - values[0]!;
  if (step !== 0 && steps(values, 0, 1, step)) return true;
  if (rising(values)) return true;
  return values.length >= 2 * MIN_RESULTS - 1 && (steps(values, 0, 2, 1) || steps(values, 0, 2, -1) || steps(values, 1, 2, 1) || steps(values, 1, 2, -1));
}

/** Whether the values from `first`, every `stride`-th, change by `by` each (at least MIN_RESULTS of them). */
function steps(values: number[], first: number, stride: number, by: number): boolean {
  let n = 1;
  for (let k = first + stride; k < values.length; k += stride, n++) if (values[k] !== values[k - stride]! + by) return false;
  return n >= MIN_RESULTS;
}

function rising(values: number[]): boolean {
  for (let k = 1; k < values.length; k++) if (values[k]! <= values[k - 1]!) return false;
  return true;
}
