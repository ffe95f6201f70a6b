// The pages list's further filters (status class, depth, a path prefix, indexability) and its
// orders, as SQL on `audit_pages`. Every order ends with the URL and the id, and a descending order
// is the ascending one read backwards, so that each is a range of one index of migration 0028 in
// either direction (nulls first on both dialects: below every number).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';

/** The fields the list sorts by. */
export type PageSortField = 'url' | 'geoScore' | 'depth' | 'statusCode' | 'responseTimeMs';

export interface PageOrder {
  field: PageSortField;
  descending: boolean;
}

/** The list's order when no other is asked for. */
export const URL_ORDER: PageOrder = { field: 'url', descending: false };

const SORT_COLUMNS: Record<Exclude<PageSortField, 'url'>, { column: string; nullable: boolean }> = {
  geoScore: { column: 'geo_score', nullable: false },
  depth: { column: 'depth', nullable: true },
  statusCode: { column: 'status_code', nullable: false },
  responseTimeMs: { column: 'response_time_ms', nullable: true },
};

/** The column a non-URL order sorts by, and whether it holds nulls (sorted below every number); null for URL order. */
export function sortColumnOf(order: PageOrder): { column: string; nullable: boolean } | null {
  return order.field === 'url' ? null : SORT_COLUMNS[order.field];
}

/** Filters on the pages' own columns, beyond those the counts and blocks of a ranked run answer. */
export interface PageRangeFilter {
  /** 200, 300, 400 or 500: status codes from it to 99 above. */
  statusFrom?: number;
  minDepth?: number;
  maxDepth?: number;
  /** The URL's path and query (from the `/` after the host) begins with it. */
  pathPrefix?: string;
  indexable?: boolean;
  /** Not indexable for this reason. */
  indexabilityStatus?: string;
}

export function hasRangeFilter(filter: PageRangeFilter): boolean {
  return (
    filter.statusFrom !== undefined ||
    filter.minDepth !== undefined ||
    filter.maxDepth !== undefined ||
    filter.pathPrefix !== undefined ||
    filter.indexable !== undefined ||
    filter.indexabilityStatus !== undefined
  );
}

export function isUrlOrder(order: PageOrder): boolean {
  return order.field === 'url' && !order.descending;
}

/** `ORDER BY …` of `order`, ties by URL and id in the same direction. */
export function orderClause(order: PageOrder, dialect: DialectName): RawBuilder<unknown> {
  const direction = order.descending ? sql`DESC` : sql`ASC`;
  if (order.field === 'url') return sql`ORDER BY url ${direction}, id ${direction}`;
  const { column, nullable } = SORT_COLUMNS[order.field];
  // SQLite puts nulls first in ascending order; PostgreSQL is told to, as its indexes are built.
  const nulls = dialect === 'postgres' && nullable ? (order.descending ? sql` NULLS LAST` : sql` NULLS FIRST`) : sql``;
  return sql`ORDER BY ${sql.ref(column)} ${direction}${nulls}, url ${direction}, id ${direction}`;
}

/** A run's hosts are found one index probe each; past this many, the path is cut out of each URL instead. */
const MAX_ORIGINS = 64;
/** Above every character a URL holds, in the byte order both dialects compare URLs in. */
const TOP = String.fromCodePoint(0x10ffff);

/** The conditions of `filter` on `audit_pages` of the run. */
export async function rangeConditions(db: Kysely<Database>, dialect: DialectName, auditRunId: string, filter: PageRangeFilter): Promise<RawBuilder<unknown>[]> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.statusFrom !== undefined) conditions.push(sql`status_code >= ${filter.statusFrom} AND status_code < ${filter.statusFrom + 100}`);
  if (filter.minDepth !== undefined) conditions.push(sql`depth >= ${filter.minDepth}`);
  if (filter.maxDepth !== undefined) conditions.push(sql`depth <= ${filter.maxDepth}`);
  if (filter.pathPrefix !== undefined) conditions.push(await pathCondition(db, dialect, auditRunId, filter.pathPrefix));
  // Both on the (run, indexability status, url) index: an indexable page's status is null.
  if (filter.indexable !== undefined) conditions.push(filter.indexable ? sql`indexability_status IS NULL` : sql`indexability_status IS NOT NULL`);
  if (filter.indexabilityStatus !== undefined) conditions.push(sql`indexability_status = ${filter.indexabilityStatus}`);
  return conditions;
}

/**
 * URLs whose path begins with `prefix`: for each of the run's origins, a range of the URL index
 * (the substring test keeps the match exact under any collation); with very many origins, the
 * path cut out of each URL, which reads every page of the run.
 */
async function pathCondition(db: Kysely<Database>, dialect: DialectName, auditRunId: string, prefix: string): Promise<RawBuilder<unknown>> {
  const origins = await originsOf(db, auditRunId);
  if (origins === null) {
    // Stored URLs are absolute and normalised: the path starts at the first `/` after `scheme://`.
    const find = dialect === 'postgres' ? sql`strpos(substr(url, 9), '/')` : sql`instr(substr(url, 9), '/')`;
    return sql`substr(url, ${find} + 8, ${characters(prefix)}) = ${prefix}`;
  }
  if (origins.length === 0) return sql`1 = 0`;
  const ranges = origins.map((origin) => {
    const start = `${origin}${prefix}`;
    return sql`(url >= ${start} AND url < ${start + TOP} AND substr(url, 1, ${characters(start)}) = ${start})`;
  });
  return sql`(${sql.join(ranges, sql` OR `)})`;
}

/** The run's origins (`https://www.example.com`), one probe of the URL index each; null when there are more than MAX_ORIGINS. */
async function originsOf(db: Kysely<Database>, auditRunId: string): Promise<string[] | null> {
  const origins: string[] = [];
  for (let after = ''; ;) {
    const row = await db
      .selectFrom('audit_pages')
      .select('url')
      .where('audit_run_id', '=', auditRunId)
      .where('url', '>', after)
      .orderBy('url')
      .limit(1)
      .executeTakeFirst();
    if (!row) return origins;
    if (origins.length === MAX_ORIGINS) return null;
    const origin = originOf(row.url);
    origins.push(origin);
    after = `${origin}/${TOP}`;
  }
}

/** Code points, as both dialects' substr counts them. */
function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function originOf(url: string): string {
  const hostStart = url.indexOf('//') + 2;
  const pathStart = url.indexOf('/', hostStart);
  return pathStart === -1 ? url : url.slice(0, pathStart);
}
