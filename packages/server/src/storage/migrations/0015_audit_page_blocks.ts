// Where each page of a filtered list starts, for final audits of any size. A final run's pages
// are cut, in URL order, into blocks of a fixed number of pages, every page and each issue code's
// pages apart; a block keeps the key of the page before it and its pages counted by schema and
// score. A page of a list filtered by score or issue is then found by adding up the counts of the
// blocks before it and reading from that block's start: at most a block of index entries, whatever
// the page number, instead of an OFFSET over every earlier match. Written with the ranks when a run
// is final; runs ranked before this migration have no blocks and are read as before (they are at
// most 50,000 pages, within the lists' target that way).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_page_blocks')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('block', 'integer', (c) => c.notNull())
    .addColumn('after_url', 'text')
    .addColumn('after_id', 'text')
    .addColumn('counts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_page_blocks_pk', ['audit_run_id', 'code', 'block'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_page_blocks').execute();
}
