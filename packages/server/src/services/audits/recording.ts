// What an audit's crawl leaves in storage while it runs: its pages and the site checks' results in
// batches, its broken resources (the link targets of kind `resource`), its progress and phase, and
// the figures tallied on the way. Every write is conditional on
// the run still being `running`; the first one that is refused means the run was cancelled (or
// deleted), and `signal` tells the crawl to stop, keeping what is stored.
//
// In a crawl several workers share, each worker's recording stores its own pages, each with the
// site record the lead's checks read, marking their frontier rows stored and adding their figures
// to the crawl's counters in one transaction; the lead's progress and summary come from those
// counters. A helper writes no progress and no phase.
//
// A run asked to pause refuses the progress writes as a cancelled one does, and the crawl drains:
// it starts nothing more and records what it has in flight, so that no request is wasted. For that
// pause, a crawl on one worker saves the site records the engine reads out of its index once the
// crawl has drained (its `site-records` event), and hears from it what it had still to fetch.
// Nothing is kept for the pause while the crawl runs. The crawl safeguard watches the pages as they
// come and asks for the pause itself.
import type { AuditEvent, PageAnalysis, SiteFindings, SitePageResult, SiteRecord, StopReason } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import type { AuditLinksRepository } from '../../storage/repositories/audit-links.js';
import type { AuditPagesRepository, NewAuditPage } from '../../storage/repositories/audit-pages.js';
import type { AuditRunsRepository, AuditSafeguard } from '../../storage/repositories/audit-runs.js';
import type { AuditFrontierRepository, CrawlTallyCounts } from '../../storage/repositories/audit-frontier.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import { retryingDeadlocks } from '../../storage/deadlock.js';
import type { SharedCrawl } from './shared-crawl.js';
import { toStoredPage, toStoredSiteResult } from './stored-page.js';
import { AuditTally } from './summary.js';
import { SafeguardWindow } from './safeguard.js';

/** Pages stored per write; also how often progress is written and cancellation noticed. */
const BATCH_SIZE = 25;
/** Site-check results applied per write (a few statements each, whatever the count). */
const SITE_BATCH_SIZE = 500;
const MAX_BATCH_DELAY_MS = 1_000;
/** Site records saved per statement batch when the crawl stops for a pause. */
const RECORDS_PER_SAVE = 500;

/** A worker's part in a shared crawl: the lead (the audit's own job) or a helper. */
export interface SharedRecording {
  /** This worker's side of the crawl: whether it leads, and the fetched URLs it still batches. */
  crawl: Pick<SharedCrawl, 'lead' | 'flush'>;
  frontier: AuditFrontierRepository;
  transaction: RunInTransaction;
}

/** What a recording watches and continues: the run's safeguard, and the tally of a resumed crawl's earlier part. */
export interface RecordingOptions {
  safeguard: AuditSafeguard | null;
  before?: CrawlTallyCounts;
}

export class AuditRecording {
  readonly tally = new AuditTally();
  site: SiteFindings | null = null;
  stopReason: StopReason = 'all_pages_crawled';
  /** What the crawl's `done` event counted: HTML pages, and records of every kind. */
  crawled = { pagesCrawled: 0, pagesRecorded: 0 };
  /** One worker: the URLs the crawl had still to fetch when it was stopped. */
  unfinished: readonly string[] = [];
  /** Whether the site checks' results were stored: the crawl was over, and is not to be paused and run again. */
  siteChecked = false;
  #safeguard: SafeguardWindow | null;
  readonly #stop = new AbortController();
  readonly #drain = new AbortController();
  #pages: NewAuditPage[] = [];
  /** Shared crawls: each batched page's analysis (for the figures) and site record, by URL. */
  #records = new Map<string, { analysis: PageAnalysis; record: SiteRecord | null }>();
  #siteResults: SitePageResult[] = [];
  #batchStartedAt: number;
  /** One worker: the batch being stored behind the crawl (see #writeBehind). */
  #storing: Promise<void> | null = null;
  #keysAhead: Promise<boolean> | null = null;
  #progress = { pagesCrawled: 0, pagesQueued: 0 };

  constructor(
    private readonly runId: string,
    private readonly deps: {
      auditRuns: AuditRunsRepository;
      auditPages: AuditPagesRepository;
      auditLinks: Pick<AuditLinksRepository, 'recordResources' | 'writeKeysAhead'>;
      auditFrontier: Pick<AuditFrontierRepository, 'saveRecords'>;
      clock: Clock;
    },
    private readonly shared: SharedRecording | null = null,
    options: RecordingOptions = { safeguard: null },
  ) {
    this.#batchStartedAt = deps.clock.now();
    this.#safeguard = options.safeguard && new SafeguardWindow(options.safeguard);
    if (options.before) this.tally.absorb(options.before);
  }

  /** Aborted once a write finds the run no longer running. */
  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  /** Aborted once a write finds the run asked to pause: the crawl finishes what it has in flight, then stops. */
  get drainSignal(): AbortSignal {
    return this.#drain.signal;
  }

  /** Whether the crawl was told to stop or to drain. */
  get stopped(): boolean {
    return this.#stop.signal.aborted || this.#drain.signal.aborted;
  }

  /** Whether the crawl was drained for a pause, and where it stopped is saved as far as the engine told it. */
  get drained(): boolean {
    return this.#drain.signal.aborted && !this.#stop.signal.aborted;
  }

  async record(event: AuditEvent): Promise<void> {
    switch (event.type) {
      case 'page': {
        // A shared crawl's figures are added up in storage, with the pages that are stored. A URL
        // this worker fetched twice (its lease ran out while it waited here, and it leased it
        // again) is batched once: the frontier keeps one page per URL across batches, not within one.
        if (this.shared && this.#records.has(event.analysis.url)) return;
        const page = toStoredPage(this.runId, event.analysis, this.deps.clock.now());
        // Counted as stored: the issues the list shows, held to the contract's bounds.
        const analysis = page.issues === event.analysis.issues ? event.analysis : { ...event.analysis, issues: page.issues };
        if (this.shared) this.#records.set(event.analysis.url, { analysis, record: event.siteRecord });
        else this.tally.add(analysis);
        this.#pages.push(page);
        await this.#watch(event.analysis);
        if (this.#pages.length >= BATCH_SIZE || this.deps.clock.now() - this.#batchStartedAt >= MAX_BATCH_DELAY_MS) {
          if (this.shared) await this.#writePages();
          else await this.#writeBehind();
        }
        return;
      }
      case 'progress':
        if (!this.shared) this.#progress = { pagesCrawled: event.pagesCrawled, pagesQueued: event.pagesQueued };
        // A shared crawl waiting on other workers: what it holds is stored within the batch delay.
        else if (this.#pages.length > 0 && this.deps.clock.now() - this.#batchStartedAt >= MAX_BATCH_DELAY_MS) await this.#writePages();
        return;
      case 'phase':
        // Pages come before the site checks that read them; progress goes with the phase.
        await this.#writePages();
        if (!(await this.deps.auditRuns.recordPhase(this.runId, event.phase))) await this.#refused();
        if (event.phase !== 'crawling' && event.phase !== 'rendering') this.#writeKeysAhead();
        return;
      case 'store':
        await this.#writePages();
        return;
      case 'site-page': {
        // Checks that ran on although the crawl was stopped (it stopped as they began) are not kept:
        // a paused crawl runs them again, over every page, once it is resumed.
        if (this.stopped) return;
        this.siteChecked = true;
        const result = toStoredSiteResult(event.result);
        this.tally.countIssues(result.issues);
        this.#siteResults.push(result);
        if (this.#siteResults.length >= SITE_BATCH_SIZE) await this.#writeSiteResults();
        return;
      }
      case 'broken-resources':
        // After the site-page events: the pages that name them are written first.
        await this.#writeSiteResults();
        await this.deps.auditLinks.recordResources(this.runId, event.resources);
        return;
      case 'site-records':
        // Saved for the pause only: a crawl stopped otherwise (cancelled) is not continued. The
        // pages first, so that no record stands for a page that is not stored.
        if (!this.drained) return;
        await this.#writePages();
        await this.#saveRecords(event.records);
        return;
      case 'site':
        this.site = event.findings;
        return;
      case 'done':
        this.stopReason = event.stopReason;
        this.#progress = { ...this.#progress, pagesCrawled: event.pagesCrawled };
        this.crawled = { pagesCrawled: event.pagesCrawled, pagesRecorded: event.pagesRecorded };
        this.unfinished = event.unfinished ?? [];
        return;
    }
  }

  /**
   * One worker, its crawl over and every page stored: the link keys finalising needs are written
   * now, while the site checks run (PostgreSQL writes them in a process of its own; see
   * AuditLinksRepository.writeKeysAhead). Once a run.
   */
  #writeKeysAhead(): void {
    if (this.shared || this.#keysAhead || this.stopped) return;
    const writing = this.deps.auditLinks.writeKeysAhead(this.runId);
    // Whoever finalises the run asks (keysWritten); one that failed is written again then.
    writing.catch(() => undefined);
    this.#keysAhead = writing;
  }

  /** Whether the run's link keys were written ahead of finalising, its pages all stored since (see #writeKeysAhead). */
  async keysWritten(): Promise<boolean> {
    return (await this.#keysAhead?.catch(() => false)) ?? false;
  }

  /** The safeguard's window takes in the page; past its limit, the run is asked to pause and the crawl stops. */
  async #watch(page: PageAnalysis): Promise<void> {
    const pause = this.#safeguard?.observe(page);
    if (!pause) return;
    this.#safeguard = null;
    // Refused when the run was asked to pause or cancelled first: the crawl stops all the same.
    if (await this.deps.auditRuns.askPause(this.runId, pause)) this.#drain.abort();
    else await this.#refused();
  }

  /** A write was refused: the run was asked to pause (the crawl drains), or it is no longer running (it stops). */
  async #refused(): Promise<void> {
    if (this.#stop.signal.aborted) return;
    const run = await this.deps.auditRuns.find(this.runId);
    if (run?.status === 'running' && run.pause !== null) this.#drain.abort();
    else this.#stop.abort();
  }

  /** Saves the site records of the pages a crawl paused on one worker recorded, for it to resume from (pause-crawl.ts). */
  async #saveRecords(records: Iterable<SiteRecord>): Promise<void> {
    let batch: Array<{ url: string; record: string }> = [];
    for (const record of records) {
      batch.push({ url: record.url, record: JSON.stringify(record) });
      if (batch.length < RECORDS_PER_SAVE) continue;
      await this.deps.auditFrontier.saveRecords(this.runId, batch);
      batch = [];
    }
    if (batch.length > 0) await this.deps.auditFrontier.saveRecords(this.runId, batch);
  }

  /** Writes what is still batched, once the crawl has ended. */
  async flush(): Promise<void> {
    await this.#writePages();
    await this.#writeSiteResults();
  }

  /**
   * Keeps the pages still batched when the crawl stopped on an error in a run that was cancelled
   * meanwhile. A shared crawl keeps what its workers stored before the cancel, and no more.
   */
  async keepBatchedPages(): Promise<void> {
    await this.writesDone();
    if (this.#pages.length > 0 && !this.shared) await this.deps.auditPages.insertMany(this.#pages);
    this.#pages = [];
  }

  /**
   * Once the batch being stored behind the crawl (one worker) is written; its error, if it failed.
   * The crawl's end, and every step that reads the stored pages, waits for it.
   */
  async writesDone(): Promise<void> {
    const storing = this.#storing;
    this.#storing = null;
    await storing;
  }

  /**
   * The audit's figures. A shared crawl's tally here holds only what the site checks found: the
   * pages' figures come from the crawl's counters, which every worker added to.
   */
  async finalTally(): Promise<AuditTally> {
    if (!this.shared) return this.tally;
    const tally = new AuditTally();
    tally.absorb((await this.shared.frontier.counts(this.runId)).tally);
    tally.absorb(this.tally.counts());
    return tally;
  }

  async #writePages(): Promise<void> {
    if (this.shared) return this.#storeShared(this.shared);
    await this.writesDone();
    await this.#storeBatch();
  }

  /**
   * One worker: the batch is stored while the crawl goes on, the batch before it having been
   * stored first (at most one in flight). On PostgreSQL a batch's statements are round trips, and
   * a crawl that waited for them fetched and analysed nothing meanwhile (bench:audit). A failed
   * write fails the crawl at the next batch, or at its end.
   */
  async #writeBehind(): Promise<void> {
    await this.writesDone();
    const storing = this.#storeBatch();
    // Its error is taken by whoever waits for it next (writesDone), not left unhandled meanwhile.
    storing.catch(() => undefined);
    this.#storing = storing;
  }

  /** The batched pages stored, then the progress that counts them. */
  async #storeBatch(): Promise<void> {
    const pages = this.#pages;
    this.#pages = [];
    this.#batchStartedAt = this.deps.clock.now();
    // Every batched page is in this batch or an earlier one, so the tally's records are the stored ones.
    const progress = { ...this.#progress, pagesRecorded: this.tally.pagesAudited };
    if (pages.length > 0) await this.deps.auditPages.insertMany(pages);
    // A run that is no longer `running` was cancelled: stop crawling, keep what is stored.
    if (!(await this.deps.auditRuns.recordProgress(this.runId, progress))) await this.#refused();
  }

  /** The batch's pages not stored before by any worker, with their frontier rows and figures, together. */
  async #storeShared(shared: SharedRecording): Promise<void> {
    // A page's URL is counted fetched before the page is stored.
    await shared.crawl.flush();
    const pages = this.#pages;
    const records = this.#records;
    this.#pages = [];
    this.#records = new Map();
    this.#batchStartedAt = this.deps.clock.now();
    // A deadlock with another worker's batch (the same URL fetched by two after a lease expired)
    // fails this transaction as a whole; it runs again.
    const running = await retryingDeadlocks(() =>
      shared.transaction(async (trx) => {
        const stored = await shared.frontier.store(
          this.runId,
          pages.map((page) => ({ url: page.url, record: JSON.stringify(records.get(page.url)?.record ?? null) })),
          trx,
        );
        if (stored === null) return false;
        const fresh = pages.filter((page) => stored.has(page.url));
        await this.deps.auditPages.insertMany(fresh, trx);
        const batch = new AuditTally();
        for (const page of fresh) {
          const analysis = records.get(page.url)?.analysis;
          if (analysis) batch.add(analysis);
        }
        await shared.frontier.addTally(this.runId, batch.counts(), trx);
        return true;
      }),
    );
    if (!running) {
      await this.#refused();
      return;
    }
    if (!shared.crawl.lead) return;
    const counts = await shared.frontier.counts(this.runId);
    const progress = {
      pagesCrawled: counts.htmlPages,
      pagesQueued: Math.max(0, counts.urls - counts.htmlPages - counts.otherRecords),
      pagesRecorded: counts.tally.pagesAudited,
    };
    if (!(await this.deps.auditRuns.recordProgress(this.runId, progress))) await this.#refused();
  }

  async #writeSiteResults(): Promise<void> {
    if (this.#siteResults.length > 0) await this.deps.auditPages.applySiteResults(this.runId, this.#siteResults);
    this.#siteResults = [];
  }
}
