// What a GEO monitor test was charged and what it made, as monitor runs record it: the calls it
// was charged when it started, the month they were charged to, and the calls made so far. When the
// test ends (completed, failed, cancelled, or deleted with its project), the calls it did not make
// go back to that month. Tests stored before were charged nothing this can give back: 0 planned,
// no month.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('geo_tests')
    .addColumn('calls_planned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('geo_tests')
    .addColumn('calls_made', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('geo_tests').addColumn('charged_month', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['charged_month', 'calls_made', 'calls_planned']) await db.schema.alterTable('geo_tests').dropColumn(column).execute();
}
