// The audit events: emitted when a run reaches `completed` or `failed` (by its worker) or becomes
// `paused` (by its worker once its crawl has stopped, or by the API for a pending run), with the run
// as GET .../audits/{auditId} returns it, in the transaction that changes its status.
import { auditRunView } from '../../views/audits.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { TransactionHandle } from '../../storage/transaction.js';
import type { EmittedEvent, WebhookOutbox } from '../../webhooks/outbox.js';

const EVENT_OF = { completed: 'audit.completed', failed: 'audit.failed', paused: 'audit.paused' } as const;

/**
 * Emits `audit.completed`, `audit.failed` or `audit.paused` for the run as the transaction that
 * just changed its status reads it; other states (and a run gone) emit nothing.
 */
export async function emitAuditEvent(
  outbox: WebhookOutbox,
  auditRuns: Pick<AuditRunsRepository, 'find'>,
  runId: string,
  trx: TransactionHandle,
): Promise<EmittedEvent | null> {
  const run = await auditRuns.find(runId, trx);
  if (!run) return null;
  if (run.status !== 'completed' && run.status !== 'failed' && run.status !== 'paused') return null;
  // The view reads the run's own times, never the clock: a paused run's stand still at its pause.
  const at = run.status === 'paused' ? run.pausedAt : run.finishedAt;
  return outbox.emit({ type: EVENT_OF[run.status], accountId: run.accountId, data: auditRunView(run, Date.parse(at ?? run.createdAt)) }, trx);
}
