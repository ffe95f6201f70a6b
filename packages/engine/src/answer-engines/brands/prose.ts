// Names in running prose: runs of capitalised words, judged by where they stand (the start of a
// sentence, an enumeration, after a name's possessive, after `the`) and by what they look like
// (prose-line.ts). Code blocks, headings, bold lines and tables' delimiter rows are no prose.
import { isConnector } from './name-shape.js';
import type { ProseContext, ProseNames } from './prose-names.js';
import { readLine } from './prose-line.js';
import type { Line, Table } from './tables.js';
import { SENTENCE_END, tokenize } from './tokens.js';

const LIST_MARKER = /^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+|>[ \t]*)+/;
/** A line that is only bold text (a pseudo-heading), perhaps with a colon. */
const BOLD_LINE = /^[ \t]*(\*\*|__)[^\n]+?\1[ \t]*:?[ \t]*$/;
const HEADING_LINE = /^[ \t]*#{1,6}[ \t]/;
const FENCE = /^[ \t]*(```|~~~)/;
/** A list item led by a name in bold or a name already known (`- **Chewy** – …`), after its marker. */
const LED_ITEM = /^(?:(?:\*\*|__)[ \t]*[\p{Lu}\uE000]|\uE000)/u;
/** A table row whose first cell holds a name. */
const LED_ROW = /^[ \t]*\|[ \t]*(?:\*\*|__)?[ \t]*[\p{Lu}\uE000]/u;

export function proseNames(masked: string, lines: Line[], tables: Table[], context: ProseContext = { language: null, local: false }): ProseNames {
  const out: ProseNames = { names: [], pending: [], notBrands: new Set(), productLines: new Set() };
  const inTable = new Set<number>();
  const delimiters = new Set<number>();
  for (const t of tables) {
    for (let i = t.header; i < t.end; i++) inTable.add(i);
    delimiters.add(t.header + 1);
  }
  let fenced = false;
  /** Whether the previous line lets this one start a sentence. */
  let freshLine = true;
  for (const [index, line] of lines.entries()) {
    const raw = masked.slice(line.start, line.start + line.text.length);
    if (FENCE.test(raw)) {
      fenced = !fenced;
      freshLine = true;
      continue;
    }
    if (fenced || raw.trim() === '' || HEADING_LINE.test(raw) || BOLD_LINE.test(raw) || delimiters.has(index)) {
      freshLine = true;
      continue;
    }
    const marker = LIST_MARKER.exec(raw)?.[0].length ?? 0;
    const table = inTable.has(index);
    const tokens = tokenize(raw.slice(marker), line.start + marker, freshLine || marker > 0 || table);
    // The other names of an item or a row a name leads are as often what that name offers (`**Chewy** – Autoship saves 5%`).
    const led = table ? LED_ROW.test(raw) : marker > 0 && LED_ITEM.test(raw.slice(marker)) && !labelLead(raw.slice(marker));
    readLine(tokens, out, context, led);
    // A line of prose that does not end a sentence goes on in the next line (a soft wrap).
    const last = tokens[tokens.length - 1];
    freshLine = table || last === undefined || (last.kind === 'punct' && SENTENCE_END.test(last.text));
  }
  return out;
}

/**
 * Whether a bold lead is a label, not a name: its second word is in lower case and joins no name
 * (`**Portal listings**`, `**Get fitted in person.**`; not `**Banco do Brasil**`).
 */
function labelLead(item: string): boolean {
  const bold = /^(?:\*\*|__)([^*_\n]{1,120}?)(?:\*\*|__)/u.exec(item)?.[1];
  const second = bold?.trim().split(/\s+/u)[1];
  return second !== undefined && /^\p{Ll}/u.test(second) && !isConnector(second);
}
