// The pages of an audit, stored as the engine yields them and listed in URL order with filters.
// Listing reads ids from a covering index first (no row lookups while skipping to the offset),
// then fetches only the page's rows: the last page of a 100,000-page audit costs an index scan.
import type { Kysely, Selectable } from 'kysely';
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
  checks: Array<{ id: string; name: string; status: string; earned: number; max: number; evidence: string; fix: string | null }>;
  issues: Array<{ code: string; severity: string; message: string }>;
  fetchedAt: string;
}

export type NewAuditPage = AuditPage & { auditRunId: string };

export interface AuditPageFilter {
  /** Strictly greater than. */
  minGeoScore?: number;
  hasSchema?: boolean;
}

export interface AuditPagesRepository {
  insertMany(pages: NewAuditPage[]): Promise<void>;
  deleteForRun(auditRunId: string): Promise<void>;
  list(auditRunId: string, filter: AuditPageFilter, page: PageRequest): Promise<Page<AuditPage>>;
  /** Pages for the brief builder: url, title, score and checks, best-scored first. */
  sample(auditRunId: string, limit: number): Promise<AuditPage[]>;
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters (17 columns each). */
const INSERT_CHUNK = 500;

export function createAuditPagesRepository(db: Kysely<Database>): AuditPagesRepository {
  const filtered = (auditRunId: string, filter: AuditPageFilter) => {
    let query = db.selectFrom('audit_pages').where('audit_run_id', '=', auditRunId);
    if (filter.hasSchema !== undefined) query = query.where('has_schema', '=', filter.hasSchema ? 1 : 0);
    if (filter.minGeoScore !== undefined) query = query.where('geo_score', '>', filter.minGeoScore);
    return query;
  };

  return {
    async insertMany(pages) {
      for (let i = 0; i < pages.length; i += INSERT_CHUNK) {
        await db.insertInto('audit_pages').values(pages.slice(i, i + INSERT_CHUNK).map(toRow)).execute();
      }
    },
    async deleteForRun(auditRunId) {
      await db.deleteFrom('audit_pages').where('audit_run_id', '=', auditRunId).execute();
    },
    async list(auditRunId, filter, page) {
      const { count } = await filtered(auditRunId, filter).select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
      const total = Number(count);
      const { limit, offset } = toLimitOffset(page);
      if (offset >= total) return { items: [], total };
      const ids = await filtered(auditRunId, filter).select('id').orderBy('url').orderBy('id').limit(limit).offset(offset).execute();
      if (ids.length === 0) return { items: [], total };
      const rows = await db
        .selectFrom('audit_pages')
        .selectAll()
        .where('id', 'in', ids.map((r) => r.id))
        .orderBy('url')
        .orderBy('id')
        .execute();
      return { items: rows.map(toAuditPage), total };
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

function toRow(page: NewAuditPage): AuditPagesTable {
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
    checks: JSON.parse(row.checks),
    issues: JSON.parse(row.issues),
    fetchedAt: row.fetched_at,
  };
}
