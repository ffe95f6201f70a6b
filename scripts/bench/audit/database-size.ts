// The database's size after the audit: what an operator's disk holds for it. SQLite's WAL counts
// too, since the audit's last writes may not have been checkpointed into the file yet; PostgreSQL's
// tables count with their indexes and TOAST (pg_total_relation_size).
import { existsSync, statSync } from 'node:fs';
import pg from 'pg';
import { mb } from './result.js';

export interface DatabaseSize {
  bytes: number;
  detail: string;
}

export function sqliteSize(file: string): DatabaseSize {
  const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
  const main = size(file);
  const wal = size(`${file}-wal`);
  return { bytes: main + wal, detail: `file ${mb(main).toFixed(1)} MB + WAL ${mb(wal).toFixed(1)} MB` };
}

export async function postgresSize(url: string, schema: string): Promise<DatabaseSize> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; bytes: string }>(
      `SELECT tablename AS table, pg_total_relation_size(format('%I.%I', schemaname, tablename)) AS bytes
         FROM pg_tables WHERE schemaname = $1 ORDER BY 2 DESC`,
      [schema],
    );
    const total = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
    const top = rows
      .slice(0, 3)
      .map((row) => `${row.table} ${mb(Number(row.bytes)).toFixed(1)} MB`)
      .join(', ');
    return { bytes: total, detail: `pg_total_relation_size over ${rows.length} tables (${top}, …)` };
  } finally {
    await client.end();
  }
}
