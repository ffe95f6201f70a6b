// The outbox of webhook events: an event is written with one pending delivery per endpoint
// of the account subscribed to its type, and purged with its deliveries and attempts once they ended.
import type { Kysely } from 'kysely';
import { uuidv7 } from '../../support/ids.js';
import type { Database } from '../schema.js';
import type { WebhookDeliveriesTable, WebhookDeliveryStatus, WebhookDeliveredEventType } from '../schema-webhooks.js';
import { toTimestamp } from '../timestamps.js';

export interface NewWebhookEvent {
  id: string;
  accountId: string;
  type: WebhookDeliveredEventType;
  /** The exact body to send. */
  payload: string;
  now: number;
  /** Only to this endpoint of the account, whatever it subscribes to (a test event); to every subscribed one when absent. */
  endpointId?: string;
}

export interface QueuedDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
}

/** Writes the event and one pending delivery, due now, per subscribed endpoint (or to the one named); returns the number of deliveries. */
export async function insertEvent(executor: Kysely<Database>, event: NewWebhookEvent): Promise<number> {
  const now = toTimestamp(event.now);
  await executor
    .insertInto('webhook_events')
    .values({ id: event.id, account_id: event.accountId, type: event.type, payload: event.payload, created_at: now })
    .execute();
  const endpoints = await executor
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('account_id', '=', event.accountId)
    .$if(event.endpointId !== undefined, (query) => query.where('id', '=', event.endpointId!))
    .execute();
  const subscribed =
    event.endpointId !== undefined ? endpoints : endpoints.filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(event.type));
  if (subscribed.length === 0) return 0;
  const deliveries: WebhookDeliveriesTable[] = subscribed.map((endpoint) => ({
    id: uuidv7(event.now),
    event_id: event.id,
    endpoint_id: endpoint.id,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    claim_token: null,
    created_at: now,
    updated_at: now,
  }));
  await executor.insertInto('webhook_deliveries').values(deliveries).execute();
  return deliveries.length;
}

/**
 * Deletes up to `limit` events created before `before` (with their deliveries and attempts)
 * whose deliveries have all ended; returns how many events it deleted.
 */
export async function purgeEventsBefore(db: Kysely<Database>, before: number, limit: number): Promise<number> {
  // Deliveries and attempts go with their event (ON DELETE CASCADE). A subquery picks the
  // batch: neither dialect takes LIMIT on DELETE everywhere.
  const result = await db
    .deleteFrom('webhook_events')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_events as e')
        .select('e.id')
        .where('e.created_at', '<', toTimestamp(before))
        .where((inner) =>
          inner.not(
            inner.exists(inner.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id').where('d.status', '=', 'pending')),
          ),
        )
        .orderBy('e.created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The deliveries of one event (tests and diagnostics). */
export async function deliveriesOfEvent(db: Kysely<Database>, eventId: string): Promise<QueuedDelivery[]> {
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
  }));
}
