// The link graph by number. 0027 stored each link as a row with its run and both URLs as text, in a
// table and two indexes: about 800 bytes a link, which cost an audit a third of its pages per
// second. Now each run's URLs are numbered once in `audit_link_urls`; a stored page's links are one
// row, `audit_page_links` (JSON, as the outlinks list gives them); and the links by target are bare
// keys (target, source, position), kept in two tables so that no store inserts at random all over a
// large one (see the storage's audit-links.ts). The numbers are global, so no row but the URLs'
// needs the run: the others go with their URL's row, and that with the run. The inlink blocks name
// URLs by number too. Links stored before are carried over; inlinks are now listed in the order the
// audit first met the linking pages (see the spec's inlinks operation).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_link_urls')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_link_urls_by_url_idx').unique().on('audit_link_urls').columns(['audit_run_id', 'url']).execute();

  await db.schema
    .createTable('audit_page_links')
    .addColumn('source_id', 'bigint', (c) => c.primaryKey().references('audit_link_urls.id').onDelete('cascade'))
    // [[target, anchor text, rel tokens space-separated, followed 0/1, internal 0/1], …] in document order.
    .addColumn('links', 'text', (c) => c.notNull())
    .execute();
  for (const name of ['audit_inlink_keys', 'audit_inlink_keys_recent']) {
    const keys = db.schema
      .createTable(name)
      .addColumn('target_id', 'bigint', (c) => c.notNull().references('audit_link_urls.id').onDelete('cascade'))
      .addColumn('source_id', 'bigint', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${name}_pk`, ['target_id', 'source_id', 'position']);
    // SQLite keeps the rows in the primary key's b-tree (no rowid): a target's keys are a range of it.
    await (postgres ? keys : keys.modifyEnd(sql`without rowid`)).execute();
  }

  await sql`
    INSERT INTO audit_link_urls (audit_run_id, url)
    SELECT audit_run_id, source_url FROM audit_links UNION SELECT audit_run_id, target_url FROM audit_links`.execute(db);
  await carryLinksOver(db);
  await sql`
    INSERT INTO audit_inlink_keys (target_id, source_id, position)
    SELECT t.id, s.id, l.position
    FROM audit_links l
    JOIN audit_link_urls s ON s.audit_run_id = l.audit_run_id AND s.url = l.source_url
    JOIN audit_link_urls t ON t.audit_run_id = l.audit_run_id AND t.url = l.target_url`.execute(db);
  await db.schema.dropTable('audit_links').execute();

  // Rewritten by the next finalise of a run; a run already final lists its inlinks without them.
  await db.schema.dropTable('audit_inlink_blocks').execute();
  await db.schema
    .createTable('audit_inlink_blocks')
    .addColumn('target_id', 'bigint', (c) => c.notNull().references('audit_link_urls.id').onDelete('cascade'))
    .addColumn('block', 'integer', (c) => c.notNull())
    // Block 0: the URL's inlinks in all; the others: null.
    .addColumn('links', 'integer')
    // The last inlink before the block, in list order; null for block 0.
    .addColumn('after_source_id', 'bigint')
    .addColumn('after_position', 'integer')
    .addPrimaryKeyConstraint('audit_inlink_blocks_pk', ['target_id', 'block'])
    .execute();
}

interface OldLink {
  audit_run_id: string;
  source_url: string;
  target_url: string;
  anchor_text: string;
  rel: string;
  followed: number | string;
  internal: number | string;
}

/** Each page's 0027 rows as its one row of links, a run and a page at a time. */
async function carryLinksOver(db: Kysely<unknown>): Promise<void> {
  const pages = await sql<{ audit_run_id: string; source_url: string }>`SELECT DISTINCT audit_run_id, source_url FROM audit_links`.execute(db);
  for (const { audit_run_id: run, source_url: source } of pages.rows) {
    const { rows } = await sql<OldLink>`
      SELECT * FROM audit_links WHERE audit_run_id = ${run} AND source_url = ${source} ORDER BY position`.execute(db);
    const links = rows.map((l) => [l.target_url, l.anchor_text, l.rel, Number(l.followed), Number(l.internal)]);
    await sql`
      INSERT INTO audit_page_links (source_id, links)
      SELECT id, ${JSON.stringify(links)} FROM audit_link_urls WHERE audit_run_id = ${run} AND url = ${source}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_inlink_blocks').execute();
  await db.schema.dropTable('audit_inlink_keys_recent').execute();
  await db.schema.dropTable('audit_inlink_keys').execute();
  await db.schema.dropTable('audit_page_links').execute();
  await db.schema.dropTable('audit_link_urls').execute();
  // 0027's tables, empty: the links are not carried back.
  await db.schema
    .createTable('audit_links')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('anchor_text', 'text', (c) => c.notNull())
    .addColumn('rel', 'text', (c) => c.notNull())
    .addColumn('followed', 'integer', (c) => c.notNull())
    .addColumn('internal', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_links_by_source_idx').on('audit_links').columns(['audit_run_id', 'source_url', 'position']).execute();
  await db.schema.createIndex('audit_links_by_target_idx').on('audit_links').columns(['audit_run_id', 'target_url', 'source_url', 'position']).execute();
  await db.schema
    .createTable('audit_inlink_blocks')
    .addColumn('audit_run_id', 'text', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('block', 'integer', (c) => c.notNull())
    .addColumn('links', 'integer')
    .addColumn('after_source', 'text')
    .addColumn('after_position', 'integer')
    .addPrimaryKeyConstraint('audit_inlink_blocks_pk', ['audit_run_id', 'target_url', 'block'])
    .execute();
}
