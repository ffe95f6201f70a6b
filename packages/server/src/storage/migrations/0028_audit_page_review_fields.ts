// The fields a technical-SEO review of an audit filters on (canonical, robots directives, headings,
// hreflang, outlinks, response time and size, the title's width), one column each, null on the
// pages stored before; and the indexes the pages list sorts and filters by. Each sort index ends
// with (url, id), the list's tie-break, so that a sorted page is a range of one index in either
// direction; on PostgreSQL the nullable keys put nulls first, as SQLite does, so that a null sorts
// below every number on both. The index on (run, geo_score) alone gives way to one that also orders.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const COLUMNS = [
  ['canonical', 'text'],
  ['meta_robots', 'text'],
  ['x_robots_tag', 'text'],
  ['h1', 'text'],
  ['h1_count', 'integer'],
  ['h2_count', 'integer'],
  ['hreflang', 'text'],
  ['internal_outlinks', 'integer'],
  ['external_outlinks', 'integer'],
  ['response_time_ms', 'integer'],
  ['size_bytes', 'bigint'],
  ['title_pixel_width', 'integer'],
] as const;

/** Index name, sort column, and whether the column may be null. */
const SORT_INDEXES = [
  ['audit_pages_by_score_url_idx', 'geo_score', false],
  ['audit_pages_by_status_idx', 'status_code', false],
  ['audit_pages_by_depth_idx', 'depth', true],
  ['audit_pages_by_response_time_idx', 'response_time_ms', true],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, type] of COLUMNS) await db.schema.alterTable('audit_pages').addColumn(name, type).execute();
  for (const [index, column, nullable] of SORT_INDEXES) {
    const key = postgres && nullable ? sql`${sql.ref(column)} NULLS FIRST` : sql.ref(column);
    await sql`CREATE INDEX ${sql.id(index)} ON audit_pages (audit_run_id, ${key}, url, id)`.execute(db);
  }
  await db.schema.dropIndex('audit_pages_by_score_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_pages_by_score_idx').on('audit_pages').columns(['audit_run_id', 'geo_score']).execute();
  for (const [index] of SORT_INDEXES) await db.schema.dropIndex(index).execute();
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('audit_pages').dropColumn(name).execute();
}
