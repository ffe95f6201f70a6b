import type { Handler } from '@seo-geo/types';
import type { RequestContext } from '../context.js';
import { validationError } from '../http/api-error.js';
import { resourcePath } from '../http/base-path.js';
import { auditPageView, auditRunView } from '../services/audit-views.js';
import { listBody, meta, pageRequest } from './envelope.js';

export const listAudits: Handler<'listAudits', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.audits.list(context.principal(), path.projectId, request);
  return { status: 200, body: listBody(context, page, request, auditRunView) };
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
  return { status: 200, body: { data: auditRunView(run), meta: meta(context) } };
};

export const cancelAudit: Handler<'cancelAudit', RequestContext> = async ({ path }, context) => {
  const run = await context.services.audits.cancel(context.principal(), path.projectId, path.auditId);
  return { status: 200, body: { data: auditRunView(run), meta: meta(context) } };
};

export const listAuditPages: Handler<'listAuditPages', RequestContext> = async ({ path, query }, context) => {
  // The validator coerces `1e400` to Infinity and lets it past `maximum: 100`; the spec's bounds hold here.
  if (query.minGeoScore !== undefined && !(Number.isFinite(query.minGeoScore) && query.minGeoScore >= 0 && query.minGeoScore <= 100)) {
    throw validationError([{ in: 'query', field: 'minGeoScore', message: 'must be a number from 0 to 100' }]);
  }
  const request = pageRequest(query);
  const filter = {
    ...(query.minGeoScore !== undefined ? { minGeoScore: query.minGeoScore } : {}),
    ...(query.hasSchema !== undefined ? { hasSchema: query.hasSchema } : {}),
  };
  const page = await context.services.audits.pages(context.principal(), path.projectId, path.auditId, filter, request);
  return { status: 200, body: listBody(context, page, request, auditPageView) };
};
