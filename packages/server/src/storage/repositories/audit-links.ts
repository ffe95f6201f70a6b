// The link graph of an audit: each stored page's links to distinct targets (written with the page,
// by audit-pages.ts), read either way round, and the broken and redirecting targets with the pages
// linking to each. A run's URLs are numbered once in `audit_link_urls`. A page's links are one row
// (`audit_page_links`, JSON in document order): its outlinks are a slice of it. Each link also has a
// key by target, (target, source, position): a URL's inlinks are a range of those keys, so they come
// in the order the audit first met the linking pages, each read from its page's row. While the run
// is live the targets are grouped from the pages' issue rows and the keys that hit them; a final
// run's are written once (`finalise`) and read as a range of (run, kind, pages, url). A run's
// broken resources (kind `resource`) are no pages of it: the engine counts the pages loading each,
// and they are written as they are (`recordResources`) when its resource check ends.
//
// The keys are written once the run is final (`finalise`), from its pages' rows in key order: as
// the crawl stored them, every key landed at random in one large b-tree, which cost SQLite a third
// of a crawl's storing. So a live run (running, paused, failed) has no keys: its inlinks and the
// pages linking to its targets are found by reading its pages' rows, each row whose text holds the
// target's JSON string read as JSON. That reads every stored page's links, and grows with the audit;
// a final run's lists read a range of keys.
//
// A URL every page links to (the home page, a template's links) has as many inlinks as the audit
// has pages, and counting them, or skipping to a deep page of them, would read them all. So
// `finalise` also cuts the inlinks of each URL with INLINK_BLOCK_SIZE or more into blocks in list
// order, keeping their count and where each block starts: a page of such a list then reads its
// block's start and at most a block's index entries, whatever its number.
import type { components } from '@seo-geo/types';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';
import type { AuditLinkTargetsTable } from '../schema-audits.js';
import { dialectOf } from '../database.js';
import { toLink, writeInlinkKeys, type LinkRow } from './audit-link-store.js';

export type AuditLink = components['schemas']['AuditLink'];
export type AuditLinkTarget = components['schemas']['AuditLinkTarget'];
export type LinkTargetKind = AuditLinkTargetsTable['kind'];
/** The kinds whose targets are pages of the run, grouped from its issue rows and inlink keys. */
type PageTargetKind = Exclude<LinkTargetKind, 'resource'>;
const PAGE_TARGET_KINDS = ['broken', 'redirect'] as const satisfies readonly PageTargetKind[];

/** A broken resource as the engine counts it (BrokenResource): its URL, its status (0: no answer), the pages loading it. */
export interface ResourceTarget {
  url: string;
  statusCode: number;
  pages: number;
}

/** Inlinks per block of a much-linked URL; URLs with fewer have no blocks (their lists read at most this many entries). */
export const INLINK_BLOCK_SIZE = 4096;
/** Resource targets per INSERT (5 parameters each). */
const RESOURCE_CHUNK = 500;

/** The issue codes whose pages are link targets of each kind (see `targetQuery`). */
const TARGET_CODES: Record<PageTargetKind, readonly string[]> = {
  broken: ['http_status_4xx', 'http_status_5xx', 'http_status', 'fetch_failed', 'redirect_loop'],
  redirect: ['redirect', 'redirect_chain'],
};

export interface AuditLinksRepository {
  /** `final`: the run's inlink blocks are written (see `finalise`). */
  inlinks(auditRunId: string, url: string, page: PageRequest, options?: { final: boolean }): Promise<Page<AuditLink>>;
  outlinks(auditRunId: string, url: string, page: PageRequest): Promise<Page<AuditLink>>;
  /** Broken or redirecting targets, or broken resources: most linked (or used) first, then by URL. */
  targets(auditRunId: string, kind: LinkTargetKind, page: PageRequest, options: { final: boolean }): Promise<Page<AuditLinkTarget>>;
  /** How many distinct targets of each kind. */
  targetCounts(auditRunId: string, options: { final: boolean }): Promise<Record<LinkTargetKind, number>>;
  /**
   * Writes a final run's inlink keys (unless `keysWritten`: see writeKeysAhead), targets and inlink
   * blocks; call once its pages are final, in the transaction that finishes it.
   */
  finalise(auditRunId: string, trx?: Transaction<Database>, options?: { keysWritten?: boolean }): Promise<void>;
  /**
   * Writes a run's inlink keys, in a transaction of their own, before it is finalised: call once
   * its pages are all stored. On PostgreSQL the keys are a third of finalising, and are written by
   * the database's process while the worker runs the site checks; finalise is then told so. On
   * SQLite, whose writes are the worker's own time, nothing is gained: nothing is written, and the
   * answer is false.
   */
  writeKeysAhead(auditRunId: string): Promise<boolean>;
  /** The run's broken resources, in place of any written before (a retried run's). */
  recordResources(auditRunId: string, targets: readonly ResourceTarget[]): Promise<void>;
}

/** `blockSize`: inlinks per block (tests cut them small). */
export function createAuditLinksRepository(db: Kysely<Database>, blockSize = INLINK_BLOCK_SIZE): AuditLinksRepository {
  async function urlId(auditRunId: string, url: string): Promise<number | null> {
    const row = await db.selectFrom('audit_link_urls').select('id').where('audit_run_id', '=', auditRunId).where('url', '=', url).executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  /** A stored page's links, by its URL's number; null when it has none. */
  async function pageLinks(sourceId: number): Promise<LinkRow[] | null> {
    const row = await db.selectFrom('audit_page_links').select('links').where('source_id', '=', sourceId).executeTakeFirst();
    return row ? (JSON.parse(row.links) as LinkRow[]) : null;
  }

  async function inlinkCount(targetId: number): Promise<number> {
    const row = await db
      .selectFrom('audit_inlink_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('target_id', '=', targetId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The run's pages that are targets of a kind: those with one of the kind's issue codes. `broken`
   * keeps the pages that answered 4xx or 5xx or nothing (a page whose body alone was unavailable
   * has a response and is not broken).
   */
  function pageTargets(executor: Kysely<Database>, auditRunId: string, kind: PageTargetKind) {
    let grouped = executor
      .selectFrom('audit_page_issues as i')
      .innerJoin('audit_pages as p', 'p.id', 'i.page_id')
      .innerJoin('audit_link_urls as u', (join) => join.onRef('u.audit_run_id', '=', 'i.audit_run_id').onRef('u.url', '=', 'i.url'))
      .select(['i.url as url', 'u.id as target_id', (eb) => eb.fn.max('p.status_code').as('status_code')])
      .where('i.audit_run_id', '=', auditRunId)
      .where('i.code', 'in', TARGET_CODES[kind])
      .groupBy(['i.url', 'u.id']);
    if (kind === 'broken')
      grouped = grouped.where((eb) => eb.or([eb('i.code', '=', 'redirect_loop'), eb('p.status_code', '>=', 400), eb('p.status_code', '=', 0)]));
    return grouped;
  }

  /** A final run's targets of a kind, each with the distinct other pages whose links hit it, counted from its keys. */
  function targetQuery(executor: Kysely<Database>, auditRunId: string, kind: PageTargetKind) {
    const counted = executor
      .selectFrom(pageTargets(executor, auditRunId, kind).as('t'))
      .innerJoin('audit_inlink_keys as k', 'k.target_id', 't.target_id')
      .whereRef('k.source_id', '<>', 't.target_id')
      .select(['t.url', 't.status_code', (eb) => eb.fn.count<number>('k.source_id').distinct().as('pages')])
      .groupBy(['t.url', 't.status_code']);
    return executor.selectFrom(counted.as('t')).select(['t.url', 't.status_code', 't.pages']);
  }

  /**
   * A live run's targets of a kind, in list order: its target pages, then the distinct other pages
   * linking to each, counted in one reading of its pages' rows (see the file's comment).
   */
  async function liveTargets(auditRunId: string, kind: PageTargetKind): Promise<AuditLinkTarget[]> {
    const targets = await pageTargets(db, auditRunId, kind).execute();
    if (targets.length === 0) return [];
    const linking = await db
      .selectFrom(
        storedLinks(
          db,
          auditRunId,
          targets.map((t) => t.url),
        ).as('k'),
      )
      .whereRef('k.source', '<>', 'k.target')
      .select(['k.target', (eb) => eb.fn.count<number>('k.source_id').distinct().as('pages')])
      .groupBy('k.target')
      .execute();
    const pages = new Map(linking.map((row) => [row.target, Number(row.pages)]));
    return targets
      .map((t) => toTarget({ url: t.url, status_code: t.status_code, pages: pages.get(t.url) ?? 0 }))
      .filter((t) => t.linkingPages > 0)
      .sort((a, b) => b.linkingPages - a.linkingPages || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  }

  /**
   * A much-linked URL's count, and where the block holding `offset` starts (null for the first
   * block), with the inlinks before it; null when the URL has no blocks (fewer inlinks).
   */
  async function inlinkBlocks(targetId: number, offset: number) {
    const block = Math.floor(offset / blockSize);
    const rows = await db
      .selectFrom('audit_inlink_blocks')
      .select(['block', 'links', 'after_source_id', 'after_position'])
      .where('target_id', '=', targetId)
      .where('block', 'in', [0, block])
      .execute();
    const first = rows.find((row) => Number(row.block) === 0);
    if (!first) return null;
    const start = rows.find((row) => Number(row.block) === block);
    const after =
      start?.after_source_id != null && start.after_position != null
        ? { sourceId: Number(start.after_source_id), position: Number(start.after_position) }
        : null;
    // A block past the last: the total says the page is past the end.
    return { total: Number(first.links), after, skipped: after ? block * blockSize : 0 };
  }

  /** A final run's keys of `targetId` for a page of its inlinks, through its blocks if it has some. */
  async function finalKeys(targetId: number, blocks: Awaited<ReturnType<typeof inlinkBlocks>>, limit: number, offset: number) {
    let query = db.selectFrom('audit_inlink_keys').select(['source_id', 'position']).where('target_id', '=', targetId);
    const after = blocks?.after;
    // (source, position) after the block's start, written so that both databases read it as a key range from `source_id >=`.
    if (after)
      query = query.where('source_id', '>=', after.sourceId).where((eb) => eb.or([eb('source_id', '>', after.sourceId), eb('position', '>', after.position)]));
    return query
      .orderBy('source_id')
      .orderBy('position')
      .limit(limit)
      .offset(blocks ? offset - blocks.skipped : offset)
      .execute();
  }

  /** A final run's keys of `targetId` for a page of its inlinks, and how many it has. */
  async function finalInlinks(targetId: number, limit: number, offset: number) {
    const blocks = await inlinkBlocks(targetId, offset);
    const total = blocks?.total ?? (await inlinkCount(targetId));
    return { total, keys: offset >= total ? [] : await finalKeys(targetId, blocks, limit, offset) };
  }

  /**
   * A live run's links to `url` for a page of its inlinks, from its pages' rows in the order of a
   * final run's keys, and how many it has, in one reading of the rows (a page past the end, which
   * has no row to carry the count, reads them again to count).
   */
  async function liveInlinks(auditRunId: string, url: string, limit: number, offset: number) {
    const keys = await db
      .selectFrom(storedLinks(db, auditRunId, url).as('k'))
      .select(['k.source_id', 'k.position', (eb) => eb.fn.countAll().over().as('total')])
      .orderBy('k.source_id')
      .orderBy('k.position')
      .limit(limit)
      .offset(offset)
      .execute();
    return { total: keys.length > 0 ? Number(keys[0]!.total) : await liveInlinkCount(auditRunId, url), keys };
  }

  async function liveInlinkCount(auditRunId: string, url: string): Promise<number> {
    const row = await db
      .selectFrom(storedLinks(db, auditRunId, url).as('k'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const toTarget = (row: { url: string; status_code: number | string | null; pages: number | string | null }): AuditLinkTarget => ({
    url: row.url,
    statusCode: Number(row.status_code ?? 0),
    linkingPages: Number(row.pages ?? 0),
  });

  return {
    async inlinks(auditRunId, url, page, options = { final: false }) {
      const { limit, offset } = toLimitOffset(page);
      const targetId = await urlId(auditRunId, url);
      if (targetId === null) return { items: [], total: 0 };
      const { total, keys } = options.final ? await finalInlinks(targetId, limit, offset) : await liveInlinks(auditRunId, url, limit, offset);
      if (keys.length === 0) return { items: [], total };
      // Each linking page's row, once, for the links at the keys' positions.
      const sources = await db
        .selectFrom('audit_page_links as l')
        .innerJoin('audit_link_urls as u', 'u.id', 'l.source_id')
        .select(['l.source_id', 'u.url', 'l.links'])
        .where('l.source_id', 'in', [...new Set(keys.map((key) => Number(key.source_id)))])
        .execute();
      const bySource = new Map(sources.map((row) => [Number(row.source_id), { url: row.url, links: JSON.parse(row.links) as LinkRow[] }]));
      const items = keys.flatMap((key) => {
        const source = bySource.get(Number(key.source_id));
        const link = source?.links[Number(key.position)];
        return source && link ? [toLink(source.url, link)] : [];
      });
      return { items, total };
    },
    async outlinks(auditRunId, url, page) {
      const { limit, offset } = toLimitOffset(page);
      const sourceId = await urlId(auditRunId, url);
      const links = sourceId === null ? null : await pageLinks(sourceId);
      if (!links) return { items: [], total: 0 };
      return { items: links.slice(offset, offset + limit).map((link) => toLink(url, link)), total: links.length };
    },
    async targets(auditRunId, kind, page, options) {
      const { limit, offset } = toLimitOffset(page);
      if (options.final || kind === 'resource') {
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
      const live = await liveTargets(auditRunId, kind);
      return { items: live.slice(offset, offset + limit), total: live.length };
    },
    async targetCounts(auditRunId, options) {
      const counts: Record<LinkTargetKind, number> = { broken: 0, redirect: 0, resource: 0 };
      // A final run's page targets were counted when it was finalised; one finalised before they
      // were counts its rows, as a live run counts its resources.
      const counted = options.final
        ? await db.selectFrom('audit_link_target_counts').select(['kind', 'targets']).where('audit_run_id', '=', auditRunId).execute()
        : [];
      for (const row of counted) counts[row.kind] = Number(row.targets);
      const rows = await db
        .selectFrom('audit_link_targets')
        .select(['kind', (eb) => eb.fn.countAll().as('n')])
        .where('audit_run_id', '=', auditRunId)
        .where('kind', 'in', options.final && counted.length === 0 ? [...PAGE_TARGET_KINDS, 'resource'] : ['resource'])
        .groupBy('kind')
        .execute();
      for (const row of rows) counts[row.kind] = Number(row.n);
      if (options.final) return counts;
      for (const kind of PAGE_TARGET_KINDS) counts[kind] = (await liveTargets(auditRunId, kind)).length;
      return counts;
    },
    async finalise(auditRunId, trx, options = {}) {
      const executor = trx ?? db;
      if (!options.keysWritten) await writeInlinkKeys(executor, auditRunId);
      await writeInlinkBlocks(executor, auditRunId, blockSize);
      // The resources were written when the run's resource check ended; they stay.
      await executor.deleteFrom('audit_link_targets').where('audit_run_id', '=', auditRunId).where('kind', 'in', PAGE_TARGET_KINDS).execute();
      // Each kind's targets are counted as they are written: the issues view reads the counts.
      const counts: { audit_run_id: string; kind: PageTargetKind; targets: number }[] = [];
      for (const kind of PAGE_TARGET_KINDS) {
        const grouped = targetQuery(executor, auditRunId, kind);
        const written = await executor
          .insertInto('audit_link_targets')
          .columns(['audit_run_id', 'kind', 'url', 'status_code', 'pages'])
          .expression(
            executor
              .selectFrom(grouped.as('g'))
              .select([
                sql<string>`CAST(${auditRunId} AS TEXT)`.as('audit_run_id'),
                sql<string>`CAST(${kind} AS TEXT)`.as('kind'),
                'g.url',
                sql<number>`COALESCE(g.status_code, 0)`.as('status_code'),
                'g.pages',
              ]),
          )
          .executeTakeFirst();
        counts.push({ audit_run_id: auditRunId, kind, targets: Number(written.numInsertedOrUpdatedRows ?? 0) });
      }
      await executor.deleteFrom('audit_link_target_counts').where('audit_run_id', '=', auditRunId).execute();
      await executor.insertInto('audit_link_target_counts').values(counts).execute();
    },
    async writeKeysAhead(auditRunId) {
      if (dialectOf(db) !== 'postgres') return false;
      await db.transaction().execute((trx) => writeInlinkKeys(trx, auditRunId));
      return true;
    },
    async recordResources(auditRunId, targets) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('audit_link_targets').where('audit_run_id', '=', auditRunId).where('kind', '=', 'resource').execute();
        for (let i = 0; i < targets.length; i += RESOURCE_CHUNK) {
          const rows = targets.slice(i, i + RESOURCE_CHUNK).map((t) => ({
            audit_run_id: auditRunId,
            kind: 'resource' as const,
            url: t.url,
            status_code: t.statusCode,
            pages: t.pages,
          }));
          await trx.insertInto('audit_link_targets').values(rows).execute();
        }
      });
    },
  };
}

/**
 * The links of a run's stored pages, read from their rows: (source, position, target) each, with
 * the source's URL. Only those to `to`, when it is given: a URL's are read as JSON from the rows
 * whose text holds its JSON string; a list's, from every row, kept by a lookup in the list.
 */
function storedLinks(executor: Kysely<Database>, auditRunId: string, to?: string | readonly string[]) {
  type StoredLinkKey = { source_id: number | string; source: string; position: number; target: string };
  const postgres = dialectOf(executor) === 'postgres';
  const target = postgres ? sql`k.link->>0` : sql`k.value->>0`;
  let only = sql``;
  if (typeof to === 'string')
    only = sql`AND ${postgres ? sql`strpos(l.links, ${JSON.stringify(to)})` : sql`instr(l.links, ${JSON.stringify(to)})`} > 0 AND ${target} = ${to}`;
  else if (to)
    only = sql`AND ${target} IN (${postgres ? sql`SELECT jsonb_array_elements_text(${JSON.stringify(to)}::jsonb)` : sql`SELECT value FROM json_each(${JSON.stringify(to)})`})`;
  if (postgres)
    return sql<StoredLinkKey>`(
      SELECT l.source_id, s.url AS source, (k.n - 1)::int AS position, ${target} AS target
      FROM audit_link_urls s
      JOIN audit_page_links l ON l.source_id = s.id
      CROSS JOIN LATERAL jsonb_array_elements(l.links::jsonb) WITH ORDINALITY AS k(link, n)
      WHERE s.audit_run_id = ${auditRunId} ${only})`;
  return sql<StoredLinkKey>`(
    SELECT l.source_id AS source_id, s.url AS source, k.key AS position, ${target} AS target
    FROM audit_link_urls s CROSS JOIN audit_page_links l CROSS JOIN json_each(l.links) AS k
    WHERE s.audit_run_id = ${auditRunId} AND l.source_id = s.id ${only})`;
}

/** Cuts the inlinks of each URL with INLINK_BLOCK_SIZE or more into blocks (see the file's comment); the keys are merged. */
async function writeInlinkBlocks(executor: Kysely<Database>, auditRunId: string, blockSize: number): Promise<void> {
  const runUrls = executor.selectFrom('audit_link_urls').select('id').where('audit_run_id', '=', auditRunId);
  await executor.deleteFrom('audit_inlink_blocks').where('target_id', 'in', runUrls).execute();
  // One pass over the run's targets' keys.
  const hot = await executor
    .selectFrom('audit_inlink_keys')
    .select(['target_id', (eb) => eb.fn.countAll().as('n')])
    .where('target_id', 'in', runUrls)
    .groupBy('target_id')
    .having((eb) => eb.fn.countAll(), '>=', blockSize)
    .execute();
  for (const { target_id: targetId, n } of hot) {
    await executor
      .insertInto('audit_inlink_blocks')
      .values({ target_id: targetId, block: 0, links: Number(n), after_source_id: null, after_position: null })
      .execute();
    // The inlink that ends each block, numbered in list order.
    await sql`
      INSERT INTO audit_inlink_blocks (target_id, block, links, after_source_id, after_position)
      SELECT target_id, CAST(rn / CAST(${blockSize} AS INTEGER) AS INTEGER), NULL, source_id, position
      FROM (
        SELECT target_id, source_id, position, row_number() OVER (ORDER BY source_id, position) AS rn
        FROM audit_inlink_keys WHERE target_id = ${targetId}
      ) AS numbered
      WHERE rn % CAST(${blockSize} AS INTEGER) = 0`.execute(executor);
  }
}
