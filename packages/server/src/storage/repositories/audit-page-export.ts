// The pages of an audit for its export, a batch at a time in the list's order: each batch is read
// after the last row of the one before (keyset pagination), so an export of any size takes bounded
// memory and each batch is one range of an index, however deep into the audit it is.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { OVERVIEW_FIELDS, PAGE_COLUMNS } from '../audit-page-columns.js';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';
import type { PageKey } from './audit-page-blocks.js';
import { pageConditions, pageKeys, type AuditPageFilter } from './audit-page-keys.js';
import { isUrlOrder, orderClause, sortColumnOf, URL_ORDER, type PageOrder } from './audit-page-order.js';

export interface ExportOptions {
  /** Default URL order. */
  order?: PageOrder;
  /** The run's pages carry their ranks: the sort indexes hold them (migration 0031). */
  ranked?: boolean;
  batchSize?: number;
}

/** A stored page's overview columns, by column name (the repository turns them into an AuditPageOverview). */
export type OverviewRow = Record<string, unknown> & { id: string; url: string };
type Row = OverviewRow;

const OVERVIEW_COLUMNS = ['id', ...OVERVIEW_FIELDS.map((field) => PAGE_COLUMNS[field].name)] as const;

export async function* exportBatches(
  db: Kysely<Database>,
  dialect: DialectName,
  auditRunId: string,
  filter: AuditPageFilter,
  options: ExportOptions = {},
): AsyncGenerator<OverviewRow[], void, undefined> {
  const order = options.order ?? URL_ORDER;
  const batchSize = options.batchSize ?? 500;
  if (isUrlOrder(order)) yield* byUrl(db, dialect, auditRunId, filter, batchSize);
  else yield* sorted(db, dialect, auditRunId, filter, order, batchSize, options.ranked ?? false);
}

/** In URL order, from the narrowest index's keys (an issue's rows for an issue filter), then the rows. */
async function* byUrl(db: Kysely<Database>, dialect: DialectName, auditRunId: string, filter: AuditPageFilter, batchSize: number): AsyncGenerator<Row[]> {
  const keys = await pageKeys(db, dialect, auditRunId, filter);
  for (let after: PageKey | null = null; ;) {
    const batch = await keys.keys(batchSize, { after });
    if (batch.length === 0) return;
    const ids = batch.map((k) => k.id);
    yield await db.selectFrom('audit_pages').select(OVERVIEW_COLUMNS).where('id', 'in', ids).orderBy('url').orderBy('id').execute();
    if (batch.length < batchSize) return;
    after = batch.at(-1)!;
  }
}

/**
 * In another order: the rows themselves, after the last one's (value, url, id) as a row value,
 * which both databases read as one index range. A column with nulls is read in two parts, the
 * nulls (by URL) and the numbers, since a null compares with nothing: nulls first ascending, last
 * descending, as the list sorts them.
 */
async function* sorted(
  db: Kysely<Database>,
  dialect: DialectName,
  auditRunId: string,
  filter: AuditPageFilter,
  order: PageOrder,
  batchSize: number,
  ranked: boolean,
): AsyncGenerator<Row[]> {
  const conditions = await pageConditions(db, dialect, auditRunId, filter);
  const where = ranked ? sql`${conditions} AND url_rank IS NOT NULL` : conditions;
  const sort = sortColumnOf(order);
  const parts: ('nulls' | 'values')[] = !sort?.nullable ? ['values'] : order.descending ? ['values', 'nulls'] : ['nulls', 'values'];
  const beyond = order.descending ? sql`<` : sql`>`;
  // The sort columns are overview columns, so the last row of a batch carries its value.
  const columns = sql.join(OVERVIEW_COLUMNS.map((name) => sql.ref(name)));
  for (const part of parts) {
    const inPart = !sort?.nullable ? sql`` : part === 'nulls' ? sql` AND ${sql.ref(sort.column)} IS NULL` : sql` AND ${sql.ref(sort.column)} IS NOT NULL`;
    const keyColumn = sort && part === 'values' ? sort.column : null;
    for (let last: Row | null = null; ;) {
      const after: RawBuilder<unknown> = last === null ? sql`` : sql` AND ${afterRow(keyColumn, last, beyond)}`;
      const { rows } = await sql<Row>`
        SELECT ${columns} FROM audit_pages
        WHERE ${where}${inPart}${after} ${orderClause(order, dialect)} LIMIT ${batchSize}`.execute(db);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) break;
      last = rows.at(-1)!;
    }
  }
}

/** Rows beyond `last` in the order: by (column, url, id), or by (url, id) where there is no column (URL order) or it is null. */
function afterRow(column: string | null, last: Row, beyond: RawBuilder<unknown>): RawBuilder<unknown> {
  if (column === null) return sql`(url, id) ${beyond} (${last.url}, ${last.id})`;
  return sql`(${sql.ref(column)}, url, id) ${beyond} (${last[column]}, ${last.url}, ${last.id})`;
}
