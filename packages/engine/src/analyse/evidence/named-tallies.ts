// A tally set in parentheses after each of several names in one sentence: "Amy Klobuchar (17) and
// Elizabeth Warren (12) lead, followed by Biden (11)", the endorsements, votes or wins of each.
// Each is a count (datasets/evidence/GUIDE.md, `count`); a single "(2)" after a name is as often
// a list's or a footnote's number, a run 1, 2, 3… in order is a list's numbering, and years are
// dates (Smith (2004) and Jones (2010)).
import { YEAR } from './number-shape.js';

/** "Name (17)": a capitalised word, a space, a number of up to five digits in parentheses. */
const NAMED = /\p{Lu}[\p{L}'’.-]*[ \u00a0]\((\d{1,5})\)/gu;
/** Characters read on each side of the number for the sentence's other tallies. */
const REACH = 240;
/** A sentence's end. */
const SENTENCE_END = /[.!?;]\s|\n/u;

/**
 * Whether the bare number at `at` (ending at `end`) is one of two or more tallies after names in
 * its sentence, not a list's numbering. Reads at most REACH characters on each side.
 */
export function isNamedTally(text: string, at: number, end: number): boolean {
  if (text.charCodeAt(at - 1) !== 40 || text.charCodeAt(end) !== 41) return false;
  const from = sentenceStart(text, Math.max(0, at - REACH), at);
  const to = sentenceEnd(text, end, Math.min(text.length, end + REACH));
  const values: number[] = [];
  let mine = false;
  for (const m of text.slice(from, to).matchAll(NAMED)) {
    const start = from + m.index + m[0].length - m[1]!.length - 1;
    if (YEAR.test(m[1]!)) continue;
    if (start === at) mine = true;
    values.push(Number(m[1]));
  }
  return mine && values.length >= 2 && !numbering(values);
}

/** Whether the values run 1, 2, 3… in order: a list's numbering. */
function numbering(values: readonly number[]): boolean {
  return values.every((v, i) => v === i + 1);
}

function sentenceStart(text: string, from: number, at: number): number {
  let start = from;
  for (let i = at - 1; i >= from; i--) {
    if (text[i] === '\n' || (/[.!?;]/u.test(text[i]!) && /\s/u.test(text[i + 1] ?? ''))) {
      start = i + 1;
      break;
    }
  }
  return start;
}

function sentenceEnd(text: string, end: number, to: number): number {
  const m = SENTENCE_END.exec(text.slice(end, to));
  return m === null ? to : end + m.index;
}
