// Deleting a project, on SQLite and PostgreSQL: everything that belonged to it goes with it (its
// audits and their pages, content, reports, brand profile, monitors), a queued audit never starts,
// a running one stops and writes nothing more, the plan's project limit has room again at once, and
// another account can delete nothing of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { startSlowSite, type SlowSite } from '../support/slow-site.js';
import { until } from '../support/wait.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: deleting a project on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

/** A site of many slow pages, so that an audit of it is still running when its project is deleted. */
let site: SlowSite;
let origin: string;
beforeAll(async () => {
  site = await startSlowSite();
  origin = site.origin;
});
afterAll(() => site?.close());

describe.each(backends)('deleting a project [%s]', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database });
  }, 30_000);
  afterAll(() => server?.close());

  const create = (key: string, name: string) => server.call('/projects', { key, method: 'POST', json: { name, primaryDomain: origin } });

  it('deletes it with its audits, pages, content and brand profile; stops its running audit and drops its queued one', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const projectId = (await create(key, 'Kilns')).body.data.id as string;
    const kept = (await create(key, 'Kept')).body.data.id as string;
    const path = `/projects/${projectId}`;
    const running = (await server.call(`${path}/audits`, { key, method: 'POST', json: { maxPages: 400 } })).body.data.auditRunId as string;
    // The starter plan runs one audit at a time: the second waits, queued.
    const queued = (await server.call(`${path}/audits`, { key, method: 'POST', json: { maxPages: 5 } })).body.data.auditRunId as string;
    expect((await server.call(`${path}/brand`, { key, method: 'PUT', json: { aliases: ['Kiln Co'], domains: [], competitors: [] } })).status).toBe(200);
    const brief = await server.call(`${path}/content/briefs`, { key, method: 'POST', json: { topic: 'Kiln care', audience: 'potters', goal: 'awareness' } });
    expect(brief.status).toBe(201);
    // Polled in storage: the starter plan's 60 requests a minute are for the calls under test.
    await until('the audit to crawl', async () => {
      const run = await server.repositories.auditRuns.find(running);
      return run?.status === 'running' && run.pagesCrawled > 0 ? run : undefined;
    });
    const runningJob = (await server.repositories.auditRuns.find(running))!.jobId;
    const queuedJob = (await server.repositories.auditRuns.find(queued))!.jobId;

    const stranger = await server.createKey({ plan: 'pro' });
    const foreign = await server.call(path, { key: stranger, method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expectContract('deleteProject', foreign);

    const deleted = await server.call(path, { key, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expectContract('deleteProject', deleted);
    expect(deleted.body).toBeUndefined();

    for (const gone of [path, `${path}/audits`, `${path}/audits/${running}`, `${path}/audits/${running}/pages`, `${path}/brand`, `${path}/drafts`]) {
      expect((await server.call(gone, { key })).status, gone).toBe(404);
    }
    expect((await server.call('/projects', { key })).body.data.map((p: { id: string }) => p.id)).toEqual([kept]);
    // Nothing of it is left in storage, whatever the API shows.
    expect(await server.repositories.auditRuns.find(running)).toBeNull();
    expect((await server.repositories.auditPages.sample(running, 10)).length).toBe(0);

    // The queued audit never starts; the running one stops at its next step and ends quietly.
    expect((await server.repositories.jobs.get(queuedJob))!.status).toBe('cancelled');
    const ended = await until('the running audit to stop', async () => {
      const job = await server.repositories.jobs.get(runningJob);
      return job && job.status !== 'running' ? job : undefined;
    });
    expect(ended.status).toBe('cancelled');
    // The worker goes on: the account's other project audits to completion.
    const started = await server.call(`/projects/${kept}/audits`, { key, method: 'POST', json: { maxPages: 3 } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const next = started.body.data.auditRunId as string;
    await until('the next audit', async () => {
      const run = await server.repositories.auditRuns.find(next);
      return run?.status === 'completed' ? run : undefined;
    });

    // Deleting it again finds nothing.
    expect((await server.call(path, { key, method: 'DELETE' })).status).toBe(404);
  }, 60_000);

  it('makes room under the plan limit at once, and the 403 says how', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(key, `p${i}`)).body.data.id);
    const over = await create(key, 'one too many');
    expect(over.status).toBe(403);
    expect(over.body.error.message).toBe(
      'The starter plan allows 3 projects and this account has 3. Delete a project you no longer need (DELETE /projects/{projectId}) or move to a plan with more projects.',
    );
    expect((await server.call(`/projects/${ids[0]}`, { key, method: 'DELETE' })).status).toBe(204);
    expect((await create(key, 'room again')).status).toBe(201);
  });

  it('needs the projects:write scope', async () => {
    const owner = await server.createKey({ plan: 'pro' });
    const projectId = (await create(owner, 'Scoped')).body.data.id as string;
    const readOnly = await server.createKey({ plan: 'pro', scopes: ['projects:read'] });
    const refused = await server.call(`/projects/${projectId}`, { key: readOnly, method: 'DELETE' });
    expect(refused.status).toBe(403);
    expectContract('deleteProject', refused);
    expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
  });
});
