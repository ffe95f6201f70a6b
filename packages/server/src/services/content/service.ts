// Content briefs and drafts. A brief is built by the engine from the request and what the
// project's latest completed audit knows; its first draft is the engine's Markdown skeleton.
import { buildBrief, renderDraft, type Brief as BuiltBrief, type Goal } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import { notFound } from '../../domain/errors.js';
import { fitToContract } from '../../domain/fit-to-contract.js';
import { uuidv7 } from '../../support/ids.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { AuditPagesRepository } from '../../storage/repositories/audit-pages.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { ContentRepository, Draft, StoredBrief } from '../../storage/repositories/content.js';
import type { Principal } from '../../domain/principal.js';
import type { ProjectService } from '../projects/service.js';
import { notFoundIfParentDeleted } from '../parent-deleted.js';

/** Pages of the latest audit offered to the brief builder (internal links, common failures). */
const SITE_PAGES_FOR_BRIEFS = 500;

export interface ContentService {
  createBrief(principal: Principal, projectId: string, input: { topic: string; audience: string; goal: Goal }): Promise<StoredBrief>;
  getBrief(principal: Principal, projectId: string, briefId: string): Promise<StoredBrief>;
  getDraft(principal: Principal, projectId: string, draftId: string): Promise<Draft>;
  listDrafts(principal: Principal, projectId: string, page: PageRequest): Promise<Page<Draft>>;
}

export const countWords = (markdown: string) => markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export function createContentService(deps: {
  projects: ProjectService;
  auditRuns: AuditRunsRepository;
  auditPages: AuditPagesRepository;
  content: ContentRepository;
  clock: Clock;
}): ContentService {
  const { projects, content } = deps;
  return {
    async createBrief(principal, projectId, input) {
      const project = await projects.get(principal, projectId);
      const latest = await deps.auditRuns.latestCompleted(project.id);
      const pages = latest ? await deps.auditPages.sample(latest.id, SITE_PAGES_FOR_BRIEFS) : [];
      // Built from what the site's pages say (their titles, for the internal links): held to the contract's bounds.
      const built: BuiltBrief = fitToContract(
        'Brief',
        buildBrief({
          topic: input.topic,
          audience: input.audience,
          goal: input.goal,
          site: {
            primaryDomain: project.primaryDomain,
            pages: pages.map((p) => ({
              url: p.finalUrl,
              title: p.title,
              geoScore: p.geoScore,
              failingChecks: p.checks.filter((c) => c.status === 'fail').map((c) => c.id),
            })),
          },
        }),
      ).value;
      const { content: markdown } = fitToContract('Draft', { content: renderDraft(built) }).value;
      const now = deps.clock.now();
      const { brief } = await notFoundIfParentDeleted({ what: 'Project', id: projectId }, () =>
        content.createBriefWithDraft({
          briefId: uuidv7(now),
          draftId: uuidv7(now),
          projectId: project.id,
          topic: input.topic,
          audience: input.audience,
          goal: input.goal,
          content: built,
          draft: { title: built.workingTitle, content: markdown, wordCount: countWords(markdown) },
          now,
        }),
      );
      return brief;
    },
    async getBrief(principal, projectId, briefId) {
      const project = await projects.get(principal, projectId);
      const brief = await content.findBrief(project.id, briefId);
      if (!brief) throw notFound('Brief', briefId);
      return brief;
    },
    async getDraft(principal, projectId, draftId) {
      const project = await projects.get(principal, projectId);
      const draft = await content.findDraft(project.id, draftId);
      if (!draft) throw notFound('Draft', draftId);
      return draft;
    },
    async listDrafts(principal, projectId, page) {
      const project = await projects.get(principal, projectId);
      return content.listDrafts(project.id, page);
    },
  };
}
