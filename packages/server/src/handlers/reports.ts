import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { reportView } from '../views/reports.js';
import { listBody, pageRequest } from './envelope.js';

export const listReports: Handler<'listReports', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.reports.list(context.principal(), path.projectId, request);
  return { status: 200, body: listBody(context, page, request, reportView) };
};
