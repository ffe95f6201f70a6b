// URLs leased and not yet fetched, counted on the crawl's counters row as the frontier moves them
// (leased, fetched, re-queued, stored). Near the end of the page budget every lease needs that
// number; counting the rows each time read the run's whole frontier once the planner lost track
// of it (without fresh statistics, as when autovacuum is off), half a second a lease at 200,000
// URLs. A run crawling while this migration runs gets its count from its rows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_crawls')
    .addColumn('leased_urls', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE audit_crawls SET leased_urls = (
      SELECT count(*) FROM audit_frontier f WHERE f.audit_run_id = audit_crawls.audit_run_id AND f.state = 'leased'
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_crawls').dropColumn('leased_urls').execute();
}
