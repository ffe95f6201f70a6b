// A shared crawl's counters row (audit_crawls): the URLs it queued, the pages and other records
// its workers fetched, and the tally of the pages they stored, added up across workers.
import type { FetchError } from '@seo-geo/engine';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';

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

/** The run's counters row; a second call (a lead that restarted) keeps what is there. */
export async function openCounts(db: Kysely<Database>, runId: string): Promise<void> {
  await db
    .insertInto('audit_crawls')
    .values({ audit_run_id: runId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function addTally(trx: Transaction<Database>, runId: string, tally: CrawlTallyCounts): Promise<void> {
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
}

export async function readCounts(db: Kysely<Database>, runId: string): Promise<CrawlCounts> {
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
}
