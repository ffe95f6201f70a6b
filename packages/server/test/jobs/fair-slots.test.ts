// One account's slow audits must not take every slot of a worker (the security review's scenario,
// with real processes): on a worker with two slots (WORKER_CONCURRENCY=2), account A starts two
// audits of a site that takes 1.5 s to answer each page. A holds one slot, its second audit waits
// for it, and account B's one-page audit runs in the other slot and completes while A's first
// audit is still crawling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedSite, startFixtureServer, type FixtureServer } from '@seo-geo/engine/testing';
import { startSite, type Site } from '../faults/processes.js';
import { deploymentBackends, startDeployment, type Deployment } from '../support/deployment.js';
import { until } from '../support/wait.js';

interface Audit {
  key: string;
  projectId: string;
  auditRunId: string;
}

describe.each(deploymentBackends('worker slots of two accounts'))('worker slots of two accounts [%s]', { timeout: 120_000 }, (backend) => {
  let slow: FixtureServer;
  let fast: Site;
  let deployment: Deployment;

  beforeAll(async () => {
    slow = await startFixtureServer({ '127.0.0.1': generatedSite({ pages: 300, links: [6, 10], bytes: [2000, 4000], hangMs: 1_500 }) });
    fast = await startSite(1);
    deployment = await startDeployment(backend, { WORKER_CONCURRENCY: '2' });
    await deployment.startWorker();
  }, 60_000);

  afterAll(async () => {
    await deployment?.close();
    await Promise.all([slow?.close(), fast?.close()]);
  });

  async function startAudit(key: string, origin: string, maxPages: number): Promise<Audit> {
    const project = await deployment.call(key, '/projects', { method: 'POST', json: { name: 'Fair slots', primaryDomain: origin } });
    expect(project.status).toBe(201);
    const started = await deployment.call(key, `/projects/${project.body.data.id}/audits`, { method: 'POST', json: { maxPages } });
    expect(started.status).toBe(202);
    return { key, projectId: project.body.data.id, auditRunId: started.body.data.auditRunId };
  }

  const runOf = async ({ auditRunId }: Audit) => (await deployment.repositories.auditRuns.find(auditRunId))!;

  it('runs B’s audit beside A’s slow ones, without waiting for them', async () => {
    const a = await deployment.createKey('pro');
    const first = await startAudit(a, `http://127.0.0.1:${slow.port}`, 200);
    const second = await startAudit(a, `http://127.0.0.1:${slow.port}`, 200);
    await until('A’s first audit to crawl', async () => ((await runOf(first)).status === 'running' ? true : undefined));

    const b = await deployment.createKey('pro');
    const audit = await startAudit(b, fast.origin, 1);
    const run = await until(
      'B’s audit to finish',
      async () => {
        const current = await runOf(audit);
        return current.status === 'pending' || current.status === 'running' ? undefined : current;
      },
      30_000,
    );
    expect(run.status).toBe('completed');
    // A holds one slot of two (its plan would allow three audits at once); the other was B's.
    expect([(await runOf(first)).status, (await runOf(second)).status]).toEqual(['running', 'pending']);

    for (const { projectId, auditRunId } of [first, second]) {
      expect((await deployment.call(a, `/projects/${projectId}/audits/${auditRunId}/cancel`, { method: 'POST' })).status).toBe(200);
    }
  });
});
