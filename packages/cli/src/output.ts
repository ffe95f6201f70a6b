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

export function printRows<T>(io: Io, format: Format, rows: readonly T[], columns: Column<T>[]): void {
  if (format === 'json') return io.out(JSON.stringify(rows, null, 2));
  const cells = rows.map((row) => columns.map((column) => cell(column.value(row))));
  if (format === 'csv') return io.out(stringify([columns.map((c) => c.header), ...cells]).trimEnd());
  const table = new Table({
    head: columns.map((c) => c.header),
    style: { head: [], border: [] },
    // No rule between rows: one line per row reads (and greps) better.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
  });
  table.push(...cells);
  io.out(table.toString());
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
