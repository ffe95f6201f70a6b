// The job kinds this server runs, one handler each. Both the in-process worker (embedded mode) and
// `npm run worker` (scale mode) take their handlers from here, so the two modes run the same code.
import type { CrawlLimits, Resolver } from '@seo-geo/engine';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { AUDIT_JOB_KIND } from '../services/audits.js';
import { createAuditJob } from '../services/audit-job.js';
import type { DatabaseHandle } from '../storage/database.js';
import { createRepositories } from '../storage/repositories/index.js';
import type { Job, JobsRepository } from '../storage/repositories/jobs.js';
import { transactionRunner } from '../storage/transaction.js';
import type { JobHandler } from './job-run.js';

export interface JobHandlerDeps {
  config: Config;
  database: DatabaseHandle;
  jobs: JobsRepository;
  clock: Clock;
  logger: Logger;
  /** Tests shorten the crawl's limits and resolve their fixture hosts. */
  crawl?: { limits?: Partial<CrawlLimits>; resolver?: Resolver };
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
      clock: deps.clock,
      logger: deps.logger,
      policy: { allowCidrs: deps.config.allowedFetchCidrs },
      ...(deps.crawl?.limits ? { limits: deps.crawl.limits } : {}),
      ...(deps.crawl?.resolver ? { resolver: deps.crawl.resolver } : {}),
    }),
  };
}

/** A job whose workers kept dying: its audit run fails with `worker_lost`. */
export function onJobExhausted(deps: Pick<JobHandlerDeps, 'database' | 'clock'>): (job: Job) => Promise<void> {
  const repositories = createRepositories(deps.database.db, deps.database.dialect);
  return async (job) => {
    if (job.kind !== AUDIT_JOB_KIND) return;
    const { auditRunId } = job.payload as { auditRunId: string };
    await repositories.auditRuns.fail(auditRunId, {
      code: 'worker_lost',
      message: 'The audit was interrupted too many times (its worker stopped responding) and was given up.',
      now: deps.clock.now(),
    });
  };
}
