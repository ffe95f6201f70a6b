// Three hand-made audits of one site for the comparison tests, and what comparing them must give,
// worked out by hand from the tables below (not by running the code under test).
import { randomUUID } from 'node:crypto';
import { uuidv7 } from '../../src/support/ids.js';
import type { NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import type { AuditRun, AuditSummary } from '../../src/storage/repositories/audit-runs.js';
import type { Repositories } from '../../src/storage/repositories/index.js';

export const SITE = 'https://site.example';

const SEVERITY: Record<string, 'error' | 'warning' | 'notice'> = {
  title_missing: 'error',
  broken_internal_link: 'error',
  thin_content: 'warning',
  h1_missing: 'warning',
  meta_description_missing: 'warning',
  images_missing_alt: 'notice',
};

/** [path, GEO score, issue codes, HTTP status (200 when left out)] */
export type PageSpec = [string, number, string[], number?];

export const OLDER: PageSpec[] = [
  ['/a', 20, ['broken_internal_link']],
  ['/b', 70, ['title_missing']],
  ['/z', 50, []],
];

export const BASELINE: PageSpec[] = [
  ['/a', 50, ['thin_content', 'title_missing']],
  ['/b', 70, ['title_missing']],
  ['/c', 30, []],
  // Only in the baseline: its issues are not fixed, the page was not audited again.
  ['/d', 80, ['h1_missing', 'images_missing_alt', 'thin_content']],
  ['/f', 45, ['meta_description_missing']],
  ['/g', 10, ['title_missing']],
];

export const CURRENT: PageSpec[] = [
  ['/a', 60, ['h1_missing', 'thin_content']],
  ['/b', 40, ['title_missing']],
  ['/c', 30, ['thin_content']],
  ['/e', 20, ['broken_internal_link', 'title_missing']],
  ['/f', 45, []],
  ['/g', 90, []],
];

/** Summaries' averages; 55.0 − 52.3 is 2.700000000000003 in floating point. */
export const AVG = { older: 40.1, baseline: 52.3, current: 55 };

/** CURRENT against BASELINE, URL by URL. */
export const PAGE_CHANGES = [
  { url: `${SITE}/a`, change: 'improved', geoScoreBefore: 50, geoScoreAfter: 60, issuesNew: ['h1_missing'], issuesFixed: ['title_missing'] },
  { url: `${SITE}/b`, change: 'declined', geoScoreBefore: 70, geoScoreAfter: 40, issuesNew: [], issuesFixed: [] },
  { url: `${SITE}/c`, change: 'unchanged', geoScoreBefore: 30, geoScoreAfter: 30, issuesNew: ['thin_content'], issuesFixed: [] },
  { url: `${SITE}/d`, change: 'removed', geoScoreBefore: 80, geoScoreAfter: null, issuesNew: [], issuesFixed: [] },
  { url: `${SITE}/e`, change: 'added', geoScoreBefore: null, geoScoreAfter: 20, issuesNew: ['broken_internal_link', 'title_missing'], issuesFixed: [] },
  { url: `${SITE}/f`, change: 'unchanged', geoScoreBefore: 45, geoScoreAfter: 45, issuesNew: [], issuesFixed: ['meta_description_missing'] },
  { url: `${SITE}/g`, change: 'improved', geoScoreBefore: 10, geoScoreAfter: 90, issuesNew: [], issuesFixed: ['title_missing'] },
] as const;

export const PAGE_COUNTS = { added: 1, removed: 1, improved: 2, declined: 1, unchanged: 2 };

/** CURRENT against BASELINE, per code, in the spec's order. */
export const ISSUE_CHANGES = [
  { code: 'broken_internal_link', severity: 'error', status: 'new', pagesBefore: 0, pagesAfter: 1, pagesNew: 1, pagesFixed: 0 },
  { code: 'title_missing', severity: 'error', status: 'persisting', pagesBefore: 3, pagesAfter: 2, pagesNew: 1, pagesFixed: 2 },
  { code: 'thin_content', severity: 'warning', status: 'persisting', pagesBefore: 2, pagesAfter: 2, pagesNew: 1, pagesFixed: 0 },
  { code: 'h1_missing', severity: 'warning', status: 'persisting', pagesBefore: 1, pagesAfter: 1, pagesNew: 1, pagesFixed: 0 },
  { code: 'meta_description_missing', severity: 'warning', status: 'fixed', pagesBefore: 1, pagesAfter: 0, pagesNew: 0, pagesFixed: 1 },
  { code: 'images_missing_alt', severity: 'notice', status: 'fixed', pagesBefore: 1, pagesAfter: 0, pagesNew: 0, pagesFixed: 0 },
];

/** CURRENT against OLDER. */
export const AGAINST_OLDER = {
  pages: { added: 4, removed: 1, improved: 1, declined: 1, unchanged: 0 },
  issues: [
    { code: 'thin_content', severity: 'warning', status: 'new', pagesBefore: 0, pagesAfter: 2, pagesNew: 2, pagesFixed: 0 },
    { code: 'h1_missing', severity: 'warning', status: 'new', pagesBefore: 0, pagesAfter: 1, pagesNew: 1, pagesFixed: 0 },
    { code: 'title_missing', severity: 'error', status: 'persisting', pagesBefore: 1, pagesAfter: 2, pagesNew: 1, pagesFixed: 0 },
    { code: 'broken_internal_link', severity: 'error', status: 'persisting', pagesBefore: 1, pagesAfter: 1, pagesNew: 1, pagesFixed: 1 },
  ],
};

export function pageRecord(auditRunId: string, [path, geoScore, codes, statusCode = 200]: PageSpec, i: number, now: number): NewAuditPage {
  return {
    id: uuidv7(now + i),
    auditRunId,
    url: `${SITE}${path}`,
    finalUrl: `${SITE}${path}`,
    statusCode,
    contentType: 'text/html',
    title: null,
    metaDescription: null,
    lang: 'en',
    wordCount: 100,
    geoScore,
    hasSchema: false,
    schemaTypes: [],
    structuredData: [],
    rubricId: 'geo-2026.1',
    checks: [],
    issues: codes.map((code) => ({ code, severity: SEVERITY[code]!, message: code })),
    fetchedAt: new Date(now).toISOString(),
  };
}

/** The summary of a run that found nothing: no pages, no robots.txt, sitemap or llms.txt. */
export const EMPTY_SUMMARY: AuditSummary = {
  pagesAudited: 0,
  pagesScored: 0,
  avgGeoScore: null,
  pagesWithSchema: 0,
  issueCounts: { error: 0, warning: 0, notice: 0 },
  site: {
    robotsTxt: { present: false, blockedAiAgents: [], status: 'unavailable', httpStatus: 404, detail: 'HTTP 404' },
    sitemap: { present: false, urlCount: 0 },
    llmsTxt: { present: false, wellFormed: false },
    nearDuplicates: null,
    externalLinks: null,
    resources: null,
  },
};

/** A run created at `now`, left pending. The job id points at no job: no worker picks it up. */
export function createRun(repos: Repositories, owner: { projectId: string; accountId: string }, now: number): Promise<AuditRun> {
  return repos.auditRuns.create({ id: uuidv7(now), ...owner, seedUrl: `${SITE}/`, maxPages: 100, jobId: randomUUID(), now });
}

/** A run created at `now` with these pages, finished as the audit job finishes one. */
export async function completedRun(
  repos: Repositories,
  owner: { projectId: string; accountId: string },
  now: number,
  pages: PageSpec[],
  avgGeoScore: number | null,
): Promise<AuditRun> {
  const run = await createRun(repos, owner, now);
  await repos.auditPages.insertMany(pages.map((spec, i) => pageRecord(run.id, spec, i, now)));
  await repos.auditIssues.finalise(run.id);
  await repos.auditRuns.markRunning(run.id, now);
  const summary = { ...EMPTY_SUMMARY, pagesAudited: pages.length, pagesScored: pages.length, avgGeoScore };
  await repos.auditRuns.complete(run.id, { summary, stopReason: 'all_pages_crawled', now: now + 1 });
  return (await repos.auditRuns.find(run.id))!;
}
