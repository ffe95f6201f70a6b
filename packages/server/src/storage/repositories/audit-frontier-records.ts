// The site records of a shared crawl's stored pages: written as their pages are stored, at most
// once per URL, and read back in crawl order by the site checks.
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';
import { addLeased } from './audit-frontier-leases.js';
import { FRONTIER_CHUNK } from './audit-frontier-queue.js';

/**
 * Inside the transaction that stores pages: marks their URLs stored with their site records and
 * returns those not stored before (the pages to insert); null when the run is not running.
 */
export async function storeRecords(
  trx: Transaction<Database>,
  dialect: DialectName,
  runId: string,
  records: ReadonlyArray<{ url: string; record: string }>,
): Promise<Set<string> | null> {
  let running = trx.selectFrom('audit_runs').select('id').where('id', '=', runId).where('status', '=', 'running');
  // Held until commit: a cancel or a pause waits for this store, and no store follows one. (A run
  // asked to pause still stores: its lead keeps what it fetched, and pauses it once stopped.)
  if (dialect === 'postgres') running = running.forShare();
  if (!(await running.executeTakeFirst())) return null;
  const stored = new Set<string>();
  let unleased = 0;
  for (let i = 0; i < records.length; i += FRONTIER_CHUNK) {
    const values = sql.join(records.slice(i, i + FRONTIER_CHUNK).map((r) => sql`(${r.url}, ${r.record})`));
    // Those still leased first (this worker has not written their fetch yet), to keep the leased
    // count. None back in the queue: this worker's lease ran out before it wrote the fetch, which
    // did not count (recordFetches), and whoever leases the URL next fetches and stores it.
    const leased = await markStored(trx, runId, values, sql`= 'leased'`);
    const others = await markStored(trx, runId, values, sql`IN ('fetched', 'claimed')`);
    for (const url of [...leased, ...others]) stored.add(url);
    unleased += leased.length;
  }
  await addLeased(trx, runId, -unleased);
  return stored;
}

/** Marks stored, with their records, the URLs of `values` whose state passes `state`; returns them. */
async function markStored(trx: Transaction<Database>, runId: string, values: RawBuilder<unknown>, state: RawBuilder<unknown>): Promise<string[]> {
  const rows = await sql<{ url: string }>`
    UPDATE audit_frontier SET state = 'stored', record = v.record, lease_expires_at = NULL
    FROM (VALUES ${values}) AS v(url, record)
    WHERE audit_frontier.audit_run_id = ${runId} AND audit_frontier.url = v.url AND audit_frontier.state ${state}
    RETURNING audit_frontier.url`.execute(trx);
  return rows.rows.map((row) => row.url);
}

/** The stored site records (JSON), in crawl order, in batches. */
export async function* storedRecords(db: Kysely<Database>, runId: string, batchSize = FRONTIER_CHUNK): AsyncGenerator<string[], void, undefined> {
  for await (const rows of frontierInCrawlOrder(db, runId, ['stored'], 'record', batchSize)) yield rows.flatMap((record) => (record === null ? [] : [record]));
}

type FrontierRow = Selectable<Database['audit_frontier']>;
type FrontierState = FrontierRow['state'];

/** One column of a run's frontier rows in the given states, in crawl order (by seq), in batches. */
export async function* frontierInCrawlOrder<C extends 'url' | 'record'>(
  db: Kysely<Database>,
  runId: string,
  states: readonly FrontierState[],
  column: C,
  batchSize: number,
): AsyncGenerator<Array<FrontierRow[C]>, void, undefined> {
  let after = '-1';
  for (;;) {
    const rows = await db
      .selectFrom('audit_frontier')
      .select(['seq', column])
      .where('audit_run_id', '=', runId)
      .where('state', 'in', states)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    after = String(rows[rows.length - 1]!.seq);
    yield rows.map((row) => (row as unknown as Pick<FrontierRow, C>)[column]);
  }
}
