// The pages of an audit, stored as the engine yields them and listed in URL order with filters.
// While the audit runs, a page of the list is read with OFFSET over a covering index (ids first,
// rows after). Once the audit is final its pages never change, so `rank` numbers them in URL order
// (overall and within each `hasSchema` value); from then on a page of the list is a range of ranks
// on a narrow index, whatever the page number, and the filtered totals are narrow index ranges.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { toLimitOffset, type Page, type PageRequest } from '../pagination.js';
import type { Database } from '../schema.js';
import type { AuditPagesTable } from '../schema-audits.js';

export interface AuditPage {
  id: string;
  url: string;
  finalUrl: string;
  statusCode: number;
  contentType: string | null;
  title: string | null;
  metaDescription: string | null;
  lang: string | null;
  wordCount: number;
  geoScore: number;
  hasSchema: boolean;
  schemaTypes: string[];
  structuredData: StoredStructuredItem[];
  rubricId: string;
  checks: Array<{ id: string; name: string; status: string; earned: number; max: number; evidence: string; fix: string | null }>;
  issues: Array<{ code: string; severity: string; message: string }>;
  fetchedAt: string;
}

export interface StoredStructuredItem {
  syntax: string;
  types: string[];
  richResult: string | null;
  errors: Array<{ code: string; property: string | null; message: string }>;
  warnings: Array<{ code: string; property: string | null; message: string }>;
}

export type NewAuditPage = AuditPage & { auditRunId: string };

export interface AuditPageFilter {
  /** Strictly greater than. */
  minGeoScore?: number;
  hasSchema?: boolean;
}

export interface ListOptions {
  /** The run's pages carry ranks (see `rank`). */
  ranked?: boolean;
  /** The run's page counts when already known (a final run's summary): no count query needed. */
  knownTotals?: { all: number; withSchema: number };
}

export interface AuditPagesRepository {
  insertMany(pages: NewAuditPage[]): Promise<void>;
  deleteForRun(auditRunId: string): Promise<void>;
  list(auditRunId: string, filter: AuditPageFilter, page: PageRequest, options?: ListOptions): Promise<Page<AuditPage>>;
  /** Numbers the run's pages in URL order; call once the run is final, with the run marked ranked in the same transaction. */
  rank(auditRunId: string, trx?: Transaction<Database>): Promise<void>;
  /** Pages for the brief builder: url, title, score and checks, best-scored first. */
  sample(auditRunId: string, limit: number): Promise<AuditPage[]>;
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters (17 columns each). */
const INSERT_CHUNK = 500;

export function createAuditPagesRepository(db: Kysely<Database>): AuditPagesRepository {
  // Scores are whole numbers, so "greater than 50.5" is "greater than 50"; PostgreSQL refuses to
  // compare an integer column with a fractional parameter, so the bound is made whole first.
  const scoreBound = (minGeoScore: number) => Math.floor(minGeoScore);

  const filtered = (auditRunId: string, filter: AuditPageFilter) => {
    let query = db.selectFrom('audit_pages').where('audit_run_id', '=', auditRunId);
    if (filter.hasSchema !== undefined) query = query.where('has_schema', '=', filter.hasSchema ? 1 : 0);
    if (filter.minGeoScore !== undefined) query = query.where('geo_score', '>', scoreBound(filter.minGeoScore));
    return query;
  };

  function knownTotal(filter: AuditPageFilter, totals: ListOptions['knownTotals']): number | undefined {
    if (!totals || filter.minGeoScore !== undefined) return undefined;
    if (filter.hasSchema === undefined) return totals.all;
    return filter.hasSchema ? totals.withSchema : totals.all - totals.withSchema;
  }

  /** A range read on (run, has_schema, geo_score) or (run, geo_score) when filtered. */
  async function count(auditRunId: string, filter: AuditPageFilter): Promise<number> {
    const { count } = await filtered(auditRunId, filter).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Before ranks exist: skip `offset` entries of the URL-ordered covering index. */
  async function offsetIds(auditRunId: string, filter: AuditPageFilter, limit: number, offset: number): Promise<string[]> {
    const rows = await filtered(auditRunId, filter).select('id').orderBy('url').orderBy('id').limit(limit).offset(offset).execute();
    return rows.map((r) => r.id);
  }

  /**
   * With ranks: unfiltered and `hasSchema` pages are rank ranges (independent of the page number);
   * a `minGeoScore` filter still skips entries, but on the narrow (run, url_rank, geo_score,
   * has_schema) index rather than the wide URL one.
   */
  async function rankedIds(auditRunId: string, filter: AuditPageFilter, limit: number, offset: number): Promise<string[]> {
    let query = db.selectFrom('audit_pages').select('id').where('audit_run_id', '=', auditRunId);
    if (filter.minGeoScore === undefined && filter.hasSchema === undefined) {
      query = query.where('url_rank', '>', offset).where('url_rank', '<=', offset + limit).orderBy('url_rank');
    } else if (filter.minGeoScore === undefined) {
      query = query
        .where('has_schema', '=', filter.hasSchema ? 1 : 0)
        .where('schema_rank', '>', offset)
        .where('schema_rank', '<=', offset + limit)
        .orderBy('schema_rank');
    } else if (filter.hasSchema === undefined) {
      query = query.where('url_rank', 'is not', null).where('geo_score', '>', scoreBound(filter.minGeoScore)).orderBy('url_rank').limit(limit).offset(offset);
    } else {
      // Within one has_schema value, schema_rank orders exactly as url_rank: scan only that group.
      query = query
        .where('has_schema', '=', filter.hasSchema ? 1 : 0)
        .where('schema_rank', 'is not', null)
        .where('geo_score', '>', scoreBound(filter.minGeoScore))
        .orderBy('schema_rank')
        .limit(limit)
        .offset(offset);
    }
    return (await query.execute()).map((r) => r.id);
  }

  return {
    async insertMany(pages) {
      for (let i = 0; i < pages.length; i += INSERT_CHUNK) {
        await db.insertInto('audit_pages').values(pages.slice(i, i + INSERT_CHUNK).map(toRow)).execute();
      }
    },
    async deleteForRun(auditRunId) {
      await db.deleteFrom('audit_pages').where('audit_run_id', '=', auditRunId).execute();
    },
    async list(auditRunId, filter, page, options = {}) {
      const { limit, offset } = toLimitOffset(page);
      const total = knownTotal(filter, options.knownTotals) ?? (await count(auditRunId, filter));
      if (offset >= total) return { items: [], total };
      const ids = options.ranked ? await rankedIds(auditRunId, filter, limit, offset) : await offsetIds(auditRunId, filter, limit, offset);
      if (ids.length === 0) return { items: [], total };
      const rows = await db.selectFrom('audit_pages').selectAll().where('id', 'in', ids).orderBy('url').orderBy('id').execute();
      return { items: rows.map(toAuditPage), total };
    },
    async rank(auditRunId, trx) {
      // One statement on both dialects (UPDATE … FROM: SQLite 3.33+, PostgreSQL).
      await sql`
        UPDATE audit_pages SET url_rank = ranked.url_rank, schema_rank = ranked.schema_rank
        FROM (
          SELECT id,
                 row_number() OVER (ORDER BY url, id) AS url_rank,
                 row_number() OVER (PARTITION BY has_schema ORDER BY url, id) AS schema_rank
          FROM audit_pages WHERE audit_run_id = ${auditRunId}
        ) AS ranked
        WHERE audit_pages.id = ranked.id`.execute(trx ?? db);
    },
    async sample(auditRunId, limit) {
      const rows = await db
        .selectFrom('audit_pages')
        .selectAll()
        .where('audit_run_id', '=', auditRunId)
        .where('status_code', '>=', 200)
        .where('status_code', '<', 300)
        .orderBy('geo_score', 'desc')
        .orderBy('url')
        .limit(limit)
        .execute();
      return rows.map(toAuditPage);
    },
  };
}

function toRow(page: NewAuditPage): Insertable<AuditPagesTable> {
  return {
    id: page.id,
    audit_run_id: page.auditRunId,
    url: page.url,
    final_url: page.finalUrl,
    status_code: page.statusCode,
    content_type: page.contentType,
    title: page.title,
    meta_description: page.metaDescription,
    lang: page.lang,
    word_count: page.wordCount,
    geo_score: page.geoScore,
    has_schema: page.hasSchema ? 1 : 0,
    schema_types: JSON.stringify(page.schemaTypes),
    structured_data: JSON.stringify(page.structuredData),
    rubric_id: page.rubricId,
    checks: JSON.stringify(page.checks),
    issues: JSON.stringify(page.issues),
    fetched_at: page.fetchedAt,
  };
}

function toAuditPage(row: Selectable<AuditPagesTable>): AuditPage {
  return {
    id: row.id,
    url: row.url,
    finalUrl: row.final_url,
    statusCode: Number(row.status_code),
    contentType: row.content_type,
    title: row.title,
    metaDescription: row.meta_description,
    lang: row.lang,
    wordCount: Number(row.word_count),
    geoScore: Number(row.geo_score),
    hasSchema: Number(row.has_schema) === 1,
    schemaTypes: JSON.parse(row.schema_types),
    structuredData: JSON.parse(row.structured_data),
    rubricId: row.rubric_id,
    checks: JSON.parse(row.checks),
    issues: JSON.parse(row.issues),
    fetchedAt: row.fetched_at,
  };
}
