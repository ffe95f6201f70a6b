// An advertisement that leaked into the main text: a line that only says so ("Werbung:",
// "Anzeige", "Advertisement", "Reklama") and the product titles listed under it ("DAOKAI® 5PCS
// MINI USB Nano … 5V 16M", "iRobot Virtuelle Wand, 2 Stück"). GUIDE.md labels an ad's figures `ui`.
// The block is the short lines after the label: it ends at a heading, at a label of another block
// ("Siehe auch:"), at a line of prose (a sentence ends in it, or it is longer than a title), or
// after a few lines. An empty advertisement's label before the article's prose takes nothing.

import { HEADING_START } from '../raw-document.js';
import { isSpace } from './number-characters.js';
import { inSortedSpans } from './sorted-spans.js';

/** A line that is only an advertisement's label. */
const AD_LABEL =
  /^[ \t\u00a0]*(?:werbung|anzeige|advertisement|advertising|sponsored|publicidad|publicité|publicidade|pubblicità|reklama|реклама|広告|广告|廣告)[ \t\u00a0]*:?[ \t\u00a0]*$/gimu;
/** Longer than this, a line is prose rather than a listed product's title. */
const TITLE_LENGTH = 100;
/** How many titles an advertisement lists at most. */
const MAX_TITLES = 8;
/** A sentence's end inside a line (". " before a capital) or at its end: prose, not a title. */
const SENTENCE_BREAK = /[.!?](?:\s+\p{Lu}|$)/u;

/** The end of the advertisement's titles after its label, which ends at `from` (a bounded scan of at most MAX_TITLES lines). */
function blockEnd(text: string, from: number): number {
  let end = from;
  let titles = 0;
  let lineStart = from;
  while (lineStart < text.length && titles < MAX_TITLES) {
    let lineEnd = text.indexOf('\n', lineStart + 1);
    if (lineEnd < 0) lineEnd = text.length;
    let a = lineStart;
    while (a < lineEnd && (isSpace(text.charCodeAt(a)) || text.charCodeAt(a) === 10)) a++;
    let b = lineEnd;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    if (b > a) {
      const line = text.slice(a, b);
      if (line.length > TITLE_LENGTH || line.includes(HEADING_START) || line.endsWith(':') || SENTENCE_BREAK.test(line)) break;
      titles++;
      end = b;
    }
    lineStart = lineEnd;
  }
  return end;
}

/**
 * Whether an offset stands in an advertisement's list of titles. One search of the text for the
 * labels; offsets are asked in increasing order (sorted-spans.ts).
 */
export function adBlocks(text: string): (at: number) => boolean {
  const blocks: Array<[number, number]> = [];
  for (const m of text.matchAll(AD_LABEL)) {
    const from = m.index + m[0].length;
    if (blocks.length > 0 && blocks[blocks.length - 1]![1] > from) continue;
    const end = blockEnd(text, from);
    if (end > from) blocks.push([from, end]);
  }
  return inSortedSpans(blocks);
}
