// Accounts are created by the admin command (there is no sign-up endpoint in v1). An existing
// account keeps its plan: asking for a different one is refused rather than applied or ignored,
// so an admin never believes they changed a plan when they did not (changing plans is a separate,
// deliberate action that v1 does not offer). What the operator may change is an account's page
// cap: the most pages one of its audits may have, above its plan's for an account that outgrew it.
import type { Clock } from '../../support/clock.js';
import { normalizeEmail, type Account, type AccountsRepository } from '../../storage/repositories/accounts.js';
import { isPlanName, MAX_PAGE_CAP, type PlanName } from './plans.js';

// Deliberately loose (one @, a dot in the domain, no spaces): the admin types it; delivery is not our job.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

export class AccountError extends Error {
  constructor(
    readonly code: 'INVALID_EMAIL' | 'INVALID_PLAN' | 'PLAN_REQUIRED' | 'PLAN_MISMATCH' | 'ACCOUNT_NOT_FOUND' | 'INVALID_PAGE_CAP',
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

export interface AccountService {
  /**
   * The account with this e-mail, created with `plan` if missing. `plan` may be omitted for an
   * existing account; given, it must equal the account's plan.
   */
  ensureAccount(input: { email: string; plan?: string }): Promise<{ account: Account; created: boolean }>;
  findByEmail(email: string): Promise<Account | null>;
  findById(id: string): Promise<Account | null>;
  hasAny(): Promise<boolean>;
  /**
   * Sets the most pages one audit of the account may have (1 to MAX_PAGE_CAP), whatever its plan's
   * cap; null clears it, so the plan's applies again. Servers see the change within PRINCIPAL_CACHE_MS.
   */
  setPageCap(input: { email: string; pageCap: number | null }): Promise<Account>;
}

export function createAccountService(deps: { accounts: AccountsRepository; clock: Clock }): AccountService {
  const { accounts, clock } = deps;
  return {
    async ensureAccount({ email, plan }) {
      const normalized = validateEmail(email);
      if (plan !== undefined && !isPlanName(plan)) {
        throw new AccountError('INVALID_PLAN', `Unknown plan "${plan}"; expected starter, pro or agency`);
      }
      const existing = await accounts.findByEmail(normalized);
      const result = existing ? { account: existing, created: false } : await accounts.create({ email: normalized, plan: requirePlan(plan), now: clock.now() });
      if (plan !== undefined && result.account.plan !== plan) {
        throw new AccountError('PLAN_MISMATCH', `Account ${result.account.email} already exists on plan ${result.account.plan}, not ${plan}`);
      }
      return result;
    },
    findByEmail: (email) => accounts.findByEmail(email),
    findById: (id) => accounts.findById(id),
    hasAny: () => accounts.hasAny(),
    async setPageCap({ email, pageCap }) {
      if (pageCap !== null && !(Number.isSafeInteger(pageCap) && pageCap >= 1 && pageCap <= MAX_PAGE_CAP)) {
        throw new AccountError('INVALID_PAGE_CAP', `A page cap is a whole number of pages from 1 to ${MAX_PAGE_CAP.toLocaleString('en-US')}, not ${pageCap}`);
      }
      const account = await accounts.findByEmail(email);
      const updated = account && (await accounts.setPageCap(account.id, pageCap));
      if (!updated) throw new AccountError('ACCOUNT_NOT_FOUND', `No account with e-mail ${normalizeEmail(email)}`);
      return updated;
    },
  };
}

function validateEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (normalized.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(normalized)) {
    throw new AccountError('INVALID_EMAIL', `Invalid e-mail address "${email}"`);
  }
  return normalized;
}

function requirePlan(plan: PlanName | undefined): PlanName {
  if (plan === undefined) throw new AccountError('PLAN_REQUIRED', 'A plan is required to create a new account');
  return plan;
}
