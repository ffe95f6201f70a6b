// How stored report snapshots look in the API (the Report schema).
import type { components } from '@seo-geo/types';
import type { Report } from '../storage/repositories/reports.js';

export function reportView(report: Report): components['schemas']['Report'] {
  return {
    id: report.id,
    projectId: report.projectId,
    auditRunId: report.auditRunId,
    createdAt: report.createdAt,
    metrics: report.metrics,
    change: report.change,
  };
}
