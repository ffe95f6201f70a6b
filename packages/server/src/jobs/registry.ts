// The job kinds this server runs, one handler each. Both the in-process worker (embedded mode) and
// `npm run worker` (scale mode) take their handlers from here, so the two modes run the same code.
import type { CrawlLimits, Resolver } from '@seo-geo/engine';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { AUDIT_JOB_KIND } from '../services/audits.js';
import { createAuditJob } from '../services/audit-job.js';
import { GEO_TEST_JOB_KIND } from '../services/geo-monitor.js';
import { ANSWER_ENGINE_POLICY, createGeoTestJob } from '../services/geo-test-job.js';
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
}

export function jobHandlers(deps: JobHandlerDeps): Record<string, JobHandler> {
  const repositories = createRepositories(deps.database.db, deps.database.dialect);
  return {
    [AUDIT_JOB_KIND]: createAuditJob({
      auditRuns: repositories.auditRuns,
      auditPages: repositories.auditPages,
      reports: repositories.reports,
      projects: repositories.projects,
      transaction: transactionRunner(deps.database.db),
      webhooks: createWebhookOutbox({ webhooks: repositories.webhooks, clock: deps.clock }),
      clock: deps.clock,
      logger: deps.logger,
      policy: { allowCidrs: deps.config.allowedFetchCidrs },
      ...(deps.crawl?.limits ? { limits: deps.crawl.limits } : {}),
      ...(deps.crawl?.resolver ? { resolver: deps.crawl.resolver } : {}),
    }),
    [GEO_TEST_JOB_KIND]: createGeoTestJob({
      geoTests: repositories.geoTests,
      projects: repositories.projects,
      engines: deps.config.geoEngines,
      clock: deps.clock,
      logger: deps.logger,
      policy: ANSWER_ENGINE_POLICY,
      transaction: transactionRunner(deps.database.db),
      webhooks: createWebhookOutbox({ webhooks: repositories.webhooks, clock: deps.clock }),
      ...(deps.env ? { env: deps.env } : {}),
    }),
  };
}

/** A job whose workers kept dying: its audit run fails with `worker_lost` (and `audit.failed` is emitted with it). */
export function onJobExhausted(deps: Pick<JobHandlerDeps, 'database' | 'clock'>): (job: Job) => Promise<void> {
  const repositories = createRepositories(deps.database.db, deps.database.dialect);
  const outbox = createWebhookOutbox({ webhooks: repositories.webhooks, clock: deps.clock });
  return async (job) => {
    if (job.kind !== AUDIT_JOB_KIND) return;
    const { auditRunId } = job.payload as { auditRunId: string };
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
  };
}
