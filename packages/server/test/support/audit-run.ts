// An audit run to store pages under, for the storage tests: a fresh agency account (a unique
// email), its project for https://site.example, the run's job and the run itself.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/storage/schema.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { uuidv7 } from '../../src/support/ids.js';

export async function createAuditRun(r: Repositories, options: { now: number; seedUrl?: string; maxPages?: number }) {
  const { now } = options;
  const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now });
  const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now });
  const job = await r.jobs.enqueue({ kind: 'audit', accountId: account.id, payload: {}, concurrencyLimit: 10, now });
  return r.auditRuns.create({
    id: uuidv7(now),
    projectId: project.id,
    accountId: account.id,
    seedUrl: options.seedUrl ?? 'https://site.example/',
    maxPages: options.maxPages ?? 500,
    jobId: job.id,
    now,
  });
}

/** A running audit run whose shared crawl's frontier is open, for the shared frontier's tests. */
export async function openSharedCrawl(db: Kysely<Database>, options: { now: number; seedUrl?: string; maxPages?: number }) {
  const r = createRepositories(db);
  const run = await createAuditRun(r, options);
  if (!(await r.auditRuns.markRunning(run.id, options.now))) throw new Error(`audit run ${run.id} did not start`);
  await r.auditFrontier.open(run.id);
  return { r, run };
}
