// The plan's monthly allowance of answer-engine calls, and what the account has used of it and of
// its monitor quota (`GET /me`'s usage). GEO tests and monitor runs charge their calls here when
// they start; a charge that does not fit is refused whole. What they did not make is given back to
// the month they were charged to when they end (geo-answers/unmade-calls.ts).
import type { Usage } from '@seo-geo/types';
import type { Clock } from '../../support/clock.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { usageMonth, type UsageRepository } from '../../storage/repositories/usage.js';
import { planOf } from './plans.js';

export interface UsageService {
  of(account: { accountId: string; plan: string }): Promise<Usage>;
  /**
   * Charges `calls` to `month` (this month, `usageMonth(now)`, which the work records to give back
   * to) if they fit the plan's allowance; false (nothing charged) if not.
   */
  chargeCalls(account: { accountId: string; plan: string }, calls: number, month: string, trx?: Transaction<Database>): Promise<boolean>;
  /** The calls this month still allows. */
  callsLeft(account: { accountId: string; plan: string }): Promise<number>;
}

export function createUsageService(deps: { usage: UsageRepository; clock: Clock }): UsageService {
  return {
    async of({ accountId, plan }) {
      const month = usageMonth(deps.clock.now());
      const limits = planOf(plan);
      const [calls, monitors] = await Promise.all([deps.usage.callsIn(accountId, month), deps.usage.monitorCount(accountId)]);
      return { month, answerEngineCalls: calls, answerEngineCallLimit: limits.answerEngineCallsPerMonth, monitors, monitorLimit: limits.maxMonitors };
    },
    chargeCalls({ accountId, plan }, calls, month, trx) {
      return deps.usage.chargeCalls({ accountId, month, calls, limit: planOf(plan).answerEngineCallsPerMonth }, trx);
    },
    async callsLeft({ accountId, plan }) {
      return Math.max(0, planOf(plan).answerEngineCallsPerMonth - (await deps.usage.callsIn(accountId, usageMonth(deps.clock.now()))));
    },
  };
}
