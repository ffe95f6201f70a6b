import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { listBody, meta, pageRequest } from './envelope.js';

export const compareAudits: Handler<'compareAudits', RequestContext> = async ({ path, query }, context) => {
  const comparison = await context.services.auditComparison.compare(context.principal(), path.projectId, path.auditId, query.baseline);
  return { status: 200, body: { data: comparison, meta: meta(context) } };
};

export const listAuditPageChanges: Handler<'listAuditPageChanges', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.auditComparison.pageChanges(
    context.principal(),
    path.projectId,
    path.auditId,
    { ...(query.baseline !== undefined ? { baseline: query.baseline } : {}), ...(query.change !== undefined ? { change: query.change } : {}) },
    request,
  );
  return { status: 200, body: listBody(context, page, request, (change) => change) };
};
