// Who is calling: what authentication attaches to a request, and what every service decides by
// (the account its data belongs to, the plan its limits come from, the scopes its key grants).
import type { Plan, Scope } from '@seo-geo/types';

export interface Principal {
  accountId: string;
  email: string;
  plan: Plan;
  /** The operator's cap on an audit's `maxPages` for the account; null: the plan's. */
  pageCap: number | null;
  keyId: string;
  apiKeyPrefix: string;
  scopes: Scope[];
}
