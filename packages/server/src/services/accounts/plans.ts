// The plans, their rate limits and their quotas (the spec's *Plans and quotas*), in one table.

export const PLAN_NAMES = ['starter', 'pro', 'agency'] as const;

export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  /** Also the token bucket's capacity: the burst equals one minute's allowance. */
  requestsPerMinute: number;
  maxProjects: number;
  maxPagesPerAudit: number;
  /** Audits beyond this wait in `pending`. */
  maxRunningAudits: number;
  /** GEO monitors per account. */
  maxMonitors: number;
  /** Answer-engine calls per calendar month (UTC), GEO tests and monitor runs together. */
  answerEngineCallsPerMonth: number;
}

export const PLANS: { readonly [name in PlanName]: Readonly<Plan> } = {
  starter: {
    name: 'starter',
    requestsPerMinute: 60,
    maxProjects: 3,
    maxPagesPerAudit: 500,
    maxRunningAudits: 1,
    maxMonitors: 1,
    answerEngineCallsPerMonth: 300,
  },
  pro: {
    name: 'pro',
    requestsPerMinute: 300,
    maxProjects: 25,
    maxPagesPerAudit: 5_000,
    maxRunningAudits: 3,
    maxMonitors: 10,
    answerEngineCallsPerMonth: 5_000,
  },
  agency: {
    name: 'agency',
    requestsPerMinute: 1_200,
    maxProjects: 250,
    maxPagesPerAudit: 50_000,
    maxRunningAudits: 10,
    maxMonitors: 50,
    answerEngineCallsPerMonth: 50_000,
  },
};

/**
 * The highest page cap the operator may set for one account (`npm run admin -- accounts
 * set-page-cap`), and the spec's maximum of `maxPages`. No plan reaches it: it is for accounts
 * that outgrow their plan's cap, on the same plan.
 */
export const MAX_PAGE_CAP = 1_000_000;

/** The most pages one audit of the account may have: the cap the operator set for it, else its plan's. */
export function maxPagesPerAudit(account: { plan: string; pageCap: number | null }): number {
  return account.pageCap ?? planOf(account.plan).maxPagesPerAudit;
}

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

/** The plan of a stored account; throws on a name no plan has (a data error, not a user error). */
export function planOf(name: string): Readonly<Plan> {
  if (!isPlanName(name)) throw new Error(`Unknown plan "${name}"`);
  return PLANS[name];
}

/** Token bucket parameters: capacity = requests per minute, refilled evenly over the minute. */
export function rateLimitOf(plan: Readonly<Plan>): { capacity: number; refillPerSecond: number } {
  return { capacity: plan.requestsPerMinute, refillPerSecond: plan.requestsPerMinute / 60 };
}
