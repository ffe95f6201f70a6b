// The characters the number readers tell apart, by code unit: a number's neighbourhood is read
// character by character, with no regular expression over a window (Unicode classes are asked only
// past ASCII).

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isSpace(c: number): boolean {
  return c === 32 || c === 0xa0 || c === 0x202f || c === 9 || c === 0x2009 || c === 0x3000;
}

export function isCjk(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff);
}

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
export function isLetter(c: number): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return c >= 0xc0 && LETTER.test(String.fromCharCode(c));
}

export function isUpper(c: number): boolean {
  if (c < 128) return c >= 65 && c <= 90;
  return UPPER.test(String.fromCharCode(c));
}

/** Whether a digit stands before offset `at`, across up to `reach` spaces (three by default). */
export function isDigitBefore(text: string, at: number, reach = 3): boolean {
  let i = at - 1;
  while (i >= 0 && at - i <= reach && isSpace(text.charCodeAt(i))) i--;
  return i >= 0 && isDigit(text.charCodeAt(i));
}

export function hasDigit(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (isDigit(text.charCodeAt(k))) return true;
  return false;
}
