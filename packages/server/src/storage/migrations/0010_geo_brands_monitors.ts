// Brands tracked against competitors, over time. A project's brand profile (aliases, domains,
// competitors); the tracked brands each GEO test started with; monitors (prompts × locales ×
// engines on a schedule), their runs (one per tick: the unique key on (monitor, tick) is what makes
// a tick run once whatever the number of workers) and each run's answers, stored one by one so that
// a retried run goes on where its lost worker stopped; and the answer-engine calls each account
// has been charged per month.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brand_profiles')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('aliases', 'text', (c) => c.notNull())
    .addColumn('domains', 'text', (c) => c.notNull())
    .addColumn('competitors', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Tests stored before have tracked the project's brand alone.
  await db.schema
    .alterTable('geo_tests')
    .addColumn('brands', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('geo_monitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prompts', 'text', (c) => c.notNull())
    .addColumn('locales', 'text', (c) => c.notNull())
    .addColumn('engines', 'text', (c) => c.notNull())
    .addColumn('samples_per_prompt', 'integer', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_run_at', 'text')
    .addColumn('last_run_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('geo_monitors_project_created_idx').on('geo_monitors').columns(['project_id', 'created_at desc', 'id desc']).execute();
  await db.schema.createIndex('geo_monitors_due_idx').on('geo_monitors').columns(['paused', 'next_run_at']).execute();
  await db.schema.createIndex('geo_monitors_account_idx').on('geo_monitors').column('account_id').execute();

  await db.schema
    .createTable('geo_monitor_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('geo_monitors.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('scheduled_for', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('brands', 'text', (c) => c.notNull())
    .addColumn('calls_planned', 'integer', (c) => c.notNull())
    .addColumn('calls_made', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_ticks', 'integer', (c) => c.notNull().defaultTo(0))
    // The month (YYYY-MM) the run's calls were charged to; null before: a retried attempt does not
    // charge them again, and calls never made are given back to that month.
    .addColumn('charged_month', 'text')
    .addColumn('figures', 'text')
    .addColumn('error', 'text')
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('geo_monitor_runs_tick_unique', ['monitor_id', 'scheduled_for'])
    .execute();
  await db.schema.createIndex('geo_monitor_runs_monitor_tick_idx').on('geo_monitor_runs').columns(['monitor_id', 'scheduled_for desc', 'id desc']).execute();
  await db.schema.createIndex('geo_monitor_runs_job_idx').on('geo_monitor_runs').column('job_id').execute();

  await db.schema
    .createTable('geo_monitor_answers')
    .addColumn('run_id', 'text', (c) => c.notNull().references('geo_monitor_runs.id').onDelete('cascade'))
    .addColumn('prompt_index', 'integer', (c) => c.notNull())
    .addColumn('locale_index', 'integer', (c) => c.notNull())
    .addColumn('engine_index', 'integer', (c) => c.notNull())
    .addColumn('sample_index', 'integer', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('sample', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('geo_monitor_answers_pk', ['run_id', 'prompt_index', 'locale_index', 'engine_index', 'sample_index'])
    .execute();

  await db.schema
    .createTable('usage_months')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('answer_engine_calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_months_pk', ['account_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['usage_months', 'geo_monitor_answers', 'geo_monitor_runs', 'geo_monitors', 'brand_profiles']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('geo_tests').dropColumn('brands').execute();
}
