// The job workers alive now: each one (an API process's in-process worker, or `npm run worker`)
// keeps a row under a lease of its own, renewed as its job leases are, and deletes it when it stops.
// The API reads it to tell whether anything is taking jobs (/readyz, a waiting audit's `waiting`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workers').execute();
}
