// The end of a shared crawl's frontier: once the run is final its rows are deleted, and the run's
// counters row keeps what they showed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** What `dropFrontier` kept: URLs stored, the workers that stored them, URLs neither stored nor claimed. */
export interface DroppedFrontier {
  storedUrls: number;
  storingWorkers: number;
  unsettledUrls: number;
}

export async function dropFrontier(db: Kysely<Database>, runId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { stored, workers, unsettled } = await trx
      .selectFrom('audit_frontier')
      .select([
        sql<string>`count(*) filter (where state = 'stored')`.as('stored'),
        sql<string>`count(distinct lease_owner) filter (where state = 'stored')`.as('workers'),
        sql<string>`count(*) filter (where state not in ('stored', 'claimed'))`.as('unsettled'),
      ])
      .where('audit_run_id', '=', runId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('audit_crawls')
      .set({ stored_urls: Number(stored), storing_workers: Number(workers), unsettled_urls: Number(unsettled) })
      .where('audit_run_id', '=', runId)
      .execute();
    await trx.deleteFrom('audit_frontier').where('audit_run_id', '=', runId).execute();
  });
}

/** What `dropFrontier` kept; null before it ran. */
export async function droppedFrontier(db: Kysely<Database>, runId: string): Promise<DroppedFrontier | null> {
  const row = await db
    .selectFrom('audit_crawls')
    .select(['stored_urls', 'storing_workers', 'unsettled_urls'])
    .where('audit_run_id', '=', runId)
    .executeTakeFirst();
  if (!row || row.stored_urls === null) return null;
  return { storedUrls: Number(row.stored_urls), storingWorkers: Number(row.storing_workers), unsettledUrls: Number(row.unsettled_urls) };
}

/** True once the run's frontier was dropped: a worker still settling queues nothing more. */
export async function isDropped(executor: Kysely<Database>, runId: string): Promise<boolean> {
  const row = await executor.selectFrom('audit_crawls').select('stored_urls').where('audit_run_id', '=', runId).executeTakeFirst();
  return row?.stored_urls !== null && row?.stored_urls !== undefined;
}
