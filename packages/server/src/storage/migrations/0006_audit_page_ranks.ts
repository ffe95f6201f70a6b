// Ranks of an audit's pages in URL order, written once when the audit is final (its pages never
// change after that). A page of the list is then a range of ranks on a narrow index, not an
// OFFSET scan over every earlier page; the filtered counts read narrow indexes too.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_pages').addColumn('url_rank', 'integer').execute();
  await db.schema.alterTable('audit_pages').addColumn('schema_rank', 'integer').execute();
  await db.schema
    .alterTable('audit_runs')
    .addColumn('pages_ranked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('audit_pages_by_rank_idx').on('audit_pages').columns(['audit_run_id', 'url_rank', 'geo_score', 'has_schema', 'id']).execute();
  await db.schema
    .createIndex('audit_pages_by_schema_rank_idx')
    .on('audit_pages')
    .columns(['audit_run_id', 'has_schema', 'schema_rank', 'geo_score', 'id'])
    .execute();
  await db.schema.createIndex('audit_pages_by_score_idx').on('audit_pages').columns(['audit_run_id', 'geo_score']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['audit_pages_by_rank_idx', 'audit_pages_by_schema_rank_idx', 'audit_pages_by_score_idx']) await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('audit_runs').dropColumn('pages_ranked').execute();
  await db.schema.alterTable('audit_pages').dropColumn('schema_rank').execute();
  await db.schema.alterTable('audit_pages').dropColumn('url_rank').execute();
}
