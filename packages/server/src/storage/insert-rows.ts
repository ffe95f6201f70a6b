// Inserting many rows of one shape in one statement, as a crawl stores its pages. Kysely parses
// each row object and builds the statement's text anew on every call: for a crawl's pages and
// their issue rows, some 130 ms of a 10,000-page audit's worker thread (npm run bench:audit). Here
// the text is made once per table, column list and number of rows, and the values go in as they
// are, in the columns' order. Rows of different shapes (a row that leaves a column to its default)
// go through Kysely as before.
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { dialectOf } from './database.js';
import type { Database } from './schema.js';

/** Statement texts kept: a crawl inserts a few tables in batches of a few sizes. */
const MAX_TEXTS = 256;
const texts = new Map<string, string>();

/** Inserts `rows` into `table` in one statement; the rows must share their columns, or Kysely inserts them. */
export async function insertRows<T extends keyof Database>(executor: Kysely<Database>, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const values = valuesInOrder(rows, columns);
  if (values === null) await executor.insertInto(table).values(rows).execute();
  else await executor.executeQuery(CompiledQuery.raw(statement(dialectOf(executor) === 'postgres', table, columns, rows.length), values));
}

/** Every row's values in the order of `columns`; null when a row has other columns. */
function valuesInOrder(rows: readonly Record<string, unknown>[], columns: readonly string[]): unknown[] | null {
  const values: unknown[] = [];
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return null;
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) return null;
      values.push(value);
    }
  }
  return values;
}

function statement(postgres: boolean, table: string, columns: readonly string[], count: number): string {
  return keptText(`${postgres ? 'p' : 's'}|${table}|${columns.join(',')}|${count}`, () => {
    const width = columns.length;
    const tuples: string[] = [];
    for (let row = 0; row < count; row++) {
      const cells: string[] = [];
      for (let column = 0; column < width; column++) cells.push(postgres ? `$${row * width + column + 1}` : '?');
      tuples.push(`(${cells.join(', ')})`);
    }
    return `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values ${tuples.join(', ')}`;
  });
}

/** A statement's text made once for `key` (its shape: table, columns, number of rows), and kept. */
export function keptText(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text !== undefined) return text;
  text = build();
  if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value!);
  texts.set(key, text);
  return text;
}
