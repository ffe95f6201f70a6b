// The customer the audit is run for: an agency account, its key and a project on the bench site,
// made through the services (as bench:pages does), since signing up is not what is measured.
import type { RunningServer } from '@seo-geo/server';
import { BENCH_SITE_HOST } from './shared.js';
import { HarnessError } from './harness-error.js';

/** The agency plan's cap (packages/server/src/services/accounts/plans.ts): what an agency user asks for. */
const AGENCY_MAX_PAGES = 50_000;

type Principal = Extract<Awaited<ReturnType<RunningServer['services']['apiKeys']['authenticate']>>, { ok: true }>['principal'];

export interface BenchAccount {
  key: string;
  principal: Principal;
  projectId: string;
}

export async function agencyProject(server: RunningServer, sitePort: number, expectedPages: number): Promise<BenchAccount> {
  const email = `bench-audit-${Date.now()}@example.com`;
  const created = await server.services.apiKeys.createKey({ email, plan: 'agency' });
  // A site larger than the agency plan's cap: the operator raises this account's, as for a customer.
  if (expectedPages > AGENCY_MAX_PAGES) await server.services.accounts.setPageCap({ email, pageCap: expectedPages });
  const auth = await server.services.apiKeys.authenticate(`Bearer ${created.apiKey}`);
  if (!auth.ok) throw new HarnessError(`the bench key did not authenticate (${auth.reason})`);
  const primaryDomain = `http://${BENCH_SITE_HOST}:${sitePort}`;
  const project = await server.services.projects.create(auth.principal, { name: 'Agency bench site', primaryDomain });
  return { key: created.apiKey, principal: auth.principal, projectId: project.id };
}
