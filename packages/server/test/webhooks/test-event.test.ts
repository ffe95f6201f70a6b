// A test event on request: `webhook.test` goes to the one endpoint asked for, whatever it
// subscribes to, signed and shaped as the contract's `webhooks` section says; it is listed with the
// endpoint's deliveries and counted in its health, and a receiver that fails it is not retried.
// Another account's endpoint is not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { eventViolations } from './support/contract.js';
import { createEndpoint, deliveriesOf, fastDeliveries } from './support/endpoints.js';
import { startReceiver, type Receiver } from './support/receiver.js';

describe('test events', () => {
  let server: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({ webhooks: fastDeliveries({ retry: { baseMs: 5, factor: 1, maxAttempts: 3 } }) });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const sendTest = (key: string, endpointId: string) => server.call(`/webhooks/endpoints/${endpointId}/test`, { key, method: 'POST' });

  it('sends webhook.test to that endpoint alone, whatever it subscribes to, and lists the attempt', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/checked', ['geo_monitor.alert']);
    await createEndpoint(server, key, receiver, '/bystander');
    receiver.respond(() => 204);

    const queued = await sendTest(key, endpoint.id);
    expect(queued.status).toBe(202);
    expectContract('sendWebhookTestEvent', queued);
    expect(queued.body.data).toMatchObject({ eventType: 'webhook.test', attempt: 1 });
    const { eventId } = queued.body.data;

    const [attempt] = await until('the test attempt', async () => {
      const list = await deliveriesOf(server, key, endpoint.id);
      return list.length === 1 ? list : undefined;
    });
    expect(attempt).toMatchObject({ eventId, eventType: 'webhook.test', attempt: 1, outcome: 'succeeded', responseStatus: 204 });
    const received = receiver.deliveries.filter((d) => d.webhookId === eventId);
    expect(received.map((d) => [d.path, d.verified])).toEqual([['/checked', true]]);
    expect(eventViolations('webhook.test', received[0]!)).toEqual([]);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });

    const read = await server.call(`/webhooks/endpoints/${endpoint.id}`, { key });
    expect(read.body.data.health).toMatchObject({ status: 'healthy' });
  });

  it('tries a test event once: a failing receiver is not retried', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/broken');
    receiver.respond((delivery) => (delivery.path === '/broken' ? 500 : 204));
    const { eventId } = (await sendTest(key, endpoint.id)).body.data;
    const [delivery] = await until('the test to be given up', async () => {
      const deliveries = await server.repositories.webhooks.deliveriesOfEvent(eventId);
      return deliveries[0]?.status === 'failed' ? deliveries : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 1 });
    const attempts = await deliveriesOf(server, key, endpoint.id);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.responseStatus, a.nextAttemptAt])).toEqual([[1, 'failed', 500, null]]);
  });

  it('does not find an unknown endpoint or another account’s', async () => {
    const key = await server.createKey();
    const endpoint = await createEndpoint(server, key, receiver, '/mine');
    const unknown = await sendTest(key, '0192f8f2-a4e5-75bb-91c8-f36e7f8091a2');
    expect(unknown.status).toBe(404);
    expectContract('sendWebhookTestEvent', unknown);
    const stranger = await sendTest(await server.createKey(), endpoint.id);
    expect(stranger.status).toBe(404);
    expectContract('sendWebhookTestEvent', stranger);
  });
});
