// The frontier of an audit several workers crawl together (PostgreSQL). Each URL is one row,
// unique per run, so a URL is queued once however many workers find it. A worker leases a batch
// of the oldest queued URLs (FOR UPDATE SKIP LOCKED), under the run's counters row lock, which
// lines the leases up so that together they stay within the page budget. A worker renews its
// leases while it writes fetches; a URL leased by a worker that died goes back to the queue once
// its lease expires, and storing a page marks its row `stored` in the transaction that inserts
// it, so a page is stored exactly once even when its URL was fetched twice. (Per-host politeness
// is each worker's share of the limits: shared-crawl.ts.)
//
// Each concern has its file: queuing (audit-frontier-queue.ts), leases (audit-frontier-leases.ts),
// fetches (audit-frontier-fetches.ts), stored records (audit-frontier-records.ts), the counters row
// (audit-frontier-counts.ts), the end of the frontier (audit-frontier-drop.ts), and where a paused
// crawl stopped, on either database (audit-frontier-saved.ts).
import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';
import { addTally, openCounts, readCounts, type CrawlCounts, type CrawlTallyCounts } from './audit-frontier-counts.js';
import { droppedFrontier, dropFrontier, type DroppedFrontier } from './audit-frontier-drop.js';
import { recordFetches, type FetchedUrl } from './audit-frontier-fetches.js';
import { leaseUrls, renewLeases, settleLeases, type FrontierLease, type FrontierLimits } from './audit-frontier-leases.js';
import { addUrls, claimUrl, listedUrls } from './audit-frontier-queue.js';
import { storedRecords, storeRecords } from './audit-frontier-records.js';
import {
  discardFrontier,
  requeueTaken,
  saveCounts,
  savedCrawl,
  savedQueue,
  saveFindings,
  saveQueue,
  saveRecords,
  type CrawlSave,
  type SavedCrawl,
} from './audit-frontier-saved.js';

export type { CrawlCounts, CrawlSave, CrawlTallyCounts, FetchedUrl, FrontierLease, FrontierLimits, SavedCrawl };

export interface AuditFrontierRepository {
  /** The run's counters row; a second call (a lead that restarted) keeps what is there. */
  open(runId: string): Promise<void>;
  /** Queues the URLs no worker has queued or taken; `listed` marks sitemap URLs (queued or not). */
  add(runId: string, urls: readonly string[], listed: boolean): Promise<void>;
  /**
   * Leases up to `max` queued URLs, reading the queue from `from.seq`; with `from.recover`, expired
   * leases go back to the queue first (the caller then reads from '0').
   */
  lease(runId: string, workerId: string, max: number, limits: FrontierLimits, now: number, from: { seq: string; recover: boolean }): Promise<FrontierLease>;
  /** Takes a redirect target; false when it was queued or taken already. */
  claim(runId: string, url: string): Promise<boolean>;
  /**
   * Frees the hosts of fetched URLs, queues their links and counts them against the budget,
   * together; the URLs stay taken until `leaseUntil`, by when their pages are to be stored.
   */
  fetched(runId: string, fetched: readonly FetchedUrl[], leaseUntil: number): Promise<void>;
  /** Holds the URLs `workerId` leased and has not stored until `until` (a worker that keeps fetching keeps its URLs). */
  renew(runId: string, workerId: string, until: number): Promise<void>;
  /**
   * Inside the transaction that stores pages: marks their URLs stored with their site records and
   * returns those not stored before (the pages to insert); null when the run is not running.
   */
  store(runId: string, records: ReadonlyArray<{ url: string; record: string }>, trx: Transaction<Database>): Promise<Set<string> | null>;
  addTally(runId: string, tally: CrawlTallyCounts, trx: Transaction<Database>): Promise<void>;
  counts(runId: string): Promise<CrawlCounts>;
  /**
   * Re-queues URLs whose lease expired, then says whether every taken URL is stored (`settled`),
   * some are still with live workers (`busy`), or some went back to the queue (`requeued`).
   */
  settle(runId: string, now: number): Promise<'settled' | 'busy' | 'requeued'>;
  /** The stored site records (JSON), in crawl order, in batches. */
  records(runId: string, batchSize?: number): AsyncGenerator<string[], void, undefined>;
  /** The URLs the sitemaps list, in batches. */
  listed(runId: string, batchSize?: number): AsyncGenerator<string[], void, undefined>;
  /**
   * Once the run is final: deletes its frontier rows, keeping on the counters row what they
   * showed (URLs stored, the workers that stored them, URLs neither stored nor claimed).
   */
  drop(runId: string): Promise<void>;
  /** What `drop` kept; null before it ran. */
  dropped(runId: string): Promise<DroppedFrontier | null>;
  /** A paused crawl on one worker: the URLs it had still to fetch, in place of those of an earlier pause. */
  saveQueue(runId: string, urls: readonly string[]): Promise<void>;
  /** A paused crawl on one worker: the pages it stored since its last pause, with their site records (JSON), in place of the rows that pause queued them in. */
  saveRecords(runId: string, records: ReadonlyArray<{ url: string; record: string }>): Promise<void>;
  /** A paused crawl on one worker: its counts and site findings, in the transaction that pauses the run. */
  saveCounts(runId: string, save: CrawlSave, trx: Transaction<Database>): Promise<void>;
  /** A paused shared crawl: its site findings (JSON), in the transaction that pauses the run. */
  saveFindings(runId: string, siteFindings: string, trx: Transaction<Database>): Promise<void>;
  /** The counts and site findings saved by the run's last pause; null when it has no frontier. */
  saved(runId: string): Promise<SavedCrawl | null>;
  /** The URLs not stored, in crawl order, in batches: where a resumed crawl on one worker starts. */
  savedQueue(runId: string, batchSize?: number): AsyncGenerator<string[], void, undefined>;
  /** A resumed shared crawl: the URLs its workers held when it paused go back to the queue. */
  requeueTaken(runId: string): Promise<void>;
  /** Deletes the frontier and its counters (a crawl on one worker that starts over). */
  discard(runId: string): Promise<void>;
}

export function createAuditFrontierRepository(db: Kysely<Database>, dialect: DialectName): AuditFrontierRepository {
  return {
    open: (runId) => openCounts(db, runId),
    add: (runId, urls, listed) => addUrls(db, runId, urls, listed),
    lease: (runId, workerId, max, limits, now, from) => leaseUrls(db, dialect, { runId, workerId, max, limits, now, from }),
    claim: (runId, url) => claimUrl(db, runId, url),
    fetched: (runId, fetched, leaseUntil) => recordFetches(db, runId, fetched, leaseUntil),
    renew: (runId, workerId, until) => renewLeases(db, runId, workerId, until),
    store: (runId, records, trx) => storeRecords(trx, dialect, runId, records),
    addTally: (runId, tally, trx) => addTally(trx, runId, tally),
    counts: (runId) => readCounts(db, runId),
    settle: (runId, now) => settleLeases(db, runId, now),
    records: (runId, batchSize) => storedRecords(db, runId, batchSize),
    listed: (runId, batchSize) => listedUrls(db, runId, batchSize),
    drop: (runId) => dropFrontier(db, runId),
    dropped: (runId) => droppedFrontier(db, runId),
    saveQueue: (runId, urls) => saveQueue(db, dialect, runId, urls),
    saveRecords: (runId, records) => saveRecords(db, dialect, runId, records),
    saveCounts: (runId, save, trx) => saveCounts(trx, runId, save),
    saveFindings: (runId, siteFindings, trx) => saveFindings(trx, runId, siteFindings),
    saved: (runId) => savedCrawl(db, runId),
    savedQueue: (runId, batchSize) => savedQueue(db, runId, batchSize),
    requeueTaken: (runId) => requeueTaken(db, runId),
    discard: (runId) => discardFrontier(db, runId),
  };
}
