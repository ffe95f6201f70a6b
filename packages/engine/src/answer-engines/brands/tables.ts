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

/** `labelCells`, when given, receives the cells that hold what is compared rather than names (the first column when brands are columns). */
export function tableCandidates(lines: Line[], table: Table, known: readonly Span[], labelCells?: Span[]): BrandCandidate[] {
  const found: BrandCandidate[] = [];
  const header = cells(lines[table.header]!);
  const first = fold(header[0]?.text.replace(/[*_`]/g, '') ?? '').trim();
  const holdsKnown = (cell: BrandCandidate) => known.some((k) => k.start >= cell.start && k.start < cell.start + Math.max(1, cell.name.length));
  const heads = header.slice(1).map((cell) => leadOf(cell.text, cell.start));
  // Brands as columns (`| | monday.com | Asana |`): the first column then holds what is compared (`Free Plan`), not names.
  const brandColumns = ROW_LABELS.has(first) && (heads.some(holdsKnown) || heads.filter((h) => looksLikeName(clean(h).name)).length * 2 > heads.length);
  if (ROW_LABELS.has(first)) found.push(...heads);
  const columns: BrandCandidate[][] = [];
  for (let i = table.header + 2; i < table.end; i++) {
    for (const [c, cell] of cells(lines[i]!).entries()) (columns[c] ??= []).push(leadOf(cell.text, cell.start));
  }
  if (brandColumns && !(columns[0] ?? []).some(holdsKnown)) {
    // Nor is anything in it a name when read as prose (`Time Tracking`).
    for (const cell of columns[0] ?? []) labelCells?.push({ start: cell.start, end: cell.start + cell.name.length });
    return found;
  }
  const isName = (cell: BrandCandidate) => looksLikeName(clean(cell).name) || holdsKnown(cell);
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
