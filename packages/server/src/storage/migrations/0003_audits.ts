// Audit runs, their pages, report snapshots, content briefs and drafts.
// The page indexes are covering indexes in URL order, so any page of a 100,000-page audit is
// found by scanning index entries only, with or without the `hasSchema` and `minGeoScore` filters.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seed_url', 'text', (c) => c.notNull())
    .addColumn('max_pages', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('pages_crawled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text')
    .addColumn('stop_reason', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('audit_runs_project_created_idx').on('audit_runs').columns(['project_id', 'created_at desc', 'id desc']).execute();
  await db.schema.createIndex('audit_runs_job_idx').on('audit_runs').column('job_id').execute();

  await db.schema
    .createTable('audit_pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('final_url', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('lang', 'text')
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('geo_score', 'integer', (c) => c.notNull())
    .addColumn('has_schema', 'integer', (c) => c.notNull())
    .addColumn('schema_types', 'text', (c) => c.notNull())
    .addColumn('checks', 'text', (c) => c.notNull())
    .addColumn('issues', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_pages_by_url_idx').on('audit_pages').columns(['audit_run_id', 'url', 'id', 'geo_score', 'has_schema']).unique().execute();
  await db.schema.createIndex('audit_pages_by_schema_idx').on('audit_pages').columns(['audit_run_id', 'has_schema', 'url', 'id', 'geo_score']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('audit_run_id', 'text', (c) => c.notNull().unique().references('audit_runs.id').onDelete('cascade'))
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addColumn('change', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_project_created_idx').on('reports').columns(['project_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('briefs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('goal', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('draft_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('briefs_project_created_idx').on('briefs').columns(['project_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brief_id', 'text', (c) => c.notNull().references('briefs.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drafts_project_created_idx').on('drafts').columns(['project_id', 'created_at desc', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['drafts', 'briefs', 'reports', 'audit_pages', 'audit_runs']) await db.schema.dropTable(table).execute();
}
