// Locks a row that a transaction is about to delete, with what belongs to it, for the rest of that
// transaction. On PostgreSQL FOR UPDATE, which (unlike a no-op update) also makes an insert that
// references the row wait for the transaction and then fail on its foreign key: nothing is added
// to what is being deleted, and what was being added before is seen. On SQLite a no-op write, which
// takes the database's write lock before anything else is read (writers are serialised there).
import { sql, type Transaction } from 'kysely';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/** False when there is no such row. */
export async function lockForDeletion(
  trx: Transaction<Database>,
  dialect: DialectName,
  table: 'projects' | 'geo_monitors' | 'audit_runs',
  id: string,
): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ id: string }>`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx)
      : await sql<{ id: string }>`update ${sql.table(table)} set id = id where id = ${id} returning id`.execute(trx);
  return rows.length > 0;
}
