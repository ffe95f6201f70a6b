// The indexes the pages list sorts and filters by (0028's, and one for the `indexable` and
// `indexabilityStatus` filters of 1.8) hold a run's pages once it is ranked, not while it is crawled.
// Each costs a crawl about 40 µs a page: its key (run, field, url, id) lands at random among the
// run's others, and SQLite rewrites a page of the index for nearly every key at each commit. Five
// of them cost a crawl a fifth of its pages per second. Ranking a run sets every page's `url_rank`
// in one statement, which fills them at once. A running audit's sorted and filtered lists read its
// pages through the URL index instead (see the storage's audit-pages.ts).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Index name, sort column, and whether the column may be null (0028's). */
const SORT_INDEXES = [
  ['audit_pages_by_score_url_idx', 'geo_score', false],
  ['audit_pages_by_status_idx', 'status_code', false],
  ['audit_pages_by_depth_idx', 'depth', true],
  ['audit_pages_by_response_time_idx', 'response_time_ms', true],
  ['audit_pages_by_indexability_idx', 'indexability_status', true],
] as const;

const NEW_IN_1_8 = 'audit_pages_by_indexability_idx';

async function createIndexes(db: Kysely<unknown>, onceRanked: boolean): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [index, column, nullable] of SORT_INDEXES) {
    if (!onceRanked && index === NEW_IN_1_8) continue;
    const key = postgres && nullable ? sql`${sql.ref(column)} NULLS FIRST` : sql.ref(column);
    const where = onceRanked ? sql` WHERE url_rank IS NOT NULL` : sql``;
    await sql`CREATE INDEX ${sql.id(index)} ON audit_pages (audit_run_id, ${key}, url, id)${where}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [index] of SORT_INDEXES) if (index !== NEW_IN_1_8) await db.schema.dropIndex(index).execute();
  await createIndexes(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [index] of SORT_INDEXES) await db.schema.dropIndex(index).execute();
  await createIndexes(db, false);
}
