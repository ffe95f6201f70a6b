// Storing an audit's links with its pages (audit-pages.ts calls `insertLinks` in the pages'
// transaction): the run's URLs numbered once and a page's links as one row. The keys by target are
// not written here but once, in key order, when the run is final (`writeInlinkKeys`); how they are
// laid out and read is audit-links.ts's concern (see its comment).
import type { components } from '@seo-geo/types';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { dialectOf } from '../database.js';
import { keptText } from '../insert-rows.js';
import type { Database } from '../schema.js';

type AuditLink = components['schemas']['AuditLink'];

/** A stored page's link, as audit-pages.ts writes it. */
export type StoredLink = Omit<AuditLink, 'source'>;

/**
 * Writes the links of stored pages (audit-pages.ts calls it with the pages, in their transaction):
 * numbers the run's URLs not numbered yet, then writes each page's row of links. Each is one
 * statement over a JSON array, whatever the number of pages and links: a statement a row, or a
 * VALUES list of hundreds, cost SQLite more in building and parsing than in writing. URLs are
 * numbered in URL order, so that two workers storing pages of one run at once take the unique
 * index's locks in the same order (PostgreSQL would otherwise find them deadlocked).
 */
export async function insertLinks(
  executor: Kysely<Database>,
  pages: readonly { auditRunId: string; url: string; links?: readonly StoredLink[] | undefined }[],
): Promise<void> {
  // Per run: its URLs, and each page as [url, its links' row (JSON)].
  const runs = new Map<string, { urls: Set<string>; pages: [string, string][] }>();
  for (const page of pages) {
    if (!page.links?.length) continue;
    let run = runs.get(page.auditRunId);
    if (!run) runs.set(page.auditRunId, (run = { urls: new Set(), pages: [] }));
    run.urls.add(page.url);
    for (const link of page.links) run.urls.add(link.target);
    run.pages.push([page.url, JSON.stringify(page.links.map(toStoredRow))]);
  }
  const write = dialectOf(executor) === 'postgres' ? writePostgres : writeSqlite;
  for (const [auditRunId, run] of runs) {
    const unknown = recentlyNumbered.unknown(auditRunId, run.urls);
    const written = await write(executor, auditRunId, unknown, run.pages);
    // Fewer rows than pages: a page's URL remembered as numbered has no row (its transaction was
    // rolled back, or its run started over). Number every URL, then write again what is missing.
    if (written < run.pages.length && unknown.length < run.urls.size) await write(executor, auditRunId, [...run.urls], run.pages);
  }
}

/**
 * Numbers `urls` (those of them not numbered yet), then writes the pages' rows of links (`pages`:
 * [url, row] each); returns how many rows it wrote.
 */
type RunWriter = (executor: Kysely<Database>, auditRunId: string, urls: string[], pages: readonly [string, string][]) => Promise<number>;

const writeSqlite: RunWriter = async (executor, auditRunId, urls, pages) => {
  // `WHERE true`: SQLite's grammar needs it between a SELECT and ON CONFLICT. CROSS JOIN keeps the
  // JSON the outer loop, each element finding its URL in the unique index: left to itself, the
  // planner may scan the run's URLs for each element.
  await sql`
    INSERT INTO audit_link_urls (audit_run_id, url)
    SELECT ${auditRunId}, u.value FROM json_each(${JSON.stringify(urls.sort())}) AS u WHERE true
    ON CONFLICT (audit_run_id, url) DO NOTHING`.execute(executor);
  // The rows as parameters, two a page, not as strings inside one JSON array: SQLite then reads each
  // row as it is, where a row quoted in JSON was escaped here and unescaped there (a fifth of the
  // statement's time on bench:audit's pages).
  const values: string[] = [];
  for (const [url, row] of pages) values.push(url, row);
  const result = await executor.executeQuery(CompiledQuery.raw(sqlitePageLinksText(pages.length), [...values, auditRunId]));
  return Number(result.numAffectedRows ?? 0);
};

function sqlitePageLinksText(pages: number): string {
  return keptText(
    `sqlite page links|${pages}`,
    () => `
      INSERT INTO audit_page_links (source_id, links)
      SELECT s.id, p.column2 FROM (VALUES ${Array.from({ length: pages }, () => '(?, ?)').join(', ')}) AS p CROSS JOIN audit_link_urls s
      WHERE s.audit_run_id = ? AND s.url = p.column1
      ON CONFLICT DO NOTHING`,
  );
}

const writePostgres: RunWriter = async (executor, auditRunId, urls, pages) => {
  const stored = JSON.stringify(pages);
  await sql`
    INSERT INTO audit_link_urls (audit_run_id, url)
    SELECT ${auditRunId}, u FROM jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb) AS u ORDER BY u
    ON CONFLICT (audit_run_id, url) DO NOTHING`.execute(executor);
  // One index probe a page (LATERAL … LIMIT 1): as a join, the planner, without statistics on the
  // run's fresh rows, read all of the run's URLs for every batch (a crawl quadratic in its size).
  const result = await sql`
    INSERT INTO audit_page_links (source_id, links)
    SELECT s.id, p->>1 FROM jsonb_array_elements(${stored}::jsonb) AS p
    CROSS JOIN LATERAL (SELECT id FROM audit_link_urls WHERE audit_run_id = ${auditRunId} AND url = p->>0 LIMIT 1) AS s
    ON CONFLICT DO NOTHING`.execute(executor);
  return Number(result.numAffectedRows ?? 0);
};

/**
 * The URLs this process numbered lately, per run: most of a page's targets (the template's links)
 * were numbered with earlier pages, and asking the database again for each cost a store a fifth of
 * its links' time. Bounded: past MAX_REMEMBERED URLs it starts afresh. A URL remembered here whose
 * row went with its run's pages (a run that starts over) only loses its links, which the run's new
 * pages write again; `deleteLinks` forgets the run.
 */
const MAX_REMEMBERED = 50_000;
const recentlyNumbered = {
  runs: new Map<string, Set<string>>(),
  size: 0,
  /** The URLs of `urls` not numbered lately, now remembered as numbered. */
  unknown(auditRunId: string, urls: Iterable<string>): string[] {
    let known = this.runs.get(auditRunId);
    if (!known) this.runs.set(auditRunId, (known = new Set()));
    const unknown: string[] = [];
    for (const url of urls) if (!known.has(url)) unknown.push(url);
    if (this.size + unknown.length > MAX_REMEMBERED) {
      this.runs.clear();
      this.size = 0;
      this.runs.set(auditRunId, (known = new Set()));
    }
    for (const url of unknown) known.add(url);
    this.size += unknown.length;
    return unknown;
  },
  forget(auditRunId: string): void {
    this.size -= this.runs.get(auditRunId)?.size ?? 0;
    this.runs.delete(auditRunId);
  },
};

/** A link as its page's row holds it (see AuditPageLinksTable). */
export type LinkRow = [target: string, anchorText: string, rel: string, followed: 0 | 1, internal: 0 | 1];

const toStoredRow = (link: StoredLink): LinkRow => [link.target, link.anchorText, link.rel.join(' '), link.followed ? 1 : 0, link.internal ? 1 : 0];

export function toLink(source: string, [target, anchorText, rel, followed, internal]: LinkRow): AuditLink {
  return { source, target, anchorText, rel: rel === '' ? [] : rel.split(' '), followed: followed === 1, internal: internal === 1 };
}

/**
 * Writes the keys by target of a run's links (see audit-links.ts), from its pages' rows, in key order:
 * once its pages are final. Written as the crawl stores its pages, every key lands at random in a
 * large b-tree, and SQLite rewrites a page of it for nearly every key; in one sorted pass at the end
 * the run's keys are appended, for a third of the cost (npm run bench:audit). A run finalised again
 * has its keys written again, the same: those written before are deleted first, which costs less
 * than asking of each key whether it is there (ON CONFLICT: a third of the pass on PostgreSQL).
 */
export async function writeInlinkKeys(executor: Kysely<Database>, auditRunId: string): Promise<void> {
  const postgres = dialectOf(executor) === 'postgres';
  // PostgreSQL: two transactions writing one run's keys (a finalise, and the keys written ahead of
  // it: AuditLinksRepository.writeKeysAhead) take turns, the second deleting what the first wrote;
  // at the same time, both would insert the keys. SQLite writes one transaction at a time anyway.
  if (postgres) await sql`SELECT pg_advisory_xact_lock(hashtext(${`audit-inlink-keys:${auditRunId}`}))`.execute(executor);
  await executor
    .deleteFrom('audit_inlink_keys')
    .where('target_id', 'in', executor.selectFrom('audit_link_urls').select('id').where('audit_run_id', '=', auditRunId))
    .execute();
  if (postgres) {
    await sql`
      INSERT INTO audit_inlink_keys (target_id, source_id, position)
      SELECT t.id, l.source_id, k.n - 1
      FROM audit_link_urls s
      JOIN audit_page_links l ON l.source_id = s.id
      CROSS JOIN LATERAL jsonb_array_elements(l.links::jsonb) WITH ORDINALITY AS k(link, n)
      JOIN audit_link_urls t ON t.audit_run_id = s.audit_run_id AND t.url = k.link->>0
      WHERE s.audit_run_id = ${auditRunId}
      ORDER BY 1, 2, 3`.execute(executor);
    return;
  }
  await sql`
    INSERT INTO audit_inlink_keys (target_id, source_id, position)
    SELECT t.id, l.source_id, k.key
    FROM audit_link_urls s CROSS JOIN audit_page_links l CROSS JOIN json_each(l.links) AS k CROSS JOIN audit_link_urls t
    WHERE s.audit_run_id = ${auditRunId} AND l.source_id = s.id AND t.audit_run_id = s.audit_run_id AND t.url = k.value->>0
    ORDER BY 1, 2, 3`.execute(executor);
}

/** Deletes a run's links; its URLs' rows take their links and inlink blocks with them. */
export async function deleteLinks(executor: Kysely<Database>, auditRunId: string): Promise<void> {
  recentlyNumbered.forget(auditRunId);
  await executor.deleteFrom('audit_link_targets').where('audit_run_id', '=', auditRunId).execute();
  await executor.deleteFrom('audit_link_target_counts').where('audit_run_id', '=', auditRunId).execute();
  await executor.deleteFrom('audit_link_urls').where('audit_run_id', '=', auditRunId).execute();
}
