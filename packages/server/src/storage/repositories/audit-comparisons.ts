// Two final audits of one project compared page by page, pages matched by URL (the spec's
// AuditComparison, IssueChange and PageChange). Every query is a join of index ranges: pages on
// (audit_run_id, url, id, geo_score, …), issues on (audit_run_id, code, url, …), so a comparison
// of two 50,000-page audits never brings their pages into JavaScript, only one page of the list.
import { notScoredReason } from '@seo-geo/engine';
import { sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';

export type PageChangeKind = 'added' | 'removed' | 'improved' | 'declined' | 'unchanged';

export interface PageChangeRow {
  url: string;
  change: PageChangeKind;
  geoScoreBefore: number | null;
  geoScoreAfter: number | null;
  issuesNew: string[];
  issuesFixed: string[];
}

export interface AuditComparisonsRepository {
  /** The latest completed audit of the project created before `before` (the default baseline). */
  previousCompleted(projectId: string, before: { createdAt: string; id: string }): Promise<string | null>;
  /** Per issue code, pages new in `current` and pages fixed since `baseline` (see IssueChange). */
  issueChanges(currentId: string, baselineId: string): Promise<Array<{ code: string; pagesNew: number; pagesFixed: number }>>;
  pageCounts(currentId: string, baselineId: string): Promise<Record<PageChangeKind, number>>;
  /** In URL order; the issue codes come from both runs' totals, so both must be final (finalised). */
  pageChanges(currentId: string, baselineId: string, filter: { change?: PageChangeKind }, page: PageRequest): Promise<Page<PageChangeRow>>;
}

/** Runs created in the same millisecond are ordered by id, as the audits list orders them. */
export function createdBefore(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
}

export function changeOf(before: number | null, after: number | null): PageChangeKind {
  if (before === null) return 'added';
  if (after === null) return 'removed';
  return after > before ? 'improved' : after < before ? 'declined' : 'unchanged';
}

/** One URL of either audit: `score_before` is null when added, `score_after` when removed. */
interface ChangedPage {
  url: string;
  score_before: number | null;
  score_after: number | null;
}

export function createAuditComparisonsRepository(db: Kysely<Database>): AuditComparisonsRepository {
  /**
   * The URLs of both audits with their scores as `u`, narrowed to one kind of change inside the
   * branches, so that each branch is an index join rather than a filter over the whole union.
   */
  function changedPages(currentId: string, baselineId: string, change: PageChangeKind | undefined): AliasedSelectQueryBuilder<ChangedPage, 'u'> {
    const inCurrent = () => {
      const base = db.selectFrom('audit_pages as c').where('c.audit_run_id', '=', currentId);
      const joined =
        change === undefined || change === 'added'
          ? base.leftJoin('audit_pages as b', (join) => join.onRef('b.url', '=', 'c.url').on('b.audit_run_id', '=', baselineId))
          : base.innerJoin('audit_pages as b', (join) => join.onRef('b.url', '=', 'c.url').on('b.audit_run_id', '=', baselineId));
      // Compared as a difference: a plain `c.geo_score > b.geo_score` lets SQLite's planner read
      // `b` as a score range per page (on the (run, geo_score) index) instead of one URL lookup.
      const narrowed =
        change === 'added'
          ? joined.where('b.url', 'is', null)
          : change === 'improved'
            ? joined.where(sql<boolean>`c.geo_score - b.geo_score > 0`)
            : change === 'declined'
              ? joined.where(sql<boolean>`c.geo_score - b.geo_score < 0`)
              : change === 'unchanged'
                ? joined.where(sql<boolean>`c.geo_score - b.geo_score = 0`)
                : joined;
      return narrowed.select(['c.url as url', 'b.geo_score as score_before', 'c.geo_score as score_after']).$castTo<ChangedPage>();
    };
    // Typed NULL: PostgreSQL resolves a UNION's column types from every branch.
    const onlyInBaseline = () =>
      db
        .selectFrom('audit_pages as b')
        .where('b.audit_run_id', '=', baselineId)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('audit_pages as c').select('c.url').whereRef('c.url', '=', 'b.url').where('c.audit_run_id', '=', currentId))),
        )
        .select(['b.url as url', 'b.geo_score as score_before', sql<number | null>`CAST(NULL AS INTEGER)`.as('score_after')])
        .$castTo<ChangedPage>();
    if (change === 'removed') return onlyInBaseline().as('u');
    if (change !== undefined) return inCurrent().as('u');
    return inCurrent().unionAll(onlyInBaseline()).as('u');
  }

  /** Per run, the issue codes of the given URLs: lookups of (run, code, url) over the runs' codes. */
  async function codesOf(runIds: string[], urls: string[]): Promise<Map<string, Map<string, string[]>>> {
    const byRun = new Map<string, Map<string, string[]>>(runIds.map((id) => [id, new Map()]));
    if (urls.length === 0) return byRun;
    // The index leads with (run, code): the final runs' few dozen codes turn URL lookups into seeks.
    const codes = await db.selectFrom('audit_issue_totals').select('code').distinct().where('audit_run_id', 'in', runIds).execute();
    if (codes.length === 0) return byRun;
    const rows = await db
      .selectFrom('audit_page_issues')
      .select(['audit_run_id', 'url', 'code'])
      .where('audit_run_id', 'in', runIds)
      .where(
        'code',
        'in',
        codes.map((row) => row.code),
      )
      .where('url', 'in', urls)
      .orderBy('code')
      .execute();
    for (const row of rows) {
      const byUrl = byRun.get(row.audit_run_id)!;
      const list = byUrl.get(row.url);
      if (list) list.push(row.code);
      else byUrl.set(row.url, [row.code]);
    }
    return byRun;
  }

  /**
   * Per run, the URLs among `urls` whose record the GEO score does not apply to (see
   * notScoredReason): looked up for one page of the list only, so the comparison's joins stay on
   * the narrow indexes.
   */
  async function notScoredOf(runIds: string[], urls: string[]): Promise<Map<string, Set<string>>> {
    const byRun = new Map<string, Set<string>>(runIds.map((id) => [id, new Set()]));
    if (urls.length === 0) return byRun;
    const rows = await db
      .selectFrom('audit_pages')
      .select(['audit_run_id', 'url', 'status_code', 'content_type'])
      .where('audit_run_id', 'in', runIds)
      .where('url', 'in', urls)
      .execute();
    for (const row of rows)
      if (notScoredReason({ statusCode: Number(row.status_code), contentType: row.content_type }) !== null) byRun.get(row.audit_run_id)!.add(row.url);
    return byRun;
  }

  return {
    async previousCompleted(projectId, before) {
      const row = await db
        .selectFrom('audit_runs')
        .select('id')
        .where('project_id', '=', projectId)
        .where('status', '=', 'completed')
        .where((eb) => eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)])]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async issueChanges(currentId, baselineId) {
      const gained = db
        .selectFrom('audit_page_issues as c')
        .select(['c.code', (eb) => eb.fn.countAll().as('pages')])
        .where('c.audit_run_id', '=', currentId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('audit_page_issues as b')
                .select('b.url')
                .where('b.audit_run_id', '=', baselineId)
                .whereRef('b.code', '=', 'c.code')
                .whereRef('b.url', '=', 'c.url'),
            ),
          ),
        )
        .groupBy('c.code')
        .execute();
      // A page the current audit did not reach is not fixed: only pages audited again count.
      const lost = db
        .selectFrom('audit_page_issues as b')
        .select(['b.code', (eb) => eb.fn.countAll().as('pages')])
        .where('b.audit_run_id', '=', baselineId)
        .where((eb) => eb.exists(eb.selectFrom('audit_pages as p').select('p.url').where('p.audit_run_id', '=', currentId).whereRef('p.url', '=', 'b.url')))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('audit_page_issues as c')
                .select('c.url')
                .where('c.audit_run_id', '=', currentId)
                .whereRef('c.code', '=', 'b.code')
                .whereRef('c.url', '=', 'b.url'),
            ),
          ),
        )
        .groupBy('b.code')
        .execute();
      const byCode = new Map<string, { code: string; pagesNew: number; pagesFixed: number }>();
      const entry = (code: string) => byCode.get(code) ?? byCode.set(code, { code, pagesNew: 0, pagesFixed: 0 }).get(code)!;
      for (const row of await gained) entry(row.code).pagesNew = Number(row.pages);
      for (const row of await lost) entry(row.code).pagesFixed = Number(row.pages);
      return [...byCode.values()];
    },

    async pageCounts(currentId, baselineId) {
      const counts = await db
        .selectFrom(changedPages(currentId, baselineId, undefined))
        .select([
          sql<string | number>`count(CASE WHEN u.score_before IS NULL THEN 1 END)`.as('added'),
          sql<string | number>`count(CASE WHEN u.score_after IS NULL THEN 1 END)`.as('removed'),
          sql<string | number>`count(CASE WHEN u.score_after > u.score_before THEN 1 END)`.as('improved'),
          sql<string | number>`count(CASE WHEN u.score_after < u.score_before THEN 1 END)`.as('declined'),
          sql<string | number>`count(CASE WHEN u.score_after = u.score_before THEN 1 END)`.as('unchanged'),
        ])
        .executeTakeFirstOrThrow();
      return {
        added: Number(counts.added),
        removed: Number(counts.removed),
        improved: Number(counts.improved),
        declined: Number(counts.declined),
        unchanged: Number(counts.unchanged),
      };
    },

    async pageChanges(currentId, baselineId, filter, page) {
      const { limit, offset } = toLimitOffset(page);
      const rows = await db
        .selectFrom(changedPages(currentId, baselineId, filter.change))
        .selectAll()
        .orderBy('u.url')
        .limit(limit)
        .offset(offset)
        .execute();
      let total = rows.length;
      // A first page that is not full holds every row: no count needed.
      if (!(offset === 0 && rows.length < limit)) {
        const { count } = await db
          .selectFrom(changedPages(currentId, baselineId, filter.change))
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow();
        total = Number(count);
      }
      const urls = rows.map((row) => row.url);
      const [codes, notScored] = await Promise.all([codesOf([currentId, baselineId], urls), notScoredOf([currentId, baselineId], urls)]);
      const items = rows.map((row): PageChangeRow => {
        const before = row.score_before === null ? null : Number(row.score_before);
        const after = row.score_after === null ? null : Number(row.score_after);
        const change = changeOf(before, after);
        const now = codes.get(currentId)!.get(row.url) ?? [];
        const then = codes.get(baselineId)!.get(row.url) ?? [];
        return {
          url: row.url,
          change,
          // A record without a score counts as 0 in `change`, but shows no score.
          geoScoreBefore: notScored.get(baselineId)!.has(row.url) ? null : before,
          geoScoreAfter: notScored.get(currentId)!.has(row.url) ? null : after,
          issuesNew: now.filter((code) => !then.includes(code)),
          // A removed page was not audited again: nothing about it is fixed.
          issuesFixed: change === 'removed' ? [] : then.filter((code) => !now.includes(code)),
        };
      });
      return { items, total };
    },
  };
}
