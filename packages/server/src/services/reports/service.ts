// Report snapshots of a project (written by the audit job when an audit completes).
import type { Page, PageRequest } from '../../domain/page.js';
import type { Report, ReportsRepository } from '../../storage/repositories/reports.js';
import type { Principal } from '../../domain/principal.js';
import type { ProjectService } from '../projects/service.js';

export interface ReportService {
  list(principal: Principal, projectId: string, page: PageRequest): Promise<Page<Report>>;
}

export function createReportService(deps: { projects: ProjectService; reports: ReportsRepository }): ReportService {
  return {
    async list(principal, projectId, page) {
      const project = await deps.projects.get(principal, projectId);
      return deps.reports.listForProject(project.id, page);
    },
  };
}
