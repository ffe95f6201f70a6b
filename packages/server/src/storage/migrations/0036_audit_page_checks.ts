// A stored page's rubric checks move out of `audit_pages` into a table of their own, one row per
// page. They were three quarters of a page's row (some 3.3 KB of its 4.5), so every row spilled
// onto overflow pages, and the statements that rewrite a run's rows after its crawl (the site
// checks' depth, inlinks and issues; the ranks in URL order) rewrote the checks with them: at
// 10,000 pages those two took 400 ms with the checks in the row and 230 ms without. The checks are
// only read with a whole page (a page of the list, the brief's sample, the cited-pages effect).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_page_checks')
    .addColumn('page_id', 'text', (c) => c.primaryKey().references('audit_pages.id').onDelete('cascade'))
    .addColumn('checks', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO audit_page_checks (page_id, checks) SELECT id, checks FROM audit_pages`.execute(db);
  await db.schema.alterTable('audit_pages').dropColumn('checks').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_pages')
    .addColumn('checks', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql`UPDATE audit_pages SET checks = (SELECT c.checks FROM audit_page_checks c WHERE c.page_id = audit_pages.id)
    WHERE EXISTS (SELECT 1 FROM audit_page_checks c WHERE c.page_id = audit_pages.id)`.execute(db);
  await db.schema.dropTable('audit_page_checks').execute();
}
