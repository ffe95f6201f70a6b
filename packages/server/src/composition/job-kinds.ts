// The job kinds this server runs. Each registers what running it means (`run`) and what giving it
// up means for its resource (`onExhausted`), and lists the resources left behind by a job that
// ended without them (`orphans`). Both the in-process worker (embedded mode) and `npm run worker`
// (scale mode) take their kinds from here, through the composition root, so the two modes run the
// same code.
import type { CrawlLimits, PageAnalyser, PageRenderer, Resolver } from '@seo-geo/engine';
import type { Logger } from 'pino';
import type { Clock } from '../support/clock.js';
import type { Config } from '../config/environment.js';
import { AUDIT_JOB_KIND } from '../services/audits/service.js';
import type { AuditJobDeps } from '../services/audits/job-deps.js';
import { createAuditJob } from '../services/audits/job.js';
import { createAuditCrawlJob } from '../services/audits/crawl-job.js';
import { AUDIT_CRAWL_JOB_KIND } from '../services/audits/shared-crawl.js';
import { GEO_TEST_JOB_KIND } from '../services/geo-tests/service.js';
import { ANSWER_ENGINE_POLICY, createGeoTestJob, failTest, type AnswerEngineJobDeps } from '../services/geo-tests/job.js';
import { createGeoMonitorRunJob, failRun, GEO_MONITOR_RUN_JOB_KIND } from '../services/geo-monitors/run-job.js';
import type { Repositories } from '../storage/repositories/index.js';
import type { Job } from '../storage/repositories/jobs.js';
import type { RunInTransaction } from '../storage/transaction.js';
import { emitAuditEvent } from '../services/audits/events.js';
import { createWebhookOutbox } from '../webhooks/outbox.js';
import type { JobHandler } from '../jobs/job-run.js';
import type { WorkerOptions } from '../jobs/worker.js';

export interface JobKindDefinition {
  run: JobHandler;
  /** The job was given up (worker_lost): its resource must not stay `running`. */
  onExhausted(payload: unknown): Promise<void>;
  /** Payloads of resources still pending or running although their job has ended. */
  orphans(limit: number): Promise<unknown[]>;
}

export interface JobKindDeps {
  config: Config;
  repositories: Repositories;
  transaction: RunInTransaction;
  clock: Clock;
  logger: Logger;
  /** Tests shorten the crawl's limits and resolve their fixture hosts. */
  crawl?: { limits?: Partial<CrawlLimits>; resolver?: Resolver };
  /** Where answer engines read their API keys (default process.env). */
  env?: Record<string, string | undefined>;
  /** The process's browser for audits that render JavaScript; its owner closes it. */
  renderer?: PageRenderer;
  /** The process's analysis threads; its owner closes them. */
  analyser?: PageAnalyser;
}

/** The job kinds of the product. */
export type JobKind = typeof AUDIT_JOB_KIND | typeof AUDIT_CRAWL_JOB_KIND | typeof GEO_TEST_JOB_KIND | typeof GEO_MONITOR_RUN_JOB_KIND;

/** Orphans finished per kind and reconcile, so a backlog is worked off over a few rounds. */
const ORPHANS_PER_ROUND = 100;

/** The map is keyed by JobKind, so a new kind without its run or exhaustion handling does not compile. */
export function jobKinds(deps: JobKindDeps): Record<JobKind, JobKindDefinition> {
  const { repositories, transaction, clock } = deps;
  const webhooks = createWebhookOutbox({ webhooks: repositories.webhooks, clock });
  const answerEngines: AnswerEngineJobDeps = {
    engines: deps.config.geoEngines,
    clock,
    logger: deps.logger,
    policy: ANSWER_ENGINE_POLICY,
    transaction,
    webhooks,
    ...(deps.env ? { env: deps.env } : {}),
  };
  const auditJobDeps: AuditJobDeps = {
    auditRuns: repositories.auditRuns,
    auditPages: repositories.auditPages,
    auditIssues: repositories.auditIssues,
    auditLinks: repositories.auditLinks,
    auditFrontier: repositories.auditFrontier,
    reports: repositories.reports,
    projects: repositories.projects,
    jobs: repositories.jobs,
    transaction,
    webhooks,
    clock,
    logger: deps.logger,
    policy: { allowCidrs: deps.config.allowedFetchCidrs },
    crawlWorkers: deps.config.auditCrawlWorkers,
    siteChecksMemoryBytes: deps.config.siteChecksMemoryBytes,
    leaseMs: deps.config.worker.leaseMs,
    limits: { timeBudgetMsPerPage: deps.config.auditTimeBudgetMsPerPage, ...deps.crawl?.limits },
    ...(deps.crawl?.resolver ? { resolver: deps.crawl.resolver } : {}),
    ...(deps.renderer ? { renderer: deps.renderer } : {}),
    ...(deps.analyser ? { analyser: deps.analyser } : {}),
  };
  return {
    [AUDIT_JOB_KIND]: {
      run: createAuditJob(auditJobDeps),
      // The audit run fails with `worker_lost`, and `audit.failed` is emitted with it.
      async onExhausted(payload) {
        const { auditRunId } = payload as { auditRunId: string };
        await transaction(async (trx) => {
          const failed = await repositories.auditRuns.fail(
            auditRunId,
            {
              code: 'worker_lost',
              message: 'The audit was interrupted too many times (its worker stopped responding) and was given up.',
              now: clock.now(),
            },
            trx,
          );
          if (failed) await emitAuditEvent(webhooks, repositories.auditRuns, auditRunId, trx);
        });
      },
      orphans: async (limit) => (await repositories.auditRuns.listOrphaned(limit)).map((auditRunId) => ({ auditRunId })),
    },
    // A helper gives up without touching the run: the lead finishes it, or fails it when it is lost.
    [AUDIT_CRAWL_JOB_KIND]: {
      run: createAuditCrawlJob(auditJobDeps),
      onExhausted: () => Promise.resolve(),
      orphans: () => Promise.resolve([]),
    },
    [GEO_TEST_JOB_KIND]: {
      run: createGeoTestJob({ ...answerEngines, geoTests: repositories.geoTests, projects: repositories.projects, usage: repositories.usage }),
      // The GEO monitor test fails, as one does when no engine answered, and the calls it never
      // made go back to the month (no event: only completions have one).
      async onExhausted(payload) {
        const { geoTestId } = payload as { geoTestId: string };
        await failTest({ geoTests: repositories.geoTests, usage: repositories.usage, transaction }, geoTestId, {
          error: 'The test was interrupted too many times (its worker stopped responding) and was given up.',
          results: [],
          now: clock.now(),
        });
      },
      orphans: async (limit) => (await repositories.geoTests.listOrphaned(limit)).map((geoTestId) => ({ geoTestId })),
    },
    [GEO_MONITOR_RUN_JOB_KIND]: {
      run: createGeoMonitorRunJob({
        ...answerEngines,
        runs: repositories.geoMonitorRuns,
        accounts: repositories.accounts,
        usage: repositories.usage,
        monitors: repositories.geoMonitors,
        citedPages: repositories.citedPages,
        alerts: repositories.geoMonitorAlerts,
      }),
      // The run fails (worker_lost), and the calls it never made go back to the month; no event:
      // only completions have one.
      async onExhausted(payload) {
        const { runId } = payload as { runId: string };
        await failRun(
          { runs: repositories.geoMonitorRuns, usage: repositories.usage, transaction },
          runId,
          'The run was interrupted too many times (its worker stopped responding) and was given up (worker_lost).',
          clock.now(),
        );
      },
      orphans: async (limit) => (await repositories.geoMonitorRuns.listOrphaned(limit)).map((runId) => ({ runId })),
    },
  };
}

/**
 * What the worker runtime needs from a set of kinds: a handler per kind, what a given-up job means,
 * and a periodic pass that finishes resources whose job ended without them (a worker that died
 * after the job was given up but before its resource was failed leaves one).
 */
export function workerKinds(kinds: Record<string, JobKindDefinition>): Required<Pick<WorkerOptions, 'handlers' | 'onExhausted' | 'reconcile'>> {
  const handlers: Record<string, JobHandler> = {};
  for (const [name, kind] of Object.entries(kinds)) handlers[name] = kind.run;
  return {
    handlers,
    async onExhausted(job: Job) {
      const kind = kinds[job.kind];
      if (!kind) throw new Error(`job kind ${job.kind} has no exhaustion handling`);
      await kind.onExhausted(job.payload);
    },
    async reconcile() {
      let finished = 0;
      for (const kind of Object.values(kinds)) {
        for (const payload of await kind.orphans(ORPHANS_PER_ROUND)) {
          await kind.onExhausted(payload);
          finished++;
        }
      }
      return finished;
    },
  };
}
