// The lists a user opens once the audit is done: the issues, the first and last page of pages, and
// pages filtered by issue and schema or by score. Each answer is checked before it is timed, since
// a fast wrong list would pass the target; each is timed again after ANALYZE, which the audit does
// not run, to see whether fresh planner statistics would change the plans.
import { sql } from 'kysely';
import type { RunningServer } from '@seo-geo/server';
import type { BenchAccount } from './account.js';
import { HarnessError } from './harness-error.js';
import { api, type IssueRow, type ListBody, type PageRow } from './http.js';
import { latency, serviceLatency } from './latency.js';
import type { ListTiming } from './result.js';
import type { AuditRun } from './run-audit.js';

export const PAGE_SIZE = 100;

/** A list's label, its path over HTTP, and the same read through the service. */
type ListCase = [string, string, () => Promise<unknown>];

export async function measureLists(
  server: RunningServer,
  account: BenchAccount,
  audit: Pick<AuditRun, 'auditId' | 'auditPath' | 'run'>,
  requests: number,
): Promise<{ lists: ListTiming[]; listsAnalyzed: ListTiming[] }> {
  global.gc?.();
  const { lastPage, issueCode } = await checkLists(server, account.key, audit.auditPath, audit.run.summary!.pagesAudited);
  const cases = listCases(server, account, audit, lastPage, issueCode);
  const measureAll = async () => {
    const measured: ListTiming[] = [];
    for (const [label, path, direct] of cases)
      measured.push({ label, ...(await latency(server, account.key, path, requests)), serviceMedian: await serviceLatency(direct, requests) });
    return measured;
  };
  const lists = await measureAll();
  for (const statement of server.database.dialect === 'postgres' ? ['ANALYZE audit_pages', 'ANALYZE audit_page_issues'] : ['ANALYZE']) {
    await sql.raw(statement).execute(server.database.db);
  }
  return { lists, listsAnalyzed: await measureAll() };
}

/** Checks the answers the timed lists depend on; returns the last page and an issue code to filter by. */
async function checkLists(server: RunningServer, key: string, auditPath: string, pagesAudited: number): Promise<{ lastPage: number; issueCode: string }> {
  const issues = await api<ListBody<IssueRow>>(server, key, `${auditPath}/issues?pageSize=${PAGE_SIZE}`);
  if (issues.status !== 200 || issues.body.data.length === 0)
    throw new HarnessError(`GET issues answered ${issues.status} with ${issues.body.data.length} codes`);
  const pagesFirst = await api<ListBody<PageRow>>(server, key, `${auditPath}/pages?pageSize=${PAGE_SIZE}`);
  if (pagesFirst.body.meta.total !== pagesAudited) {
    throw new HarnessError(`the pages list has ${pagesFirst.body.meta.total} pages, the summary ${pagesAudited}`);
  }
  const issueCode = await commonIssueWithSchema(server, key, auditPath, issues.body.data);
  const minScore = await api<ListBody<PageRow>>(server, key, `${auditPath}/pages?minGeoScore=50&pageSize=${PAGE_SIZE}`);
  if (!minScore.body.data.every((p) => (p.geoScore ?? -1) > 50))
    throw new HarnessError('minGeoScore=50 listed a page scored 50 or less (the filter is strictly greater)');
  return { lastPage: pagesFirst.body.meta.totalPages, issueCode };
}

/** The most common code that pages with schema have: the filter a user would try first. */
async function commonIssueWithSchema(server: RunningServer, key: string, auditPath: string, issues: IssueRow[]): Promise<string> {
  for (const row of [...issues].sort((a, b) => b.pagesAffected - a.pagesAffected)) {
    const probe = await api<ListBody<PageRow>>(server, key, `${auditPath}/pages?issue=${row.code}&hasSchema=true&pageSize=${PAGE_SIZE}`);
    if (probe.body.data.length > 0) {
      if (!probe.body.data.every((p) => p.hasSchema && p.issues.some((i) => i.code === row.code)))
        throw new HarnessError(`issue=${row.code}&hasSchema=true listed a page without both`);
      return row.code;
    }
  }
  throw new HarnessError('no issue code occurs on a page with schema: the site should have some');
}

/** Each list over HTTP, and the same read through the service (storage and row mapping alone). */
function listCases(
  server: RunningServer,
  account: BenchAccount,
  audit: Pick<AuditRun, 'auditId' | 'auditPath'>,
  lastPage: number,
  issueCode: string,
): ListCase[] {
  const { auditId, auditPath } = audit;
  const { principal, projectId } = account;
  const pageRequest = (page = 1) => ({ page, pageSize: PAGE_SIZE });
  const audits = server.services.audits;
  return [
    ['GET issues', `${auditPath}/issues?pageSize=${PAGE_SIZE}`, () => audits.issues(principal, projectId, auditId, {}, pageRequest())],
    ['GET pages, page 1', `${auditPath}/pages?pageSize=${PAGE_SIZE}`, () => audits.pages(principal, projectId, auditId, {}, pageRequest())],
    [
      `GET pages, page ${lastPage} (last)`,
      `${auditPath}/pages?page=${lastPage}&pageSize=${PAGE_SIZE}`,
      () => audits.pages(principal, projectId, auditId, {}, pageRequest(lastPage)),
    ],
    [
      `GET pages?issue=${issueCode}&hasSchema=true`,
      `${auditPath}/pages?issue=${issueCode}&hasSchema=true&pageSize=${PAGE_SIZE}`,
      () => audits.pages(principal, projectId, auditId, { issue: issueCode, hasSchema: true }, pageRequest()),
    ],
    [
      'GET pages?minGeoScore=50',
      `${auditPath}/pages?minGeoScore=50&pageSize=${PAGE_SIZE}`,
      () => audits.pages(principal, projectId, auditId, { minGeoScore: 50 }, pageRequest()),
    ],
  ];
}
