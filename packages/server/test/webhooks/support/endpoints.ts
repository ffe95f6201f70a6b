// Shared steps of the webhook tests: server options for fast deliveries, endpoints bound to a
// receiver, and the account behind a key.
import { expect } from 'vitest';
import { systemClock } from '../../../src/support/clock.js';
import type { BackgroundOptions } from '../../../src/composition/root.js';
import { createWebhookOutbox, type EmittedEvent } from '../../../src/webhooks/outbox.js';
import { expectContract, type TestServer } from '../../support/server.js';
import { exampleAuditRun } from './contract.js';
import type { Receiver } from './receiver.js';

export const ALL_EVENTS = ['audit.completed', 'audit.failed', 'audit.paused', 'geo_monitor_test.completed', 'geo_monitor.run.completed', 'geo_monitor.alert'];

/**
 * Deliveries on the real clock (the test server's clock is manual) with quick polls and a tiny
 * backoff, so retries happen in milliseconds.
 */
export function fastDeliveries(overrides: Partial<NonNullable<BackgroundOptions['webhooks']>> = {}): NonNullable<BackgroundOptions['webhooks']> {
  return { clock: systemClock, pollIntervalMs: 20, retry: { baseMs: 20 }, ...overrides };
}

export async function createEndpoint(
  server: TestServer,
  key: string,
  receiver: Receiver,
  path: string,
  events: string[] = ALL_EVENTS,
): Promise<{ id: string; secret: string; url: string }> {
  const response = await server.call('/webhooks/endpoints', { key, method: 'POST', json: { url: `${receiver.origin}${path}`, events } });
  expect(response.status).toBe(201);
  expectContract('createWebhookEndpoint', response);
  receiver.expect(path, response.body.data.secret);
  return { id: response.body.data.id, secret: response.body.data.secret, url: response.body.data.url };
}

export async function accountIdOf(server: TestServer, key: string): Promise<string> {
  const auth = await server.services.apiKeys.authenticate(`Bearer ${key}`);
  if (!auth.ok) throw new Error('the test key does not authenticate');
  return auth.principal.accountId;
}

/** Emits an `audit.completed` event straight into the outbox (for tests about delivery, not audits). */
export function emitExampleEvent(server: TestServer, accountId: string): Promise<EmittedEvent> {
  return createWebhookOutbox({ webhooks: server.repositories.webhooks, clock: server.clock }).emit({
    type: 'audit.completed',
    accountId,
    data: exampleAuditRun(),
  });
}

export async function deliveriesOf(server: TestServer, key: string, endpointId: string): Promise<any[]> {
  const response = await server.call(`/webhooks/endpoints/${endpointId}/deliveries?pageSize=100`, { key });
  expect(response.status).toBe(200);
  expectContract('listWebhookDeliveries', response);
  return response.body.data;
}
