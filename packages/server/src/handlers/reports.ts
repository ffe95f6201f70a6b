import type { Handler, components } from '@seo-geo/types';
import type { RequestContext } from '../context.js';
import type { Report } from '../storage/repositories/reports.js';
import { listBody, pageRequest } from './envelope.js';

type ReportView = components['schemas']['Report'];

const reportView = (report: Report): ReportView => ({
  id: report.id,
  projectId: report.projectId,
  auditRunId: report.auditRunId,
  createdAt: report.createdAt,
  metrics: report.metrics as ReportView['metrics'],
  change: report.change as ReportView['change'],
});

export const listReports: Handler<'listReports', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.reports.list(context.principal(), path.projectId, request);
  return { status: 200, body: listBody(context, page, request, reportView) };
};
