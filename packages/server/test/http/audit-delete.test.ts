// Deleting an audit run, on SQLite and PostgreSQL, as a project's deletion deletes its audits: a
// running one stops and writes nothing more, a queued one never starts, its pages and report
// snapshot go with it, the project's other audits stay, and another account can delete nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { startSlowSite, type SlowSite } from '../support/slow-site.js';
import { until } from '../support/wait.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: deleting an audit on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

/** A site of many slow pages, so that an audit of it is still running when it is deleted. */
let site: SlowSite;
let origin: string;
beforeAll(async () => {
  site = await startSlowSite();
  origin = site.origin;
});
afterAll(() => site?.close());

describe.each(backends)('deleting an audit run [%s]', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database });
  }, 30_000);
  afterAll(() => server?.close());

  it('stops a running audit, drops a queued one, and deletes a completed one with its pages and report', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Kilns', primaryDomain: origin } })).body.data.id as string;
    const audits = `/projects/${projectId}/audits`;
    const start = async (maxPages: number) => (await server.call(audits, { key, method: 'POST', json: { maxPages } })).body.data.auditRunId as string;
    const completed = await start(2);
    await until('the first audit to complete', async () => ((await server.repositories.auditRuns.find(completed))?.status === 'completed' ? true : undefined));
    expect((await server.call(`/projects/${projectId}/reports`, { key })).body.data).toHaveLength(1);

    const running = await start(400);
    // The starter plan runs one audit at a time: this one waits, queued.
    const queued = await start(5);
    await until('the audit to crawl', async () => {
      const run = await server.repositories.auditRuns.find(running);
      return run?.status === 'running' && run.pagesCrawled > 0 ? run : undefined;
    });
    const runningJob = (await server.repositories.auditRuns.find(running))!.jobId;
    const queuedJob = (await server.repositories.auditRuns.find(queued))!.jobId;

    const stranger = await server.createKey({ plan: 'pro' });
    const foreign = await server.call(`${audits}/${running}`, { key: stranger, method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expectContract('deleteAudit', foreign);

    for (const id of [running, queued]) {
      const deleted = await server.call(`${audits}/${id}`, { key, method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expectContract('deleteAudit', deleted);
      expect(await server.repositories.auditRuns.find(id)).toBeNull();
    }
    expect((await server.repositories.auditPages.sample(running, 10)).length).toBe(0);
    expect((await server.repositories.jobs.get(queuedJob))!.status).toBe('cancelled');
    const ended = await until('the running audit to stop', async () => {
      const job = await server.repositories.jobs.get(runningJob);
      return job && job.status !== 'running' ? job : undefined;
    });
    expect(ended.status).toBe('cancelled');
    // It wrote nothing after its deletion.
    expect((await server.repositories.auditPages.sample(running, 10)).length).toBe(0);

    expect((await server.repositories.auditPages.sample(completed, 10)).length).toBeGreaterThan(0);
    expect((await server.call(`${audits}/${completed}`, { key, method: 'DELETE' })).status).toBe(204);
    expect((await server.repositories.auditPages.sample(completed, 10)).length).toBe(0);
    expect((await server.call(`/projects/${projectId}/reports`, { key })).body.data).toHaveLength(0);
    expect((await server.call(audits, { key })).body.data).toHaveLength(0);
    expect((await server.call(`${audits}/${completed}`, { key, method: 'DELETE' })).status).toBe(404);

    // The worker goes on: a new audit of the project runs to completion.
    const next = await start(2);
    await until('the next audit', async () => ((await server.repositories.auditRuns.find(next))?.status === 'completed' ? true : undefined));
  }, 90_000);

  it('needs the audits:write scope', async () => {
    const owner = await server.createKey({ plan: 'pro' });
    const projectId = (await server.call('/projects', { key: owner, method: 'POST', json: { name: 'Scoped', primaryDomain: origin } })).body.data.id as string;
    const auditId = (await server.call(`/projects/${projectId}/audits`, { key: owner, method: 'POST', json: { maxPages: 1 } })).body.data.auditRunId as string;
    const readOnly = await server.createKey({ plan: 'pro', scopes: ['audits:read'] });
    const refused = await server.call(`/projects/${projectId}/audits/${auditId}`, { key: readOnly, method: 'DELETE' });
    expect(refused.status).toBe(403);
    expectContract('deleteAudit', refused);
    expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
  });
});
