// Where a paused crawl stopped, in the frontier tables a shared crawl uses (audit-frontier.ts), so
// that a resumed crawl continues from it on either database and with any number of workers. A
// crawl on one worker keeps its frontier in memory: when it pauses, it writes its stored pages'
// site records (`stored` rows), the URLs it had still to fetch (`queued` rows, in crawl order) and
// its counts; a shared crawl's frontier is there already, and its pause writes the site findings
// alone. On SQLite no identity numbers the rows: `seq` is written here, after the run's last.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';
import { readCounts, type CrawlCounts, type CrawlTallyCounts } from './audit-frontier-counts.js';
import { FRONTIER_CHUNK } from './audit-frontier-queue.js';
import { frontierInCrawlOrder } from './audit-frontier-records.js';

/** A paused crawl's saved counts and the site findings of its part before the pause (JSON). */
export interface SavedCrawl {
  counts: CrawlCounts;
  siteFindings: string | null;
}

/** What a crawl on one worker saves of itself when it pauses, besides its pages. */
export interface CrawlSave {
  htmlPages: number;
  otherRecords: number;
  tally: CrawlTallyCounts;
  /** JSON of the site findings so far. */
  siteFindings: string;
}

/** The URLs still to fetch, in crawl order, in place of those saved at an earlier pause (stored since, or queued again here). */
export async function saveQueue(db: Kysely<Database>, dialect: DialectName, runId: string, urls: readonly string[]): Promise<void> {
  await db.deleteFrom('audit_frontier').where('audit_run_id', '=', runId).where('state', '<>', 'stored').execute();
  await insertRows(
    db,
    dialect,
    runId,
    'queued',
    urls.map((url) => ({ url, record: null })),
  );
}

/**
 * Pages stored since the last pause, with their site records (JSON), in crawl order, in place of
 * the rows that pause queued them in. Those saved at an earlier pause are kept as they are.
 */
export async function saveRecords(
  db: Kysely<Database>,
  dialect: DialectName,
  runId: string,
  records: ReadonlyArray<{ url: string; record: string }>,
): Promise<void> {
  for (let i = 0; i < records.length; i += FRONTIER_CHUNK) {
    const urls = records.slice(i, i + FRONTIER_CHUNK).map((record) => record.url);
    await db.deleteFrom('audit_frontier').where('audit_run_id', '=', runId).where('state', '<>', 'stored').where('url', 'in', urls).execute();
  }
  await insertRows(db, dialect, runId, 'stored', records);
}

async function insertRows(
  db: Kysely<Database>,
  dialect: DialectName,
  runId: string,
  state: 'queued' | 'stored',
  rows: ReadonlyArray<{ url: string; record: string | null }>,
): Promise<void> {
  let seq = dialect === 'sqlite' ? await lastSeq(db, runId) : null;
  for (let i = 0; i < rows.length; i += FRONTIER_CHUNK) {
    const values = rows.slice(i, i + FRONTIER_CHUNK).map(({ url, record }) => ({
      audit_run_id: runId,
      url,
      state,
      record,
      ...(seq === null ? {} : { seq: String(++seq) }),
    }));
    await db
      .insertInto('audit_frontier')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

async function lastSeq(db: Kysely<Database>, runId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_frontier')
    .select(sql<number | null>`max(seq)`.as('last'))
    .where('audit_run_id', '=', runId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** A crawl on one worker's counts as it paused (they replace those of an earlier pause), in the caller's transaction. */
export async function saveCounts(trx: Transaction<Database>, runId: string, save: CrawlSave): Promise<void> {
  await trx
    .insertInto('audit_crawls')
    .values({ audit_run_id: runId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const { tally } = save;
  await trx
    .updateTable('audit_crawls')
    .set({
      urls: sql`(SELECT count(*) FROM audit_frontier f WHERE f.audit_run_id = ${runId})`,
      html_pages: save.htmlPages,
      other_records: save.otherRecords,
      leased_urls: 0,
      pages_audited: tally.pagesAudited,
      pages_scored: tally.pagesScored,
      score_sum: tally.scoreSum,
      pages_with_schema: tally.pagesWithSchema,
      issues_error: tally.issues.error,
      issues_warning: tally.issues.warning,
      issues_notice: tally.issues.notice,
      pages_answered: tally.pagesAnswered,
      blocked_address: tally.blockedAddress ? 1 : 0,
      unanswered_error: tally.unanswered === null ? null : JSON.stringify(tally.unanswered),
      site_findings: save.siteFindings,
    })
    .where('audit_run_id', '=', runId)
    .execute();
}

/** A shared crawl's site findings as it paused (its counts are kept as it goes), in the caller's transaction. */
export async function saveFindings(trx: Transaction<Database>, runId: string, siteFindings: string): Promise<void> {
  await trx.updateTable('audit_crawls').set({ site_findings: siteFindings }).where('audit_run_id', '=', runId).execute();
}

/** The run's saved counts and findings; null when it has no frontier. */
export async function savedCrawl(db: Kysely<Database>, runId: string): Promise<SavedCrawl | null> {
  const row = await db.selectFrom('audit_crawls').select('site_findings').where('audit_run_id', '=', runId).executeTakeFirst();
  if (!row) return null;
  return { counts: await readCounts(db, runId), siteFindings: row.site_findings };
}

/** The URLs not stored (queued, or taken by a worker when the crawl paused), in crawl order, in batches. */
export function savedQueue(db: Kysely<Database>, runId: string, batchSize = FRONTIER_CHUNK * 10): AsyncGenerator<string[], void, undefined> {
  return frontierInCrawlOrder(db, runId, ['queued', 'leased', 'fetched'], 'url', batchSize);
}

/** Gives back to the queue the URLs workers held when a shared crawl paused: none of them runs any more. */
export async function requeueTaken(db: Kysely<Database>, runId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('audit_frontier')
      .set({ state: 'queued', lease_owner: null, lease_expires_at: null })
      .where('audit_run_id', '=', runId)
      .where('state', 'in', ['leased', 'fetched'])
      .execute();
    await trx.updateTable('audit_crawls').set({ leased_urls: 0 }).where('audit_run_id', '=', runId).execute();
  });
}

/** Deletes the run's frontier and counters: a crawl on one worker that starts over saves anew. */
export async function discardFrontier(db: Kysely<Database>, runId: string): Promise<void> {
  await db.deleteFrom('audit_frontier').where('audit_run_id', '=', runId).execute();
  await db.deleteFrom('audit_crawls').where('audit_run_id', '=', runId).execute();
}
