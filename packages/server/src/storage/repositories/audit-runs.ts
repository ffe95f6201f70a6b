// Audit runs. Every status change is one conditional update taken from the lifecycle table
// (domain/audit-lifecycle.ts): it happens only from the states the table allows, so a final state
// can never change, whichever process tries. Progress and a cancelled run's kept pages stay in
// their state, so they only take the states they may happen in.
import type { components } from '@seo-geo/types';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { Database, JobStatusColumn } from '../schema.js';
import type { AuditErrorCode, AuditPhase, AuditRunStatus, AuditRunsTable, AuditStopReason } from '../schema-audits.js';

export type AuditSummary = components['schemas']['AuditSummary'];
/** The crawl settings a run was started with, as the API shows them (no password). */
export type AuditCrawlSettings = components['schemas']['AuditCrawl'];
import { PLAIN_SECRETS, type SecretBox } from '../secret-box.js';
import { DEFAULT_USER_AGENT } from '@seo-geo/engine';

/** What a run started without crawl settings crawls with: the whole site, as the service's bot. */
export const DEFAULT_CRAWL_SETTINGS: AuditCrawlSettings = {
  include: [],
  exclude: [],
  urls: null,
  userAgent: 'seo_geo_bot',
  userAgentString: DEFAULT_USER_AGENT,
  requestsPerSecond: null,
  authentication: null,
};
import { toTimestamp } from '../timestamps.js';

/**
 * The crawl safeguard of a run started without one (and of runs stored before 1.10): it pauses when
 * more than half of the last 50 requests answered 5xx or timed out (AuditSafeguardSettings says why).
 */
export const DEFAULT_SAFEGUARD: AuditSafeguard = { maxFailureShare: 0.5, window: 50 };
import type { DialectName } from '../database.js';
import { lockForDeletion } from '../row-lock.js';
import { cancelQueuedAuditJobs } from '../audit-jobs.js';
import { ACTIVE_AUDIT_STATUSES, AUDIT_LIFECYCLE } from '../../domain/audit-lifecycle.js';
import { createAuditRunPauses, NOT_PAUSED, type AuditPause, type AuditRunPauses, type AuditRunProgress } from './audit-run-pauses.js';
import { changed } from './updated-rows.js';

export type { AuditPause, AuditRunProgress };
/** The crawl safeguard a run runs with (the API's AuditSafeguard). */
export type AuditSafeguard = components['schemas']['AuditSafeguard'];

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditRun {
  id: string;
  projectId: string;
  accountId: string;
  status: AuditRunStatus;
  seedUrl: string;
  maxPages: number;
  jobId: string;
  pagesCrawled: number;
  pagesQueued: number;
  /** Records stored so far; a final run's summary has the full count (pagesAudited). */
  pagesRecorded: number;
  summary: AuditSummary | null;
  stopReason: AuditStopReason | null;
  error: { code: AuditErrorCode; message: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The pages carry their URL ranks: listing uses them instead of OFFSET. */
  pagesRanked: boolean;
  renderJavaScript: boolean;
  checkExternalLinks: boolean;
  checkResources: boolean;
  crawlHreflangAndCanonical: boolean;
  /** What the running audit is doing; null before it starts. */
  phase: AuditPhase | null;
  /** Runs stored before crawl settings existed have the defaults. */
  crawl: AuditCrawlSettings;
  /** Null when turned off. */
  safeguard: AuditSafeguard | null;
  /** Why the run is paused, or pausing (still running); null otherwise. */
  pause: AuditPause | null;
  pausedAt: string | null;
  /** When the run was last resumed; null if never. */
  resumedAt: string | null;
}

export interface NewAuditRun {
  id: string;
  projectId: string;
  accountId: string;
  seedUrl: string;
  maxPages: number;
  /** Default false. */
  renderJavaScript?: boolean;
  /** Default false. */
  checkExternalLinks?: boolean;
  /** Default false. */
  checkResources?: boolean;
  crawl?: AuditCrawlSettings;
  /** The basic authentication password of `crawl.authentication`; sealed at rest. */
  crawlPassword?: string | null;
  /** Default true. */
  crawlHreflangAndCanonical?: boolean;
  /** Default (absent) DEFAULT_SAFEGUARD; null turns it off. */
  safeguard?: AuditSafeguard | null;
  jobId: string;
  now: number;
}

export interface AuditRunsRepository extends AuditRunPauses {
  create(input: NewAuditRun, trx?: Transaction<Database>): Promise<AuditRun>;
  /** Inside the caller's transaction when given (e.g. to read the run it just finished). */
  find(id: string, trx?: Transaction<Database>): Promise<AuditRun | null>;
  findForProject(projectId: string, id: string): Promise<AuditRun | null>;
  listForProject(projectId: string, page: PageRequest): Promise<Page<AuditRun>>;
  countForProject(projectId: string): Promise<number>;
  latestCompleted(projectId: string): Promise<AuditRun | null>;
  /**
   * pending → running (or running again after a lost worker); false when the run is not pending nor
   * running. A resumed run keeps its started time and counters.
   */
  markRunning(id: string, now: number, options?: { resumed: boolean }): Promise<boolean>;
  /** Only while running and no pause is asked for; false tells the worker the run was cancelled, asked to pause or otherwise finished. */
  recordProgress(id: string, progress: AuditRunProgress): Promise<boolean>;
  /** Only while running, like recordProgress. */
  recordPhase(id: string, phase: AuditPhase): Promise<boolean>;
  complete(id: string, input: { summary: AuditSummary; stopReason: AuditStopReason; now: number }, trx?: Transaction<Database>): Promise<boolean>;
  fail(id: string, input: { code: AuditErrorCode; message: string; now: number }, trx?: Transaction<Database>): Promise<boolean>;
  /** pending, running or paused (or only those of `from`) → cancelled; false when it was in none of them. */
  cancel(id: string, now: number, trx?: Transaction<Database>, from?: readonly AuditRunStatus[]): Promise<boolean>;
  /** Runs still pending or running although their job has ended: orphans a reconcile finishes. */
  listOrphaned(limit: number): Promise<string[]>;
  /** Records that the run's pages carry their ranks (audit-pages `rank`), in the same transaction. */
  markPagesRanked(id: string, trx?: Transaction<Database>): Promise<void>;
  /** The summary of what a cancelled run kept, written once by its worker. */
  recordCancelledSummary(id: string, summary: AuditSummary, trx?: Transaction<Database>): Promise<boolean>;
  /** The run's basic authentication password, opened; null without one. Only the worker that crawls reads it. */
  crawlPassword(id: string): Promise<string | null>;
  /**
   * Locks the project's audit run for its deletion in the caller's transaction, as a project's
   * deletion locks the project (storage/row-lock.ts); false when the project has no such run.
   */
  lockForDeletion(trx: Transaction<Database>, projectId: string, id: string): Promise<boolean>;
  /**
   * Deletes the run (locked) and, by the schema's cascades, its pages, issues, frontier and report
   * snapshot; its queued job is cancelled, and a running one stops as when its project is deleted.
   */
  delete(trx: Transaction<Database>, id: string, now: number): Promise<void>;
}

const ENDED_JOB: JobStatusColumn[] = ['succeeded', 'failed', 'cancelled'];

export function createAuditRunsRepository(db: Kysely<Database>, dialect: DialectName, secrets: SecretBox = PLAIN_SECRETS): AuditRunsRepository {
  const find = async (executor: Executor, id: string) => {
    const row = await executor.selectFrom('audit_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAuditRun(row) : null;
  };

  return {
    ...createAuditRunPauses(db),
    async create(input, trx) {
      const row: Insertable<AuditRunsTable> = {
        id: input.id,
        project_id: input.projectId,
        account_id: input.accountId,
        status: 'pending',
        seed_url: input.seedUrl,
        max_pages: input.maxPages,
        job_id: input.jobId,
        pages_crawled: 0,
        pages_queued: 0,
        summary: null,
        stop_reason: null,
        error_code: null,
        error_message: null,
        created_at: toTimestamp(input.now),
        started_at: null,
        finished_at: null,
        render_javascript: input.renderJavaScript ? 1 : 0,
        check_external_links: input.checkExternalLinks ? 1 : 0,
        check_resources: input.checkResources ? 1 : 0,
        crawl_settings: input.crawl ? JSON.stringify(input.crawl) : null,
        crawl_password: input.crawlPassword ? secrets.seal(input.crawlPassword, input.id) : null,
        crawl_hreflang_and_canonical: input.crawlHreflangAndCanonical === false ? 0 : 1,
        // The column's default is the default safeguard (and an insert that leaves it out fits a schema before 0034).
        ...(input.safeguard === undefined ? {} : { safeguard: input.safeguard === null ? null : JSON.stringify(input.safeguard) }),
      };
      await (trx ?? db).insertInto('audit_runs').values(row).execute();
      const safeguard = row.safeguard === undefined ? JSON.stringify(DEFAULT_SAFEGUARD) : row.safeguard;
      return toAuditRun({ ...row, safeguard, pages_recorded: 0, pages_ranked: 0, phase: null, ...NOT_PAUSED, resumed_at: null } as Selectable<AuditRunsTable>);
    },
    find: (id, trx) => find(trx ?? db, id),
    async findForProject(projectId, id) {
      const row = await db.selectFrom('audit_runs').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
      return row ? toAuditRun(row) : null;
    },
    listForProject: (projectId, page) => newestFirstPage(db, 'audit_runs', { column: 'project_id', id: projectId }, page, toAuditRun),
    async countForProject(projectId) {
      const { count } = await db
        .selectFrom('audit_runs')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    async latestCompleted(projectId) {
      const row = await db
        .selectFrom('audit_runs')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('status', '=', 'completed')
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toAuditRun(row) : null;
    },
    async markRunning(id, now, options) {
      // A run paused before it ever started starts now.
      const afresh = options?.resumed
        ? { started_at: sql<string>`coalesce(started_at, ${toTimestamp(now)})` }
        : { started_at: toTimestamp(now), pages_crawled: 0, pages_queued: 0, pages_recorded: 0 };
      const result = await db
        .updateTable('audit_runs')
        .set({ status: AUDIT_LIFECYCLE.start.to, phase: null, ...afresh })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.start.from)
        .executeTakeFirst();
      return changed(result);
    },
    async recordProgress(id, { pagesCrawled, pagesQueued, pagesRecorded }) {
      const result = await db
        .updateTable('audit_runs')
        .set({ pages_crawled: pagesCrawled, pages_queued: pagesQueued, pages_recorded: pagesRecorded })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.progress.from)
        .where('pause_reason', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },
    async recordPhase(id, phase) {
      const result = await db
        .updateTable('audit_runs')
        .set({ phase })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.progress.from)
        .where('pause_reason', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },
    async complete(id, { summary, stopReason, now }, trx) {
      const result = await (trx ?? db)
        .updateTable('audit_runs')
        .set({
          status: AUDIT_LIFECYCLE.complete.to,
          summary: JSON.stringify(summary),
          stop_reason: stopReason,
          finished_at: toTimestamp(now),
          pages_queued: 0,
          ...NOT_PAUSED,
        })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.complete.from)
        .executeTakeFirst();
      return changed(result);
    },
    async fail(id, { code, message, now }, trx) {
      const result = await (trx ?? db)
        .updateTable('audit_runs')
        .set({ status: AUDIT_LIFECYCLE.fail.to, error_code: code, error_message: message, stop_reason: 'failed', finished_at: toTimestamp(now), ...NOT_PAUSED })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.fail.from)
        .executeTakeFirst();
      return changed(result);
    },
    async cancel(id, now, trx, from = AUDIT_LIFECYCLE.cancel.from) {
      const result = await (trx ?? db)
        .updateTable('audit_runs')
        .set({ status: AUDIT_LIFECYCLE.cancel.to, stop_reason: 'cancelled', finished_at: toTimestamp(now), ...NOT_PAUSED })
        .where('id', '=', id)
        .where(
          'status',
          'in',
          AUDIT_LIFECYCLE.cancel.from.filter((status) => from.includes(status)),
        )
        .executeTakeFirst();
      return changed(result);
    },
    async listOrphaned(limit) {
      const rows = await db
        .selectFrom('audit_runs as r')
        .innerJoin('jobs as j', 'j.id', 'r.job_id')
        .select('r.id')
        .where('r.status', 'in', ACTIVE_AUDIT_STATUSES)
        .where('j.status', 'in', ENDED_JOB)
        .orderBy('r.created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
    async markPagesRanked(id, trx) {
      await (trx ?? db).updateTable('audit_runs').set({ pages_ranked: 1 }).where('id', '=', id).execute();
    },
    async recordCancelledSummary(id, summary, trx) {
      const result = await (trx ?? db)
        .updateTable('audit_runs')
        .set({ summary: JSON.stringify(summary) })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.keep_cancelled_pages.from)
        .where('summary', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },
    async crawlPassword(id) {
      const row = await db.selectFrom('audit_runs').select('crawl_password').where('id', '=', id).executeTakeFirst();
      return row?.crawl_password ? secrets.open(row.crawl_password, id) : null;
    },

    async lockForDeletion(trx, projectId, id) {
      const run = await trx.selectFrom('audit_runs').select('id').where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
      return run !== undefined && lockForDeletion(trx, dialect, 'audit_runs', id);
    },

    async delete(trx, id, now) {
      await cancelQueuedAuditJobs(trx, { auditRunId: id }, now);
      await trx.deleteFrom('audit_runs').where('id', '=', id).execute();
    },
  };
}

function toAuditRun(row: Selectable<AuditRunsTable>): AuditRun {
  return {
    id: row.id,
    projectId: row.project_id,
    accountId: row.account_id,
    status: row.status,
    seedUrl: row.seed_url,
    maxPages: Number(row.max_pages),
    jobId: row.job_id,
    pagesCrawled: Number(row.pages_crawled),
    pagesQueued: Number(row.pages_queued),
    pagesRecorded: Number(row.pages_recorded),
    summary: row.summary === null ? null : storedSummary(row.summary),
    stopReason: row.stop_reason,
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    pagesRanked: Number(row.pages_ranked) === 1,
    renderJavaScript: Number(row.render_javascript) === 1,
    checkExternalLinks: Number(row.check_external_links) === 1,
    checkResources: Number(row.check_resources) === 1,
    crawlHreflangAndCanonical: Number(row.crawl_hreflang_and_canonical) === 1,
    phase: row.phase,
    crawl: row.crawl_settings ? (JSON.parse(row.crawl_settings) as AuditCrawlSettings) : DEFAULT_CRAWL_SETTINGS,
    safeguard: row.safeguard === null ? null : (JSON.parse(row.safeguard) as AuditSafeguard),
    pause:
      row.pause_reason === null
        ? null
        : {
            reason: row.pause_reason,
            message: row.pause_message,
            figures: row.pause_figures === null ? null : (JSON.parse(row.pause_figures) as AuditPause['figures']),
          },
    pausedAt: row.paused_at,
    resumedAt: row.resumed_at,
  };
}

type RobotsTxtFindings = AuditSummary['site']['robotsTxt'];
/** robots.txt's findings as summaries stored before 1.5 hold them: without status, httpStatus and detail. */
type StoredRobotsTxt = Pick<RobotsTxtFindings, 'present' | 'blockedAiAgents'> & Partial<RobotsTxtFindings>;

/**
 * Summaries stored before the near-duplicate, external-link and resource checks, or before
 * robots.txt's status was recorded, lack them: null, as the contract says.
 */
function storedSummary(text: string): AuditSummary {
  const summary = JSON.parse(text) as AuditSummary;
  // A row is only as complete as what wrote it (the migration tests store one without robotsTxt).
  const robotsTxt = summary.site.robotsTxt as StoredRobotsTxt | undefined;
  return {
    ...summary,
    site: {
      ...summary.site,
      ...(robotsTxt ? { robotsTxt: { status: null, httpStatus: null, detail: null, ...robotsTxt } } : {}),
      nearDuplicates: summary.site.nearDuplicates ?? null,
      externalLinks: summary.site.externalLinks ?? null,
      resources: summary.site.resources ?? null,
    },
  };
}
