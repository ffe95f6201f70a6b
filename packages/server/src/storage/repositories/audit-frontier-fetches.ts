// What the workers of a shared crawl learnt fetching their leased URLs: the links they found are
// queued, the URLs move from leased to fetched (still taken until their pages are stored), and
// each URL counts against the page budget once, at its first fetch under a lease.
import { sql, type Kysely } from 'kysely';
import { retryingDeadlocks } from '../deadlock.js';
import type { Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';
import { isDropped } from './audit-frontier-drop.js';
import { FRONTIER_CHUNK, queueUrls } from './audit-frontier-queue.js';

/** What a worker learnt fetching one leased URL. */
export interface FetchedUrl {
  url: string;
  html: boolean;
  /** In-scope, normalised link targets, to queue. */
  links: readonly string[];
}

/** Frees the fetched URLs, queues their links and counts them against the budget, in one transaction. */
export async function recordFetches(db: Kysely<Database>, runId: string, fetched: readonly FetchedUrl[], leaseUntil: number): Promise<void> {
  if (fetched.length === 0) return;
  // Queued in the pages' order (the crawl's order), so its inserts and updates do not take their
  // locks in one order with a sitemap's upsert or another worker's batch: PostgreSQL fails one
  // of two that deadlock, and that one runs again.
  const links = [...new Set(fetched.flatMap((f) => f.links))];
  await retryingDeadlocks(() =>
    db.transaction().execute(async (trx) => {
      if (await isDropped(trx, runId)) return;
      const inserted = await queueUrls(trx, runId, links, false);
      const unleased = await markFetched(trx, runId, fetched, leaseUntil);
      const html = await countFirstFetches(
        trx,
        runId,
        fetched.filter((f) => f.html).map((f) => f.url),
        1,
      );
      const other = await countFirstFetches(
        trx,
        runId,
        fetched.filter((f) => !f.html).map((f) => f.url),
        0,
      );
      await trx
        .updateTable('audit_crawls')
        .set({
          urls: sql`urls + ${inserted}`,
          html_pages: sql`html_pages + ${html}`,
          other_records: sql`other_records + ${other}`,
          leased_urls: sql`leased_urls - ${unleased}`,
        })
        .where('audit_run_id', '=', runId)
        .execute();
    }),
  );
}

/** Moves the URLs still leased to fetched, taken until `leaseUntil`; returns how many it moved. */
async function markFetched(trx: Kysely<Database>, runId: string, fetched: readonly FetchedUrl[], leaseUntil: number): Promise<number> {
  let unleased = 0;
  for (let i = 0; i < fetched.length; i += FRONTIER_CHUNK) {
    const moved = await trx
      .updateTable('audit_frontier')
      .set({ state: 'fetched', lease_expires_at: toTimestamp(leaseUntil) })
      .where('audit_run_id', '=', runId)
      .where(
        'url',
        'in',
        fetched.slice(i, i + FRONTIER_CHUNK).map((f) => f.url),
      )
      .where('state', '=', 'leased')
      .executeTakeFirst();
    unleased += Number(moved.numUpdatedRows);
  }
  return unleased;
}

/**
 * Marks whether the URLs are HTML pages and returns how many were fetched for the first time. A
 * URL back in the queue (its lease ran out before this fetch was written) does not count: the
 * lease that put it back gave its place in the budget to others, and whoever leases it next
 * fetches it again and counts it then.
 */
async function countFirstFetches(trx: Kysely<Database>, runId: string, urls: string[], html: 0 | 1): Promise<number> {
  // A URL counts once, at its first fetch: one fetched again (its lease had expired) does not.
  let counted = 0;
  for (let i = 0; i < urls.length; i += FRONTIER_CHUNK) {
    const rows = await trx
      .updateTable('audit_frontier')
      .set({ html })
      .where('audit_run_id', '=', runId)
      .where('url', 'in', urls.slice(i, i + FRONTIER_CHUNK))
      .where('html', 'is', null)
      .where('state', '<>', 'queued')
      .returning('url')
      .execute();
    counted += rows.length;
  }
  return counted;
}
