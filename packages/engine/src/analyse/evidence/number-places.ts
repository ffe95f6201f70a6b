// Where a number stands, the features its sign is combined with (number-feature-ids.ts): its line
// (length, how many numbers, how it ends, a label's value), the page's make-up and language. The
// page is read once for them, before any number is.
import { F } from './number-feature-ids.js';
import { hasDigit, isDigit, isSpace } from './number-characters.js';
import type { NumberCandidate } from './candidates.js';

interface LineFacts {
  start: number;
  end: number;
  numbers: number;
  /** Ids of the line's own features (length, figures, sentence end, label). */
  ids: number[];
}

/** The page's lines, and the line each number stands on (by index). */
export interface NumberLines {
  lines: readonly LineFacts[];
  lineOf: Int32Array;
}

/** The lines (blocks) of the text, each read once: its length, its numbers, how it ends, whether it is a label's value. */
export function readLines(text: string, numbers: readonly NumberCandidate[]): NumberLines {
  const lines = lineBounds(text);
  const lineOf = new Int32Array(numbers.length);
  let line = 0;
  numbers.forEach((n, i) => {
    while (line < lines.length - 1 && lines[line]!.end < n.start) line++;
    lineOf[i] = line;
    lines[line]!.numbers++;
  });
  let previousLabel = false;
  for (const l of lines) {
    if (l.numbers === 0) {
      // Only lines with numbers need their facts; a short line of words may label the next one.
      const length = l.end - l.start;
      previousLabel = length > 0 && length < 60 && !hasDigit(text, l.start, l.end);
      continue;
    }
    readLine(text, l, previousLabel);
    previousLabel = false;
  }
  return { lines, lineOf };
}

function lineBounds(text: string): LineFacts[] {
  const lines: LineFacts[] = [];
  let start = 0;
  for (;;) {
    const at = text.indexOf('\n', start);
    const end = at < 0 ? text.length : at;
    lines.push({ start, end, numbers: 0, ids: [] });
    if (at < 0) return lines;
    start = at + 1;
  }
}

const CLOSERS = new Set([34, 39, 41, 0x201d, 0x2019, 0xbb]);
const SENTENCE_ENDS = new Set([46, 33, 63, 0x3002, 0xff01, 0xff1f]);

/** The facts of a line with numbers: `afterLabel` when the line before it was a short line of words. */
function readLine(text: string, l: LineFacts, afterLabel: boolean): void {
  const length = l.end - l.start;
  l.ids.push(length < 30 ? F.blockShort : length < 80 ? F.blockMedium : length < 250 ? F.blockLong : F.blockParagraph);
  l.ids.push(l.numbers <= 1 ? F.blockOneNumber : l.numbers <= 3 ? F.blockFewNumbers : F.blockManyNumbers);
  let e = l.end - 1;
  while (e > l.start && (isSpace(text.charCodeAt(e)) || CLOSERS.has(text.charCodeAt(e)))) e--;
  if (SENTENCE_ENDS.has(text.charCodeAt(e))) l.ids.push(F.blockSentenceEnd);
  let figures = true;
  let colonAt = -1;
  for (let k = l.start; k < l.end; k++) {
    const ch = text.charCodeAt(k);
    if (figures && !(isDigit(ch) || isSpace(ch) || ch === 46 || ch === 44 || ch === 58 || ch === 47 || ch === 37 || ch === 45)) figures = false;
    if (colonAt < 0 && (ch === 58 || ch === 0xff1a) && k - l.start < 60) colonAt = k;
    if (!figures && (colonAt >= 0 || k - l.start >= 60)) break;
  }
  if (figures) l.ids.push(F.blockOnlyFigures);
  // "Weight: 3 kg", "Höhe (cm): 113": a label and its value.
  if (colonAt > l.start && !hasDigit(text, l.start, colonAt)) l.ids.push(F.blockLabelled);
  if (afterLabel && length < 30) l.ids.push(F.blockAfterLabel);
}

/** What kind of page the text is: prose with a few figures, or lists, tables and widgets full of them. */
export function pageFeatures(text: string, numbers: readonly NumberCandidate[], lines: readonly LineFacts[]): number[] {
  const perThousand = (1000 * numbers.length) / Math.max(1, text.length);
  let nonEmpty = 0;
  let short = 0;
  for (const l of lines) {
    const length = l.end - l.start;
    if (length === 0) continue;
    nonEmpty++;
    if (length < 40) short++;
  }
  let code = 0;
  for (const n of numbers) if (n.place === 'code') code++;
  const ids = [
    perThousand < 4 ? F.pageFewNumbers : perThousand < 12 ? F.pageSomeNumbers : F.pageManyNumbers,
    short / Math.max(1, nonEmpty) > 0.5 ? F.pageShortLines : F.pageProseLines,
  ];
  if (code > numbers.length / 4) ids.push(F.pageCode);
  return ids;
}

export function languageFeature(lang: string | null): number {
  if (lang === null) return F.langUnknown;
  if (lang === 'en') return F.langEn;
  if (lang === 'de') return F.langDe;
  if (lang === 'ja' || lang === 'zh' || lang === 'ko') return F.langCjk;
  return F.langOther;
}
