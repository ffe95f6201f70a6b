// Markdown tables: where their cells name brands (the first column of the body, a column of
// names, brands as column headers) and where they only offer what a row's brand sells.
import { ROW_LABELS } from './words.js';
import { fold, type Span } from './fold.js';
import { clean, leadOf, looksLikeName, type BrandCandidate } from './name-shape.js';

const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

export interface Line {
  text: string;
  start: number;
}

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line, start });
    start += line.length + 1;
  }
  return lines;
}

export interface Table {
  /** Index of the header line; the delimiter row follows it. */
  header: number;
  /** One past the last body line. */
  end: number;
}

export function findTables(lines: Line[]): Table[] {
  const tables: Table[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const delimiter = lines[i + 1]!.text;
    if (!lines[i]!.text.includes('|') || !delimiter.includes('|') || !TABLE_DELIMITER.test(delimiter)) continue;
    let end = i + 2;
    while (end < lines.length && lines[end]!.text.includes('|') && lines[end]!.text.trim() !== '') end++;
    tables.push({ header: i, end });
    i = end - 1;
  }
  return tables;
}

/** The cells of a table row, with their offsets; `\|` does not split. */
export function cells(line: Line): Line[] {
  const out: Line[] = [];
  let text = line.text;
  let start = line.start;
  const lead = /^[ \t]*\|?/.exec(text)![0].length;
  text = text.slice(lead);
  start += lead;
  let at = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || (text[i] === '|' && text[i - 1] !== '\\')) {
      const cell = text.slice(at, i);
      if (i < text.length || cell.trim() !== '') out.push({ text: cell, start: start + at });
      at = i + 1;
    }
  }
  return out;
}

export function tableCandidates(lines: Line[], table: Table, known: readonly Span[]): BrandCandidate[] {
  const found: BrandCandidate[] = [];
  const header = cells(lines[table.header]!);
  const first = fold(header[0]?.text.replace(/[*_`]/g, '') ?? '').trim();
  if (ROW_LABELS.has(first)) for (const cell of header.slice(1)) found.push(leadOf(cell.text, cell.start));
  const columns: BrandCandidate[][] = [];
  for (let i = table.header + 2; i < table.end; i++) {
    for (const [c, cell] of cells(lines[i]!).entries()) (columns[c] ??= []).push(leadOf(cell.text, cell.start));
  }
  const isName = (cell: BrandCandidate) =>
    looksLikeName(clean(cell).name) || known.some((k) => k.start >= cell.start && k.start < cell.start + Math.max(1, cell.name.length));
  const mostly = (column: BrandCandidate[]) => column.filter(isName).length * 2 > column.length;
  // When the first column names the rows (`| Free | Freebox Pop | 29,99 € |`), the other columns
  // are what each row offers: its products and plans, not other brands.
  const rowsNamed = columns[0] !== undefined && mostly(columns[0]);
  for (const [c, column] of columns.entries()) {
    // Otherwise another column is a column of names when most of its cells look like one
    // (`| Mugs | Kilnworks |`), not when one adjective does (`| Notes | Strict |`).
    if (c === 0 || (!rowsNamed && mostly(column))) found.push(...column);
  }
  return found;
}
