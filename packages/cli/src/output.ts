// How results are printed: a table for people, `--json` for programs, CSV for spreadsheets.
// Colour only on a terminal, and never with NO_COLOR, --no-color or in CI.
import Table from 'cli-table3';
import { stringify } from 'csv-stringify/sync';
import pc from 'picocolors';

export type Format = 'table' | 'json' | 'csv';

export interface Io {
  out(text: string): void;
  /** Writes to stdout as is (no newline), resolving once it may write more: for files streamed out. */
  write(chunk: Uint8Array): Promise<void>;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  /** The terminal's width in characters, when stdout is one: tables are cut to fit it. */
  width?: number;
  /** The table columns to show, by header (`--columns`); all when absent. */
  columns?: readonly string[];
  /** Whether stdout and stderr are terminals (progress bars and colour need one). */
  interactive: boolean;
  /** Reads all of stdin (`config set api-key` from a pipe). */
  readStdin(): Promise<string>;
  /** At a terminal only: asks for a secret on one line, echoing `*` for each character. */
  readSecret?(prompt: string): Promise<string>;
  /**
   * Registers what to say when the user interrupts (Ctrl-C) before the process exits; returns the
   * unregistration. Absent where nothing can interrupt (tests, embedding).
   */
  onInterrupt?(handler: () => void): () => void;
}

export type Colors = ReturnType<typeof pc.createColors>;

export function colorsFor(io: Io, enabled: boolean): Colors {
  return pc.createColors(enabled && io.interactive && !io.env.NO_COLOR && !io.env.CI);
}

export interface Column<T> {
  header: string;
  value(row: T): string | number | boolean | null | undefined;
}

export function printRows<T>(io: Io, format: Format, rows: readonly T[], all: Column<T>[]): void {
  if (format === 'json') return io.out(JSON.stringify(rows, null, 2));
  const columns = chosenColumns(io, all);
  const cells = rows.map((row) => columns.map((column) => cell(column.value(row))));
  if (format === 'csv') return io.out(stringify([columns.map((c) => c.header), ...cells]).trimEnd());
  const head = columns.map((c) => c.header);
  const widths = io.width === undefined ? undefined : fitWidths([head, ...cells], io.width);
  const table = new Table({
    head,
    style: { head: [], border: [] },
    // No rule between rows: one line per row reads (and greps) better.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    // Cut, not wrapped: one line per row, the cut cells ending in `…`.
    ...(widths && { colWidths: widths, wordWrap: false, truncate: '…' }),
  });
  table.push(...cells);
  io.out(table.toString());
}

/** `--columns url,score`: those columns in that order; an unknown name is refused with the known ones. */
function chosenColumns<T>(io: Io, all: Column<T>[]): Column<T>[] {
  if (!io.columns || io.columns.length === 0) return all;
  return io.columns.map((name) => {
    const column = all.find((c) => c.header.toLowerCase() === name.trim().toLowerCase());
    if (!column) throw new ColumnError(`No column "${name.trim()}" here; the columns are: ${all.map((c) => c.header).join(', ')}`);
    return column;
  });
}

export class ColumnError extends Error {
  override name = 'ColumnError';
}

/**
 * Column widths (with cli-table3's padding of one each side) that fit `width`: null when the table
 * fits as it is; else the widest column is narrowed, one character at a time, down to a floor.
 */
export function fitWidths(lines: string[][], width: number): number[] | undefined {
  const count = lines[0]?.length ?? 0;
  if (count === 0) return undefined;
  const widths = Array.from({ length: count }, (_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)) + 2);
  // Borders: one before each column and one after the last.
  const total = () => widths.reduce((sum, w) => sum + w, 0) + count + 1;
  if (total() <= width) return undefined;
  const floor = 6;
  while (total() > width) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= floor) break;
    widths[widest]!--;
  }
  return widths;
}

/** A rate (0–1) as people read it: `0.4444` → `44.4%`; null stays empty. JSON keeps the number. */
export function percent(rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined) return null;
  return `${Math.round(rate * 1000) / 10}%`;
}

/** One resource: as JSON with --json, else as `field  value` lines (fields without a value left out). */
export function printRecord(io: Io, json: boolean, record: object, fields: Array<[string, unknown]>): void {
  if (json) return io.out(JSON.stringify(record, null, 2));
  const shown = fields.filter(([, value]) => value !== null && value !== undefined);
  const width = Math.max(...shown.map(([name]) => name.length));
  io.out(shown.map(([name, value]) => `${name.padEnd(width)}  ${cell(value as never)}`).join('\n'));
}

function cell(value: string | number | boolean | null | undefined | object): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
