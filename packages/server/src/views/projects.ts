// How a stored project looks in the API (the Project schema; its stats are added on a single read).
import type { Project as ProjectView } from '@seo-geo/types';
import type { Project } from '../storage/repositories/projects.js';

export function projectView(project: Project): ProjectView {
  return {
    id: project.id,
    name: project.name,
    primaryDomain: project.primaryDomain,
    createdAt: project.createdAt,
  };
}
