// The pages of an audit, stored as the engine yields them and listed in URL order with filters.
// While the audit runs, a page of the list is read with OFFSET over a covering index (ids first,
// rows after). Once the audit is final its pages never change, so `rank` numbers them in URL order
// (overall and within each `hasSchema` value); from then on a page of the list is a range of ranks
// on a narrow index, whatever the page number, and every total is a sum over the run's page counts
// (by issue code, schema and score), written with the ranks. So are its blocks: the run's pages,
// and each issue code's, cut into blocks of PAGE_BLOCK_SIZE in URL order, each counted by schema
// and score (audit-page-blocks.ts); a page of a list filtered by score or issue starts at most a
// block's index entries from the block that holds its first item, found by adding up the counts of
// the blocks before.
import type { components } from '@seo-geo/types';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import { fitPage } from '../../domain/page-bounds.js';
import { insertRows } from '../insert-rows.js';
import { toLimitOffset } from '../pagination.js';
import { dialectOf, type DialectName } from '../database.js';
import type { Database } from '../schema.js';
import type { AuditPageIssuesTable, AuditPagesTable, AuditSiteResultsTable } from '../schema-audits.js';
import { deleteLinks, insertLinks, type StoredLink } from './audit-link-store.js';
import { blockMatches, countPages, EVERY_PAGE, PAGE_BLOCK_SIZE, readBlocks, writeBlocks } from './audit-page-blocks.js';
import { hasRangeFilter, isUrlOrder, orderClause, URL_ORDER, type PageOrder } from './audit-page-order.js';
import { pageConditions, pageKeys, scoreBound, type AuditPageFilter } from './audit-page-keys.js';
import { exportBatches, type ExportOptions, type OverviewRow } from './audit-page-export.js';

export type { AuditPageFilter };
import { CRAWLED_FIELDS, fromCells, type DefaultedField, OVERVIEW_FIELDS, STORED_FIELDS, toCells } from '../audit-page-columns.js';

type Schemas = components['schemas'];
export type CheckResult = Schemas['CheckResult'];
export type PageIssue = Schemas['PageIssue'];
export type StructuredDataItem = Schemas['StructuredDataItem'];
export type RenderingComparison = Schemas['RenderingComparison'];

/** A stored page: the contract's AuditPage. Whether it was scored follows from its status and type (notScoredReason). */
export type AuditPage = Omit<Schemas['AuditPage'], 'scored' | 'notScoredReason'>;

/** A page without its rubric checks and structured-data items, the bulk of a row: what an export reads. */
export type AuditPageOverview = Omit<AuditPage, 'checks' | 'structuredData'>;

/** A page as the crawl stores it: depth and inlinks come from the site checks, later. */
/**
 * A page as the crawl stores it: a field whose column has a default may be left out (tests do).
 * `links` are its links to distinct targets, stored in `audit_links` with it (audit-links.ts).
 */
export type NewAuditPage = Omit<AuditPage, 'depth' | 'inlinks' | DefaultedField> &
  Partial<Pick<AuditPage, Exclude<DefaultedField, 'depth' | 'inlinks' | 'rendering'>>> & {
    auditRunId: string;
    rendering?: RenderingComparison | null;
    links?: readonly StoredLink[];
  };

/** What the site checks add to a stored page once the crawl is over. */
export interface SitePageUpdate {
  url: string;
  depth: number | null;
  inlinks: number;
  issues: PageIssue[];
}

export interface ListOptions {
  /** The run's pages carry ranks and are counted (see `rank`). */
  ranked?: boolean;
  /** Default URL order. */
  order?: PageOrder;
}

export interface AuditPagesRepository {
  /** Stores pages as the crawl yields them, with one issue row per page and distinct code (in `trx` when given). */
  insertMany(pages: NewAuditPage[], trx?: Transaction<Database>): Promise<void>;
  deleteForRun(auditRunId: string): Promise<void>;
  list(auditRunId: string, filter: AuditPageFilter, page: PageRequest, options?: ListOptions): Promise<Page<AuditPage>>;
  /**
   * Writes what the site checks found into the run's pages (see applySiteResults), numbers them in
   * URL order and counts them by issue code, schema and score; call once the run is final, with the
   * run marked ranked in the same transaction.
   */
  rank(auditRunId: string, trx?: Transaction<Database>): Promise<void>;
  /** Pages for the brief builder: url, title, score and checks, best-scored first. */
  sample(auditRunId: string, limit: number): Promise<AuditPage[]>;
  /**
   * Keeps what the site checks found on stored pages, matched by URL (depth, inlinks, the site-wide
   * issues), for `rank` to write into the pages when the run is final; the issue rows of the site's
   * issues are written now. A page's result given again (the checks of a paused run, run again once
   * it is resumed) replaces the earlier one.
   */
  applySiteResults(auditRunId: string, updates: readonly SitePageUpdate[]): Promise<void>;
  /**
   * After a run's pages are final (ranked): on PostgreSQL, vacuums and analyses the pages' tables.
   * Ranking rewrites every row of the run, and until autovacuum comes by, the old versions leave
   * the visibility map unset, so the list's counts read the table instead of the index (a 50,000-page
   * run: 64 ms for one count before, 6 ms after). Outside any transaction; SQLite needs nothing.
   */
  settle(): Promise<void>;
  /** The filtered pages in the list's order (URL order by default), a batch at a time: an export of any size in bounded memory. */
  iterate(auditRunId: string, filter: AuditPageFilter, options?: ExportOptions): AsyncGenerator<AuditPageOverview[], void, undefined>;
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters (33 columns each). */
const INSERT_CHUNK = 500;
/** Site results written per statement by applySiteResults (5 parameters each). */
const SITE_RESULTS_CHUNK = 500;

/** A stored page as applySiteResults reads it: what its issue rows need, and the site's issues an earlier run of the checks kept for it. */
type StoredForSiteResult = Pick<Selectable<AuditPagesTable>, 'id' | 'url' | 'issues' | 'has_schema' | 'geo_score'> & { site_issues: string | null };

/** One row per distinct code of a page (a page may carry several issues of one code). */
export function issueRows(
  auditRunId: string,
  page: { id: string; url: string; hasSchema: boolean; geoScore: number },
  issues: readonly Pick<PageIssue, 'code' | 'severity'>[],
): Insertable<AuditPageIssuesTable>[] {
  const rows: Insertable<AuditPageIssuesTable>[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    if (seen.has(issue.code)) continue;
    seen.add(issue.code);
    rows.push({
      audit_run_id: auditRunId,
      page_id: page.id,
      url: page.url,
      code: issue.code,
      severity: issue.severity,
      has_schema: page.hasSchema ? 1 : 0,
      geo_score: page.geoScore,
    });
  }
  return rows;
}

export function createAuditPagesRepository(
  db: Kysely<Database>,
  dialect: DialectName = dialectOf(db),
  /** Pages a block holds (tests cut small runs into many blocks). */
  options: { blockSize?: number } = {},
): AuditPagesRepository {
  const blockSize = options.blockSize ?? PAGE_BLOCK_SIZE;
  /**
   * A page of the list in another order than by URL, or with range filters: for a ranked run, one
   * index of migration 0031 (or the URL one) read from its start, the filters applied as it goes;
   * for a running one, its pages read through the URL index and sorted. The total of a ranked run
   * without range filters is its counts' sum; otherwise the matches are counted.
   */
  async function listOrdered(
    auditRunId: string,
    filter: AuditPageFilter,
    order: PageOrder,
    limit: number,
    offset: number,
    ranked: boolean,
  ): Promise<Page<AuditPage>> {
    // A ranked run's pages are in the sort and filter indexes, which hold ranked pages only (migration 0031).
    const conditions = await pageConditions(db, dialect, auditRunId, filter);
    const where = ranked ? sql`${conditions} AND url_rank IS NOT NULL` : conditions;
    let total: number;
    if (ranked && !hasRangeFilter(filter)) total = await countedTotal(auditRunId, filter);
    else {
      const { rows } = await sql<{ count: number | string }>`SELECT count(*) AS count FROM audit_pages WHERE ${where}`.execute(db);
      total = Number(rows[0]!.count);
    }
    if (offset >= total) return { items: [], total };
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM audit_pages WHERE ${where} ${orderClause(order, dialect)} LIMIT ${limit} OFFSET ${offset}`.execute(db);
    const byId = new Map((await pagesById(rows.map((r) => r.id))).map((p) => [p.id, p]));
    return { items: rows.flatMap((r) => byId.get(r.id) ?? []), total };
  }

  /** A ranked run's filtered total: a sum over its page counts, at most 101 scores × 2 schema values. */
  async function countedTotal(auditRunId: string, filter: AuditPageFilter): Promise<number> {
    let query = db
      .selectFrom('audit_page_counts')
      .select((eb) => eb.fn.sum<number | string | null>('pages').as('total'))
      .where('audit_run_id', '=', auditRunId)
      .where('code', '=', filter.issue ?? EVERY_PAGE);
    if (filter.hasSchema !== undefined) query = query.where('has_schema', '=', filter.hasSchema ? 1 : 0);
    if (filter.minGeoScore !== undefined) query = query.where('geo_score', '>', scoreBound(filter.minGeoScore));
    if (filter.maxGeoScore !== undefined) query = query.where('geo_score', '<=', scoreBound(filter.maxGeoScore));
    const row = await query.executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /**
   * With ranks: unfiltered and `hasSchema` pages are rank ranges (independent of the page number);
   * a score filter still skips entries, but on the narrow (run, url_rank, geo_score, has_schema)
   * index rather than the wide URL one.
   */
  async function rankedIds(auditRunId: string, filter: AuditPageFilter, limit: number, offset: number): Promise<string[]> {
    const { minGeoScore, maxGeoScore } = filter;
    let query = db
      .selectFrom('audit_pages')
      .select('id')
      .where('audit_run_id', '=', auditRunId)
      .$if(minGeoScore !== undefined, (q) => q.where('geo_score', '>', scoreBound(minGeoScore!)))
      .$if(maxGeoScore !== undefined, (q) => q.where('geo_score', '<=', scoreBound(maxGeoScore!)));
    const scoreFiltered = minGeoScore !== undefined || maxGeoScore !== undefined;
    if (!scoreFiltered && filter.hasSchema === undefined) {
      query = query
        .where('url_rank', '>', offset)
        .where('url_rank', '<=', offset + limit)
        .orderBy('url_rank');
    } else if (!scoreFiltered) {
      query = query
        .where('has_schema', '=', filter.hasSchema ? 1 : 0)
        .where('schema_rank', '>', offset)
        .where('schema_rank', '<=', offset + limit)
        .orderBy('schema_rank');
    } else if (filter.hasSchema === undefined) {
      query = query.where('url_rank', 'is not', null).orderBy('url_rank').limit(limit).offset(offset);
    } else {
      // Within one has_schema value, schema_rank orders exactly as url_rank: scan only that group.
      query = query
        .where('has_schema', '=', filter.hasSchema ? 1 : 0)
        .where('schema_rank', 'is not', null)
        .orderBy('schema_rank')
        .limit(limit)
        .offset(offset);
    }
    return (await query.execute()).map((r) => r.id);
  }

  /**
   * A page of a final run's list filtered by score or issue, from its blocks: the total is their
   * sum, and the page's first item is in the first block whose pages, with those before, pass
   * `offset`; it is read from that block's start. Null for a run ranked before blocks existed.
   */
  async function listFromBlocks(auditRunId: string, filter: AuditPageFilter, limit: number, offset: number): Promise<{ ids: string[]; total: number } | null> {
    const blocks = await readBlocks(db, auditRunId, filter.issue ?? EVERY_PAGE);
    if (blocks.length === 0) return null;
    const matches = blocks.map((block) => blockMatches(block.counts, filter));
    const total = matches.reduce((sum, n) => sum + n, 0);
    if (offset >= total) return { ids: [], total };
    let block = 0;
    let before = 0;
    while (before + matches[block]! <= offset) before += matches[block++]!;
    const keys = await (await pageKeys(db, dialect, auditRunId, filter)).keys(limit, { after: blocks[block]!.after, offset: offset - before });
    return { ids: keys.map((k) => k.id), total };
  }

  /**
   * The stored pages the results name. On PostgreSQL, one index probe a URL: asked for
   * `url IN (…)`, a planner without statistics on a run's fresh rows (autovacuum has not
   * analysed them yet) counted the list as no filter and scanned the whole run through its
   * smallest index, once a chunk: 345 ms a chunk at 200,000 pages, 8 ms this way, and the site
   * checks quadratic in the site's size.
   */
  async function storedForSiteResults(auditRunId: string, urls: string[]): Promise<StoredForSiteResult[]> {
    if (dialect !== 'postgres') {
      return db
        .selectFrom('audit_pages as p')
        .leftJoin('audit_site_results as s', (join) => join.onRef('s.audit_run_id', '=', 'p.audit_run_id').onRef('s.page_id', '=', 'p.id'))
        .select(['p.id', 'p.url', 'p.issues', 'p.has_schema', 'p.geo_score', 's.issues as site_issues'])
        .where('p.audit_run_id', '=', auditRunId)
        .where('p.url', 'in', urls)
        .execute();
    }
    const { rows } = await sql<StoredForSiteResult>`
      SELECT p.id, p.url, p.issues, p.has_schema, p.geo_score, s.issues AS site_issues
      FROM unnest(CAST(${urls} AS TEXT[])) AS u(url)
      CROSS JOIN LATERAL (
        SELECT id, url, issues, has_schema, geo_score FROM audit_pages
        WHERE audit_run_id = ${auditRunId} AND url = u.url LIMIT 1
      ) AS p
      LEFT JOIN audit_site_results s ON s.audit_run_id = ${auditRunId} AND s.page_id = p.id`.execute(db);
    return rows;
  }

  /** The pages with these ids, in URL order. */
  async function pagesById(ids: string[]): Promise<AuditPage[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('audit_pages').selectAll().where('id', 'in', ids).orderBy('url').orderBy('id').execute();
    return rows.map(toAuditPage);
  }

  async function insertIssueRows(rows: Insertable<AuditPageIssuesTable>[], executor: Kysely<Database> = db): Promise<void> {
    // Five columns a row.
    for (let i = 0; i < rows.length; i += INSERT_CHUNK * 4) await insertRows(executor, 'audit_page_issues', rows.slice(i, i + INSERT_CHUNK * 4));
  }

  return {
    async insertMany(pages, trx) {
      const executor = trx ?? db;
      for (let i = 0; i < pages.length; i += INSERT_CHUNK) {
        await insertRows(executor, 'audit_pages', pages.slice(i, i + INSERT_CHUNK).map(toRow));
      }
      await insertIssueRows(
        pages.flatMap((page) => issueRows(page.auditRunId, page, page.issues)),
        executor,
      );
      await insertLinks(executor, pages);
    },
    async deleteForRun(auditRunId) {
      await deleteLinks(db, auditRunId);
      await db.deleteFrom('audit_site_results').where('audit_run_id', '=', auditRunId).execute();
      await db.deleteFrom('audit_page_counts').where('audit_run_id', '=', auditRunId).execute();
      await db.deleteFrom('audit_page_blocks').where('audit_run_id', '=', auditRunId).execute();
      await db.deleteFrom('audit_page_issues').where('audit_run_id', '=', auditRunId).execute();
      await db.deleteFrom('audit_pages').where('audit_run_id', '=', auditRunId).execute();
    },
    async list(auditRunId, filter, page, options = {}) {
      const { limit, offset } = toLimitOffset(page);
      const order = options.order ?? URL_ORDER;
      if (hasRangeFilter(filter) || !isUrlOrder(order)) return listOrdered(auditRunId, filter, order, limit, offset, options.ranked ?? false);
      if (options.ranked && (filter.minGeoScore !== undefined || filter.maxGeoScore !== undefined || filter.issue !== undefined)) {
        const found = await listFromBlocks(auditRunId, filter, limit, offset);
        if (found) return { items: await pagesById(found.ids), total: found.total };
      }
      const keys = await pageKeys(db, dialect, auditRunId, filter);
      const total = options.ranked ? await countedTotal(auditRunId, filter) : await keys.count();
      if (offset >= total) return { items: [], total };
      const ids =
        options.ranked && filter.issue === undefined
          ? await rankedIds(auditRunId, filter, limit, offset)
          : (await keys.keys(limit, { offset })).map((k) => k.id);
      return { items: await pagesById(ids), total };
    },
    async settle() {
      if (dialect !== 'postgres') return;
      await sql`vacuum (analyze) audit_pages, audit_page_issues`.execute(db);
    },

    async rank(auditRunId, trx) {
      const executor = trx ?? db;
      // One statement on both dialects (UPDATE … FROM: SQLite 3.33+, PostgreSQL), and one rewrite of
      // each row: the site results are written with the ranks. A page without one keeps its own (it
      // was not checked, or it was written into the row before the results were kept apart).
      await sql`
        UPDATE audit_pages SET url_rank = ranked.url_rank, schema_rank = ranked.schema_rank,
          depth = CASE WHEN s.page_id IS NULL THEN audit_pages.depth ELSE s.depth END,
          inlinks = CASE WHEN s.page_id IS NULL THEN audit_pages.inlinks ELSE s.inlinks END,
          issues = COALESCE(s.issues, audit_pages.issues)
        FROM (
          SELECT id,
                 row_number() OVER (ORDER BY url, id) AS url_rank,
                 row_number() OVER (PARTITION BY has_schema ORDER BY url, id) AS schema_rank
          FROM audit_pages WHERE audit_run_id = ${auditRunId}
        ) AS ranked
        LEFT JOIN audit_site_results s ON s.audit_run_id = ${auditRunId} AND s.page_id = ranked.id
        WHERE audit_pages.id = ranked.id`.execute(executor);
      await executor.deleteFrom('audit_site_results').where('audit_run_id', '=', auditRunId).execute();
      await countPages(auditRunId, executor);
      await writeBlocks(auditRunId, blockSize, executor);
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
    async applySiteResults(auditRunId, updates) {
      for (let i = 0; i < updates.length; i += SITE_RESULTS_CHUNK) {
        const chunk = updates.slice(i, i + SITE_RESULTS_CHUNK);
        const stored = await storedForSiteResults(
          auditRunId,
          chunk.map((u) => u.url),
        );
        const byUrl = new Map(stored.map((row) => [row.url, row]));
        const results: Insertable<AuditSiteResultsTable>[] = [];
        const newIssueRows: Insertable<AuditPageIssuesTable>[] = [];
        for (const update of chunk) {
          const row = byUrl.get(update.url);
          if (!row) continue;
          let issues: string | null = null;
          if (update.issues.length > 0) {
            const current = JSON.parse(row.issues) as PageIssue[];
            // Within the contract's bound on a page's issues, whatever the site checks add.
            issues = JSON.stringify(fitPage({ issues: [...current, ...update.issues] }).issues);
            // A code has one issue row a page: one an earlier run of the checks found has its row.
            const earlier = row.site_issues === null ? [] : (JSON.parse(row.site_issues) as PageIssue[]);
            const known = new Set([...current, ...earlier].map((issue) => issue.code));
            const page = { id: row.id, url: row.url, hasSchema: Number(row.has_schema) === 1, geoScore: Number(row.geo_score) };
            newIssueRows.push(
              ...issueRows(
                auditRunId,
                page,
                update.issues.filter((issue) => !known.has(issue.code)),
              ),
            );
          }
          results.push({ audit_run_id: auditRunId, page_id: row.id, depth: update.depth, inlinks: update.inlinks, issues });
        }
        if (results.length === 0) continue;
        await db
          .insertInto('audit_site_results')
          .values(results)
          .onConflict((conflict) =>
            conflict.columns(['audit_run_id', 'page_id']).doUpdateSet((eb) => ({
              depth: eb.ref('excluded.depth'),
              inlinks: eb.ref('excluded.inlinks'),
              issues: eb.ref('excluded.issues'),
            })),
          )
          .execute();
        await insertIssueRows(newIssueRows);
      }
    },
    async *iterate(auditRunId, filter, options) {
      for await (const rows of exportBatches(db, dialect, auditRunId, filter, options)) yield rows.map(toOverview);
    },
  };
}

function toRow(page: NewAuditPage): Insertable<AuditPagesTable> {
  return toCells(page, CRAWLED_FIELDS, { id: page.id, audit_run_id: page.auditRunId }) as Insertable<AuditPagesTable>;
}

function toAuditPage(row: Selectable<AuditPagesTable>): AuditPage {
  return { id: row.id, ...fromCells(row, STORED_FIELDS) } as AuditPage;
}

function toOverview(row: OverviewRow): AuditPageOverview {
  return { id: row.id, ...fromCells(row, OVERVIEW_FIELDS) } as AuditPageOverview;
}
