// The link graph of an audit: each stored page's links to distinct targets (written with the page,
// by audit-pages.ts), read either way round, and the broken and redirecting targets with the pages
// linking to each. Outlinks are a range of the (run, source, position) index, inlinks of the (run,
// target, source, position) one. While the run is live the targets are grouped from the pages'
// issue rows and the links that hit them; a final run's are written once (`finalise`) and read as a
// range of (run, kind, pages, url).
//
// A URL every page links to (the home page, a template's links) has as many inlinks as the audit
// has pages, and counting them, or skipping to a deep page of them, would read them all. So
// `finalise` also cuts the inlinks of each URL with INLINK_BLOCK_SIZE or more into blocks in list
// order, keeping their count and where each block starts: a page of such a list then reads its
// block's start and at most a block's index entries, whatever its number.
import type { components } from '@seo-geo/types';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';
import type { AuditLinksTable, AuditLinkTargetsTable } from '../schema-audits.js';

export type AuditLink = components['schemas']['AuditLink'];
export type AuditLinkTarget = components['schemas']['AuditLinkTarget'];
export type LinkTargetKind = AuditLinkTargetsTable['kind'];

/** A stored page's link, as audit-pages.ts writes it. */
export type StoredLink = Omit<AuditLink, 'source'>;

/** Rows per INSERT: 8 columns each, well under SQLite's bound-parameter limit. */
const INSERT_CHUNK = 500;
/** Inlinks per block of a much-linked URL; URLs with fewer have no blocks (their lists read at most this many entries). */
export const INLINK_BLOCK_SIZE = 4096;

/** The issue codes whose pages are link targets of each kind (see `targetQuery`). */
const TARGET_CODES: Record<LinkTargetKind, readonly string[]> = {
  broken: ['http_status_4xx', 'http_status_5xx', 'http_status', 'fetch_failed', 'redirect_loop'],
  redirect: ['redirect', 'redirect_chain'],
};

export interface AuditLinksRepository {
  /** `final`: the run's inlink blocks are written (see `finalise`). */
  inlinks(auditRunId: string, url: string, page: PageRequest, options?: { final: boolean }): Promise<Page<AuditLink>>;
  outlinks(auditRunId: string, url: string, page: PageRequest): Promise<Page<AuditLink>>;
  /** Broken or redirecting targets, most linked first, then by URL. */
  targets(auditRunId: string, kind: LinkTargetKind, page: PageRequest, options: { final: boolean }): Promise<Page<AuditLinkTarget>>;
  /** How many distinct targets of each kind. */
  targetCounts(auditRunId: string, options: { final: boolean }): Promise<Record<LinkTargetKind, number>>;
  /** Writes a final run's targets and inlink blocks; call once its pages are final, in the transaction that finishes it. */
  finalise(auditRunId: string, trx?: Transaction<Database>): Promise<void>;
}

/** Writes the links of stored pages (audit-pages.ts calls it with the pages, in their transaction). */
export async function insertLinks(
  executor: Kysely<Database>,
  pages: readonly { auditRunId: string; url: string; links?: readonly StoredLink[] | undefined }[],
): Promise<void> {
  const rows: Insertable<AuditLinksTable>[] = [];
  for (const page of pages)
    page.links?.forEach((link, position) =>
      rows.push({
        audit_run_id: page.auditRunId,
        source_url: page.url,
        position,
        target_url: link.target,
        anchor_text: link.anchorText,
        rel: link.rel.join(' '),
        followed: link.followed ? 1 : 0,
        internal: link.internal ? 1 : 0,
      }),
    );
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await executor
      .insertInto('audit_links')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
}

export async function deleteLinks(executor: Kysely<Database>, auditRunId: string): Promise<void> {
  await executor.deleteFrom('audit_inlink_blocks').where('audit_run_id', '=', auditRunId).execute();
  await executor.deleteFrom('audit_link_targets').where('audit_run_id', '=', auditRunId).execute();
  await executor.deleteFrom('audit_links').where('audit_run_id', '=', auditRunId).execute();
}

/** `blockSize`: inlinks per block (tests cut them small). */
export function createAuditLinksRepository(db: Kysely<Database>, blockSize = INLINK_BLOCK_SIZE): AuditLinksRepository {
  async function count(auditRunId: string, column: 'source_url' | 'target_url', url: string): Promise<number> {
    const row = await db
      .selectFrom('audit_links')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('audit_run_id', '=', auditRunId)
      .where(column, '=', url)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The live targets of a kind: the run's pages with one of the kind's issue codes, each with the
   * distinct other pages whose links hit its URL. `broken` keeps the pages that answered 4xx or 5xx
   * or nothing (a page whose body alone was unavailable has a response and is not broken).
   */
  function targetQuery(executor: Kysely<Database>, auditRunId: string, kind: LinkTargetKind) {
    let query = executor
      .selectFrom('audit_page_issues as i')
      .innerJoin('audit_pages as p', 'p.id', 'i.page_id')
      .innerJoin('audit_links as l', (join) => join.onRef('l.audit_run_id', '=', 'i.audit_run_id').onRef('l.target_url', '=', 'i.url'))
      .select(['i.url as url', (eb) => eb.fn.max('p.status_code').as('status_code'), (eb) => eb.fn.count<number>('l.source_url').distinct().as('pages')])
      .where('i.audit_run_id', '=', auditRunId)
      .where('i.code', 'in', TARGET_CODES[kind])
      .whereRef('l.source_url', '<>', 'l.target_url')
      .groupBy('i.url');
    if (kind === 'broken')
      query = query.where((eb) => eb.or([eb('i.code', '=', 'redirect_loop'), eb('p.status_code', '>=', 400), eb('p.status_code', '=', 0)]));
    return query;
  }

  /**
   * A much-linked URL's count, and where the block holding `offset` starts (null for the first
   * block), with the inlinks before it; null when the URL has no blocks (fewer inlinks).
   */
  async function inlinkBlocks(auditRunId: string, url: string, offset: number) {
    const block = Math.floor(offset / blockSize);
    const rows = await db
      .selectFrom('audit_inlink_blocks')
      .select(['block', 'links', 'after_source', 'after_position'])
      .where('audit_run_id', '=', auditRunId)
      .where('target_url', '=', url)
      .where('block', 'in', [0, block])
      .execute();
    const first = rows.find((row) => Number(row.block) === 0);
    if (!first) return null;
    const start = rows.find((row) => Number(row.block) === block);
    const after = start?.after_source != null && start.after_position != null ? { source: start.after_source, position: Number(start.after_position) } : null;
    // A block past the last: the total says the page is past the end.
    return { total: Number(first.links), after, skipped: after ? block * blockSize : 0 };
  }

  const toTarget = (row: { url: string; status_code: number | string | null; pages: number | string }): AuditLinkTarget => ({
    url: row.url,
    statusCode: Number(row.status_code ?? 0),
    linkingPages: Number(row.pages),
  });

  return {
    async inlinks(auditRunId, url, page, options = { final: false }) {
      const { limit, offset } = toLimitOffset(page);
      const blocks = options.final ? await inlinkBlocks(auditRunId, url, offset) : null;
      const total = blocks?.total ?? (await count(auditRunId, 'target_url', url));
      if (offset >= total) return { items: [], total };
      let query = db.selectFrom('audit_links').selectAll().where('audit_run_id', '=', auditRunId).where('target_url', '=', url);
      const after = blocks?.after;
      // (source, position) after the block's start, written so that both databases read it as an index range from `source_url >=`.
      if (after)
        query = query.where('source_url', '>=', after.source).where((eb) => eb.or([eb('source_url', '>', after.source), eb('position', '>', after.position)]));
      const rows = await query
        .orderBy('source_url')
        .orderBy('position')
        .limit(limit)
        .offset(blocks ? offset - blocks.skipped : offset)
        .execute();
      return { items: rows.map(toLink), total };
    },
    async outlinks(auditRunId, url, page) {
      const { limit, offset } = toLimitOffset(page);
      const total = await count(auditRunId, 'source_url', url);
      if (offset >= total) return { items: [], total };
      const rows = await db
        .selectFrom('audit_links')
        .selectAll()
        .where('audit_run_id', '=', auditRunId)
        .where('source_url', '=', url)
        .orderBy('position')
        .limit(limit)
        .offset(offset)
        .execute();
      return { items: rows.map(toLink), total };
    },
    async targets(auditRunId, kind, page, options) {
      const { limit, offset } = toLimitOffset(page);
      if (options.final) {
        const { n } = await db
          .selectFrom('audit_link_targets')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('audit_run_id', '=', auditRunId)
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow();
        const rows = await db
          .selectFrom('audit_link_targets')
          .select(['url', 'status_code', 'pages'])
          .where('audit_run_id', '=', auditRunId)
          .where('kind', '=', kind)
          .orderBy('pages', 'desc')
          .orderBy('url')
          .limit(limit)
          .offset(offset)
          .execute();
        return { items: rows.map(toTarget), total: Number(n) };
      }
      const grouped = targetQuery(db, auditRunId, kind);
      const { n } = await db
        .selectFrom(grouped.as('t'))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await grouped.orderBy('pages', 'desc').orderBy('i.url').limit(limit).offset(offset).execute();
      return { items: rows.map(toTarget), total: Number(n) };
    },
    async targetCounts(auditRunId, options) {
      const counts: Record<LinkTargetKind, number> = { broken: 0, redirect: 0 };
      if (options.final) {
        const rows = await db
          .selectFrom('audit_link_targets')
          .select(['kind', (eb) => eb.fn.countAll().as('n')])
          .where('audit_run_id', '=', auditRunId)
          .groupBy('kind')
          .execute();
        for (const row of rows) counts[row.kind] = Number(row.n);
        return counts;
      }
      for (const kind of ['broken', 'redirect'] as const) {
        const { n } = await db
          .selectFrom(targetQuery(db, auditRunId, kind).as('t'))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        counts[kind] = Number(n);
      }
      return counts;
    },
    async finalise(auditRunId, trx) {
      const executor = trx ?? db;
      await writeInlinkBlocks(executor, auditRunId, blockSize);
      await executor.deleteFrom('audit_link_targets').where('audit_run_id', '=', auditRunId).execute();
      for (const kind of ['broken', 'redirect'] as const) {
        const grouped = targetQuery(executor, auditRunId, kind);
        await executor
          .insertInto('audit_link_targets')
          .columns(['audit_run_id', 'kind', 'url', 'status_code', 'pages'])
          .expression(
            executor
              .selectFrom(grouped.as('t'))
              .select([
                sql<string>`CAST(${auditRunId} AS TEXT)`.as('audit_run_id'),
                sql<string>`CAST(${kind} AS TEXT)`.as('kind'),
                't.url',
                sql<number>`COALESCE(t.status_code, 0)`.as('status_code'),
                't.pages',
              ]),
          )
          .execute();
      }
    },
  };
}

function toLink(row: Selectable<AuditLinksTable>): AuditLink {
  return {
    source: row.source_url,
    target: row.target_url,
    anchorText: row.anchor_text,
    rel: row.rel === '' ? [] : row.rel.split(' '),
    followed: Number(row.followed) === 1,
    internal: Number(row.internal) === 1,
  };
}

/** Cuts the inlinks of each URL with INLINK_BLOCK_SIZE or more into blocks (see the file's comment). */
async function writeInlinkBlocks(executor: Kysely<Database>, auditRunId: string, blockSize: number): Promise<void> {
  await executor.deleteFrom('audit_inlink_blocks').where('audit_run_id', '=', auditRunId).execute();
  // One pass over the run's (target, source, position) index.
  const hot = await executor
    .selectFrom('audit_links')
    .select(['target_url', (eb) => eb.fn.countAll().as('n')])
    .where('audit_run_id', '=', auditRunId)
    .groupBy('target_url')
    .having((eb) => eb.fn.countAll(), '>=', blockSize)
    .execute();
  for (const { target_url: url, n } of hot) {
    await executor
      .insertInto('audit_inlink_blocks')
      .values({ audit_run_id: auditRunId, target_url: url, block: 0, links: Number(n), after_source: null, after_position: null })
      .execute();
    // The inlink that ends each block, numbered in list order.
    await sql`
      INSERT INTO audit_inlink_blocks (audit_run_id, target_url, block, links, after_source, after_position)
      SELECT audit_run_id, target_url, CAST(rn / CAST(${blockSize} AS INTEGER) AS INTEGER), NULL, source_url, position
      FROM (
        SELECT audit_run_id, target_url, source_url, position, row_number() OVER (ORDER BY source_url, position) AS rn
        FROM audit_links WHERE audit_run_id = ${auditRunId} AND target_url = ${url}
      ) AS numbered
      WHERE rn % CAST(${blockSize} AS INTEGER) = 0`.execute(executor);
  }
}
