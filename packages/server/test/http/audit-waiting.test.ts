// With no worker taking jobs, an audit used to stay `pending` forever while /readyz said ready.
// Workers now beat under a lease of their own: /readyz answers 503 naming the job queue while none
// is alive (with the age of the oldest queued job), and a waiting audit says why in `waiting`: no
// worker, the plan's running limit, or its turn for a slot. The API runs without in-process
// workers here; a worker is started beside it on the same database, as `npm run worker` would be.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackground, type Background, type Root } from '../../src/composition/root.js';
import { loadConfig } from '../../src/config/environment.js';
import { transactionRunner } from '../../src/storage/transaction.js';
import { startSite, type Site } from '../faults/processes.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const LEASE_MS = 5_000;

let server: TestServer;
let site: Site;
const workers: Background[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { IN_PROCESS_WORKERS: 'false', WORKER_LEASE_MS: String(LEASE_MS) } });
  site = await startSite(3);
}, 60_000);
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

/** A worker on the API's database and clock, as a worker process beside it would be. */
function startWorker(concurrency = 4): Background {
  const root: Root = {
    config: loadConfig({ LOG_LEVEL: 'silent', CRAWLER_ALLOW_CIDRS: '127.0.0.0/8', WORKER_LEASE_MS: String(LEASE_MS) }),
    logger: server.logger,
    clock: server.clock,
    database: server.database,
    repositories: server.repositories,
    transaction: transactionRunner(server.database.db),
    close: () => Promise.resolve(),
  };
  const background = startBackground(root, { worker: { pollIntervalMs: 20, concurrency } });
  workers.push(background);
  return background;
}

async function readiness(): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/readyz`);
  return { status: response.status, body: await response.json() };
}

async function startAudit(key: string, projectId: string): Promise<string> {
  const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 3 } });
  expect(started.status).toBe(202);
  return started.body.data.auditRunId as string;
}

async function getAudit(key: string, projectId: string, auditId: string): Promise<any> {
  const response = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
  expectContract('getAudit', response);
  return response.body.data;
}

async function newProject(key: string): Promise<string> {
  const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Waiting', primaryDomain: site.origin } });
  expect(project.status).toBe(201);
  return project.body.data.id as string;
}

describe('with no worker taking jobs', () => {
  it('is not ready, and the pending audit says that no worker is taking jobs', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const projectId = await newProject(key);
    const auditId = await startAudit(key, projectId);

    const ready = await readiness();
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', checks: { database: 'ok', rateLimits: 'ok', jobs: 'no_worker' }, queue: { workers: 0 } });
    expect(ready.body.queue.oldestQueuedSeconds).toBeGreaterThanOrEqual(0);

    const audit = await getAudit(key, projectId, auditId);
    expect(audit.status).toBe('pending');
    expect(audit.waiting).toMatchObject({ reason: 'no_worker', since: audit.createdAt });
    expect(audit.waiting.message).toMatch(/No worker is taking jobs/);
    const listed = await server.call(`/projects/${projectId}/audits`, { key });
    expectContract('listAudits', listed);
    expect(listed.body.data[0].waiting.reason).toBe('no_worker');

    // A worker starts: ready, and the audit runs to its end with nothing waiting.
    startWorker();
    await until('ready', async () => ((await readiness()).status === 200 ? true : undefined));
    expect((await readiness()).body).toMatchObject({ status: 'ready', checks: { jobs: 'ok' }, queue: { workers: 1 } });
    const done = await until('the audit to end', async () => {
      const run = await getAudit(key, projectId, auditId);
      return ['pending', 'running'].includes(run.status) ? undefined : run;
    });
    expect(done).toMatchObject({ status: 'completed', waiting: null });
  });

  it('is not ready again once the only worker stopped, or went silent for its lease', async () => {
    const worker = startWorker();
    await until('ready', async () => ((await readiness()).status === 200 ? true : undefined));
    await worker.stop();
    workers.splice(workers.indexOf(worker), 1);
    expect((await readiness()).body.checks.jobs).toBe('no_worker');

    // A worker that dies says nothing: it counts until its lease has passed.
    await server.repositories.workers.beat({ workerId: 'killed', leaseMs: LEASE_MS, now: server.clock.now() });
    expect((await readiness()).body).toMatchObject({ checks: { jobs: 'ok' }, queue: { workers: 1 } });
    server.clock.advance(LEASE_MS);
    expect((await readiness()).body.checks.jobs).toBe('no_worker');
  });
});

describe('with a worker taking jobs', () => {
  it("says that an audit waits for the plan's running limit, or for a free slot", async () => {
    startWorker(1);
    await until('ready', async () => ((await readiness()).status === 200 ? true : undefined));
    const held = site.hold('/');
    const starter = await server.createKey({ plan: 'starter' });
    const starterProject = await newProject(starter);
    const first = await startAudit(starter, starterProject);
    await held.arrived;
    // The starter plan runs one audit at a time.
    const second = await startAudit(starter, starterProject);
    expect((await getAudit(starter, starterProject, second)).waiting).toMatchObject({ reason: 'plan_limit' });
    expect((await getAudit(starter, starterProject, first)).waiting).toBeNull();
    // Another account's audit finds the worker's one slot taken.
    const pro = await server.createKey({ plan: 'pro' });
    const proProject = await newProject(pro);
    const other = await startAudit(pro, proProject);
    expect((await getAudit(pro, proProject, other)).waiting).toMatchObject({ reason: 'queued' });
    held.release();
    for (const [key, projectId, auditId] of [
      [starter, starterProject, first],
      [starter, starterProject, second],
      [pro, proProject, other],
    ] as const) {
      await until('the audit to end', async () => {
        const response = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
        // A slow machine keeps the audits running long enough for the starter key's polls to empty
        // its bucket: a refused poll (429) is no answer yet.
        if (response.status === 429) return undefined;
        expectContract('getAudit', response);
        return response.body.data.status === 'completed' ? true : undefined;
      });
    }
  });
});
