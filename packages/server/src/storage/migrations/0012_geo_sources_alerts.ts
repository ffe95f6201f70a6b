// GEO monitors' alert thresholds (null watches nothing), and the project's own URLs each completed
// run's answers cite, per engine: what *List pages cited by answer engines, with their audit* joins
// with the latest audit, and what it reads the never-cited pages against.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('geo_monitors').addColumn('alert_visibility', 'double precision').execute();
  await db.schema.alterTable('geo_monitors').addColumn('alert_citation_share', 'double precision').execute();
  await db.schema
    .createTable('geo_monitor_citations')
    .addColumn('run_id', 'text', (c) => c.notNull().references('geo_monitor_runs.id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('geo_monitor_citations_pk', ['run_id', 'url', 'engine'])
    .execute();
  await db.schema.createIndex('geo_monitor_citations_by_monitor_idx').on('geo_monitor_citations').columns(['monitor_id', 'url']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('geo_monitor_citations').execute();
  await db.schema.alterTable('geo_monitors').dropColumn('alert_citation_share').execute();
  await db.schema.alterTable('geo_monitors').dropColumn('alert_visibility').execute();
}
