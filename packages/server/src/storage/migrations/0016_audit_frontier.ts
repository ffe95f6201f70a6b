// The frontier of an audit crawled by several workers (AUDIT_CRAWL_WORKERS > 1, PostgreSQL): one
// row per URL queued or taken, leased to one worker at a time; and the crawl's counters (the page
// budget, the summary's figures), which every worker adds to in the transaction that stores its
// pages. The tables exist on SQLite too, unused, so that both
// schemas stay the same.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_frontier')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    // Crawl order: breadth first across every worker.
    .addColumn('seq', 'bigint', (c) => (postgres ? c.notNull().generatedByDefaultAsIdentity() : c))
    // queued → leased (a worker fetches it) → fetched (its links are queued) → stored; claimed: a redirect target.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    // Set by its first fetch (1: an HTML page), which alone counts it against the budget.
    .addColumn('html', 'integer')
    // The site record (JSON) the lead's site checks read, once stored.
    .addColumn('record', 'text')
    .addPrimaryKeyConstraint('audit_frontier_pk', ['audit_run_id', 'url'])
    .execute();
  await db.schema
    .createIndex('audit_frontier_queued_idx')
    .on('audit_frontier')
    .columns(['audit_run_id', 'seq'])
    .where(sql.ref('state'), '=', 'queued')
    .execute();
  await db.schema
    .createIndex('audit_frontier_taken_idx')
    .on('audit_frontier')
    .columns(['audit_run_id', 'lease_expires_at'])
    .where(sql.ref('state'), 'in', ['leased', 'fetched'])
    .execute();
  await db.schema
    .createIndex('audit_frontier_stored_idx')
    .on('audit_frontier')
    .columns(['audit_run_id', 'seq'])
    .where(sql.ref('state'), '=', 'stored')
    .execute();
  await db.schema
    .createTable('audit_crawls')
    .addColumn('audit_run_id', 'text', (c) => c.primaryKey().references('audit_runs.id').onDelete('cascade'))
    .addColumn('urls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('html_pages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('other_records', 'integer', (c) => c.notNull().defaultTo(0))
    // The summary's figures over the stored pages (AuditTally's counts), added to by each store.
    .addColumn('pages_audited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_scored', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score_sum', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_with_schema', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issues_error', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issues_warning', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issues_notice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_address', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_crawls').execute();
  await db.schema.dropTable('audit_frontier').execute();
}
