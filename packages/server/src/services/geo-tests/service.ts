// GEO monitor tests as the API sees them: start (a test and its job, created together), read,
// list. The answer engines are asked in a worker (job.ts). With no engine configured the
// API says so; it never makes an answer up.
import { DEFAULT_SAMPLES, type AnswerEngineConfig } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import { answerEngineNotConfigured, notFound, planLimitExceeded } from '../../domain/errors.js';
import { uuidv7 } from '../../support/ids.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { GeoTest, GeoTestsRepository } from '../../storage/repositories/geo-tests.js';
import type { JobsRepository } from '../../storage/repositories/jobs.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import type { Principal } from '../../domain/principal.js';
import type { BrandProfileService } from '../projects/brand-profile.js';
import { planOf, type Plan } from '../accounts/plans.js';
import type { UsageService } from '../accounts/usage.js';
import type { ProjectService } from '../projects/service.js';

export const GEO_TEST_JOB_KIND = 'geo-test';

export interface GeoTestService {
  start(principal: Principal, projectId: string, input: { prompt: string; locale: string }): Promise<GeoTest>;
  get(principal: Principal, projectId: string, testId: string): Promise<GeoTest>;
  list(principal: Principal, projectId: string, page: PageRequest): Promise<Page<GeoTest>>;
}

export function createGeoTestService(deps: {
  projects: ProjectService;
  geoTests: GeoTestsRepository;
  jobs: JobsRepository;
  engines: readonly AnswerEngineConfig[];
  brandProfiles: BrandProfileService;
  usage: UsageService;
  transaction: RunInTransaction;
  clock: Clock;
  notifyWork: () => void;
}): GeoTestService {
  const { projects, geoTests } = deps;
  return {
    async start(principal, projectId, input) {
      const project = await projects.get(principal, projectId);
      if (deps.engines.length === 0) throw answerEngineNotConfigured();
      const now = deps.clock.now();
      const id = uuidv7(now);
      const plan = planOf(principal.plan);
      const brands = await deps.brandProfiles.trackedBrands(project);
      const engines = deps.engines.map((e) => e.name);
      const calls = deps.engines.reduce((sum, e) => sum + (e.samples ?? DEFAULT_SAMPLES), 0);
      const test = await deps.transaction(async (trx) => {
        // Charged with the test, in its unit of work: a refused or failed POST charges nothing.
        if (!(await deps.usage.chargeCalls(principal, calls, trx))) throw callsExhausted(plan, calls, await deps.usage.callsLeft(principal));
        const job = await deps.jobs.enqueue(
          { kind: GEO_TEST_JOB_KIND, accountId: principal.accountId, payload: { geoTestId: id }, concurrencyLimit: plan.maxRunningAudits, now },
          trx,
        );
        return geoTests.create(
          { id, projectId: project.id, accountId: principal.accountId, prompt: input.prompt, locale: input.locale, engines, brands, jobId: job.id, now },
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

/** 403 with what the month allows: the calls asked for and those left. */
export function callsExhausted(plan: Readonly<Plan>, asked: number, left: number) {
  return planLimitExceeded(
    `The ${plan.name} plan allows ${plan.answerEngineCallsPerMonth} answer-engine calls a month; this needs ${asked} and ${left} are left this month.`,
  );
}
