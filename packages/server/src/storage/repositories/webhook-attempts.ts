// Attempts to deliver webhook events. An attempt is recorded only under the claim token that
// leased its delivery, in one transaction with the delivery's new state, so a claim that lost its lease can
// never record a second outcome. A listed attempt's event can be queued to be delivered again.
import type { Kysely, Selectable } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import { uuidv7 } from '../../support/ids.js';
import { newestFirstPage } from '../newest-first.js';
import type { Database } from '../schema.js';
import type { WebhookAttemptOutcome, WebhookDeliveryAttemptsTable, WebhookDeliveryStatus, WebhookDeliveredEventType } from '../schema-webhooks.js';
import { toTimestamp } from '../timestamps.js';
import { nextAttempts } from './webhook-health.js';

export interface WebhookDeliveryAttempt {
  id: string;
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookDeliveredEventType;
  attempt: number;
  outcome: WebhookAttemptOutcome;
  responseStatus: number | null;
  error: string | null;
  attemptedAt: string;
  durationMs: number;
  /** When its delivery is next tried, on the latest attempt of a delivery still pending (see webhook-health.ts). */
  nextAttemptAt: string | null;
}

export interface AttemptRecord {
  deliveryId: string;
  claimToken: string;
  attempt: number;
  outcome: WebhookAttemptOutcome;
  responseStatus: number | null;
  error: string | null;
  attemptedAt: number;
  durationMs: number;
  /** The delivery's state after this attempt; `nextAttemptAt` matters only while pending. */
  status: WebhookDeliveryStatus;
  nextAttemptAt: number;
}

/** An event queued to be delivered again (the contract's WebhookRedelivery). */
export interface Redelivery {
  eventId: string;
  eventType: WebhookDeliveredEventType;
  attempt: number;
  nextAttemptAt: string;
}

/** The contract's bound on an attempt's number (WebhookDelivery.attempt): no redelivery past it. */
export const MAX_ATTEMPTS = 100;

/** False (and nothing written) when the claim no longer holds the delivery, or the delivery is gone. */
export async function recordAttempt(db: Kysely<Database>, record: AttemptRecord): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: record.status,
        attempts: record.attempt,
        next_attempt_at: toTimestamp(record.nextAttemptAt),
        claim_token: null,
        updated_at: toTimestamp(record.attemptedAt),
      })
      .where('id', '=', record.deliveryId)
      .where('claim_token', '=', record.claimToken)
      .where('status', '=', 'pending')
      .where('attempts', '=', record.attempt - 1)
      .returning(['endpoint_id', 'event_id'])
      .executeTakeFirst();
    if (!updated) return false;
    const event = await trx.selectFrom('webhook_events').select('type').where('id', '=', updated.event_id).executeTakeFirstOrThrow();
    const delivery = { endpoint_id: updated.endpoint_id, event_id: updated.event_id, event_type: event.type };
    await trx.insertInto('webhook_delivery_attempts').values(attemptRow(record, delivery)).execute();
    return true;
  });
}

/** Attempts to one endpoint, newest first (attempted_at desc, then id desc). */
export async function listAttempts(db: Kysely<Database>, endpointId: string, page: PageRequest): Promise<Page<WebhookDeliveryAttempt>> {
  const found = await newestFirstPage(db, 'webhook_delivery_attempts', { column: 'endpoint_id', id: endpointId }, page, toAttempt, {
    orderBy: 'attempted_at',
  });
  const next = await nextAttempts(db, found.items);
  return { ...found, items: found.items.map((attempt, i) => ({ ...attempt, nextAttemptAt: next[i] ?? null })) };
}

/**
 * Queues the event of the endpoint's attempt `attemptId` to be delivered again at `now`: its delivery
 * pending once more, with the attempts it had. `pending`: it still is; `exhausted`: attempted
 * MAX_ATTEMPTS times; null: no such attempt of the endpoint.
 */
export async function redeliver(
  db: Kysely<Database>,
  endpointId: string,
  attemptId: string,
  now: number,
): Promise<Redelivery | 'pending' | 'exhausted' | null> {
  return db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('webhook_delivery_attempts')
      .select(['delivery_id', 'event_id', 'event_type'])
      .where('id', '=', attemptId)
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirst();
    if (!attempt) return null;
    const delivery = await trx.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', attempt.delivery_id).executeTakeFirstOrThrow();
    if (delivery.status === 'pending') return 'pending';
    if (Number(delivery.attempts) >= MAX_ATTEMPTS) return 'exhausted';
    const nextAttemptAt = toTimestamp(now);
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: nextAttemptAt, claim_token: null, updated_at: nextAttemptAt })
      .where('id', '=', attempt.delivery_id)
      .where('status', '!=', 'pending')
      .execute();
    return { eventId: attempt.event_id, eventType: attempt.event_type, attempt: Number(delivery.attempts) + 1, nextAttemptAt };
  });
}

function attemptRow(
  record: AttemptRecord,
  delivery: Pick<WebhookDeliveryAttemptsTable, 'endpoint_id' | 'event_id' | 'event_type'>,
): WebhookDeliveryAttemptsTable {
  return {
    id: uuidv7(record.attemptedAt),
    delivery_id: record.deliveryId,
    ...delivery,
    attempt: record.attempt,
    outcome: record.outcome,
    response_status: record.responseStatus,
    error: record.error,
    attempted_at: toTimestamp(record.attemptedAt),
    duration_ms: record.durationMs,
  };
}

function toAttempt(row: Selectable<WebhookDeliveryAttemptsTable>): WebhookDeliveryAttempt {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    attempt: Number(row.attempt),
    outcome: row.outcome,
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    error: row.error,
    attemptedAt: row.attempted_at,
    durationMs: Number(row.duration_ms),
    nextAttemptAt: null,
  };
}
