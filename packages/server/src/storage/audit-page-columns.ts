// Where each field of a stored audit page lives in `audit_pages`, and how its value is written and
// read. The table's column types (schema-audits.ts), the repository's insert and reads, and the
// crawl's record of a page (which fields it takes from the engine's analysis) all follow this one
// table: a new page field is a line here, a migration that adds its column, and the spec's AuditPage.
import type { components } from '@seo-geo/types';
import type { Generated } from 'kysely';

type AuditPageSchema = components['schemas']['AuditPage'];

/** The fields of a page stored in a column of its own: the contract's but those that follow from others. */
type StoredPage = Omit<AuditPageSchema, 'id' | 'scored' | 'notScoredReason'>;
export type StoredField = keyof StoredPage;

type Cell = string | number | null;

/** A field's column: its name, the value it holds (`C`; Generated when the column has a default), and the field's value (`V`). */
interface Column<V, N extends string = string, C = Cell> {
  readonly name: N;
  write(value: V): Cell;
  read(cell: unknown): V;
  /** Only in the type: what the column holds, for the table's Kysely type. */
  readonly cell?: C;
}

const text = <N extends string>(name: N): Column<string, N, string> => ({ name, write: (v) => v, read: (c) => c as string });
const optionalText = <N extends string>(name: N): Column<string | null, N, string | null> => ({ name, write: (v) => v, read: (c) => c as string | null });
// PostgreSQL's drivers answer some integer types as strings; SQLite as numbers.
const count = <N extends string>(name: N): Column<number, N, number> => ({ name, write: (v) => v, read: (c) => Number(c) });
const optionalCount = <N extends string>(name: N): Column<number | null, N, number | null> => ({
  name,
  write: (v) => v,
  read: (c) => (c === null ? null : Number(c)),
});
/** Text of a closed set of values (the contract's enum). */
const optionalChoice = <V extends string, N extends string>(name: N): Column<V | null, N, string | null> => ({
  name,
  write: (v) => v,
  read: (c) => c as V | null,
});
const flag = <N extends string>(name: N): Column<boolean, N, number> => ({ name, write: (v) => (v ? 1 : 0), read: (c) => Number(c) === 1 });
const json = <V, N extends string>(name: N): Column<V, N, string> => ({ name, write: (v) => JSON.stringify(v), read: (c) => JSON.parse(c as string) as V });
const optionalJson = <V, N extends string>(name: N): Column<V | null, N, string | null> => ({
  name,
  write: (v) => (v === null ? null : JSON.stringify(v)),
  read: (c) => (c === null ? null : (JSON.parse(c as string) as V)),
});
/**
 * A column with a default, so an insert may leave it out: one added by a migration after rows were
 * stored, or one the site checks fill in after the crawl. Only its type changes.
 */
const withDefault = <V, N extends string, C>(column: Column<V, N, C>): Column<V, N, Generated<C>> => column as Column<V, N, Generated<C>>;

export const PAGE_COLUMNS = {
  url: text('url'),
  finalUrl: text('final_url'),
  statusCode: count('status_code'),
  contentType: optionalText('content_type'),
  title: optionalText('title'),
  metaDescription: optionalText('meta_description'),
  lang: optionalText('lang'),
  wordCount: count('word_count'),
  geoScore: count('geo_score'),
  hasSchema: flag('has_schema'),
  schemaTypes: json('schema_types'),
  structuredData: withDefault(json('structured_data')),
  rubricId: withDefault(text('rubric_id')),
  checks: json('checks'),
  issues: json('issues'),
  fetchedAt: text('fetched_at'),
  depth: withDefault(optionalCount('depth')),
  inlinks: withDefault(optionalCount('inlinks')),
  rendering: withDefault(optionalJson('rendering')),
  // What a technical-SEO review filters on (migration 0028): null on pages stored before.
  canonical: withDefault(optionalText('canonical')),
  metaRobots: withDefault(optionalText('meta_robots')),
  xRobotsTag: withDefault(optionalText('x_robots_tag')),
  h1: withDefault(optionalText('h1')),
  h1Count: withDefault(optionalCount('h1_count')),
  h2Count: withDefault(optionalCount('h2_count')),
  hreflang: withDefault(optionalJson('hreflang')),
  internalOutlinks: withDefault(optionalCount('internal_outlinks')),
  externalOutlinks: withDefault(optionalCount('external_outlinks')),
  responseTimeMs: withDefault(optionalCount('response_time_ms')),
  sizeBytes: withDefault(optionalCount('size_bytes')),
  titlePixelWidth: withDefault(optionalCount('title_pixel_width')),
  redirectTarget: withDefault(optionalText('redirect_target')),
  redirectType: withDefault(optionalChoice<NonNullable<StoredPage['redirectType']>, 'redirect_type'>('redirect_type')),
  indexable: withDefault(flag('indexable')),
  indexabilityStatus: withDefault(optionalChoice<NonNullable<StoredPage['indexabilityStatus']>, 'indexability_status'>('indexability_status')),
} satisfies { readonly [K in StoredField]: Column<StoredPage[K], string, unknown> };

type CellOf<T> = T extends { readonly cell?: infer C } ? Exclude<C, undefined> : never;

/** The columns of `audit_pages` that hold a page's fields, as Kysely types them. */
export type PageColumnsTable = { [K in StoredField as (typeof PAGE_COLUMNS)[K]['name']]: CellOf<(typeof PAGE_COLUMNS)[K]> };

/** The fields whose column has a default: a page stored without one gets the column's default. */
export type DefaultedField = {
  [K in StoredField]: (typeof PAGE_COLUMNS)[K] extends { readonly cell?: Generated<unknown> } ? K : never;
}[StoredField];

/** Every stored field, in the order of the table above. */
export const STORED_FIELDS = Object.keys(PAGE_COLUMNS) as StoredField[];

/** What the site checks find once the crawl is over, written into the page when the run is final (repositories/audit-pages.ts), not when it is stored. */
export const SITE_FIELDS = ['depth', 'inlinks'] as const satisfies readonly StoredField[];
/** What the crawl stores of a page. */
export const CRAWLED_FIELDS = STORED_FIELDS.filter(
  (f): f is Exclude<StoredField, (typeof SITE_FIELDS)[number]> => !(SITE_FIELDS as readonly string[]).includes(f),
);
/** Crawled fields the engine's analysis gives under another name: stored-page.ts renames them. */
export const RENAMED_FIELDS = ['hreflang'] as const satisfies readonly StoredField[];
/** The crawled fields taken from the analysis by name. */
export const ANALYSED_FIELDS = CRAWLED_FIELDS.filter(
  (f): f is Exclude<(typeof CRAWLED_FIELDS)[number], (typeof RENAMED_FIELDS)[number]> => !(RENAMED_FIELDS as readonly string[]).includes(f),
);
/** The bulk of a page, what an export reads: all but its rubric checks and structured-data items. */
export const OVERVIEW_FIELDS = STORED_FIELDS.filter((f): f is Exclude<StoredField, 'checks' | 'structuredData'> => f !== 'checks' && f !== 'structuredData');

/**
 * The row values of `fields` of a page, added to `row`; a field the page leaves out is left to its
 * column's default. Written into the caller's row rather than spread into it: a page has some 35
 * columns, and copying them again was 62 of the 214 ms that building 10,000 rows took (bench:audit).
 */
export function toCells(page: Partial<StoredPage>, fields: readonly StoredField[], row: Record<string, Cell> = {}): Record<string, Cell> {
  for (const field of fields) {
    if (page[field] === undefined) continue;
    const column = PAGE_COLUMNS[field] as Column<unknown>;
    row[column.name] = column.write(page[field]);
  }
  return row;
}

/** The page fields of `fields` read from a row. */
export function fromCells(row: Record<string, unknown>, fields: readonly StoredField[]): Record<string, unknown> {
  const page: Record<string, unknown> = {};
  for (const field of fields) {
    const column = PAGE_COLUMNS[field] as Column<unknown>;
    page[field] = column.read(row[column.name]);
  }
  return page;
}
