// A value in a table whose unit stands in a cell of its own: "熱量 | 319.9 | g" of a nutrition
// table, extracted as the number alone on its line and the unit alone on a following one. A reader
// sees the table's row, an amount with its unit (GUIDE.md, `spec`); the rules, reading the token
// right after the number, saw a bare number.
import { isSpace } from './number-characters.js';
import { UNIT_WORDS } from './units.js';

const NEWLINE = 10;
/** How far past the number the unit's cell may start (blank lines of empty cells between). */
const REACH = 16;
/** Units too like a word, a sign or a multiplier to tell a row's unit alone. */
const NOT_ALONE = new Set(['x', '×', 'point', 'points', 'quarter', 'quarters', 'third', 'thirds', 'a', 'ano', 'dia', 'hora']);
const UNIT_CELL = /[\p{L}µ°/]+(?=[ \u00a0]*(?:\n|$))/uy;

/**
 * The unit of the cell after a number that is alone in its cell (nothing but spaces between the
 * line's start and the number, and between the number and the line's end), or undefined. Reads a
 * bounded stretch either side: no rescan of the text.
 */
export function unitInNextCell(text: string, start: number, end: number): string | undefined {
  let i = start - 1;
  while (i >= 0 && start - i <= REACH && isSpace(text.charCodeAt(i))) i--;
  if (i >= 0 && text.charCodeAt(i) !== NEWLINE) return undefined;
  let j = end;
  let lines = 0;
  while (j < text.length && j - end <= REACH && (isSpace(text.charCodeAt(j)) || text.charCodeAt(j) === NEWLINE)) {
    if (text.charCodeAt(j) === NEWLINE) lines++;
    j++;
  }
  if (lines === 0) return undefined;
  UNIT_CELL.lastIndex = j;
  const unit = UNIT_CELL.exec(text)?.[0].toLowerCase();
  return unit !== undefined && UNIT_WORDS.has(unit) && !NOT_ALONE.has(unit) ? unit : undefined;
}

/**
 * A row's label naming the unit of its value: "Grubość (w mm): 36", "Width (in cm): 50", "Poids (kg) : 3",
 * or the label in a cell of its own and the value alone in the next ("Waga (w kg) | 39.5"), as a
 * shop's spec table is extracted: a reader sees the row, an amount with its unit (GUIDE.md, `spec`).
 */
const UNIT_LABEL_BEFORE = /\((?:(?:w|in|en|em|в)\s+)?([\p{L}µ°²³/]+)\)\s*:\s*$/iu;
const UNIT_LABEL_CELL = /\((?:(?:w|in|en|em|в)\s+)?([\p{L}µ°²³/]+)\)\s*$/iu;
/** The rest of a value's cell: digits of a range ("3-4") and spaces up to the line's end. */
const REST_OF_CELL = /[\d.,\- \t\u00a0]*(?:\n|$)/y;
const LABEL_REACH = 24;
/** A cell's padding, and the blank lines of the empty cells between: "Peso suportado (kg)" and its value past some 90 spaces. */
const SPACES_REACH = 160;

/** The unit a row's label names right before a bare number ending at `end`, or undefined (a bounded look back). */
export function unitInLabelBefore(text: string, at: number, end: number): string | undefined {
  // A table's cells, extracted, are padded with spaces: the label ends past them.
  let i = at;
  while (i > 0 && at - i <= SPACES_REACH && isSpace(text.charCodeAt(i - 1))) i--;
  let unit = UNIT_LABEL_BEFORE.exec(text.slice(Math.max(0, i - LABEL_REACH), i))?.[1];
  if (unit === undefined && text.charCodeAt(i - 1) === NEWLINE) {
    // The label's cell: across the empty lines of the cells between, the value alone in its own.
    while (i > 0 && at - i <= SPACES_REACH && (isSpace(text.charCodeAt(i - 1)) || text.charCodeAt(i - 1) === NEWLINE)) i--;
    REST_OF_CELL.lastIndex = end;
    if (REST_OF_CELL.test(text)) unit = UNIT_LABEL_CELL.exec(text.slice(Math.max(0, i - LABEL_REACH), i))?.[1];
  }
  unit = unit?.toLowerCase();
  return unit !== undefined && UNIT_WORDS.has(unit) && !NOT_ALONE.has(unit) ? unit : undefined;
}
