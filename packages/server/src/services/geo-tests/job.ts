// The worker side of a GEO monitor test: put the prompt to every configured answer engine (in
// parallel; each engine's samples one after another), read each answer for the brands tracked
// when the test started (the project's and its competitors'), store the results and their summary. An engine that keeps failing keeps its provider
// error in its result; a test where no engine answered at all fails with those errors.
//
// Each call is counted as it is made, while the test runs; the calls the test was charged for and
// did not make go back to the month when it ends. A test cancelled, or deleted with its project,
// while it runs stops within seconds (its calls in flight aborted) and ends its job as cancelled.
import { askEngine, engineSurface, summariseResults, SURFACES, type AnswerEngineConfig, type Resolver, type SsrfPolicy } from '@seo-geo/engine';
import type { GeoEngineResult } from '@seo-geo/types';
import { contractBounds } from '@seo-geo/types/bounds';
import { cutText, fitToContract } from '../../domain/fit-to-contract.js';
import type { Logger } from 'pino';
import type { Clock } from '../../support/clock.js';
import type { GeoTestsRepository } from '../../storage/repositories/geo-tests.js';
import type { Job } from '../../storage/repositories/jobs.js';
import type { ProjectsRepository } from '../../storage/repositories/projects.js';
import type { UsageRepository } from '../../storage/repositories/usage.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import type { WebhookOutbox } from '../../webhooks/outbox.js';
import type { JobOutcome } from '../../jobs/job-run.js';
import { figuresOf, geoSample } from '../geo-answers/samples.js';
import { geoTestView } from '../../views/geo-tests.js';
import { refundUnmade } from '../geo-answers/unmade-calls.js';
import { watchWork } from '../geo-answers/watch.js';

/** What the jobs that ask answer engines (GEO tests, monitor runs) share. */
export interface AnswerEngineJobDeps {
  engines: readonly AnswerEngineConfig[];
  clock: Clock;
  logger: Logger;
  /** Answer engines are the operator's own configuration: local model servers are allowed. */
  policy: SsrfPolicy;
  resolver?: Resolver;
  env?: Record<string, string | undefined>;
  transaction: RunInTransaction;
  /** The completion event goes into the outbox in the transaction that completes the work. */
  webhooks: WebhookOutbox;
}

export interface GeoTestJobDeps extends AnswerEngineJobDeps {
  geoTests: GeoTestsRepository;
  projects: ProjectsRepository;
  /** Gives back the calls a test did not make, to the month recorded with it. */
  usage: Pick<UsageRepository, 'refundCalls'>;
}

export function createGeoTestJob(deps: GeoTestJobDeps) {
  return async function runGeoTestJob(job: Job, context: { signal: AbortSignal }): Promise<JobOutcome> {
    const { geoTestId } = job.payload as { geoTestId: string };
    const test = await deps.geoTests.find(geoTestId);
    if (!test) return 'cancelled'; // deleted with its project before it started
    const project = await deps.projects.findForAccount(test.accountId, test.projectId);
    if (!project || !(await deps.geoTests.markRunning(test.id, deps.clock.now()))) return 'cancelled';
    // Tests stored before brand profiles existed tracked the project's brand alone.
    const brands =
      test.brands.length > 0 ? test.brands : [{ competitorId: null, name: project.name, aliases: [], domains: [new URL(project.primaryDomain).hostname] }];
    const engines = deps.engines.filter((engine) => test.engines.includes(engine.name));

    const watch = watchWork(context.signal, async () => (await deps.geoTests.status(test.id)) === 'running');
    let results: GeoEngineResult[];
    try {
      results = await Promise.all(
        engines.map(async (engine) => {
          const answers = await askEngine(engine, {
            prompt: test.prompt,
            locale: test.locale,
            signal: watch.signal,
            policy: deps.policy,
            // Counted while the test runs; refused once it has ended, which stops the test at once.
            onCall: async () => {
              if (await deps.geoTests.recordCall(test.id)) return;
              watch.stop();
              watch.signal.throwIfAborted();
            },
            ...(deps.resolver ? { resolver: deps.resolver } : {}),
            ...(deps.env ? { env: deps.env } : {}),
          });
          // What the engine said (its answers, or its error) is held to the contract's bounds.
          return fitToContract<GeoEngineResult>('GeoEngineResult', {
            engine: answers.engine,
            model: answers.model,
            samples: answers.samples.map((answer, index) => geoSample(index, answer.text, brands, answer.sources, test.prompt)),
            error: answers.error,
            surface: engineSurface(engine),
          }).value;
        }),
      );
    } catch (error) {
      if (context.signal.aborted) return 'failed'; // the lease was lost or the worker stops: not this test's failure
      if (watch.stopped) return 'cancelled'; // cancelled, or deleted with its project, while it ran
      deps.logger.error({ err: error, geoTestId: test.id }, 'GEO monitor test failed');
      await failTest(deps, test.id, { error: 'The test stopped because of an internal error.', results: [], now: deps.clock.now() });
      return 'failed';
    } finally {
      await watch.release();
    }

    const now = deps.clock.now();
    if (results.every((result) => result.samples.length === 0)) {
      const reasons = results.map((result) => `${result.engine}: ${result.error ?? 'no answer'}`).join('; ');
      const error = cutText(`No answer engine answered. ${reasons}`, contractBounds.GeoTest.properties.error.maxLength);
      return (await failTest(deps, test.id, { error, results, now })) ? 'failed' : 'cancelled';
    }
    const completed = await deps.transaction(async (trx) => {
      const samples = results.flatMap((result) => result.samples);
      const { brands: brandFigures, citations } = figuresOf(brands, samples);
      // The surfaces of the engines that answered: more than one, and the totals sum them (each result says its own).
      const answeredOn = new Set(results.flatMap((result) => (result.samples.length > 0 && result.surface ? [result.surface] : [])));
      const surfaces = SURFACES.filter((surface) => answeredOn.has(surface));
      const summary = { ...summariseResults(results), brands: brandFigures, citations, surfaces };
      if (!(await deps.geoTests.complete(test.id, { results, summary, now }, trx))) return false;
      const stored = (await deps.geoTests.find(test.id, trx))!;
      await refundUnmade(deps.usage, [stored], trx);
      await deps.webhooks.emit({ type: 'geo_monitor_test.completed', accountId: test.accountId, data: geoTestView(stored) }, trx);
      return true;
    });
    return completed ? 'succeeded' : 'cancelled';
  };
}

/**
 * Fails a test still pending or running, and gives back the calls it did not make, in one
 * transaction; false when it had already ended (or is gone). The job and the given-up job's
 * lifecycle (worker_lost, orphans) both fail tests here.
 */
export async function failTest(
  deps: { geoTests: GeoTestsRepository; usage: Pick<UsageRepository, 'refundCalls'>; transaction: RunInTransaction },
  testId: string,
  failure: { error: string; results: GeoEngineResult[]; now: number },
): Promise<boolean> {
  return deps.transaction(async (trx) => {
    if (!(await deps.geoTests.fail(testId, failure, trx))) return false;
    await refundUnmade(deps.usage, [(await deps.geoTests.find(testId, trx))!], trx);
    return true;
  });
}

/** Where answer engines may be reached: anywhere but link-local (cloud metadata) addresses. */
export const ANSWER_ENGINE_POLICY: SsrfPolicy = {
  allowLoopback: true,
  allowCidrs: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'],
};
