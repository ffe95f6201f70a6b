// A final run's page counts and blocks (audit-pages.ts's `rank` writes them, its lists read them):
// the run's pages counted by issue code, schema and score, and cut, overall and per issue code,
// into blocks of PAGE_BLOCK_SIZE in URL order, each counted by schema and score. A list filtered by
// score or issue adds up the counts of the blocks before its first item instead of reading them.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Rows per INSERT. */
const INSERT_CHUNK = 500;

/** A page's position in URL order (ties broken by id). */
export interface PageKey {
  url: string;
  id: string;
}

/**
 * Pages (of the run, or of one issue code) a block holds. A page of a filtered list reads at most
 * about this many index entries before its first item, and a list reads one block row per this many
 * pages it covers: 245 for the million pages of the largest audit.
 */
export const PAGE_BLOCK_SIZE = 4096;
/** geo_score runs from 0 to 100. */
const SCORES = 101;

/** A block of a final run's pages (see AuditPageBlocksTable): where it starts, and its pages by schema and score. */
export interface PageBlock {
  after: PageKey | null;
  /** Pages with has_schema h and geo_score s at h × SCORES + s. */
  counts: number[];
}

/** The `code` of the counts of every page, whatever its issues. */
export const EVERY_PAGE = '';

/** Counts a final run's pages by schema and score, overall and per issue code (see AuditPageCountsTable). */
export async function countPages(auditRunId: string, executor: Kysely<Database>): Promise<void> {
  await executor.deleteFrom('audit_page_counts').where('audit_run_id', '=', auditRunId).execute();
  await sql`
    INSERT INTO audit_page_counts (audit_run_id, code, has_schema, geo_score, pages)
    SELECT audit_run_id, CAST(${EVERY_PAGE} AS TEXT), has_schema, geo_score, count(*) FROM audit_pages WHERE audit_run_id = ${auditRunId}
    GROUP BY audit_run_id, has_schema, geo_score`.execute(executor);
  await sql`
    INSERT INTO audit_page_counts (audit_run_id, code, has_schema, geo_score, pages)
    SELECT audit_run_id, code, has_schema, geo_score, count(*) FROM audit_page_issues WHERE audit_run_id = ${auditRunId}
    GROUP BY audit_run_id, code, has_schema, geo_score`.execute(executor);
}

/**
 * Cuts a final run's pages in URL order (url, then id) into blocks of `blockSize`, every page
 * (code '') and each issue code's pages apart, and writes each block's start and counts. The run's
 * pages are ranked first (url_rank).
 */
export async function writeBlocks(auditRunId: string, blockSize: number, executor: Kysely<Database>): Promise<void> {
  await executor.deleteFrom('audit_page_blocks').where('audit_run_id', '=', auditRunId).execute();
  const blocks = new Map<string, PageBlock & { code: string; block: number }>();
  const blockOf = (code: string, block: number) => {
    const key = `${code}\n${block}`;
    let found = blocks.get(key);
    if (!found) blocks.set(key, (found = { code, block, after: null, counts: new Array<number>(2 * SCORES).fill(0) }));
    return found;
  };
  // n: a page's place in URL order among its code's pages, from 1; for every page, its url_rank.
  for (const numbered of [
    sql`SELECT CAST(${EVERY_PAGE} AS TEXT) AS code, url, id, has_schema, geo_score, url_rank AS n FROM audit_pages WHERE audit_run_id = ${auditRunId}`,
    sql`SELECT code, url, page_id AS id, has_schema, geo_score, row_number() OVER (PARTITION BY code ORDER BY url, page_id) AS n
        FROM audit_page_issues WHERE audit_run_id = ${auditRunId}`,
  ]) {
    // A literal, not a parameter: SQLite binds a JS number as a real, and the division must be whole.
    const size = sql.lit(blockSize);
    // One pass over the numbered pages: their counts by block, schema and score, and the last page
    // of block b - 1 (n = b × blockSize), where block b starts after (url and id set only there).
    const { rows } = await sql<{
      code: string;
      block: number | string;
      has_schema: number | string | null;
      geo_score: number | string | null;
      pages: number | string | null;
      url: string | null;
      id: string | null;
    }>`
      WITH numbered AS MATERIALIZED (${numbered})
      SELECT code, (n - 1) / ${size} AS block, has_schema, geo_score, count(*) AS pages, CAST(NULL AS TEXT) AS url, CAST(NULL AS TEXT) AS id
      FROM numbered GROUP BY code, (n - 1) / ${size}, has_schema, geo_score
      UNION ALL
      SELECT code, n / ${size}, NULL, NULL, NULL, url, id FROM numbered WHERE n % ${size} = 0`.execute(executor);
    for (const row of rows) {
      if (row.url === null) blockOf(row.code, Number(row.block)).counts[Number(row.has_schema) * SCORES + Number(row.geo_score)] = Number(row.pages);
    }
    for (const { code, block, url, id } of rows) {
      const next = blocks.get(`${code}\n${Number(block)}`);
      if (next && url !== null && id !== null) next.after = { url, id };
    }
  }
  const rows = [...blocks.values()].map((b) => ({
    audit_run_id: auditRunId,
    code: b.code,
    block: b.block,
    after_url: b.after?.url ?? null,
    after_id: b.after?.id ?? null,
    counts: JSON.stringify(b.counts),
  }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await executor
      .insertInto('audit_page_blocks')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Pages of a block that pass the `hasSchema`, `minGeoScore` and `maxGeoScore` filters (the `issue` filter chose the blocks). */
export function blockMatches(counts: readonly number[], filter: { hasSchema?: boolean; minGeoScore?: number; maxGeoScore?: number }): number {
  // Scores are whole: "greater than 59.5" is "60 and more", "at most 40.5" is "40 and less".
  const from = filter.minGeoScore === undefined ? 0 : Math.max(0, Math.floor(filter.minGeoScore) + 1);
  const to = filter.maxGeoScore === undefined ? SCORES - 1 : Math.min(SCORES - 1, Math.floor(filter.maxGeoScore));
  let pages = 0;
  for (const schema of filter.hasSchema === undefined ? [0, 1] : [filter.hasSchema ? 1 : 0]) {
    for (let score = from; score <= to; score++) pages += counts[schema * SCORES + score]!;
  }
  return pages;
}

/** A final run's blocks of every page (code '') or of one issue code, in URL order; none for runs ranked before they existed. */
export async function readBlocks(db: Kysely<Database>, auditRunId: string, code: string): Promise<PageBlock[]> {
  const rows = await db
    .selectFrom('audit_page_blocks')
    .select(['after_url', 'after_id', 'counts'])
    .where('audit_run_id', '=', auditRunId)
    .where('code', '=', code)
    .orderBy('block')
    .execute();
  return rows.map((row) => ({
    after: row.after_url === null || row.after_id === null ? null : { url: row.after_url, id: row.after_id },
    counts: JSON.parse(row.counts) as number[],
  }));
}
