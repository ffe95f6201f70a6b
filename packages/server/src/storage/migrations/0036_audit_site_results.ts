// What the site checks find on each page (click depth, inlinks, the page's issues with the site's
// added) is kept in a table of its own until the run is final, then written into the page rows with
// their ranks, in one statement (repositories/audit-pages.ts). Written into the rows as the checks
// gave it, every row was rewritten twice, its 4 to 5 KB of checks and issues with it: once for the
// site checks, a chunk at a time, and once more for the ranks. A run live when this migration runs
// keeps what its site checks wrote into its rows already: finalising leaves a page with no row here
// as it is.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema
    .createTable('audit_site_results')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('depth', 'integer')
    .addColumn('inlinks', 'integer', (c) => c.notNull())
    // The page's issues with the site's added (JSON); null when the site checks added none.
    .addColumn('issues', 'text')
    .addPrimaryKeyConstraint('audit_site_results_pk', ['audit_run_id', 'page_id']);
  // SQLite keeps the rows in the primary key's b-tree (no rowid).
  await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_site_results').execute();
}
