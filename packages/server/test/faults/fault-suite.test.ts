// The fault suite: real API and worker processes (as `npm start` and `npm run worker` run them, on
// one SQLite file or one PostgreSQL schema), killed with SIGKILL at the worst moments:
//   - a worker during an audit's crawl,
//   - a worker while a GEO monitor test waits for its answer engine,
//   - a worker while a webhook delivery is in flight,
//   - the API during a burst of idempotent POSTs.
// After a restart, within the leases (short here: WORKER_LEASE_MS, IDEMPOTENCY_LEASE_MS,
// WEBHOOK_TIMEOUT_MS), nothing is stuck, duplicated or lost. Every loop has a deadline, and every
// address is on loopback.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion } from '@seo-geo/engine/testing';
import { until } from '../support/wait.js';
import { faultBackends, startFaultEnvironment, type FaultEnvironment } from './environment.js';
import type { RunningProcess } from './processes.js';

const SITE_PAGES = 30;
const BURST = 40;
/** Callers sending the burst at once, each one request at a time. */
const BURST_CALLERS = 4;

describe.each(faultBackends('the fault suite'))('faults with real processes [%s]', { timeout: 120_000 }, (backend) => {
  let faults: FaultEnvironment;
  /** Whether the engine should hold its next answer (the GEO test's first call). */
  let engineHolds = false;
  const call: FaultEnvironment['call'] = (path, init) => faults.call(path, init);
  const worker = () => faults.worker();

  beforeAll(async () => {
    faults = await startFaultEnvironment(backend, {
      sitePages: SITE_PAGES,
      engineReply: () => (engineHolds ? ((engineHolds = false), 'hang') : completion('Kilns by Example Pottery are a good choice.')),
    });
  }, 60_000);

  afterAll(() => faults?.close(), 60_000);

  const newProject = async (name: string) => {
    const created = await call('/projects', { method: 'POST', json: { name, primaryDomain: faults.site.origin } });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  };

  it('finishes an audit whose worker was killed mid-crawl, once, with every page once', async () => {
    const projectId = await newProject('Killed crawl');
    const first = await worker();
    const stuck = faults.site.hold('/p/12');
    const started = await call(`/projects/${projectId}/audits`, { method: 'POST', json: { maxPages: 100 } });
    expect(started.status).toBe(202);
    const auditId = started.body.data.auditRunId as string;
    await stuck.arrived;
    expect((await call(`/projects/${projectId}/audits/${auditId}`)).body.data.status).toBe('running');
    await first.kill();
    stuck.release();

    await worker();
    const audit = await until(
      'the audit to finish after the restart',
      async () => {
        const current = (await call(`/projects/${projectId}/audits/${auditId}`)).body.data;
        return current.status === 'running' || current.status === 'pending' ? undefined : current;
      },
      30_000,
    );
    expect(audit).toMatchObject({ status: 'completed' });
    const pages = (await call(`/projects/${projectId}/audits/${auditId}/pages?pageSize=100`)).body;
    const urls = pages.data.map((page: { url: string }) => page.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toHaveLength(SITE_PAGES + 1);
    expect(pages.meta.total).toBe(SITE_PAGES + 1);
    const job = await faults.database.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', started.body.data.jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'succeeded' });
    expect(job.attempts).toBe(2);
  });

  it('finishes a GEO monitor test whose worker was killed while the engine was answering', async () => {
    const projectId = await newProject('Killed GEO test');
    const asked = faults.engine.requests.length;
    engineHolds = true;
    const started = await call(`/projects/${projectId}/geo-monitor/tests`, {
      method: 'POST',
      json: { prompt: 'Which kilns are good for a beginner?', locale: 'en' },
    });
    expect(started.status).toBe(202);
    const testId = started.body.data.testId as string;
    await faults.engine.received(asked + 1);
    await faults.processes.at(-1)!.kill();

    await worker();
    const test = await until(
      'the GEO test to finish after the restart',
      async () => {
        const current = (await call(`/projects/${projectId}/geo-monitor/tests/${testId}`)).body.data;
        return current.status === 'running' || current.status === 'pending' ? undefined : current;
      },
      30_000,
    );
    expect(test.status).toBe('completed');
    expect(test.results.length).toBeGreaterThan(0);
    expect(faults.engine.requests.length).toBe(asked + 2);
  });

  it('delivers a webhook whose sending worker was killed, with the same webhook-id, recorded once', async () => {
    const path = `/killed-${backend}`;
    const endpoint = await call('/webhooks/endpoints', { method: 'POST', json: { url: `${faults.receiver.origin}${path}`, events: ['audit.completed'] } });
    expect(endpoint.status).toBe(201);
    faults.receiver.expect(path, endpoint.body.data.secret);
    const arrivals: string[] = [];
    let sender: RunningProcess | undefined = faults.processes.at(-1);
    faults.receiver.respond((delivery) => {
      arrivals.push(delivery.webhookId);
      if (arrivals.length > 1) return 204;
      // The first attempt is held open, and its worker killed while it waits for the answer.
      void sender?.kill();
      return new Promise<number>(() => undefined);
    });
    const projectId = await newProject('Webhook');
    const started = await call(`/projects/${projectId}/audits`, { method: 'POST', json: { maxPages: 1 } });
    expect(started.status).toBe(202);
    await until('the first delivery to arrive', async () => (arrivals.length > 0 ? true : undefined));
    await sender!.exited;

    sender = await worker();
    const attempts = await until(
      'the delivery to succeed after the restart',
      async () => {
        const list = (await call(`/webhooks/endpoints/${endpoint.body.data.id}/deliveries`)).body.data as Array<{ responseStatus: number | null }>;
        return list.some((attempt) => attempt.responseStatus === 204) ? list : undefined;
      },
      30_000,
    );
    expect(new Set(arrivals).size).toBe(1);
    expect(arrivals.length).toBeGreaterThanOrEqual(2);
    // The killed attempt was never recorded: one attempt, the one that succeeded.
    expect(attempts).toHaveLength(1);
    const deliveries = await faults.database.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', endpoint.body.data.id).execute();
    expect(deliveries).toEqual([{ status: 'succeeded' }]);
  });

  it('creates each resource of an idempotent burst exactly once when the API is killed during it', async () => {
    const runId = randomUUID().slice(0, 8);
    const requests = Array.from({ length: BURST }, (_, i) => ({
      idempotencyKey: `burst-${runId}-${i}`,
      json: { name: `burst-${runId}-${i}`, primaryDomain: 'https://burst.example' },
    }));
    const answered = new Map<string, string>();
    // Four callers at once, each sending its next request when the last is answered: the kill then
    // cuts the burst short however fast the API answers. Sent all at once, the rest of the 40 were
    // all answered once before the kill landed, on a loaded machine.
    const burst = Array.from({ length: BURST_CALLERS }, async (_, caller) => {
      for (let i = caller; i < BURST; i += BURST_CALLERS) {
        const request = requests[i]!;
        try {
          const response = await call('/projects', { method: 'POST', ...request });
          if (response.status === 201) answered.set(request.idempotencyKey, response.body.data.id);
          // The kill lands after a quarter of the burst has been answered.
          if (answered.size === BURST / 4) void faults.api.kill();
        } catch {
          // Cut off by the kill: this caller stops.
          return;
        }
      }
    });
    await Promise.all(burst);
    await faults.api.exited;
    expect(answered.size).toBeLessThan(BURST);

    await faults.restartApi();
    const created = new Map<string, string>();
    const heldByTheKilledApi = new Set<string>();
    for (const request of requests) {
      const response = await until(`the retry of ${request.idempotencyKey} to be answered`, async () => {
        const retried = await call('/projects', { method: 'POST', ...request });
        if (retried.status !== 409) return retried;
        heldByTheKilledApi.add(request.idempotencyKey);
        return undefined;
      });
      expect(response.status).toBe(201);
      created.set(request.idempotencyKey, response.body.data.id);
      if (answered.has(request.idempotencyKey)) {
        expect(response.headers.get('idempotent-replayed')).toBe('true');
        expect(response.body.data.id).toBe(answered.get(request.idempotencyKey));
      }
    }
    console.info(
      `FAULTS | ${backend} | burst of ${BURST}: ${answered.size} answered before the kill, ${heldByTheKilledApi.size} keys held in progress by the killed API until their lease passed`,
    );
    expect(new Set(created.values()).size).toBe(BURST);
    const stored = await faults.database.db.selectFrom('projects').select('name').where('name', 'like', `burst-${runId}-%`).execute();
    expect(stored).toHaveLength(BURST);
  });
});
