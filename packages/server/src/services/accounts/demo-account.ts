// On an empty database, `npm start` creates a demo account and key so a newcomer can call the
// API at once (not in production, unless DEMO_ACCOUNT=on: the caller reads the configuration).
// The key is returned to be printed once; only its hash is stored.
import type { Services } from '../index.js';

export const DEMO_EMAIL = 'demo@seo-geo.example';
export const DEMO_PLAN = 'pro';

export async function ensureDemoKey(services: Services): Promise<{ email: string; plan: string; apiKey: string } | null> {
  if (await services.accounts.hasAny()) return null;
  const created = await services.apiKeys.createKey({ email: DEMO_EMAIL, plan: DEMO_PLAN, name: 'demo' });
  return { email: created.account.email, plan: created.account.plan, apiKey: created.apiKey };
}
