// How stored audit runs and pages look in the API (the AuditRun and AuditPage schemas).
import type { AuditPage as AuditPageView, AuditRun as AuditRunView } from '@seo-geo/types';
import type { AuditPage } from '../storage/repositories/audit-pages.js';
import type { AuditRun } from '../storage/repositories/audit-runs.js';

export function auditRunView(run: AuditRun): AuditRunView {
  return {
    id: run.id,
    projectId: run.projectId,
    status: run.status,
    seedUrl: run.seedUrl,
    maxPages: run.maxPages,
    jobId: run.jobId,
    progress: { pagesCrawled: run.pagesCrawled, pagesQueued: run.pagesQueued, maxPages: run.maxPages },
    summary: run.summary as AuditRunView['summary'],
    stopReason: run.stopReason as AuditRunView['stopReason'],
    error: run.error as AuditRunView['error'],
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

export function auditPageView(page: AuditPage): AuditPageView {
  return {
    id: page.id,
    url: page.url,
    finalUrl: page.finalUrl,
    statusCode: page.statusCode,
    title: page.title,
    metaDescription: page.metaDescription,
    lang: page.lang,
    wordCount: page.wordCount,
    geoScore: page.geoScore,
    hasSchema: page.hasSchema,
    schemaTypes: page.schemaTypes,
    structuredData: page.structuredData as AuditPageView['structuredData'],
    rubricId: page.rubricId,
    checks: page.checks as AuditPageView['checks'],
    issues: page.issues as AuditPageView['issues'],
    fetchedAt: page.fetchedAt,
  };
}
