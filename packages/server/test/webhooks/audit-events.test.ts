// Audit events end to end: a real audit of the fixture site completes and `audit.completed`
// arrives, signed, with the run exactly as the API returns it; an audit whose seed is unreachable
// fails and `audit.failed` arrives. Payloads and headers are validated against the document's
// `webhooks` section; the receiver verifies every signature.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WWW, fixtureResolver, startFixtureServer, type FixtureServer } from '@seo-geo/engine/testing';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { eventViolations } from './support/contract.js';
import { createEndpoint, deliveriesOf, fastDeliveries } from './support/endpoints.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { until } from '../support/wait.js';

const LIMITS = { requestTimeoutMs: 4000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 };

let site: FixtureServer;
let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  site = await startFixtureServer();
  receiver = await startReceiver();
  server = await startTestServer({ crawl: { limits: LIMITS, resolver: fixtureResolver().resolve }, webhooks: fastDeliveries() });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await site?.close();
});

async function runAudit(key: string, primaryDomain: string) {
  const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Fixture', primaryDomain } });
  expect(project.status).toBe(201);
  const started = await server.call(`/projects/${project.body.data.id}/audits`, { key, method: 'POST', json: { maxPages: 20 } });
  expect(started.status).toBe(202);
  const path = `/projects/${project.body.data.id}/audits/${started.body.data.auditRunId}`;
  return until(
    'the audit to finish',
    async () => {
      const response = await server.call(path, { key });
      expectContract('getAudit', response);
      return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
    },
    30_000,
  );
}

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('audit events', () => {
  it('delivers audit.completed with the completed run as the API returns it', async () => {
    const key = await server.createKey();
    // Subscribed to everything: the other account's audit.failed (next test) must still not come here.
    const endpoint = await createEndpoint(server, key, receiver, '/completed');
    const run = await runAudit(key, site.origin(WWW));
    expect(run.status).toBe('completed');

    const delivery = await until('audit.completed to arrive', () => receiver.deliveries.find((d) => d.path === '/completed'));
    expect(delivery.verified).toBe(true);
    expect(eventViolations('audit.completed', delivery)).toEqual([]);
    expect(delivery.payload).toEqual({ type: 'audit.completed', timestamp: run.finishedAt, data: run });
    expect(delivery.webhookId).toMatch(/^evt_[0-9a-f]{32}$/);

    const attempts = await until('the attempt to be listed', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length > 0 ? list : undefined;
    });
    expect(attempts).toEqual([
      expect.objectContaining({
        eventId: delivery.webhookId,
        eventType: 'audit.completed',
        attempt: 1,
        outcome: 'succeeded',
        responseStatus: 204,
        error: null,
      }),
    ]);
  }, 60_000);

  it('delivers audit.failed for an audit whose site is unreachable, and only to subscribed endpoints', async () => {
    const key = await server.createKey();
    await createEndpoint(server, key, receiver, '/failed', ['audit.failed']);
    const completedOnly = await createEndpoint(server, key, receiver, '/completed-only', ['audit.completed']);
    const run = await runAudit(key, `http://127.0.0.1:${await closedPort()}`);
    expect(run.status).toBe('failed');
    // Nothing listens there: robots.txt, asked first, is unreachable, and no page is requested.
    expect(run.error.code).toBe('robots_unreachable');

    const delivery = await until('audit.failed to arrive', () => receiver.deliveries.find((d) => d.path === '/failed'));
    expect(delivery.verified).toBe(true);
    expect(eventViolations('audit.failed', delivery)).toEqual([]);
    expect(delivery.payload).toEqual({ type: 'audit.failed', timestamp: run.finishedAt, data: run });
    expect(receiver.deliveries.filter((d) => d.path === '/completed-only')).toEqual([]);
    expect(await deliveriesOf(server, key, completedOnly.id)).toEqual([]);
  }, 60_000);

  it("sends nothing to other accounts' endpoints, and every delivery verified", () => {
    expect(receiver.deliveries.map((d) => [d.path, (d.payload as { type: string }).type])).toEqual([
      ['/completed', 'audit.completed'],
      ['/failed', 'audit.failed'],
    ]);
    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
  });
});
