// GEO monitor tests as the API sees them: start (a test and its job, created together), read,
// list. The answer engines are asked in a worker (geo-test-job.ts). With no engine configured the
// API says so; it never makes an answer up.
import type { AnswerEngineConfig } from '@seo-geo/engine';
import type { Clock } from '../clock.js';
import { answerEngineNotConfigured, notFound } from '../http/api-error.js';
import { uuidv7 } from '../storage/ids.js';
import type { Page, PageRequest } from '../storage/pagination.js';
import type { GeoTest, GeoTestsRepository } from '../storage/repositories/geo-tests.js';
import type { JobsRepository } from '../storage/repositories/jobs.js';
import type { RunInTransaction } from '../storage/transaction.js';
import type { Principal } from './api-keys.js';
import { planOf } from './plans.js';
import type { ProjectService } from './projects.js';

export const GEO_TEST_JOB_KIND = 'geo-test';

export interface GeoMonitorService {
  start(principal: Principal, projectId: string, input: { prompt: string; locale: string }): Promise<GeoTest>;
  get(principal: Principal, projectId: string, testId: string): Promise<GeoTest>;
  list(principal: Principal, projectId: string, page: PageRequest): Promise<Page<GeoTest>>;
}

export function createGeoMonitorService(deps: {
  projects: ProjectService;
  geoTests: GeoTestsRepository;
  jobs: JobsRepository;
  engines: readonly AnswerEngineConfig[];
  transaction: RunInTransaction;
  clock: Clock;
  notifyWork: () => void;
}): GeoMonitorService {
  const { projects, geoTests } = deps;
  return {
    async start(principal, projectId, input) {
      const project = await projects.get(principal, projectId);
      if (deps.engines.length === 0) throw answerEngineNotConfigured();
      const now = deps.clock.now();
      const id = uuidv7(now);
      const plan = planOf(principal.plan);
      const test = await deps.transaction(async (trx) => {
        const job = await deps.jobs.enqueue(
          { kind: GEO_TEST_JOB_KIND, accountId: principal.accountId, payload: { geoTestId: id }, concurrencyLimit: plan.maxRunningAudits, now },
          trx,
        );
        return geoTests.create(
          { id, projectId: project.id, accountId: principal.accountId, prompt: input.prompt, locale: input.locale, engines: deps.engines.map((e) => e.name), jobId: job.id, now },
          trx,
        );
      });
      deps.notifyWork();
      return test;
    },
    async get(principal, projectId, testId) {
      const project = await projects.get(principal, projectId);
      const test = await geoTests.findForProject(project.id, testId);
      if (!test) throw notFound('GEO monitor test', testId);
      return test;
    },
    async list(principal, projectId, page) {
      const project = await projects.get(principal, projectId);
      return geoTests.listForProject(project.id, page);
    },
  };
}
