// Delivery behaviour: retries with the same webhook-id until the receiver answers 2xx, every
// attempt listed; giving up after the last attempt; and the SSRF guard, which refuses a receiver
// whose name resolves to a refused address at connect time, without ever connecting.
import { staticResolver } from '@seo-geo/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import { startDeliveryLoop, WEBHOOK_RETENTION_MS } from '../../src/webhooks/delivery-loop.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { eventViolations } from './support/contract.js';
import { accountIdOf, createEndpoint, deliveriesOf, emitExampleEvent, fastDeliveries } from './support/endpoints.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { until } from '../support/wait.js';

const INTERNAL_HOST = 'hooks.internal.test';

describe('retries', () => {
  let server: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ webhooks: fastDeliveries() });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('a receiver answering 500 twice gets the event on the third try, with the same webhook-id', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/flaky');
    receiver.respond((_delivery, previous) => (previous.length < 2 ? 500 : 204));
    const { eventId, deliveries } = await emitExampleEvent(server, await accountIdOf(server, key));
    expect(deliveries).toBe(1);

    const attempts = await until('three recorded attempts', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length === 3 ? list : undefined;
    });
    const received = receiver.deliveries.filter((d) => d.path === '/flaky');
    expect(received.map((d) => [d.webhookId, d.answered, d.verified])).toEqual([
      [eventId, 500, true],
      [eventId, 500, true],
      [eventId, 204, true],
    ]);
    // The same bytes every time; each attempt signed afresh.
    expect(new Set(received.map((d) => d.body)).size).toBe(1);
    for (const delivery of received) expect(eventViolations('audit.completed', delivery)).toEqual([]);
    // Newest first.
    expect(attempts.map((a) => [a.eventId, a.attempt, a.outcome, a.responseStatus, a.error])).toEqual([
      [eventId, 3, 'succeeded', 204, null],
      [eventId, 2, 'failed', 500, null],
      [eventId, 1, 'failed', 500, null],
    ]);
    expect(await server.repositories.webhooks.deliveriesOfEvent(eventId)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 3 })]);
  });

  it('a redirect is not followed: it is a failed attempt with its status', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/moved');
    receiver.respond((delivery, previous) => (delivery.path === '/moved' && previous.length === 0 ? 301 : 204));
    const { eventId } = await emitExampleEvent(server, await accountIdOf(server, key));
    const attempts = await until('two recorded attempts', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length === 2 ? list : undefined;
    });
    expect(attempts.map((a) => [a.eventId, a.attempt, a.outcome, a.responseStatus])).toEqual([
      [eventId, 2, 'succeeded', 204],
      [eventId, 1, 'failed', 301],
    ]);
  });
});

describe('giving up', () => {
  let server: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.respond(() => 503);
    server = await startTestServer({ webhooks: fastDeliveries({ retry: { baseMs: 5, factor: 1, maxAttempts: 3 } }) });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('marks the delivery failed after the last attempt and tries no more', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/down');
    const { eventId } = await emitExampleEvent(server, await accountIdOf(server, key));
    const [delivery] = await until('the delivery to be given up', async () => {
      const deliveries = await server.repositories.webhooks.deliveriesOfEvent(eventId);
      return deliveries[0]?.status === 'failed' ? deliveries : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 3 });
    const attempts = await deliveriesOf(server, key, endpoint.id);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.responseStatus])).toEqual([
      [3, 'failed', 503],
      [2, 'failed', 503],
      [1, 'failed', 503],
    ]);
    expect(receiver.deliveries).toHaveLength(3);
  });
});

describe('SSRF', () => {
  let server: TestServer;
  let internal: Receiver;

  beforeAll(async () => {
    // A receiver on ::1, which the test policy (127.0.0.0/8 only) refuses: it must never see a connection.
    internal = await startReceiver('::1');
    server = await startTestServer({
      webhooks: fastDeliveries({ resolver: staticResolver({ [INTERNAL_HOST]: '::1' }), retry: { baseMs: 5, factor: 1, maxAttempts: 2 } }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await internal?.close();
  });

  it('records a failed attempt with the refused address and never connects', async () => {
    const key = await server.createKey();
    const created = await server.call('/webhooks/endpoints', {
      key,
      method: 'POST',
      json: { url: `http://${INTERNAL_HOST}:${internal.port}/hook`, events: ['audit.completed'] },
    });
    expect(created.status).toBe(201);
    internal.expect('/hook', created.body.data.secret);
    const { eventId } = await emitExampleEvent(server, await accountIdOf(server, key));
    await until('the delivery to be given up', async () => {
      const deliveries = await server.repositories.webhooks.deliveriesOfEvent(eventId);
      return deliveries[0]?.status === 'failed' ? deliveries : undefined;
    });
    const attempts = await deliveriesOf(server, key, created.body.data.id);
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ eventId, outcome: 'failed', responseStatus: null });
      expect(attempt.error).toMatch(/^blocked_address: .*::1/);
    }
    expect(internal.connections).toBe(0);
    expect(internal.deliveries).toEqual([]);
  });
});

describe('retention', () => {
  it('purges events past retention when the loop starts, then once an hour of clock time', async () => {
    const clock = new ManualClock(Date.UTC(2025, 5, 1));
    const cutoffs: number[] = [];
    const loop = startDeliveryLoop({
      webhooks: {
        claimDue: async () => [],
        recordAttempt: async () => false,
        purgeEventsBefore: async (before) => {
          cutoffs.push(before);
          return 0;
        },
      },
      clock,
      policy: {},
      pollIntervalMs: 5,
    });
    try {
      await vi.waitFor(() => expect(cutoffs).toEqual([clock.now() - WEBHOOK_RETENTION_MS]));
      clock.advance(59 * 60 * 1000);
      loop.wake();
      clock.advance(60 * 1000);
      await vi.waitFor(() => expect(cutoffs).toHaveLength(2));
      expect(cutoffs[1]).toBe(clock.now() - WEBHOOK_RETENTION_MS);
      expect(WEBHOOK_RETENTION_MS).toBe(30 * 24 * 60 * 60 * 1000);
    } finally {
      await loop.stop();
    }
  });
});

describe('next attempt and endpoint health', () => {
  let server: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    // A retry a minute away: the state between the attempts holds still while the test reads it.
    server = await startTestServer({ webhooks: fastDeliveries({ retry: { baseMs: 60_000 } }) });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const endpointOf = async (key: string, id: string) => {
    const response = await server.call(`/webhooks/endpoints/${id}`, { key });
    expect(response.status).toBe(200);
    expectContract('getWebhookEndpoint', response);
    return response.body.data;
  };

  it('shows when a failed delivery is tried next, and the endpoint failing with what waits for it', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/failing');
    expect((await endpointOf(key, endpoint.id)).health).toEqual({
      status: 'unused',
      lastSucceededAt: null,
      lastFailedAt: null,
      consecutiveFailures: 0,
      pendingDeliveries: 0,
    });
    receiver.respond(() => 503);
    await emitExampleEvent(server, await accountIdOf(server, key));
    const [attempt] = await until('the first failed attempt', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length === 1 ? list : undefined;
    });
    // A minute, spread by the backoff's ±25%, counted from the attempt's end (attemptedAt is its
    // start, durationMs its length); a second more for what the loop does after the response, which
    // a loaded machine stretches (a run once saw 75,094 ms from the start).
    const due = Date.parse(attempt.nextAttemptAt) - Date.parse(attempt.attemptedAt) - attempt.durationMs;
    expect(due).toBeGreaterThanOrEqual(45_000);
    expect(due).toBeLessThanOrEqual(76_000);
    expect((await endpointOf(key, endpoint.id)).health).toEqual({
      status: 'failing',
      lastSucceededAt: null,
      lastFailedAt: attempt.attemptedAt,
      consecutiveFailures: 1,
      pendingDeliveries: 1,
    });
    const listed = await server.call('/webhooks/endpoints', { key });
    expectContract('listWebhookEndpoints', listed);
    expect(listed.body.data[0].health.status).toBe('failing');
  });

  it('shows a delivered endpoint healthy, with no next attempt', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/fine');
    receiver.respond(() => 204);
    await emitExampleEvent(server, await accountIdOf(server, key));
    const [attempt] = await until('the delivered attempt', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length === 1 ? list : undefined;
    });
    expect(attempt).toMatchObject({ outcome: 'succeeded', nextAttemptAt: null });
    expect((await endpointOf(key, endpoint.id)).health).toEqual({
      status: 'healthy',
      lastSucceededAt: attempt.attemptedAt,
      lastFailedAt: null,
      consecutiveFailures: 0,
      pendingDeliveries: 0,
    });
  });
});

describe('redelivery', () => {
  let server: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ webhooks: fastDeliveries({ retry: { baseMs: 5, factor: 1, maxAttempts: 2 } }) });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const redeliver = (key: string, endpointId: string, deliveryId: string) =>
    server.call(`/webhooks/endpoints/${endpointId}/deliveries/${deliveryId}/redeliver`, { key, method: 'POST' });

  it('delivers an event given up on once more, with the same webhook-id, as the next attempt', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/outage');
    let up = false;
    receiver.respond(() => (up ? 204 : 503));
    const { eventId } = await emitExampleEvent(server, await accountIdOf(server, key));
    const failed = await until('the delivery to be given up', async () => {
      const deliveries = await server.repositories.webhooks.deliveriesOfEvent(eventId);
      return deliveries[0]?.status === 'failed' ? deliveriesOf(server, key, endpoint.id) : undefined;
    });
    expect(failed.map((a) => [a.attempt, a.outcome])).toEqual([
      [2, 'failed'],
      [1, 'failed'],
    ]);

    up = true;
    const queued = await redeliver(key, endpoint.id, failed[1].id);
    expect(queued.status).toBe(202);
    expectContract('redeliverWebhookDelivery', queued);
    expect(queued.body.data).toMatchObject({ eventId, eventType: 'audit.completed', attempt: 3 });
    const after = await until('the redelivered attempt', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length === 3 ? list : undefined;
    });
    expect(after[0]).toMatchObject({ eventId, attempt: 3, outcome: 'succeeded', responseStatus: 204, nextAttemptAt: null });
    const received = receiver.deliveries.filter((d) => d.path === '/outage');
    expect(received.map((d) => d.webhookId)).toEqual([eventId, eventId, eventId]);
    expect(received.every((d) => d.verified)).toBe(true);
  });

  it('refuses what it cannot redeliver: an unknown attempt, another endpoint, another account, a delivery still pending', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/ok');
    const other = await createEndpoint(server, key, receiver, '/other');
    receiver.respond(() => 204);
    await emitExampleEvent(server, await accountIdOf(server, key));
    const [delivered] = await until('a delivered attempt', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length === 1 ? list : undefined;
    });
    const unknown = await redeliver(key, endpoint.id, '0192f8f2-a4e5-75bb-91c8-f36e7f8091a2');
    expect(unknown.status).toBe(404);
    expectContract('redeliverWebhookDelivery', unknown);
    expect((await redeliver(key, other.id, delivered.id)).status).toBe(404);
    const stranger = await server.createKey();
    expect((await redeliver(stranger, endpoint.id, delivered.id)).status).toBe(404);

    // Queued and not yet sent: a second request finds it pending.
    await server.repositories.webhooks.redeliver(endpoint.id, delivered.id, Date.now() + 3_600_000);
    const twice = await redeliver(key, endpoint.id, delivered.id);
    expect(twice.status).toBe(409);
    expectContract('redeliverWebhookDelivery', twice);
    expect(twice.body.error.code).toBe('INVALID_STATE');
  });
});
