// Site-wide checks and the audit by issue. Runs record their options (JavaScript rendering,
// external links) and phase; pages their click depth, inlinks and rendering comparison.
// `audit_page_issues` holds one row per page and distinct issue code, indexed by (run, code, url):
// the issue counts and samples, the pages list's `issue` filter and comparisons between audits
// are index ranges on it. `audit_issue_totals` keeps each final run's counts and samples.
// Stored pages are backfilled from their issues; final runs get their totals. The backfill
// carries its own copy of the rules (distinct codes, first five URLs): a migration must not change
// when the service code does.
import type { Kysely } from 'kysely';

/** The columns this migration reads and writes, as they stand when it runs. */
interface Tables {
  audit_runs: { id: string; status: string };
  audit_pages: { id: string; audit_run_id: string; url: string; issues: string; has_schema: number; geo_score: number };
  audit_page_issues: { audit_run_id: string; page_id: string; url: string; code: string; severity: string; has_schema: number; geo_score: number };
  audit_issue_totals: { audit_run_id: string; code: string; severity: string; pages: number; sample_urls: string };
}
type Db = Kysely<Tables>;
/** Pages read per query while backfilling, so a large history is never held at once. */
const BATCH = 1_000;
const SAMPLE_URLS = 5;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('audit_runs')
    .addColumn('render_javascript', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('audit_runs')
    .addColumn('check_external_links', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('audit_runs').addColumn('phase', 'text').execute();
  await db.schema.alterTable('audit_pages').addColumn('depth', 'integer').execute();
  await db.schema.alterTable('audit_pages').addColumn('inlinks', 'integer').execute();
  await db.schema.alterTable('audit_pages').addColumn('rendering', 'text').execute();

  await db.schema
    .createTable('audit_page_issues')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('has_schema', 'integer', (c) => c.notNull())
    .addColumn('geo_score', 'integer', (c) => c.notNull())
    .execute();
  // Covering: a page of one code's pages, filtered by schema and score too, is read from the index alone.
  await db.schema
    .createIndex('audit_page_issues_by_code_idx')
    .on('audit_page_issues')
    .columns(['audit_run_id', 'code', 'url', 'page_id', 'has_schema', 'geo_score'])
    .unique()
    .execute();

  await db.schema
    .createTable('audit_issue_totals')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addColumn('sample_urls', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_issue_totals_pk', ['audit_run_id', 'code'])
    .execute();

  for (let after = ''; ;) {
    const pages = (await db
      .selectFrom('audit_pages')
      .select(['id', 'audit_run_id', 'url', 'issues', 'has_schema', 'geo_score'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Array<{ id: string; audit_run_id: string; url: string; issues: string; has_schema: number; geo_score: number }>;
    if (pages.length === 0) break;
    const rows = pages.flatMap((page) => {
      const codes = new Map<string, string>();
      for (const issue of JSON.parse(page.issues) as Array<{ code: string; severity: string }>)
        if (!codes.has(issue.code)) codes.set(issue.code, issue.severity);
      return [...codes].map(([code, severity]) => ({
        audit_run_id: page.audit_run_id,
        page_id: page.id,
        url: page.url,
        code,
        severity,
        has_schema: page.has_schema,
        geo_score: page.geo_score,
      }));
    });
    // Seven columns a row: well under SQLite's bound-parameter limit per statement.
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('audit_page_issues')
        .values(rows.slice(i, i + 500))
        .execute();
    after = pages.at(-1)!.id;
  }

  const finalRuns = (await db.selectFrom('audit_runs').select('id').where('status', 'in', ['completed', 'cancelled', 'failed']).execute()) as Array<{
    id: string;
  }>;
  for (const { id } of finalRuns) {
    const counts = (await db
      .selectFrom('audit_page_issues')
      // A code has one severity: any row's will do.
      .select(['code', (eb) => eb.fn.max('severity').as('severity'), (eb) => eb.fn.countAll().as('pages')])
      .where('audit_run_id', '=', id)
      .groupBy('code')
      .execute()) as Array<{ code: string; severity: string; pages: number | string }>;
    for (const count of counts) {
      const samples = await db
        .selectFrom('audit_page_issues')
        .select('url')
        .where('audit_run_id', '=', id)
        .where('code', '=', count.code)
        .orderBy('url')
        .limit(SAMPLE_URLS)
        .execute();
      await db
        .insertInto('audit_issue_totals')
        .values({
          audit_run_id: id,
          code: count.code,
          severity: count.severity,
          pages: Number(count.pages),
          sample_urls: JSON.stringify(samples.map((s) => s.url)),
        })
        .execute();
    }
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_issue_totals').execute();
  await db.schema.dropTable('audit_page_issues').execute();
  for (const column of ['rendering', 'inlinks', 'depth']) await db.schema.alterTable('audit_pages').dropColumn(column).execute();
  for (const column of ['phase', 'check_external_links', 'render_javascript']) await db.schema.alterTable('audit_runs').dropColumn(column).execute();
}
