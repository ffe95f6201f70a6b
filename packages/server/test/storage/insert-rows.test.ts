// insertRows: rows of one shape go in as one statement made once per table, columns and number of
// rows, their values in the columns' order; rows of different shapes go through Kysely, as before.
import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { insertRows } from '../../src/storage/insert-rows.js';
import type { Database } from '../../src/storage/schema.js';
import { describeEachDatabase } from '../support/databases.js';

/** A table of the test's own, typed as one of the schema's so that insertRows takes it. */
type Row = { n: number; label: string; note?: string | null };
const table = 'insert_rows_probe' as keyof Database;

describeEachDatabase('insertRows', (database) => {
  it('stores rows of one shape, and rows of several, each value in its column', async () => {
    const db = database().handle.db;
    await sql`CREATE TABLE insert_rows_probe (n integer NOT NULL, label text NOT NULL, note text)`.execute(db);
    const insert = (rows: Row[]) => insertRows(db, table, rows as never);
    await insert([
      { label: 'first', n: 1, note: 'a' },
      { label: 'second', n: 2, note: 'b' },
    ]);
    // The same shape again: the statement's text is reused.
    await insert([
      { label: 'third', n: 3, note: 'c' },
      { label: 'fourth', n: 4, note: 'd' },
    ]);
    // Two shapes: Kysely's statement, the note left out.
    await insert([
      { n: 5, label: 'fifth' },
      { n: 6, label: 'sixth', note: 'f' },
    ]);
    await insert([]);
    const rows = await (db as unknown as Kysely<{ insert_rows_probe: Required<Row> }>)
      .selectFrom('insert_rows_probe')
      .select(['n', 'label', 'note'])
      .orderBy('n')
      .execute();
    expect(rows).toEqual([
      { n: 1, label: 'first', note: 'a' },
      { n: 2, label: 'second', note: 'b' },
      { n: 3, label: 'third', note: 'c' },
      { n: 4, label: 'fourth', note: 'd' },
      { n: 5, label: 'fifth', note: null },
      { n: 6, label: 'sixth', note: 'f' },
    ]);
    await sql`DROP TABLE insert_rows_probe`.execute(db);
  });
});
