// A decimal written without its leading zero: a batting average (".283", "batea para .324"), a
// probability (".05"). The dot is part of the number, which is a measured value (GUIDE.md,
// `score`: "a result or measured value (… a mean of 4.33 …)"); read as digits alone it was a bare
// number. Not a file's extension or a version: the dot stands after a space or a bracket, not
// after a letter or digit, and no letter follows the digits; and no word after it (".5 mm" is a unit's
// value, read as such; ".9 of" in a shop's text was none). Nor the parts of a date a page spaces
// out ("08  .12  .19"): a digit before the dot, past the spaces, joins it to the number before.
import { isDigit, isDigitBefore, isLetter } from './number-characters.js';

const DOT = 46;
/** How many spaces a page may put between a date's parts ("08      .12"). */
const DATE_SPACES = 64;
/** Up to three digits: ".283", ".05" (more are rarely a value so written). */
const MAX_DIGITS = 3;

/** Whether the digit run at `at`, ending at `end`, is a decimal written as ".283". */
export function isLeadingDotDecimal(text: string, at: number, end: number): boolean {
  if (at < 1 || text.charCodeAt(at - 1) !== DOT || end - at > MAX_DIGITS) return false;
  for (let k = at; k < end; k++) if (!isDigit(text.charCodeAt(k))) return false;
  const before = at >= 2 ? text.charCodeAt(at - 2) : 32;
  if (isLetter(before) || isDigit(before) || before === DOT) return false;
  if (isDigitBefore(text, at - 1, DATE_SPACES)) return false;
  const after = text.charCodeAt(end);
  return !(isLetter(after) || isDigit(after) || after === DOT);
}
