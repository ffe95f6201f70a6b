// A final run's number of distinct broken and redirecting link targets, counted once when it is
// finalised (repositories/audit-links.ts): the issues view gives them with its link issues, and
// counting a million-page audit's 50,000 broken targets on every request took PostgreSQL 30 ms
// (npm run bench:pages). A run finalised before has no rows and counts its targets as before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_link_target_counts')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('targets', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_link_target_counts_pk', ['audit_run_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_link_target_counts').execute();
}
