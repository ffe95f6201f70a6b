// The audit events: emitted by the audit worker when a run reaches `completed` or `failed`, with
// the run as GET .../audits/{auditId} returns it.
import { auditRunView } from '../../views/audits.js';
import type { AuditRun } from '../../storage/repositories/audit-runs.js';
import type { TransactionHandle } from '../../storage/transaction.js';
import type { EmittedEvent, WebhookOutbox } from '../../webhooks/outbox.js';

/** Emits `audit.completed` or `audit.failed` for a run in that final state; other states emit nothing. */
export async function emitAuditEvent(outbox: WebhookOutbox, run: AuditRun, trx?: TransactionHandle): Promise<EmittedEvent | null> {
  if (run.status !== 'completed' && run.status !== 'failed') return null;
  const type = run.status === 'completed' ? 'audit.completed' : 'audit.failed';
  // A final run's view reads its own times, never the clock.
  return outbox.emit({ type, accountId: run.accountId, data: auditRunView(run, Date.parse(run.finishedAt ?? run.createdAt)) }, trx);
}
