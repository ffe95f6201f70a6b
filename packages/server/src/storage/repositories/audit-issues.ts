// The audit by issue: per issue code, the pages that have it and the first of them by URL. Read
// from `audit_page_issues` (one row per page and distinct code, indexed by run, code and URL)
// while the audit runs, and from `audit_issue_totals`, written once, when it is final.
import type { components } from '@seo-geo/types';
import type { Kysely, Transaction } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import type { Database } from '../schema.js';

export type IssueSeverity = components['schemas']['IssueSeverity'];

/** Per code, the pages affected and up to SAMPLE_URLS of their URLs, in URL order. */
export type AuditIssueTotal = components['schemas']['AuditIssue'];

export interface AuditIssuesRepository {
  /** Every code of the run, errors first, then by pages affected (most first), then by code. */
  list(auditRunId: string, filter: { severity?: IssueSeverity }, page: PageRequest, options: { final: boolean }): Promise<Page<AuditIssueTotal>>;
  /** All of a final run's totals (comparisons read them whole: a run has a few dozen codes). */
  all(auditRunId: string): Promise<AuditIssueTotal[]>;
  /** Writes the run's totals; call once its pages are final, in the transaction that finishes it. */
  finalise(auditRunId: string, trx?: Transaction<Database>): Promise<void>;
}

export const SAMPLE_URLS = 5;
const SEVERITY_ORDER: Record<IssueSeverity, number> = { error: 0, warning: 1, notice: 2 };

export function createAuditIssuesRepository(db: Kysely<Database>): AuditIssuesRepository {
  /** Counts per code from the page rows: an index range per code. */
  async function liveCounts(executor: Kysely<Database> | Transaction<Database>, auditRunId: string, severity?: IssueSeverity) {
    let query = executor
      .selectFrom('audit_page_issues')
      // A code has one severity: any row's will do.
      .select(['code', (eb) => eb.fn.max('severity').as('severity'), (eb) => eb.fn.countAll().as('pages')])
      .where('audit_run_id', '=', auditRunId)
      .groupBy('code');
    if (severity) query = query.where('severity', '=', severity);
    const rows = await query.execute();
    return rows.map((row) => ({ code: row.code, severity: row.severity, pagesAffected: Number(row.pages) }));
  }

  async function samples(executor: Kysely<Database> | Transaction<Database>, auditRunId: string, code: string): Promise<string[]> {
    const rows = await executor
      .selectFrom('audit_page_issues')
      .select('url')
      .where('audit_run_id', '=', auditRunId)
      .where('code', '=', code)
      .orderBy('url')
      .limit(SAMPLE_URLS)
      .execute();
    return rows.map((row) => row.url);
  }

  async function stored(auditRunId: string, severity?: IssueSeverity): Promise<AuditIssueTotal[]> {
    let query = db.selectFrom('audit_issue_totals').selectAll().where('audit_run_id', '=', auditRunId);
    if (severity) query = query.where('severity', '=', severity);
    const rows = await query.execute();
    return rows.map((row) => ({
      code: row.code,
      severity: row.severity,
      pagesAffected: Number(row.pages),
      sampleUrls: JSON.parse(row.sample_urls) as string[],
    }));
  }

  const ordered = <T extends { code: string; severity: IssueSeverity; pagesAffected: number }>(items: T[]): T[] =>
    items.sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || b.pagesAffected - a.pagesAffected || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
    );

  return {
    async list(auditRunId, filter, page, options) {
      const offset = (page.page - 1) * page.pageSize;
      if (options.final) {
        const all = ordered(await stored(auditRunId, filter.severity));
        return { items: all.slice(offset, offset + page.pageSize), total: all.length };
      }
      const counts = ordered(await liveCounts(db, auditRunId, filter.severity));
      const shown = counts.slice(offset, offset + page.pageSize);
      const items = await Promise.all(shown.map(async (count) => ({ ...count, sampleUrls: await samples(db, auditRunId, count.code) })));
      return { items, total: counts.length };
    },
    all: (auditRunId) => stored(auditRunId).then(ordered),
    async finalise(auditRunId, trx) {
      const executor = trx ?? db;
      await executor.deleteFrom('audit_issue_totals').where('audit_run_id', '=', auditRunId).execute();
      const counts = await liveCounts(executor, auditRunId);
      for (const count of counts) {
        await executor
          .insertInto('audit_issue_totals')
          .values({
            audit_run_id: auditRunId,
            code: count.code,
            severity: count.severity,
            pages: count.pagesAffected,
            sample_urls: JSON.stringify(await samples(executor, auditRunId, count.code)),
          })
          .execute();
      }
    },
  };
}
