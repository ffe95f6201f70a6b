// Which of an audit's pages a filter matches, as SQL, and their keys in URL order from the
// narrowest index: what the pages list, its blocks and the export all read.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';
import type { PageKey } from './audit-page-blocks.js';
import { hasRangeFilter, rangeConditions, type PageRangeFilter } from './audit-page-order.js';

export interface AuditPageFilter extends PageRangeFilter {
  /** Strictly greater than. */
  minGeoScore?: number;
  /** At most. */
  maxGeoScore?: number;
  hasSchema?: boolean;
  /** Pages with an issue of this code. */
  issue?: string;
}

export interface KeySource {
  count(): Promise<number>;
  /** `limit` keys in URL order from just after `after` (from the first when absent or null), skipping `offset` first. */
  keys(limit: number, from: { after?: PageKey | null; offset?: number }): Promise<PageKey[]>;
}

/**
 * Scores are whole numbers, so "greater than 50.5" is "greater than 50"; PostgreSQL refuses to
 * compare an integer column with a fractional parameter, so the bound is made whole first.
 */
export const scoreBound = (minGeoScore: number) => Math.floor(minGeoScore);

/** The conditions of `filter` on `table` (audit_pages, or audit_page_issues when no range filter is given). */
export async function pageConditions(
  db: Kysely<Database>,
  dialect: DialectName,
  auditRunId: string,
  filter: AuditPageFilter,
  table: 'audit_pages' | 'audit_page_issues' = 'audit_pages',
): Promise<RawBuilder<unknown>> {
  const conditions = [sql`audit_run_id = ${auditRunId}`];
  if (filter.issue !== undefined) {
    conditions.push(
      table === 'audit_pages'
        ? sql`id IN (SELECT page_id FROM audit_page_issues WHERE audit_run_id = ${auditRunId} AND code = ${filter.issue})`
        : sql`code = ${filter.issue}`,
    );
  }
  if (filter.hasSchema !== undefined) conditions.push(sql`has_schema = ${filter.hasSchema ? 1 : 0}`);
  if (filter.minGeoScore !== undefined) conditions.push(sql`geo_score > ${scoreBound(filter.minGeoScore)}`);
  if (filter.maxGeoScore !== undefined) conditions.push(sql`geo_score <= ${scoreBound(filter.maxGeoScore)}`);
  if (table === 'audit_pages') conditions.push(...(await rangeConditions(db, dialect, auditRunId, filter)));
  return sql.join(conditions, sql` AND `);
}

/**
 * The filtered pages' keys in URL order, from the narrowest index: an `issue` filter reads that
 * code's issue rows (their index is in URL order and carries `has_schema` and `geo_score`),
 * other filters the pages themselves. `from` skips `offset` keys, or starts after a key.
 */
export async function pageKeys(db: Kysely<Database>, dialect: DialectName, auditRunId: string, filter: AuditPageFilter): Promise<KeySource> {
  // The same filters on either table: both carry audit_run_id, url, has_schema and geo_score; the
  // range filters only the pages, which then take the issue filter as a subquery.
  const ranged = hasRangeFilter(filter);
  const [table, id] = filter.issue === undefined || ranged ? (['audit_pages', 'id'] as const) : (['audit_page_issues', 'page_id'] as const);
  const where = await pageConditions(db, dialect, auditRunId, filter, table);
  return {
    async count() {
      const { rows } = await sql<{ count: number | string }>`SELECT count(*) AS count FROM ${sql.table(table)} WHERE ${where}`.execute(db);
      return Number(rows[0]!.count);
    },
    async keys(limit, from) {
      // `url >=` bounds the index range; the OR then drops the pages of that URL up to the key.
      const after = from.after ? sql` AND url >= ${from.after.url} AND (url > ${from.after.url} OR ${sql.ref(id)} > ${from.after.id})` : sql``;
      const offset = from.offset ?? 0;
      const { rows } = await sql<PageKey>`
        SELECT url, ${sql.ref(id)} AS id FROM ${sql.table(table)} WHERE ${where}${after}
        ORDER BY url, ${sql.ref(id)} LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return rows;
    },
  };
}
