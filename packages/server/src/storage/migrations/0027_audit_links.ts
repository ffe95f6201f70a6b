// The link graph of an audit: `audit_links` holds one row per stored page and distinct link target
// (the first link to it in document order, at most 1,000 a page), written with the page. Indexed
// both ways: outlinks are a range on (run, source, position), inlinks on (run, target, source,
// position). `audit_link_targets` keeps a final run's broken and redirecting targets with the
// pages linking to each, written once, like `audit_issue_totals`. `audit_inlink_blocks` cuts a final
// run's inlinks of each much-linked URL into blocks in list order (see audit-links.ts). All go with
// their run.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_links')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('anchor_text', 'text', (c) => c.notNull())
    // The rel tokens, space-separated as in HTML.
    .addColumn('rel', 'text', (c) => c.notNull())
    .addColumn('followed', 'integer', (c) => c.notNull())
    .addColumn('internal', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_links_by_source_idx').on('audit_links').columns(['audit_run_id', 'source_url', 'position']).execute();
  await db.schema.createIndex('audit_links_by_target_idx').on('audit_links').columns(['audit_run_id', 'target_url', 'source_url', 'position']).execute();

  await db.schema
    .createTable('audit_link_targets')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_link_targets_pk', ['audit_run_id', 'kind', 'url'])
    .execute();
  await db.schema
    .createTable('audit_inlink_blocks')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('block', 'integer', (c) => c.notNull())
    // Block 0: the URL's inlinks in all; the others: null.
    .addColumn('links', 'integer')
    // The last inlink before the block, in list order; null for block 0.
    .addColumn('after_source', 'text')
    .addColumn('after_position', 'integer')
    .addPrimaryKeyConstraint('audit_inlink_blocks_pk', ['audit_run_id', 'target_url', 'block'])
    .execute();
  await db.schema.createIndex('audit_link_targets_by_pages_idx').on('audit_link_targets').columns(['audit_run_id', 'kind', 'pages desc', 'url']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_inlink_blocks').execute();
  await db.schema.dropTable('audit_link_targets').execute();
  await db.schema.dropTable('audit_links').execute();
}
