// GEO figures a user can trust (issue 43). Each answer records the surface that gave it (null on
// answers stored before); each completed run keeps its figures by prompt, locale, engine and surface
// (one row per group, `surface` '' for every surface, else one surface's answers), which the run's
// figures list and the trend read; the alerts a monitor raised are kept; a monitor has a monthly
// call cap and an alert confidence level (null: the default, 0.95), and a run skipped for its cap
// says why.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('geo_monitor_answers').addColumn('surface', 'text').execute();
  await db.schema.alterTable('geo_monitor_runs').addColumn('skip_reason', 'text').execute();
  await db.schema.alterTable('geo_monitors').addColumn('monthly_call_cap', 'integer').execute();
  await db.schema.alterTable('geo_monitors').addColumn('alert_confidence', 'double precision').execute();
  await db.schema
    .createTable('geo_monitor_run_figures')
    .addColumn('run_id', 'text', (c) => c.notNull().references('geo_monitor_runs.id').onDelete('cascade'))
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('surface', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('surfaces', 'text', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addColumn('brands', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('geo_monitor_run_figures_pk', ['run_id', 'dimension', 'surface', 'position'])
    .execute();
  await db.schema
    .createTable('geo_monitor_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('geo_monitors.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('alert', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('geo_monitor_alerts_by_monitor_idx').on('geo_monitor_alerts').columns(['monitor_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('geo_monitor_alerts').execute();
  await db.schema.dropTable('geo_monitor_run_figures').execute();
  await db.schema.alterTable('geo_monitors').dropColumn('alert_confidence').execute();
  await db.schema.alterTable('geo_monitors').dropColumn('monthly_call_cap').execute();
  await db.schema.alterTable('geo_monitor_runs').dropColumn('skip_reason').execute();
  await db.schema.alterTable('geo_monitor_answers').dropColumn('surface').execute();
}
