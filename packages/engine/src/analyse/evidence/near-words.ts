// The words either side of a number, read by a bounded scan from its edges: the word after it (a
// unit, a sign with its letters, a CJK counter) and the word before it (a currency, an identifier's
// noun, `Nr.`). Their text is what a model's `next=` and `prev=` weights are keyed by.
import { isCjk, isLetter, isSpace, isUpper } from './number-characters.js';
import { CURRENCY_SIGNS } from './number-word-classes.js';

/** A word next to a number: its text (lower-case), and whether it was capitalised / all capitals. */
export interface Near {
  word: string;
  capitalised: boolean;
  acronym: boolean;
  /** Offset just past the word (after) or at its start (before). */
  edge: number;
}

const NONE: Near = { word: '', capitalised: false, acronym: false, edge: -1 };
const MAX_WORD = 24;

/** The word after offset `at`, across spaces but not a line break: a CJK character alone, or a run of letters. */
export function wordAfter(text: string, at: number): Near {
  let i = at;
  while (i < text.length && i - at < 3 && isSpace(text.charCodeAt(i))) i++;
  const first = text.charCodeAt(i);
  if (Number.isNaN(first)) return NONE;
  if (isCjk(first)) return { word: text[i]!, capitalised: false, acronym: false, edge: i + 1 };
  if (first === 37 || first === 0xb0 || first === 0xd7 || CURRENCY_SIGNS.has(first)) {
    // "%", "°C", "×", "$": a sign, with the letters joined to it.
    let j = i + 1;
    while (j < text.length && j - i < 3 && isLetter(text.charCodeAt(j))) j++;
    return { word: text.slice(i, j).toLowerCase(), capitalised: false, acronym: false, edge: j };
  }
  if (!isLetter(first)) return NONE;
  let j = i + 1;
  let upper = isUpper(first) ? 1 : 0;
  while (j < text.length && j - i < MAX_WORD) {
    const c = text.charCodeAt(j);
    // A Latin unit written against CJK text ends where the CJK characters start: "2.5mmの".
    if (isCjk(c)) break;
    if (isLetter(c)) {
      if (isUpper(c)) upper++;
    } else if (!(c === 47 || c === 0xb2 || c === 0xb3) || !isLetter(text.charCodeAt(j + 1))) break;
    j++;
  }
  const raw = text.slice(i, j);
  return {
    word: raw.toLowerCase(),
    capitalised: upper >= 1 && isUpper(first) && (j - i === 1 || !isUpper(text.charCodeAt(i + 1))),
    acronym: upper === j - i && j - i >= 2,
    edge: j,
  };
}

/** The word before offset `at`, across spaces (and a trailing dot: "Nr."), but not a line break. */
export function wordBefore(text: string, at: number): Near {
  let i = at - 1;
  while (i >= 0 && at - i <= 3 && isSpace(text.charCodeAt(i))) i--;
  if (i >= 0 && text.charCodeAt(i) === 46 && isLetter(text.charCodeAt(i - 1))) i--;
  if (i < 0) return NONE;
  const last = text.charCodeAt(i);
  if (isCjk(last)) return { word: text[i]!, capitalised: false, acronym: false, edge: i };
  if (!isLetter(last)) return NONE;
  let j = i;
  while (j > 0 && i - j < MAX_WORD && isLetter(text.charCodeAt(j - 1)) && !isCjk(text.charCodeAt(j - 1))) j--;
  const raw = text.slice(j, i + 1);
  let upper = 0;
  for (let k = 0; k < raw.length; k++) if (isUpper(raw.charCodeAt(k))) upper++;
  return { word: raw.toLowerCase(), capitalised: isUpper(raw.charCodeAt(0)), acronym: upper === raw.length && raw.length >= 2 && raw.length <= 5, edge: j };
}
