// One account's receivers that never answer must not hold up another account's webhooks (the
// security review's scenario, with real processes): account A registers ten endpoints that accept
// the connection and never answer, and runs six one-page audits, each emitting audit.completed to
// all ten. Account B's one healthy receiver then gets its audit.completed while every attempt to
// A's receivers still waits for its answer (WEBHOOK_TIMEOUT_MS, 15 s): B did not wait for a slot
// that one of them had to give up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from '../faults/processes.js';
import { deploymentBackends, startDeployment, type Deployment } from '../support/deployment.js';
import { until } from '../support/wait.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { startSilentReceiver, type SilentReceiver } from './support/silent-receiver.js';

const HANGING_ENDPOINTS = 10;
const AUDITS_OF_A = 6;

interface Audit {
  projectId: string;
  auditRunId: string;
}

interface Arrival {
  auditRunId: string;
  /** A's attempts still waiting for an answer, and those already given up, when B's arrived. */
  hanging: number;
  givenUp: number;
}

describe.each(deploymentBackends('webhooks of two accounts'))('webhooks of two accounts [%s]', { timeout: 120_000 }, (backend) => {
  let site: Site;
  let silent: SilentReceiver;
  let receiver: Receiver;
  let deployment: Deployment;

  beforeAll(async () => {
    site = await startSite(1);
    silent = await startSilentReceiver();
    receiver = await startReceiver();
    deployment = await startDeployment(backend);
    await deployment.startWorker();
  }, 60_000);

  afterAll(async () => {
    await deployment?.close();
    await Promise.all([site?.close(), silent?.close(), receiver?.close()]);
  });

  async function auditOnce(key: string, name: string): Promise<Audit> {
    const project = await deployment.call(key, '/projects', { method: 'POST', json: { name, primaryDomain: site.origin } });
    expect(project.status).toBe(201);
    const started = await deployment.call(key, `/projects/${project.body.data.id}/audits`, { method: 'POST', json: { maxPages: 1 } });
    expect(started.status).toBe(202);
    return { projectId: project.body.data.id, auditRunId: started.body.data.auditRunId };
  }

  const finishedAt = async ({ auditRunId }: Audit) => {
    const run = await deployment.repositories.auditRuns.find(auditRunId);
    return run?.status === 'completed' ? run.finishedAt! : undefined;
  };

  it('delivers B’s event while every attempt to A’s silent receivers still waits for its answer', async () => {
    const a = await deployment.createKey('pro');
    for (let i = 0; i < HANGING_ENDPOINTS; i++) {
      const created = await deployment.call(a, '/webhooks/endpoints', { method: 'POST', json: { url: `${silent.origin}/a${i}`, events: ['audit.completed'] } });
      expect(created.status).toBe(201);
    }
    const auditsOfA: Audit[] = [];
    for (let i = 0; i < AUDITS_OF_A; i++) auditsOfA.push(await auditOnce(a, `A ${i}`));
    await until(
      'A’s audits to complete',
      async () => ((await Promise.all(auditsOfA.map((audit) => finishedAt(audit)))).every(Boolean) ? true : undefined),
      60_000,
    );
    // Sixty deliveries to A's receivers are due; the first ones hold their sockets.
    await until('A’s attempts to wait on its receivers', () => (silent.open >= 8 ? true : undefined));

    const b = await deployment.createKey('pro');
    const endpoint = await deployment.call(b, '/webhooks/endpoints', { method: 'POST', json: { url: `${receiver.origin}/b`, events: ['audit.completed'] } });
    expect(endpoint.status).toBe(201);
    receiver.expect('/b', endpoint.body.data.secret);
    const arrivals: Arrival[] = [];
    receiver.respond((delivery) => {
      arrivals.push({ auditRunId: (delivery.payload as { data: { id: string } }).data.id, hanging: silent.open, givenUp: silent.closed });
      return 204;
    });
    const auditOfB = await auditOnce(b, 'B');
    await until('B’s audit to complete', () => finishedAt(auditOfB), 30_000);
    const [arrival] = await until('B’s audit.completed', () => (arrivals.length > 0 ? arrivals : undefined), 45_000);

    expect(arrival).toEqual({ auditRunId: auditOfB.auditRunId, hanging: expect.any(Number), givenUp: 0 });
    expect(arrival!.hanging).toBeGreaterThanOrEqual(8);
    expect(receiver.deliveries.map((d) => [d.path, d.verified, d.answered])).toEqual([['/b', true, 204]]);
  });
});
