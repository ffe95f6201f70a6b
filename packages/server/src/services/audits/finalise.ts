// A run's pages made final, in the transaction that ends it (completed, or cancelled with the pages
// it kept): what the site checks found written into them, ranked for listing, its issues and link
// targets totalled, and the run marked ranked; from here its lists read those instead of counting.
import type { AuditIssuesRepository } from '../../storage/repositories/audit-issues.js';
import type { AuditLinksRepository } from '../../storage/repositories/audit-links.js';
import type { AuditPagesRepository } from '../../storage/repositories/audit-pages.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { TransactionHandle } from '../../storage/transaction.js';

export interface FinaliseDeps {
  auditRuns: AuditRunsRepository;
  auditPages: AuditPagesRepository;
  auditIssues: AuditIssuesRepository;
  auditLinks: AuditLinksRepository;
}

/** `keysWritten`: the run's link keys were written since its last page was stored (AuditLinksRepository.writeKeysAhead). */
export async function finalisePages(deps: FinaliseDeps, runId: string, trx: TransactionHandle, options: { keysWritten?: boolean } = {}): Promise<void> {
  await deps.auditPages.rank(runId, trx);
  await deps.auditIssues.finalise(runId, trx);
  await deps.auditLinks.finalise(runId, trx, options);
  await deps.auditRuns.markPagesRanked(runId, trx);
}
