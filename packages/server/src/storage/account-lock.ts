// Creations limited per account (projects, webhook endpoints, GEO monitors) count, then insert, in
// one transaction. A no-op write on the account's row first serialises them per account on both
// dialects: PostgreSQL takes the row lock, SQLite takes its write lock before anything is read.
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

export async function lockAccount(trx: Transaction<Database>, accountId: string): Promise<void> {
  await trx
    .updateTable('accounts')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', accountId)
    .execute();
}
