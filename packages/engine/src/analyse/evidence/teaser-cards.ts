// A list of teaser cards that leaked into the main text: other articles, each an excerpt cut short
// and often a "read more" line, a date and a title ("…con el cambio de seis... / Ver más /
// 03/05/2022 / Cartagena destaca…"). GUIDE.md labels their figures `ui`: they belong to other
// pages. A card is marked by its "read more" line or by its excerpt, a line of prose cut with an
// ellipsis. A list is two "read more" lines or three marks or more, each within a card's reach of
// the last; it runs from its first card's excerpt to its last card's title. One excerpt or two cut
// short is a writer's trailing off ("I just don't know..."), not a list. A single teaser set in
// the text is its own line, opened by its label and a colon ("Read also: Governor releases 26
// convicts", "Le puede interesar: …", "Lesen Sie auch: …").

import { READ_ALSO } from './aside-sections.js';
import { inSortedSpans } from './sorted-spans.js';

/** A line that is only a "read more" link, in the data set's languages. */
const READ_MORE =
  /^(?:read more|continue reading|more|ver más|leer más|seguir leyendo|lire la suite|lire plus|en savoir plus|weiterlesen|mehr lesen|mehr|leia mais|ler mais|continue lendo|leggi tutto|leggi di più|continua a leggere|czytaj więcej|czytaj dalej|подробнее|читать далее|続きを読む|閱讀更多|阅读更多)\s*(?:[»›>→…]|\.\.\.)?$/iu;
/** A line that is another article's title under its label, in the data set's languages. */
const TEASER_LINE = new RegExp(`^(?:${READ_ALSO}|read also|also read|see also|related|le puede interesar|voir aussi)\\s*:`, 'iu');
/** Lines a card holds at most between two "read more" lines: excerpt, date, title, and a label or two. */
const CARD_LINES = 6;
/** A card's excerpt: prose cut short by an ellipsis, a word or a comma before it. */
const EXCERPT = /[\p{L},](?:\.\.\.|…)$/u;
/** Shorter than this, a line cut with an ellipsis is a title or a label, not an excerpt. */
const EXCERPT_LENGTH = 60;
/** Lines of a card after its last mark (its date and title). */
const AFTER = 2;
/** Longer than this, a line is no link's text. */
const LINK_LENGTH = 40;

/** Whether an offset stands in a list of teaser cards; offsets asked in increasing order (sorted-spans.ts). */
export function teaserCards(text: string): (at: number) => boolean {
  // Non-blank lines, as [start, end) offsets, and the cards' marks among them.
  const lines: Array<[number, number]> = [];
  const marks: Array<{ line: number; readMore: boolean }> = [];
  const teasers: Array<[number, number]> = [];
  for (let start = 0; start <= text.length;) {
    const next = text.indexOf('\n', start);
    const end = next < 0 ? text.length : next;
    const line = text.slice(start, end).trim();
    if (line !== '') {
      if (TEASER_LINE.test(line)) teasers.push([start, end]);
      else if (line.length <= LINK_LENGTH && READ_MORE.test(line)) marks.push({ line: lines.length, readMore: true });
      else if (line.length >= EXCERPT_LENGTH && EXCERPT.test(line)) marks.push({ line: lines.length, readMore: false });
      lines.push([start, end]);
    }
    if (next < 0) break;
    start = next + 1;
  }
  const spans: Array<[number, number]> = [];
  let first = 0;
  for (let i = 1; i <= marks.length; i++) {
    // A run of marks ends where the next is beyond a card's reach, or at the last.
    if (i < marks.length && marks[i]!.line - marks[i - 1]!.line <= CARD_LINES) continue;
    const run = marks.slice(first, i);
    if (run.filter((mark) => mark.readMore).length >= 2 || run.length >= 3) {
      // A "read more" line opening the run follows its card's excerpt.
      const from = lines[Math.max(0, run[0]!.line - (run[0]!.readMore ? 1 : 0))]![0];
      const to = lines[Math.min(lines.length - 1, run.at(-1)!.line + AFTER)]![1];
      spans.push([from, to]);
    }
    first = i;
  }
  return inSortedSpans(teasers.length === 0 ? spans : [...spans, ...teasers].sort((a, b) => a[0] - b[0]));
}
