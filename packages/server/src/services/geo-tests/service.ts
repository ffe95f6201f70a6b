// GEO monitor tests as the API sees them: start (a test and its job, created together, its calls
// charged with them), read, list, cancel. The answer engines are asked in a worker (job.ts). With
// no engine configured the API says so; it never makes an answer up.
import { DEFAULT_SAMPLES, type AnswerEngineConfig } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import { answerEngineNotConfigured, invalidState, notFound, planLimitExceeded } from '../../domain/errors.js';
import { uuidv7 } from '../../support/ids.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { GeoTest, GeoTestsRepository } from '../../storage/repositories/geo-tests.js';
import type { JobsRepository } from '../../storage/repositories/jobs.js';
import { usageMonth } from '../../storage/repositories/usage.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import type { Principal } from '../../domain/principal.js';
import type { BrandProfileService } from '../projects/brand-profile.js';
import { planOf, type Plan } from '../accounts/plans.js';
import type { UsageService } from '../accounts/usage.js';
import type { ProjectService } from '../projects/service.js';
import { notFoundIfParentDeleted } from '../parent-deleted.js';
import type { StopGeoWork } from '../geo-answers/stop-work.js';

export const GEO_TEST_JOB_KIND = 'geo-test';

export interface GeoTestService {
  start(principal: Principal, projectId: string, input: { prompt: string; locale: string }): Promise<GeoTest>;
  get(principal: Principal, projectId: string, testId: string): Promise<GeoTest>;
  list(principal: Principal, projectId: string, page: PageRequest): Promise<Page<GeoTest>>;
  /** Cancels a pending or running test, giving back the calls it did not make; 409 once it is final. */
  cancel(principal: Principal, projectId: string, testId: string): Promise<GeoTest>;
}

export function createGeoTestService(deps: {
  projects: ProjectService;
  geoTests: GeoTestsRepository;
  jobs: JobsRepository;
  engines: readonly AnswerEngineConfig[];
  brandProfiles: BrandProfileService;
  usage: UsageService;
  transaction: RunInTransaction;
  stopWork: StopGeoWork;
  clock: Clock;
  notifyWork: () => void;
}): GeoTestService {
  const { projects, geoTests } = deps;
  const find = async (principal: Principal, projectId: string, testId: string) => {
    const project = await projects.get(principal, projectId);
    const test = await geoTests.findForProject(project.id, testId);
    if (!test) throw notFound('GEO monitor test', testId);
    return test;
  };
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
      const month = usageMonth(now);
      const test = await notFoundIfParentDeleted({ what: 'Project', id: projectId }, () =>
        deps.transaction(async (trx) => {
          const job = await deps.jobs.enqueue(
            { kind: GEO_TEST_JOB_KIND, accountId: principal.accountId, payload: { geoTestId: id }, concurrencyLimit: plan.maxRunningAudits, now },
            trx,
          );
          // The test's row before the month's, as a deletion of its project takes them: the
          // project's row is locked there first, and this insert waits for it.
          const created = await geoTests.create(
            {
              id,
              projectId: project.id,
              accountId: principal.accountId,
              prompt: input.prompt,
              locale: input.locale,
              engines,
              brands,
              jobId: job.id,
              callsPlanned: calls,
              chargedMonth: month,
              now,
            },
            trx,
          );
          // Charged with the test, in its unit of work: a refused or failed POST charges nothing.
          if (!(await deps.usage.chargeCalls(principal, calls, month, trx))) throw callsExhausted(plan, calls, await deps.usage.callsLeft(principal));
          return created;
        }),
      );
      deps.notifyWork();
      return test;
    },
    get: find,
    async list(principal, projectId, page) {
      const project = await projects.get(principal, projectId);
      return geoTests.listForProject(project.id, page);
    },
    async cancel(principal, projectId, testId) {
      const test = await find(principal, projectId, testId);
      // A queued job is dropped with it; a running one sees it within seconds and stops its calls.
      const stopped = await deps.transaction((trx) => deps.stopWork(trx, { testId: test.id }, deps.clock.now()));
      const current = await geoTests.find(test.id);
      if (!current) throw notFound('GEO monitor test', testId); // deleted with its project meanwhile
      if (stopped === 0) throw invalidState(`The GEO monitor test is already ${current.status}; only pending or running tests can be cancelled.`);
      return current;
    },
  };
}

/** 403 with what the month allows: the calls asked for and those left. */
export function callsExhausted(plan: Readonly<Plan>, asked: number, left: number) {
  return planLimitExceeded(
    `The ${plan.name} plan allows ${plan.answerEngineCallsPerMonth} answer-engine calls a month; this needs ${asked} and ${left} are left this month.`,
  );
}
