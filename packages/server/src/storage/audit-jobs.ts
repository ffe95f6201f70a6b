// What deleting audit runs does to their jobs, for a project's deletion and an audit's alike: the
// queued ones are cancelled so they never start. A running job is left to find its run's rows gone
// at its next step; it then stops and writes nothing more.
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';
import { toTimestamp } from './timestamps.js';

export async function cancelQueuedAuditJobs(trx: Transaction<Database>, runs: { projectId: string } | { auditRunId: string }, now: number): Promise<void> {
  const jobIds = trx.selectFrom('audit_runs').select('job_id');
  await trx
    .updateTable('jobs')
    .set({ status: 'cancelled', updated_at: toTimestamp(now) })
    .where('status', '=', 'queued')
    .where('id', 'in', 'projectId' in runs ? jobIds.where('project_id', '=', runs.projectId) : jobIds.where('id', '=', runs.auditRunId))
    .execute();
}
