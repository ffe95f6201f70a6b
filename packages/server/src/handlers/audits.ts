import { ISSUE_CODES, issueDefinition } from '@seo-geo/engine';
import type { Handler, operations as Operations } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { validationError } from '../domain/errors.js';
import { resourcePath } from '../views/resource-path.js';
import { auditPagesCsv } from '../services/audits/pages-csv.js';
import type { AuditPageFilter, PageOrder } from '../services/audits/service.js';
import { auditPageView, auditRunView } from '../views/audits.js';
import { listBody, meta, pageRequest } from './envelope.js';

export const listAudits: Handler<'listAudits', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.audits.list(context.principal(), path.projectId, request);
  const waiting = new Map(await Promise.all(page.items.map(async (run) => [run.id, await context.services.audits.waiting(run)] as const)));
  const now = context.clock.now();
  return { status: 200, body: listBody(context, page, request, (run) => auditRunView(run, now, waiting.get(run.id))) };
};

export const startAudit: Handler<'startAudit', RequestContext> = async ({ path, body }, context) => {
  const run = await context.services.audits.start(context.principal(), path.projectId, body);
  return {
    status: 202,
    body: { data: { auditRunId: run.id, status: run.status, jobId: run.jobId }, meta: meta(context) },
    headers: { Location: resourcePath('projects', run.projectId, 'audits', run.id) },
  };
};

export const getAudit: Handler<'getAudit', RequestContext> = async ({ path }, context) => {
  const run = await context.services.audits.get(context.principal(), path.projectId, path.auditId);
  const waiting = await context.services.audits.waiting(run);
  return { status: 200, body: { data: auditRunView(run, context.clock.now(), waiting), meta: meta(context) } };
};

export const cancelAudit: Handler<'cancelAudit', RequestContext> = async ({ path }, context) => {
  const run = await context.services.audits.cancel(context.principal(), path.projectId, path.auditId);
  return { status: 200, body: { data: auditRunView(run, context.clock.now()), meta: meta(context) } };
};

export const pauseAudit: Handler<'pauseAudit', RequestContext> = async ({ path }, context) => {
  const run = await context.services.audits.pause(context.principal(), path.projectId, path.auditId);
  return { status: 200, body: { data: auditRunView(run, context.clock.now()), meta: meta(context) } };
};

export const resumeAudit: Handler<'resumeAudit', RequestContext> = async ({ path }, context) => {
  const run = await context.services.audits.resume(context.principal(), path.projectId, path.auditId);
  const waiting = await context.services.audits.waiting(run);
  return { status: 200, body: { data: auditRunView(run, context.clock.now(), waiting), meta: meta(context) } };
};

export const deleteAudit: Handler<'deleteAudit', RequestContext> = async ({ path }, context) => {
  await context.services.audits.remove(context.principal(), path.projectId, path.auditId);
  return { status: 204, body: undefined };
};

export const listAuditPages: Handler<'listAuditPages', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.audits.pages(context.principal(), path.projectId, path.auditId, pageFilter(query), request, pageOrder(query.sort));
  return { status: 200, body: listBody(context, page, request, auditPageView) };
};

export const listAuditIssues: Handler<'listAuditIssues', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const filter = query.severity !== undefined ? { severity: query.severity } : {};
  const page = await context.services.audits.issues(context.principal(), path.projectId, path.auditId, filter, request);
  return { status: 200, body: listBody(context, page, request, auditIssueView) };
};

/** The issue with its catalogue title and priority (a code of an older version's audit may have none). */
function auditIssueView<T extends { code: string }>(issue: T): T & { title?: string; priority?: 1 | 2 | 3 } {
  const definition = issueDefinition(issue.code);
  return definition ? { ...issue, title: definition.title, priority: definition.priority } : issue;
}

export const exportAuditPages: Handler<'exportAuditPages', RequestContext> = async ({ path, query }, context) => {
  const { run, batches } = await context.services.audits.exportPages(
    context.principal(),
    path.projectId,
    path.auditId,
    pageFilter(query),
    pageOrder(query.sort),
  );
  return {
    status: 200,
    body: { contentType: 'text/csv', chunks: auditPagesCsv(batches, { bom: query.bom === true }) },
    headers: { 'Content-Disposition': `attachment; filename="audit-${run.id}-pages.csv"` },
  };
};

type PageQuery = NonNullable<Operations['listAuditPages']['parameters']['query']>;

/** `sort`'s value as the repository's order: a field, descending with a leading `-`. */
function pageOrder(sort: PageQuery['sort']): PageOrder | undefined {
  if (sort === undefined) return undefined;
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as PageOrder['field'], descending };
}

/** The pages list's filters, shared by the list and the export. */
function pageFilter(query: Omit<PageQuery, 'page' | 'pageSize' | 'sort'>): AuditPageFilter {
  // The validator coerces `1e400` to Infinity and lets it past `maximum: 100`; the spec's bounds hold here.
  for (const field of ['minGeoScore', 'maxGeoScore'] as const) {
    const value = query[field];
    if (value !== undefined && !(Number.isFinite(value) && value >= 0 && value <= 100)) {
      throw validationError([{ in: 'query', field, message: 'must be a number from 0 to 100' }]);
    }
  }
  if (query.minGeoScore !== undefined && query.maxGeoScore !== undefined && query.maxGeoScore <= query.minGeoScore) {
    throw validationError([
      { in: 'query', field: 'maxGeoScore', message: 'must be greater than minGeoScore (scores greater than minGeoScore and at most maxGeoScore are kept)' },
    ]);
  }
  if (query.minDepth !== undefined && query.maxDepth !== undefined && query.maxDepth < query.minDepth) {
    throw validationError([{ in: 'query', field: 'maxDepth', message: 'must not be less than minDepth' }]);
  }
  // A mistyped code would otherwise list no page at all, which reads as "no page has it".
  if (query.issue !== undefined && !Object.hasOwn(ISSUE_CODES, query.issue)) {
    const codes = Object.keys(ISSUE_CODES);
    throw validationError(
      [{ in: 'query', field: 'issue', message: `must be one of the ${codes.length} issue codes listed in the error's message (see PageIssue)` }],
      `Request validation failed: query issue "${query.issue.slice(0, 64)}" is not an issue code. The codes are: ${codes.join(', ')}.`,
    );
  }
  return {
    ...(query.minGeoScore !== undefined ? { minGeoScore: query.minGeoScore } : {}),
    ...(query.hasSchema !== undefined ? { hasSchema: query.hasSchema } : {}),
    ...(query.issue !== undefined ? { issue: query.issue } : {}),
    ...(query.statusClass !== undefined ? { statusFrom: Number(query.statusClass[0]) * 100 } : {}),
    ...(query.minDepth !== undefined ? { minDepth: query.minDepth } : {}),
    ...(query.maxDepth !== undefined ? { maxDepth: query.maxDepth } : {}),
    ...(query.maxGeoScore !== undefined ? { maxGeoScore: query.maxGeoScore } : {}),
    ...(query.pathPrefix !== undefined ? { pathPrefix: query.pathPrefix } : {}),
    ...(query.indexable !== undefined ? { indexable: query.indexable } : {}),
    ...(query.indexabilityStatus !== undefined ? { indexabilityStatus: query.indexabilityStatus } : {}),
  };
}
