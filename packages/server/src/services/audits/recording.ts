// What an audit's crawl leaves in storage while it runs: its pages and the site checks' results in
// batches, its progress and phase, and the figures tallied on the way. Every write is conditional on
// the run still being `running`; the first one that is refused means the run was cancelled (or
// deleted), and `signal` tells the crawl to stop, keeping what is stored.
import type { AuditEvent, PageAnalysis, SiteFindings, SitePageResult, StopReason } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import { uuidv7 } from '../../support/ids.js';
import type { AuditPagesRepository, NewAuditPage } from '../../storage/repositories/audit-pages.js';
import { CRAWLED_FIELDS } from '../../storage/audit-page-columns.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import { storedStructuredData } from './structured-data.js';
import { AuditTally } from './summary.js';

/** Pages stored per write; also how often progress is written and cancellation noticed. */
const BATCH_SIZE = 25;
/** Site-check results applied per write (a few statements each, whatever the count). */
const SITE_BATCH_SIZE = 500;
const MAX_BATCH_DELAY_MS = 1_000;

/** The analysis as the audit stores it: every crawled field as the engine gave it, the structured data held to the spec's bounds. */
function toStoredPage(auditRunId: string, analysis: PageAnalysis, now: number): NewAuditPage {
  const taken: Pick<PageAnalysis, (typeof CRAWLED_FIELDS)[number]> = pick(analysis, CRAWLED_FIELDS);
  return { ...taken, id: uuidv7(now), auditRunId, structuredData: storedStructuredData(analysis.structuredData) };
}

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = from[key];
  return picked;
}

export class AuditRecording {
  readonly tally = new AuditTally();
  site: SiteFindings | null = null;
  stopReason: StopReason = 'completed';
  readonly #stop = new AbortController();
  #pages: NewAuditPage[] = [];
  #siteResults: SitePageResult[] = [];
  #batchStartedAt: number;
  #progress = { pagesCrawled: 0, pagesQueued: 0 };

  constructor(
    private readonly runId: string,
    private readonly deps: { auditRuns: AuditRunsRepository; auditPages: AuditPagesRepository; clock: Clock },
  ) {
    this.#batchStartedAt = deps.clock.now();
  }

  /** Aborted once a write finds the run no longer running. */
  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  async record(event: AuditEvent): Promise<void> {
    switch (event.type) {
      case 'page':
        this.tally.add(event.analysis);
        this.#pages.push(toStoredPage(this.runId, event.analysis, this.deps.clock.now()));
        if (this.#pages.length >= BATCH_SIZE || this.deps.clock.now() - this.#batchStartedAt >= MAX_BATCH_DELAY_MS) await this.#writePages();
        return;
      case 'progress':
        this.#progress = { pagesCrawled: event.pagesCrawled, pagesQueued: event.pagesQueued };
        return;
      case 'phase':
        // Pages come before the site checks that read them; progress goes with the phase.
        await this.#writePages();
        if (!(await this.deps.auditRuns.recordPhase(this.runId, event.phase))) this.#stop.abort();
        return;
      case 'site-page':
        this.tally.countIssues(event.result.issues);
        this.#siteResults.push(event.result);
        if (this.#siteResults.length >= SITE_BATCH_SIZE) await this.#writeSiteResults();
        return;
      case 'site':
        this.site = event.findings;
        return;
      case 'done':
        this.stopReason = event.stopReason;
        this.#progress = { ...this.#progress, pagesCrawled: event.pagesCrawled };
        return;
    }
  }

  /** Writes what is still batched, once the crawl has ended. */
  async flush(): Promise<void> {
    await this.#writePages();
    await this.#writeSiteResults();
  }

  /** Keeps the pages still batched when the crawl stopped on an error in a run that was cancelled meanwhile. */
  async keepBatchedPages(): Promise<void> {
    if (this.#pages.length > 0) await this.deps.auditPages.insertMany(this.#pages);
    this.#pages = [];
  }

  async #writePages(): Promise<void> {
    await this.keepBatchedPages();
    this.#batchStartedAt = this.deps.clock.now();
    // A run that is no longer `running` was cancelled: stop crawling, keep what is stored.
    if (!(await this.deps.auditRuns.recordProgress(this.runId, this.#progress))) this.#stop.abort();
  }

  async #writeSiteResults(): Promise<void> {
    if (this.#siteResults.length > 0) await this.deps.auditPages.applySiteResults(this.runId, this.#siteResults);
    this.#siteResults = [];
  }
}
