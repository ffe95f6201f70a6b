// How many records a running audit has stored (the API's progress.pagesRecorded, 1.9): every URL it
// keeps a record of, where pages_crawled counts the HTML pages that max pages limits. Runs stored
// before have 0, and a final run's view reads its summary's pagesAudited instead.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_runs')
    .addColumn('pages_recorded', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_runs').dropColumn('pages_recorded').execute();
}
