// Jobs that share a spread key run in different workers: a worker does not claim one while it runs
// another with the same key. An audit crawled by several workers gives its lead job and its
// helpers the run's id, so each helper adds a process (a machine's cores, its sockets), rather
// than a second crawler inside a process that already crawls the audit.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('spread_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('spread_key').execute();
}
