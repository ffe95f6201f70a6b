// Lets a service group repository calls into one transaction without seeing SQL: it receives an
// opaque handle and passes it to the repositories that accept one.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type TransactionHandle = Transaction<Database>;
export type RunInTransaction = <T>(work: (trx: TransactionHandle) => Promise<T>) => Promise<T>;

export function transactionRunner(db: Kysely<Database>): RunInTransaction {
  return (work) => db.transaction().execute(work);
}
