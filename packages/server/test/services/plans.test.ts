import { describe, expect, it } from 'vitest';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { isPlanName, MAX_PAGE_CAP, maxPagesPerAudit, PLAN_NAMES, PLANS, planOf, rateLimitOf } from '../../src/services/accounts/plans.js';

describe('plans', () => {
  it('match the rates and quotas of the spec’s Plans and quotas', () => {
    expect(PLAN_NAMES).toEqual(['starter', 'pro', 'agency']);
    expect(PLANS).toEqual({
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
        maxPagesPerAudit: 5000,
        maxRunningAudits: 3,
        maxMonitors: 10,
        answerEngineCallsPerMonth: 5000,
      },
      agency: {
        name: 'agency',
        requestsPerMinute: 1200,
        maxProjects: 250,
        maxPagesPerAudit: 50000,
        maxRunningAudits: 10,
        maxMonitors: 50,
        answerEngineCallsPerMonth: 50000,
      },
    });
  });

  it('give a bucket as large as a minute’s allowance, refilled over the minute', () => {
    expect(rateLimitOf(PLANS.starter)).toEqual({ capacity: 60, refillPerSecond: 1 });
    expect(rateLimitOf(PLANS.pro)).toEqual({ capacity: 300, refillPerSecond: 5 });
    expect(rateLimitOf(PLANS.agency)).toEqual({ capacity: 1200, refillPerSecond: 20 });
  });

  it('know their names and nothing else', () => {
    expect(isPlanName('pro')).toBe(true);
    expect(isPlanName('Pro')).toBe(false);
    expect(isPlanName('enterprise')).toBe(false);
    expect(isPlanName(undefined)).toBe(false);
    expect(planOf('agency').maxProjects).toBe(250);
    expect(() => planOf('gold')).toThrow(/Unknown plan/);
  });

  it('cap an audit at the plan’s pages unless the operator set a cap for the account', () => {
    expect(maxPagesPerAudit({ plan: 'agency', pageCap: null })).toBe(50_000);
    expect(maxPagesPerAudit({ plan: 'starter', pageCap: null })).toBe(500);
    expect(maxPagesPerAudit({ plan: 'agency', pageCap: 1_000_000 })).toBe(1_000_000);
    expect(maxPagesPerAudit({ plan: 'pro', pageCap: 100 })).toBe(100);
    // No plan reaches the operator's bound; it is the spec's maximum of maxPages.
    expect(Math.max(...PLAN_NAMES.map((name) => PLANS[name].maxPagesPerAudit))).toBeLessThan(MAX_PAGE_CAP);
    expect(MAX_PAGE_CAP).toBe(1_000_000);
    expect(spec.components.schemas.AuditStart.properties.maxPages.maximum).toBe(MAX_PAGE_CAP);
    expect(spec.components.schemas.User.properties.maxPagesPerAudit.maximum).toBe(MAX_PAGE_CAP);
  });
});
