// The durable outbox: `emit` writes an event and its deliveries, in the caller's transaction
// when one is given, so an event exists exactly when the state change that causes it committed.
// Nothing is sent here; the delivery loop (delivery-loop.ts) picks the deliveries up.
import type { components } from '@seo-geo/types';
import type { Clock } from '../support/clock.js';
import type { WebhooksRepository } from '../storage/repositories/webhooks.js';
import { toTimestamp } from '../storage/timestamps.js';
import type { TransactionHandle } from '../storage/transaction.js';
import { newEventId, type WebhookEventBody } from './events.js';

/** What happened, to whom, and the resource as the API shows it (`auditRunView`, the GEO test view). */
export type EmitInput =
  | { type: 'audit.completed' | 'audit.failed' | 'audit.paused'; accountId: string; data: components['schemas']['AuditRun'] }
  | { type: 'geo_monitor_test.completed'; accountId: string; data: components['schemas']['GeoTest'] }
  | { type: 'geo_monitor.run.completed'; accountId: string; data: components['schemas']['GeoMonitorRun'] }
  | { type: 'geo_monitor.alert'; accountId: string; data: components['schemas']['GeoMonitorAlert'] }
  // To the one endpoint, whatever it subscribes to.
  | { type: 'webhook.test'; accountId: string; endpointId: string; data: components['schemas']['WebhookTestEvent']['data'] };

export interface EmittedEvent {
  eventId: string;
  /** The event's timestamp, when its deliveries are first due. */
  timestamp: string;
  /** Deliveries created: one per endpoint of the account subscribed to the type (the one endpoint of a test). */
  deliveries: number;
}

export interface WebhookOutbox {
  emit(input: EmitInput, trx?: TransactionHandle): Promise<EmittedEvent>;
}

export function createWebhookOutbox(deps: { webhooks: Pick<WebhooksRepository, 'insertEvent'>; clock: Clock }): WebhookOutbox {
  return {
    async emit(input, trx) {
      const now = deps.clock.now();
      const eventId = newEventId(now);
      const timestamp = toTimestamp(now);
      const body = { type: input.type, timestamp, data: input.data } as WebhookEventBody;
      const deliveries = await deps.webhooks.insertEvent(
        {
          id: eventId,
          accountId: input.accountId,
          type: input.type,
          payload: JSON.stringify(body),
          now,
          ...('endpointId' in input ? { endpointId: input.endpointId } : {}),
        },
        trx,
      );
      return { eventId, timestamp, deliveries };
    },
  };
}
