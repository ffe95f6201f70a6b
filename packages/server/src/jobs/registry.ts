// The job kinds this server runs, one handler each. Both the in-process worker (embedded mode) and
// `npm run worker` (scale mode) take their handlers from here, so the two modes run the same code.
import type { CrawlLimits, PageRenderer, Resolver } from '@seo-geo/engine';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { AUDIT_JOB_KIND } from '../services/audits.js';
import { createAuditJob } from '../services/audit-job.js';
import { GEO_TEST_JOB_KIND } from '../services/geo-monitor.js';
import { ANSWER_ENGINE_POLICY, createGeoTestJob, type AnswerEngineJobDeps } from '../services/geo-test-job.js';
import { createGeoMonitorRunJob, failRun, GEO_MONITOR_RUN_JOB_KIND } from '../services/geo-monitor-run-job.js';
import type { DatabaseHandle } from '../storage/database.js';
import { createRepositories } from '../storage/repositories/index.js';
import type { Job, JobsRepository } from '../storage/repositories/jobs.js';
import { transactionRunner } from '../storage/transaction.js';
import { emitAuditEvent } from '../webhooks/audit-events.js';
import { createWebhookOutbox } from '../webhooks/outbox.js';
import type { JobHandler } from './job-run.js';

export interface JobHandlerDeps {
  config: Config;
  database: DatabaseHandle;
  jobs: JobsRepository;
  clock: Clock;
  logger: Logger;
  /** Tests shorten the crawl's limits and resolve their fixture hosts. */
  crawl?: { limits?: Partial<CrawlLimits>; resolver?: Resolver };
  /** Where answer engines read their API keys (default process.env). */
  env?: Record<string, string | undefined>;
  /** The process's browser for audits that render JavaScript (jobs/renderer.ts); its owner closes it. */
  renderer?: PageRenderer;
}

export function jobHandlers(deps: JobHandlerDeps): Record<JobKind, JobHandler> {
  const repositories = createRepositories(deps.database.db, deps.database.dialect);
  const answerEngines: AnswerEngineJobDeps = {
    engines: deps.config.geoEngines,
    clock: deps.clock,
    logger: deps.logger,
    policy: ANSWER_ENGINE_POLICY,
    transaction: transactionRunner(deps.database.db),
    webhooks: createWebhookOutbox({ webhooks: repositories.webhooks, clock: deps.clock }),
    ...(deps.env ? { env: deps.env } : {}),
  };
  return {
    [AUDIT_JOB_KIND]: createAuditJob({
      auditRuns: repositories.auditRuns,
      auditPages: repositories.auditPages,
      auditIssues: repositories.auditIssues,
      reports: repositories.reports,
      projects: repositories.projects,
      transaction: transactionRunner(deps.database.db),
      webhooks: createWebhookOutbox({ webhooks: repositories.webhooks, clock: deps.clock }),
      clock: deps.clock,
      logger: deps.logger,
      policy: { allowCidrs: deps.config.allowedFetchCidrs },
      ...(deps.crawl?.limits ? { limits: deps.crawl.limits } : {}),
      ...(deps.crawl?.resolver ? { resolver: deps.crawl.resolver } : {}),
      ...(deps.renderer ? { renderer: deps.renderer } : {}),
    }),
    [GEO_TEST_JOB_KIND]: createGeoTestJob({ ...answerEngines, geoTests: repositories.geoTests, projects: repositories.projects }),
    [GEO_MONITOR_RUN_JOB_KIND]: createGeoMonitorRunJob({ ...answerEngines, runs: repositories.geoMonitorRuns, accounts: repositories.accounts, usage: repositories.usage }),
  };
}

/** The job kinds; each has a handler (jobHandlers) and says what its exhaustion means (onJobExhausted). */
export type JobKind = typeof AUDIT_JOB_KIND | typeof GEO_TEST_JOB_KIND | typeof GEO_MONITOR_RUN_JOB_KIND;

/** What giving up a job's work means for its resource, and which resources were left behind. */
interface KindLifecycle {
  /** The job was given up (worker_lost): its resource must not stay `running`. */
  exhausted(payload: unknown): Promise<void>;
  /** Payloads of resources still pending or running although their job has ended. */
  orphans(limit: number): Promise<unknown[]>;
}

/** Orphans finished per kind and reconcile, so a backlog is worked off over a few rounds. */
const ORPHANS_PER_ROUND = 100;

/**
 * Each job kind says what a given-up job means for its resource. The map is keyed by JobKind, so
 * a new kind without its handling does not compile.
 */
function lifecycles(deps: Pick<JobHandlerDeps, 'database' | 'clock'>): Record<JobKind, KindLifecycle> {
  const repositories = createRepositories(deps.database.db, deps.database.dialect);
  const outbox = createWebhookOutbox({ webhooks: repositories.webhooks, clock: deps.clock });
  return {
    [AUDIT_JOB_KIND]: {
      // The audit run fails with `worker_lost`, and `audit.failed` is emitted with it.
      async exhausted(payload) {
        const { auditRunId } = payload as { auditRunId: string };
        await transactionRunner(deps.database.db)(async (trx) => {
          const failed = await repositories.auditRuns.fail(
            auditRunId,
            {
              code: 'worker_lost',
              message: 'The audit was interrupted too many times (its worker stopped responding) and was given up.',
              now: deps.clock.now(),
            },
            trx,
          );
          if (failed) await emitAuditEvent(outbox, (await repositories.auditRuns.find(auditRunId, trx))!, trx);
        });
      },
      orphans: async (limit) => (await repositories.auditRuns.listOrphaned(limit)).map((auditRunId) => ({ auditRunId })),
    },
    [GEO_TEST_JOB_KIND]: {
      // The GEO monitor test fails, as one does when no engine answered (no event: only completions have one).
      async exhausted(payload) {
        const { geoTestId } = payload as { geoTestId: string };
        await repositories.geoTests.fail(geoTestId, {
          error: 'The test was interrupted too many times (its worker stopped responding) and was given up.',
          results: [],
          now: deps.clock.now(),
        });
      },
      orphans: async (limit) => (await repositories.geoTests.listOrphaned(limit)).map((geoTestId) => ({ geoTestId })),
    },
    [GEO_MONITOR_RUN_JOB_KIND]: {
      // The run fails (worker_lost), and the calls it never made go back to the month; no event:
      // only completions have one.
      async exhausted(payload) {
        const { runId } = payload as { runId: string };
        await failRun(
          { runs: repositories.geoMonitorRuns, usage: repositories.usage, transaction: transactionRunner(deps.database.db) },
          runId,
          'The run was interrupted too many times (its worker stopped responding) and was given up (worker_lost).',
          deps.clock.now(),
        );
      },
      orphans: async (limit) => (await repositories.geoMonitorRuns.listOrphaned(limit)).map((runId) => ({ runId })),
    },
  };
}

/** A job whose workers kept dying is given up (worker_lost); what it worked on must not stay `running`. */
export function onJobExhausted(deps: Pick<JobHandlerDeps, 'database' | 'clock'>): (job: Job) => Promise<void> {
  const kinds = lifecycles(deps);
  return async (job) => {
    const kind = (kinds as Record<string, KindLifecycle | undefined>)[job.kind];
    if (!kind) throw new Error(`job kind ${job.kind} has no exhaustion handling`);
    await kind.exhausted(job.payload);
  };
}

/**
 * Finishes resources whose job ended without finishing them: a worker that died after the job was
 * given up but before its resource was failed leaves one. Run periodically by every worker;
 * returns how many it finished.
 */
export function reconcileOrphans(deps: Pick<JobHandlerDeps, 'database' | 'clock'>): () => Promise<number> {
  const kinds = Object.values(lifecycles(deps));
  return async () => {
    let finished = 0;
    for (const kind of kinds) {
      for (const payload of await kind.orphans(ORPHANS_PER_ROUND)) {
        await kind.exhausted(payload);
        finished++;
      }
    }
    return finished;
  };
}
