// Parts of one quantity written as several numbers, each with its unit: the later units of a
// compound duration ("24 h 37 min 22 s", "24 Stunden, 39 Minuten und 35 Sekunden"), the second end
// of a range written with the unit twice ("15°–40°", "80%-90%", "between 22° and 26°") and the
// further sides of a dimension ("69 x 176 x 48 cm"). A reader counts each once, on its first
// number (datasets/evidence/GUIDE.md: "Parts of a number", "Ranges and pairs", "Dimensions");
// the rules had counted every part.
import { isDigit, isSpace } from './number-characters.js';
import { TIME_UNITS } from './units.js';

/** The statistic found last: where it starts and ends, and the word after its number (its unit), if any. */
export interface PreviousValue {
  start: number;
  end: number;
  unit: string | undefined;
}

/** "and" between the units of a duration or the ends of a range, in the languages read. */
const AND = /^\s*,?\s*(?:(?:and|und|et|y|e|a|i|и|ve|en|och)\s+)?$/u;
/** A range's dash between two values that each carry their unit: "15°–40°", "80%-90%", "5 kg – 10 kg". */
const DASH = /^\s?[-–—−~〜]\s?$/u;
/** "between" before a range's first end, in the languages read. */
const BETWEEN = /(?:^|[^\p{L}])(?:between|zwischen|entre|między|tra|fra|между|mezi|arasında)\s+$/iu;

/**
 * Whether the statistic starting at `start` (unit `unit`) is a further part of `previous`: a
 * smaller unit of the same duration, or the second end of a range. Reads at most a few dozen
 * characters.
 */
export function continuesValue(text: string, previous: PreviousValue | null, start: number, unit: string | undefined): boolean {
  if (previous === null || start - previous.end > 8) return false;
  const between = text.slice(previous.end, start);
  // "24 h 37 min", "24 Stunden und 37,4 Minuten": the later units of one span of time.
  if (unit !== undefined && previous.unit !== undefined && unit !== previous.unit && TIME_UNITS.has(unit) && TIME_UNITS.has(previous.unit) && AND.test(between))
    return true;
  if (unit === undefined || previous.unit === undefined) return false;
  if (DASH.test(between)) return true;
  return AND.test(between) && /\S/.test(between) && BETWEEN.test(text.slice(Math.max(0, previous.start - 14), previous.start));
}

/** After "x" or "×" joined to a number before it: a further side of a dimension ("69 x 176 x 48 cm", "2388×1668 px"). */
export function isDimensionSide(text: string, at: number): boolean {
  let i = at - 1;
  if (isSpace(text.charCodeAt(i))) i--;
  const c = text.charCodeAt(i);
  if (!(c === 0xd7 || c === 120 || c === 88)) return false;
  i--;
  if (isSpace(text.charCodeAt(i))) i--;
  return isDigit(text.charCodeAt(i));
}
