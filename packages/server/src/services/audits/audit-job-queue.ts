// The job that carries an audit run, queued when the audit starts and again when it is resumed:
// within the plan's running audits, and spread over workers apart from its crawl helpers.
import type { Principal } from '../../domain/principal.js';
import type { Job, JobsRepository } from '../../storage/repositories/jobs.js';
import type { TransactionHandle } from '../../storage/transaction.js';
import { planOf } from '../accounts/plans.js';

export const AUDIT_JOB_KIND = 'audit';

export function enqueueAuditJob(jobs: JobsRepository, principal: Principal, auditRunId: string, now: number, trx: TransactionHandle): Promise<Job> {
  return jobs.enqueue(
    {
      kind: AUDIT_JOB_KIND,
      accountId: principal.accountId,
      payload: { auditRunId },
      concurrencyLimit: planOf(principal.plan).maxRunningAudits,
      // The run's id spreads its lead and its crawl helpers (AUDIT_CRAWL_WORKERS) over different workers.
      spreadKey: auditRunId,
      now,
    },
    trx,
  );
}
