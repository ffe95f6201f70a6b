// The page counts of a final audit, by issue code, schema and score: every total of the pages
// list (any combination of the `issue`, `hasSchema` and `minGeoScore` filters) is a sum over at
// most 202 rows of one run, instead of a count over its pages. Written with the ranks when a run
// is final; runs already ranked are counted here. `code` is '' for the count of every page.
import { sql, type Kysely } from 'kysely';

interface Tables {
  audit_runs: { id: string; pages_ranked: number };
}

export async function up(db: Kysely<Tables>): Promise<void> {
  await db.schema
    .createTable('audit_page_counts')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('has_schema', 'integer', (c) => c.notNull())
    .addColumn('geo_score', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_page_counts_pk', ['audit_run_id', 'code', 'has_schema', 'geo_score'])
    .execute();
  // The migration's own copy of the counting (a migration must not change when the service code does).
  await sql`
    INSERT INTO audit_page_counts (audit_run_id, code, has_schema, geo_score, pages)
    SELECT audit_run_id, '', has_schema, geo_score, count(*) FROM audit_pages
    WHERE audit_run_id IN (SELECT id FROM audit_runs WHERE pages_ranked = 1)
    GROUP BY audit_run_id, has_schema, geo_score`.execute(db);
  await sql`
    INSERT INTO audit_page_counts (audit_run_id, code, has_schema, geo_score, pages)
    SELECT audit_run_id, code, has_schema, geo_score, count(*) FROM audit_page_issues
    WHERE audit_run_id IN (SELECT id FROM audit_runs WHERE pages_ranked = 1)
    GROUP BY audit_run_id, code, has_schema, geo_score`.execute(db);
}

export async function down(db: Kysely<Tables>): Promise<void> {
  await db.schema.dropTable('audit_page_counts').execute();
}
