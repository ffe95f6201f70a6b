// The durable job queue: every background run (audits first) is a row here, claimed by a worker
// under a lease. Types stay text and integer: see the portability notes in ../schema.ts.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they must not depend on the current Database type.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`))
    .addColumn('concurrency_limit', 'integer', (c) => c.notNull().check(sql`concurrency_limit > 0`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().check(sql`max_attempts > 0`))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The claim scan: queued jobs of some kinds, oldest first.
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'kind', 'created_at', 'id']).execute();
  // Counting an account's running jobs of a kind (the per-account concurrency limit).
  await db.schema.createIndex('jobs_account_idx').on('jobs').columns(['account_id', 'kind', 'status']).execute();
  // Finding expired leases without scanning finished jobs.
  await db.schema.createIndex('jobs_lease_idx').on('jobs').columns(['status', 'lease_expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
