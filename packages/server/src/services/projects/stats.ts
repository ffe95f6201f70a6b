// A project's `stats`: figures of its latest completed audit, and how many runs it has had.
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { Project } from '../../storage/repositories/projects.js';
import type { ProjectStats } from './service.js';

export function projectStatsFrom(auditRuns: AuditRunsRepository) {
  return async (project: Project): Promise<ProjectStats> => {
    const [auditsCount, latest] = await Promise.all([auditRuns.countForProject(project.id), auditRuns.latestCompleted(project.id)]);
    const summary = latest?.summary;
    return {
      avgGeoScore: summary?.avgGeoScore ?? null,
      auditsCount,
      lastAuditAt: latest?.finishedAt ?? null,
      pagesAudited: summary?.pagesAudited ?? 0,
      pagesScored: summary?.pagesScored ?? 0,
    };
  };
}
