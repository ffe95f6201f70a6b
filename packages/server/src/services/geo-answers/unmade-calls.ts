// Answer-engine calls a GEO test or a monitor run was charged for and did not make go back to the
// month they were charged to, in the transaction that ends the work (completes, fails or cancels
// it, or ends it before its deletion): the work's row is ended first, so what it made is final
// when it is read, and every transaction takes the work's row before the month's, in that order.
import type { ChargedCalls, UsageRepository } from '../../storage/repositories/usage.js';
import type { TransactionHandle } from '../../storage/transaction.js';

export async function refundUnmade(usage: Pick<UsageRepository, 'refundCalls'>, ended: readonly ChargedCalls[], trx: TransactionHandle): Promise<void> {
  const unmade = new Map<string, { accountId: string; month: string; calls: number }>();
  for (const work of ended) {
    const calls = work.callsPlanned - work.callsMade;
    if (work.chargedMonth === null || calls <= 0) continue;
    const key = `${work.accountId}\n${work.chargedMonth}`;
    const entry = unmade.get(key) ?? { accountId: work.accountId, month: work.chargedMonth, calls: 0 };
    entry.calls += calls;
    unmade.set(key, entry);
  }
  for (const refund of unmade.values()) await usage.refundCalls(refund, trx);
}
