// The link graph of an audit: a URL's inlinks, a page's outlinks, the broken and redirecting targets.
import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { listBody, pageRequest } from './envelope.js';

export const listAuditInlinks: Handler<'listAuditInlinks', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.audits.links(context.principal(), path.projectId, path.auditId, 'in', query.url, request);
  return { status: 200, body: listBody(context, page, request, (link) => link) };
};

export const listAuditOutlinks: Handler<'listAuditOutlinks', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.audits.links(context.principal(), path.projectId, path.auditId, 'out', query.url, request);
  return { status: 200, body: listBody(context, page, request, (link) => link) };
};

export const listAuditLinkTargets: Handler<'listAuditLinkTargets', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.audits.linkTargets(context.principal(), path.projectId, path.auditId, query.kind, request);
  return { status: 200, body: listBody(context, page, request, (target) => target) };
};
