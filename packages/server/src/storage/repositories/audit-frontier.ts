// The frontier of an audit several workers crawl together (PostgreSQL). Each URL is one row,
// unique per run, so a URL is queued once however many workers find it. A worker leases a batch
// of the oldest queued URLs (FOR UPDATE SKIP LOCKED), under the run's counters row lock, which
// lines the leases up so that together they stay within the page budget. A URL leased by a worker
// that died goes back to the queue once its lease expires, and storing a page marks its row
// `stored` in the transaction that inserts it, so a page is stored exactly once even when its URL
// was fetched twice. (Per-host politeness is each worker's share of the limits: shared-crawl.ts.)
import type { FetchError } from '@seo-geo/engine';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DialectName } from '../database.js';
import { retryingDeadlocks } from '../deadlock.js';
import type { Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';

export interface FrontierLimits {
  maxPages: number;
  /** Records that are not HTML pages (errors, non-HTML, robots-disallowed). */
  maxOtherRecords: number;
  leaseMs: number;
}

/** `fromSeq`: where the worker's next lease reads the queue from (all queued URLs were at or past it). */
export type FrontierLease = ({ urls: string[] } | { urls: []; over: 'completed' | 'max_pages' } | { urls: []; retryInMs: number }) & { fromSeq: string };

/** What a worker learnt fetching one leased URL. */
export interface FetchedUrl {
  url: string;
  html: boolean;
  /** In-scope, normalised link targets, to queue. */
  links: readonly string[];
}

/** AuditTally's counts of some stored pages. */
export interface CrawlTallyCounts {
  pagesAudited: number;
  pagesScored: number;
  scoreSum: number;
  pagesWithSchema: number;
  issues: { error: number; warning: number; notice: number };
  pagesAnswered: number;
  blockedAddress: boolean;
  /** The fetch error of the first page that got no response; null when every page got one. */
  unanswered: FetchError | null;
}

export interface CrawlCounts {
  /** URLs ever queued. */
  urls: number;
  htmlPages: number;
  otherRecords: number;
  tally: CrawlTallyCounts;
}

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
  dropped(runId: string): Promise<{ storedUrls: number; storingWorkers: number; unsettledUrls: number } | null>;
}

const CHUNK = 500;
/** How soon a worker asks again when the others hold the budget or the last URLs. */
const RETRY_MS = 50;

export function createAuditFrontierRepository(db: Kysely<Database>, dialect: DialectName): AuditFrontierRepository {
  /** Expired leases back to the queue: how many URLs, and how many of them were leased and not fetched. */
  async function recover(executor: Kysely<Database>, runId: string, now: number): Promise<{ requeued: number; leased: number }> {
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

  /** Moves the run's count of URLs leased and not fetched (the budget counts them as pages to come). */
  async function addLeased(executor: Kysely<Database>, runId: string, change: number): Promise<void> {
    if (change === 0) return;
    await executor
      .updateTable('audit_crawls')
      .set({ leased_urls: sql`leased_urls + ${change}` })
      .where('audit_run_id', '=', runId)
      .execute();
  }

  /** True once the run's frontier was dropped: a worker still settling queues nothing more. */
  async function isDropped(executor: Kysely<Database>, runId: string): Promise<boolean> {
    const row = await executor.selectFrom('audit_crawls').select('stored_urls').where('audit_run_id', '=', runId).executeTakeFirst();
    return row?.stored_urls !== null && row?.stored_urls !== undefined;
  }

  async function insertUrls(executor: Kysely<Database>, runId: string, urls: readonly string[], listed: boolean): Promise<number> {
    let inserted = 0;
    for (let i = 0; i < urls.length; i += CHUNK) {
      const rows = urls.slice(i, i + CHUNK).map((url) => ({ audit_run_id: runId, url, state: 'queued' as const, listed: listed ? 1 : 0 }));
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

  return {
    async open(runId) {
      await db
        .insertInto('audit_crawls')
        .values({ audit_run_id: runId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async add(runId, urls, listed) {
      // A chunk a transaction: a sitemap's 200,000 URLs in one would hold their rows' locks, and
      // the other workers queuing links to them, for as long as it takes to write them all.
      for (let i = 0; i < urls.length; i += CHUNK) {
        const chunk = urls.slice(i, i + CHUNK);
        const added = await retryingDeadlocks(() =>
          db.transaction().execute(async (trx) => {
            if (await isDropped(trx, runId)) return false;
            const inserted = await insertUrls(trx, runId, chunk, listed);
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
    },

    async lease(runId, workerId, max, limits, now, from) {
      // Re-queuing expired leases may wait on a store that waits on the counters row this holds.
      return retryingDeadlocks(() =>
        db.transaction().execute(async (trx): Promise<FrontierLease> => {
          // The counters row lock lines the workers' leases up: each sees what the one before took.
          let counters = trx.selectFrom('audit_crawls').select(['html_pages', 'other_records', 'leased_urls']).where('audit_run_id', '=', runId);
          if (dialect === 'postgres') counters = counters.forUpdate();
          const counts = await counters.executeTakeFirst();
          if (!counts) return { urls: [], over: 'completed', fromSeq: '0' };
          // Every row a lease or a store moved leaves a dead entry in these partial indexes until a
          // vacuum: recovery (a scan of the taken rows) runs only when the caller asks, and the queue
          // is read from the caller's cursor, past the entries of rows leased before.
          const recovered = from.recover ? await recover(trx, runId, now) : { leased: 0 };
          const left = Math.min(limits.maxPages - Number(counts.html_pages), limits.maxOtherRecords - Number(counts.other_records));
          // Leased URLs may all turn out to be HTML pages (or all not): both budgets count them.
          const leased = Number(counts.leased_urls) - recovered.leased;
          const budget = left - leased;
          const room = Math.min(max, budget);
          let rows: Array<{ url: string; seq: string }> = [];
          if (room > 0) {
            let oldest = trx
              .selectFrom('audit_frontier')
              .select(['url', 'seq'])
              .where('audit_run_id', '=', runId)
              .where('state', '=', 'queued')
              .where('seq', '>=', from.seq)
              .orderBy('seq')
              .limit(room);
            if (dialect === 'postgres') oldest = oldest.forUpdate().skipLocked();
            rows = await oldest.execute();
            for (let i = 0; i < rows.length; i += CHUNK) {
              await trx
                .updateTable('audit_frontier')
                .set({ state: 'leased', lease_owner: workerId, lease_expires_at: toTimestamp(now + limits.leaseMs) })
                .where('audit_run_id', '=', runId)
                .where(
                  'url',
                  'in',
                  rows.slice(i, i + CHUNK).map((r) => r.url),
                )
                .execute();
            }
            await addLeased(trx, runId, rows.length);
          }
          if (rows.length > 0) return { urls: rows.map((r) => r.url), fromSeq: String(rows[0]!.seq) };
          // Nothing past the cursor: is anything queued at all (a URL that came back below it)?
          const queued = await trx
            .selectFrom('audit_frontier')
            .select('url')
            .where('audit_run_id', '=', runId)
            .where('state', '=', 'queued')
            .limit(1)
            .executeTakeFirst();
          if (!queued && leased === 0) return { urls: [], over: 'completed', fromSeq: '0' };
          if (queued && left <= 0 && leased === 0) return { urls: [], over: 'max_pages', fromSeq: '0' };
          // Others hold the last URLs or the budget (their pages may add URLs, or turn out not HTML).
          return { urls: [], retryInMs: RETRY_MS, fromSeq: '0' };
        }),
      );
    },

    async claim(runId, url) {
      if (await isDropped(db, runId)) return false;
      const rows = await db
        .insertInto('audit_frontier')
        .values({ audit_run_id: runId, url, state: 'claimed' })
        .onConflict((oc) => oc.doNothing())
        .returning('url')
        .execute();
      return rows.length > 0;
    },

    async fetched(runId, fetched, leaseUntil) {
      if (fetched.length === 0) return;
      // Queued in the pages' order (the crawl's order), so its inserts and updates do not take their
      // locks in one order with a sitemap's upsert or another worker's batch: PostgreSQL fails one
      // of two that deadlock, and that one runs again.
      const links = [...new Set(fetched.flatMap((f) => f.links))];
      await retryingDeadlocks(() =>
        db.transaction().execute(async (trx) => {
          if (await isDropped(trx, runId)) return;
          const inserted = await insertUrls(trx, runId, links, false);
          let unleased = 0;
          for (let i = 0; i < fetched.length; i += CHUNK) {
            const moved = await trx
              .updateTable('audit_frontier')
              .set({ state: 'fetched', lease_expires_at: toTimestamp(leaseUntil) })
              .where('audit_run_id', '=', runId)
              .where(
                'url',
                'in',
                fetched.slice(i, i + CHUNK).map((f) => f.url),
              )
              .where('state', '=', 'leased')
              .executeTakeFirst();
            unleased += Number(moved.numUpdatedRows);
          }
          // A URL counts once, at its first fetch: one fetched again (its lease had expired) does not.
          const firstFetches = async (urls: string[], html: 0 | 1): Promise<number> => {
            let counted = 0;
            for (let i = 0; i < urls.length; i += CHUNK) {
              const rows = await trx
                .updateTable('audit_frontier')
                .set({ html })
                .where('audit_run_id', '=', runId)
                .where('url', 'in', urls.slice(i, i + CHUNK))
                .where('html', 'is', null)
                .returning('url')
                .execute();
              counted += rows.length;
            }
            return counted;
          };
          const html = await firstFetches(
            fetched.filter((f) => f.html).map((f) => f.url),
            1,
          );
          const other = await firstFetches(
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
    },

    async store(runId, records, trx) {
      let running = trx.selectFrom('audit_runs').select('id').where('id', '=', runId).where('status', '=', 'running');
      // Held until commit: a cancel waits for this store, and no store follows a cancel.
      if (dialect === 'postgres') running = running.forShare();
      if (!(await running.executeTakeFirst())) return null;
      const stored = new Set<string>();
      let unleased = 0;
      for (let i = 0; i < records.length; i += CHUNK) {
        const values = sql.join(records.slice(i, i + CHUNK).map((r) => sql`(${r.url}, ${r.record})`));
        // Those still leased first (this worker has not written their fetch yet), to keep the leased count.
        const storeWhere = async (state: RawBuilder<unknown>): Promise<number> => {
          const rows = await sql<{ url: string }>`
            UPDATE audit_frontier SET state = 'stored', record = v.record, lease_expires_at = NULL
            FROM (VALUES ${values}) AS v(url, record)
            WHERE audit_frontier.audit_run_id = ${runId} AND audit_frontier.url = v.url AND audit_frontier.state ${state}
            RETURNING audit_frontier.url`.execute(trx);
          for (const row of rows.rows) stored.add(row.url);
          return rows.rows.length;
        };
        unleased += await storeWhere(sql`= 'leased'`);
        await storeWhere(sql`<> 'stored'`);
      }
      await addLeased(trx, runId, -unleased);
      return stored;
    },

    async addTally(runId, tally, trx) {
      await trx
        .updateTable('audit_crawls')
        .set({
          pages_audited: sql`pages_audited + ${tally.pagesAudited}`,
          pages_scored: sql`pages_scored + ${tally.pagesScored}`,
          score_sum: sql`score_sum + ${tally.scoreSum}`,
          pages_with_schema: sql`pages_with_schema + ${tally.pagesWithSchema}`,
          issues_error: sql`issues_error + ${tally.issues.error}`,
          issues_warning: sql`issues_warning + ${tally.issues.warning}`,
          issues_notice: sql`issues_notice + ${tally.issues.notice}`,
          pages_answered: sql`pages_answered + ${tally.pagesAnswered}`,
          blocked_address: tally.blockedAddress ? 1 : sql`blocked_address`,
          unanswered_error: tally.unanswered ? sql`coalesce(unanswered_error, ${JSON.stringify(tally.unanswered)})` : sql`unanswered_error`,
        })
        .where('audit_run_id', '=', runId)
        .execute();
    },

    async drop(runId) {
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
    },

    async dropped(runId) {
      const row = await db
        .selectFrom('audit_crawls')
        .select(['stored_urls', 'storing_workers', 'unsettled_urls'])
        .where('audit_run_id', '=', runId)
        .executeTakeFirst();
      if (!row || row.stored_urls === null) return null;
      return { storedUrls: Number(row.stored_urls), storingWorkers: Number(row.storing_workers), unsettledUrls: Number(row.unsettled_urls) };
    },

    async counts(runId) {
      const row = await db.selectFrom('audit_crawls').selectAll().where('audit_run_id', '=', runId).executeTakeFirstOrThrow();
      return {
        urls: Number(row.urls),
        htmlPages: Number(row.html_pages),
        otherRecords: Number(row.other_records),
        tally: {
          pagesAudited: Number(row.pages_audited),
          pagesScored: Number(row.pages_scored),
          scoreSum: Number(row.score_sum),
          pagesWithSchema: Number(row.pages_with_schema),
          issues: { error: Number(row.issues_error), warning: Number(row.issues_warning), notice: Number(row.issues_notice) },
          pagesAnswered: Number(row.pages_answered),
          blockedAddress: Number(row.blocked_address) === 1,
          unanswered: row.unanswered_error === null ? null : (JSON.parse(row.unanswered_error) as FetchError),
        },
      };
    },

    async settle(runId, now) {
      const { requeued } = await retryingDeadlocks(() => db.transaction().execute((trx) => recover(trx, runId, now)));
      if (requeued > 0) return 'requeued';
      const taken = await db
        .selectFrom('audit_frontier')
        .select('url')
        .where('audit_run_id', '=', runId)
        .where('lease_expires_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return taken ? 'busy' : 'settled';
    },

    async *records(runId, batchSize = CHUNK) {
      let after = '-1';
      for (;;) {
        const rows = await db
          .selectFrom('audit_frontier')
          .select(['seq', 'record'])
          .where('audit_run_id', '=', runId)
          .where('state', '=', 'stored')
          .where('seq', '>', after)
          .orderBy('seq')
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return;
        after = String(rows[rows.length - 1]!.seq);
        yield rows.flatMap((r) => (r.record === null ? [] : [r.record]));
      }
    },

    async *listed(runId, batchSize = CHUNK * 10) {
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
    },
  };
}
