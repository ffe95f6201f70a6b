// Queuing URLs on a shared crawl's frontier. Each URL is one row, unique per run, so a URL is
// queued once however many workers find it; a sitemap's URLs are marked `listed` as well, queued
// or not, and read back in URL order.
import { sql, type Kysely } from 'kysely';
import { retryingDeadlocks } from '../deadlock.js';
import type { Database } from '../schema.js';
import { isDropped } from './audit-frontier-drop.js';

/** Rows per statement. */
export const FRONTIER_CHUNK = 500;

/** Queues the URLs no worker has queued or taken; returns how many it queued. */
export async function queueUrls(executor: Kysely<Database>, runId: string, urls: readonly string[], listed: boolean): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < urls.length; i += FRONTIER_CHUNK) {
    const rows = urls.slice(i, i + FRONTIER_CHUNK).map((url) => ({ audit_run_id: runId, url, state: 'queued' as const, listed: listed ? 1 : 0 }));
    const query = executor.insertInto('audit_frontier').values(rows);
    if (listed) {
      // The upsert returns the rows it marked listed too: a row it inserted has no xmax yet
      // (PostgreSQL's system column), so a sitemap queued again by a restarted lead counts none twice.
      const upserted = await query
        .onConflict((oc) => oc.columns(['audit_run_id', 'url']).doUpdateSet({ listed: 1 }))
        .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
        .execute();
      inserted += upserted.filter((row) => row.inserted).length;
    } else {
      const added = await query
        .onConflict((oc) => oc.doNothing())
        .returning(sql<number>`1`.as('n'))
        .execute();
      inserted += added.length;
    }
  }
  return inserted;
}

/** Queues the URLs and counts them on the run's counters row, until the frontier is dropped. */
export async function addUrls(db: Kysely<Database>, runId: string, urls: readonly string[], listed: boolean): Promise<void> {
  // A chunk a transaction: a sitemap's 200,000 URLs in one would hold their rows' locks, and
  // the other workers queuing links to them, for as long as it takes to write them all.
  for (let i = 0; i < urls.length; i += FRONTIER_CHUNK) {
    const chunk = urls.slice(i, i + FRONTIER_CHUNK);
    const added = await retryingDeadlocks(() =>
      db.transaction().execute(async (trx) => {
        if (await isDropped(trx, runId)) return false;
        const inserted = await queueUrls(trx, runId, chunk, listed);
        if (inserted > 0)
          await trx
            .updateTable('audit_crawls')
            .set({ urls: sql`urls + ${inserted}` })
            .where('audit_run_id', '=', runId)
            .execute();
        return true;
      }),
    );
    if (!added) return;
  }
}

/** Takes a redirect target; false when it was queued or taken already. */
export async function claimUrl(db: Kysely<Database>, runId: string, url: string): Promise<boolean> {
  if (await isDropped(db, runId)) return false;
  const rows = await db
    .insertInto('audit_frontier')
    .values({ audit_run_id: runId, url, state: 'claimed' })
    .onConflict((oc) => oc.doNothing())
    .returning('url')
    .execute();
  return rows.length > 0;
}

/** The URLs the sitemaps list, in batches. */
export async function* listedUrls(db: Kysely<Database>, runId: string, batchSize = FRONTIER_CHUNK * 10): AsyncGenerator<string[], void, undefined> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('audit_frontier')
      .select('url')
      .where('audit_run_id', '=', runId)
      .where('listed', '=', 1)
      .where('url', '>', after)
      .orderBy('url')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.url;
    yield rows.map((r) => r.url);
  }
}
