// A number's own shape: how many digits, which separators and where, so a year, a decimal, a
// grouped figure, a date, a version or a code each read as what they are.
import { F } from './number-feature-ids.js';
import { isDigit } from './number-characters.js';

/** Four digits from 1500 to 2099: a year, whatever the figure around it says. */
export const YEAR = /^(?:1[5-9]|20)\d\d$/;

/** What one pass over a number's characters found. One instance is read again for every number: the hot path allocates nothing. */
class TokenScan {
  digits = 0;
  separators = 0;
  dots = 0;
  commas = 0;
  colon = false;
  slash = false;
  /** Digits before the first separator; -1 without one. */
  first = -1;
  lastSeparator = -1;
  lastSeparatorChar = 0;
  firstSeparatorChar = 0;
  /** Whether every run of digits between two separators is three long. */
  groupsOfThree = true;
  /** The digits after the last separator (the whole number without one). */
  run = 0;
  zeros = 0;

  read(token: string): void {
    this.digits = this.separators = this.dots = this.commas = this.run = this.zeros = 0;
    this.lastSeparatorChar = this.firstSeparatorChar = 0;
    this.first = this.lastSeparator = -1;
    this.colon = this.slash = false;
    this.groupsOfThree = true;
    for (let k = 0; k < token.length; k++) {
      const c = token.charCodeAt(k);
      if (isDigit(c)) {
        this.digits++;
        this.run++;
        if (c === 48) this.zeros++;
      } else this.separator(c, k);
    }
  }

  private separator(c: number, at: number): void {
    if (this.first < 0) this.first = this.run;
    else if (this.run !== 3) this.groupsOfThree = false;
    this.run = 0;
    this.separators++;
    if (this.firstSeparatorChar === 0) this.firstSeparatorChar = c;
    this.lastSeparatorChar = c;
    this.lastSeparator = at;
    if (c === 46) this.dots++;
    else if (c === 44) this.commas++;
    else if (c === 58) this.colon = true;
    else if (c === 47) this.slash = true;
  }
}

const scan = new TokenScan();

/** Writes the features of the number's shape into `out` from `count`, and returns the new count. */
export function shape(token: string, out: Int32Array, count: number): number {
  scan.read(token);
  count = separatorFeatures(scan, token, out, count);
  return digitFeatures(scan, token, out, count);
}

/** A year, a decimal or grouped figure, a fraction, a time, a version or a date. */
function separatorFeatures(s: TokenScan, token: string, out: Int32Array, count: number): number {
  const tail = s.separators === 0 ? 0 : token.length - s.lastSeparator - 1;
  if (s.separators === 0 && s.digits === 4) {
    const value = Number(token);
    if (value >= 1500 && value <= 2099) out[count++] = F.yearLike;
  }
  const decimalSign = s.lastSeparatorChar === 46 || s.lastSeparatorChar === 44;
  const grouped =
    s.separators >= 1 &&
    s.first >= 1 &&
    s.first <= 3 &&
    s.groupsOfThree &&
    s.run === 3 &&
    !s.colon &&
    !s.slash &&
    (s.separators >= 2 ? s.dots !== 1 || s.commas !== 1 : true);
  if (decimalSign && ((s.separators === 1 && tail !== 3) || (s.separators >= 2 && s.lastSeparatorChar !== s.firstSeparatorChar && s.run !== 3))) {
    out[count++] = F.decimal;
  } else if (grouped) out[count++] = F.grouped;
  if (s.slash) out[count++] = F.fraction;
  if (s.colon) out[count++] = F.colon;
  if (s.dots >= 2 && !grouped) out[count++] = F.dotted;
  if ((s.dots >= 2 || (s.slash && s.separators >= 2)) && !grouped) out[count++] = F.dateLike;
  return count;
}

/** How many digits, and what they say: a long identifier, a leading zero, 0 or 1, a round figure. */
function digitFeatures(s: TokenScan, token: string, out: Int32Array, count: number): number {
  const { digits, separators } = s;
  out[count++] = digits === 1 ? F.digits1 : digits === 2 ? F.digits2 : digits === 3 ? F.digits3 : digits === 4 ? F.digits4 : F.digits5;
  if (separators === 0 && digits >= 6) out[count++] = F.longId;
  if (digits >= 2 && token.charCodeAt(0) === 48 && (separators === 0 || s.first > 1)) out[count++] = F.leadingZero;
  if (digits === 1 && (token === '0' || token === '1')) out[count++] = F.zeroOrOne;
  if (digits >= 2 && s.zeros === digits - 1 && token.charCodeAt(0) !== 48) out[count++] = F.round;
  return count;
}
