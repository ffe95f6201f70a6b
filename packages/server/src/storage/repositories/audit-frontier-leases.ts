// Leasing a shared crawl's queued URLs to the workers that fetch them, within the page budget, and
// giving the URLs of a worker that died back to the queue once their lease expires.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';
import { retryingDeadlocks } from '../deadlock.js';
import type { Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';
import { FRONTIER_CHUNK } from './audit-frontier-queue.js';

export interface FrontierLimits {
  maxPages: number;
  /** Records that are not HTML pages (errors, non-HTML, robots-disallowed). */
  maxOtherRecords: number;
  leaseMs: number;
}

/** `fromSeq`: where the worker's next lease reads the queue from (all queued URLs were at or past it). */
export type FrontierLease = ({ urls: string[] } | { urls: []; over: 'all_pages_crawled' | 'max_pages_reached' } | { urls: []; retryInMs: number }) & {
  fromSeq: string;
};

/** A worker's ask for up to `max` URLs, reading the queue from `from.seq` (see AuditFrontierRepository.lease). */
export interface LeaseRequest {
  runId: string;
  workerId: string;
  max: number;
  limits: FrontierLimits;
  now: number;
  from: { seq: string; recover: boolean };
}

/** How soon a worker asks again when the others hold the budget or the last URLs. */
const RETRY_MS = 50;

export async function leaseUrls(db: Kysely<Database>, dialect: DialectName, request: LeaseRequest): Promise<FrontierLease> {
  // Re-queuing expired leases may wait on a store that waits on the counters row this holds.
  return retryingDeadlocks(() => db.transaction().execute((trx) => leaseInOrder(trx, dialect, request)));
}

async function leaseInOrder(trx: Kysely<Database>, dialect: DialectName, request: LeaseRequest): Promise<FrontierLease> {
  const { runId, max, limits, now, from } = request;
  // The counters row lock lines the workers' leases up: each sees what the one before took.
  let counters = trx.selectFrom('audit_crawls').select(['html_pages', 'other_records', 'leased_urls']).where('audit_run_id', '=', runId);
  if (dialect === 'postgres') counters = counters.forUpdate();
  const counts = await counters.executeTakeFirst();
  if (!counts) return { urls: [], over: 'all_pages_crawled', fromSeq: '0' };
  // Every row a lease or a store moved leaves a dead entry in these partial indexes until a
  // vacuum: recovery (a scan of the taken rows) runs only when the caller asks, and the queue
  // is read from the caller's cursor, past the entries of rows leased before.
  const recovered = from.recover ? await recoverExpired(trx, runId, now) : { leased: 0 };
  const left = Math.min(limits.maxPages - Number(counts.html_pages), limits.maxOtherRecords - Number(counts.other_records));
  // Leased URLs may all turn out to be HTML pages (or all not): both budgets count them.
  const leased = Number(counts.leased_urls) - recovered.leased;
  const room = Math.min(max, left - leased);
  const rows = room > 0 ? await leaseOldest(trx, dialect, request, room) : [];
  if (rows.length > 0) return { urls: rows.map((r) => r.url), fromSeq: String(rows[0]!.seq) };
  return nothingToLease(trx, runId, left, leased);
}

/** Leases up to `room` queued URLs from the request's cursor on, oldest first. */
async function leaseOldest(trx: Kysely<Database>, dialect: DialectName, { runId, workerId, limits, now, from }: LeaseRequest, room: number) {
  let oldest = trx
    .selectFrom('audit_frontier')
    .select(['url', 'seq'])
    .where('audit_run_id', '=', runId)
    .where('state', '=', 'queued')
    .where('seq', '>=', from.seq)
    .orderBy('seq')
    .limit(room);
  if (dialect === 'postgres') oldest = oldest.forUpdate().skipLocked();
  const rows: Array<{ url: string; seq: string }> = await oldest.execute();
  for (let i = 0; i < rows.length; i += FRONTIER_CHUNK) {
    await trx
      .updateTable('audit_frontier')
      .set({ state: 'leased', lease_owner: workerId, lease_expires_at: toTimestamp(now + limits.leaseMs) })
      .where('audit_run_id', '=', runId)
      .where(
        'url',
        'in',
        rows.slice(i, i + FRONTIER_CHUNK).map((r) => r.url),
      )
      .execute();
  }
  await addLeased(trx, runId, rows.length);
  return rows;
}

/** Why a lease took nothing: the crawl is over, the budget is spent, or the others may yet add URLs. */
async function nothingToLease(trx: Kysely<Database>, runId: string, left: number, leased: number): Promise<FrontierLease> {
  // Nothing past the cursor: is anything queued at all (a URL that came back below it)?
  const queued = await trx
    .selectFrom('audit_frontier')
    .select('url')
    .where('audit_run_id', '=', runId)
    .where('state', '=', 'queued')
    .limit(1)
    .executeTakeFirst();
  if (!queued && leased === 0) return { urls: [], over: 'all_pages_crawled', fromSeq: '0' };
  if (queued && left <= 0 && leased === 0) return { urls: [], over: 'max_pages_reached', fromSeq: '0' };
  // Others hold the last URLs or the budget (their pages may add URLs, or turn out not HTML).
  return { urls: [], retryInMs: RETRY_MS, fromSeq: '0' };
}

/** Expired leases back to the queue: how many URLs, and how many of them were leased and not fetched. */
export async function recoverExpired(executor: Kysely<Database>, runId: string, now: number): Promise<{ requeued: number; leased: number }> {
  // Most calls find none. The probe walks the taken index in lease order, a plain index scan,
  // which marks the dead entries it passes so that no later scan reads them again.
  const expired = await executor
    .selectFrom('audit_frontier')
    .select('url')
    .where('audit_run_id', '=', runId)
    .where('lease_expires_at', '<', toTimestamp(now))
    .orderBy('lease_expires_at')
    .limit(1)
    .executeTakeFirst();
  if (!expired) return { requeued: 0, leased: 0 };
  const requeue = async (state: 'leased' | 'fetched'): Promise<number> => {
    const result = await executor
      .updateTable('audit_frontier')
      .set({ state: 'queued', lease_owner: null, lease_expires_at: null })
      .where('audit_run_id', '=', runId)
      .where('lease_expires_at', '<', toTimestamp(now))
      .where('state', '=', state)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  };
  const leased = await requeue('leased');
  const fetched = await requeue('fetched');
  await addLeased(executor, runId, -leased);
  return { requeued: leased + fetched, leased };
}

/**
 * Holds a worker's URLs until `until`: those it leased and has not fetched, or fetched and not
 * stored. A worker that keeps fetching keeps what it leased ahead, however long its turn at a
 * slow or crawl-delayed host takes; one that stops (it died, or hangs) loses them at expiry.
 */
export async function renewLeases(db: Kysely<Database>, runId: string, workerId: string, until: number): Promise<void> {
  // Rows another worker's fetch or store moves at the same time may lock in the other order.
  await retryingDeadlocks(() =>
    db
      .updateTable('audit_frontier')
      .set({ lease_expires_at: toTimestamp(until) })
      .where('audit_run_id', '=', runId)
      // Read over the taken URLs' index (their lease), not the run's every row.
      .where('lease_expires_at', 'is not', null)
      .where('lease_owner', '=', workerId)
      .where('state', 'in', ['leased', 'fetched'])
      .execute(),
  );
}

/** Moves the run's count of URLs leased and not fetched (the budget counts them as pages to come). */
export async function addLeased(executor: Kysely<Database>, runId: string, change: number): Promise<void> {
  if (change === 0) return;
  await executor
    .updateTable('audit_crawls')
    .set({ leased_urls: sql`leased_urls + ${change}` })
    .where('audit_run_id', '=', runId)
    .execute();
}

/**
 * Re-queues URLs whose lease expired, then says whether every taken URL is stored (`settled`),
 * some are still with live workers (`busy`), or some went back to the queue (`requeued`).
 */
export async function settleLeases(db: Kysely<Database>, runId: string, now: number): Promise<'settled' | 'busy' | 'requeued'> {
  const { requeued } = await retryingDeadlocks(() => db.transaction().execute((trx) => recoverExpired(trx, runId, now)));
  if (requeued > 0) return 'requeued';
  const taken = await db
    .selectFrom('audit_frontier')
    .select('url')
    .where('audit_run_id', '=', runId)
    .where('lease_expires_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return taken ? 'busy' : 'settled';
}
