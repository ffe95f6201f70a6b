// How the caller looks in the API (the User schema): its account and its cap on audit pages, its key, and this month's usage.
import type { components } from '@seo-geo/types';
import type { Principal } from '../domain/principal.js';

type Schemas = components['schemas'];

/** `maxPagesPerAudit`: the account's cap on `maxPages` (services/accounts/plans.ts decides it). */
export function userView(principal: Principal, limits: { maxPagesPerAudit: number; usage: Schemas['User']['usage'] }): Schemas['User'] {
  return {
    userId: principal.accountId,
    email: principal.email,
    plan: principal.plan,
    apiKeyPrefix: principal.apiKeyPrefix,
    scopes: principal.scopes,
    maxPagesPerAudit: limits.maxPagesPerAudit,
    usage: limits.usage,
  };
}
