// Projects: one website each, counted against the plan's project quota.
import { isPublicSuffix } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import { notFound, planLimitExceeded, validationError } from '../../domain/errors.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { Project, ProjectsRepository } from '../../storage/repositories/projects.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import type { Principal } from '../../domain/principal.js';
import { planOf } from '../accounts/plans.js';
import type { StopGeoWork } from '../geo-answers/stop-work.js';

export interface ProjectStats {
  avgGeoScore: number | null;
  auditsCount: number;
  lastAuditAt: string | null;
  pagesAudited: number;
  pagesScored: number;
}

export interface ProjectService {
  create(principal: Principal, input: { name: string; primaryDomain: string }): Promise<Project>;
  /** The caller's project, or 404 NOT_FOUND (also for another account's project). */
  get(principal: Principal, projectId: string): Promise<Project>;
  list(principal: Principal, page: PageRequest): Promise<Page<Project>>;
  /**
   * Deletes the caller's project with everything that belongs to it, or 404 NOT_FOUND. Its GEO
   * tests and monitor runs not yet ended stop first, giving back the calls they did not make.
   */
  remove(principal: Principal, projectId: string): Promise<void>;
  /** Renames the caller's project or moves it to another primary domain, or 404 NOT_FOUND. */
  update(principal: Principal, projectId: string, changes: { name?: string; primaryDomain?: string }): Promise<Project>;
  stats(project: Project): Promise<ProjectStats>;
}

/** An absolute http(s) URL with a host name; anything else is refused before it is stored. */
export function parsePrimaryDomain(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw validationError([{ in: 'body', field: 'primaryDomain', message: 'must be an absolute http or https URL' }]);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username || url.password) {
    throw validationError([{ in: 'body', field: 'primaryDomain', message: 'must be an absolute http or https URL without credentials' }]);
  }
  // An audit's scope is the primary domain's registrable domain and its subdomains: under a
  // public suffix that would be every site registered there.
  if (isPublicSuffix(url.hostname)) {
    throw validationError([
      { in: 'body', field: 'primaryDomain', message: `must be a site's own domain, not a public suffix such as ${url.hostname.replace(/\.$/, '')}` },
    ]);
  }
  return value.trim();
}

function projectName(value: string): string {
  const name = value.trim();
  if (name === '') throw validationError([{ in: 'body', field: 'name', message: 'must not be blank' }]);
  return name;
}

export function createProjectService(deps: {
  projects: ProjectsRepository;
  clock: Clock;
  statsOf: (project: Project) => Promise<ProjectStats>;
  transaction: RunInTransaction;
  stopGeoWork: StopGeoWork;
}): ProjectService {
  const { projects, clock } = deps;
  return {
    async create(principal, input) {
      const plan = planOf(principal.plan);
      const name = projectName(input.name);
      const created = await projects.createWithinLimit({
        accountId: principal.accountId,
        name,
        primaryDomain: parsePrimaryDomain(input.primaryDomain),
        now: clock.now(),
        maxProjects: plan.maxProjects,
      });
      if (created === 'limit_exceeded') {
        throw planLimitExceeded(
          `The ${principal.plan} plan allows ${plan.maxProjects} projects and this account has ${plan.maxProjects}. ` +
            'Delete a project you no longer need (DELETE /projects/{projectId}) or move to a plan with more projects.',
        );
      }
      return created;
    },
    async get(principal, projectId) {
      const project = await projects.findForAccount(principal.accountId, projectId);
      if (!project) throw notFound('Project', projectId);
      return project;
    },
    list: (principal, page) => projects.listForAccount(principal.accountId, page),
    async remove(principal, projectId) {
      const now = clock.now();
      const deleted = await deps.transaction(async (trx) => {
        if (!(await projects.lockForDeletion(trx, principal.accountId, projectId))) return false;
        await deps.stopGeoWork(trx, { projectId }, now);
        await projects.delete(trx, projectId, now);
        return true;
      });
      if (!deleted) throw notFound('Project', projectId);
    },
    async update(principal, projectId, changes) {
      const updated = await projects.update(principal.accountId, projectId, {
        ...(changes.name !== undefined && { name: projectName(changes.name) }),
        ...(changes.primaryDomain !== undefined && { primaryDomain: parsePrimaryDomain(changes.primaryDomain) }),
      });
      if (!updated) throw notFound('Project', projectId);
      return updated;
    },
    stats: (project) => deps.statsOf(project),
  };
}
