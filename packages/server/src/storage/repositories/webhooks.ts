// Webhook storage: endpoints (with the per-account limit: webhook-endpoints.ts), the event outbox
// with its fan-out to deliveries (webhook-outbox.ts), the claim of due deliveries under a lease
// (webhook-claims.ts), the recording of attempts and redelivery (webhook-attempts.ts), and how
// deliveries to an endpoint have gone (webhook-health.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';
import type { WebhookEventType } from '../schema-webhooks.js';
import { PLAIN_SECRETS, type SecretBox } from '../secret-box.js';
import { listAttempts, recordAttempt, redeliver, type AttemptRecord, type Redelivery, type WebhookDeliveryAttempt } from './webhook-attempts.js';
import { claimDue, type ClaimDueInput, type ClaimedDelivery } from './webhook-claims.js';
import {
  createEndpointWithinLimit,
  deleteEndpoint,
  findEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  type CreatedWebhookEndpoint,
  type EndpointChanges,
  type NewWebhookEndpoint,
  type WebhookEndpoint,
} from './webhook-endpoints.js';
import { endpointHealth, type EndpointHealth } from './webhook-health.js';
import { deliveriesOfEvent, insertEvent, purgeEventsBefore, type NewWebhookEvent, type QueuedDelivery } from './webhook-outbox.js';

export { MAX_ATTEMPTS } from './webhook-attempts.js';
export type {
  AttemptRecord,
  ClaimDueInput,
  ClaimedDelivery,
  CreatedWebhookEndpoint,
  NewWebhookEndpoint,
  NewWebhookEvent,
  Redelivery,
  WebhookDeliveryAttempt,
  QueuedDelivery,
  WebhookEndpoint,
  WebhookEventType,
};

/** An endpoint as the API reads it back: with how deliveries to it have gone. */
export type WebhookEndpointWithHealth = WebhookEndpoint & { health: EndpointHealth };

export interface WebhooksRepository {
  /** Creates the endpoint only while the account has fewer than `maxEndpoints`; atomic per account. */
  createEndpointWithinLimit(input: NewWebhookEndpoint & { maxEndpoints: number }): Promise<CreatedWebhookEndpoint | 'limit_exceeded'>;
  /** Null when it does not exist or belongs to another account: callers answer 404 alike. */
  findEndpoint(accountId: string, id: string): Promise<WebhookEndpoint | null>;
  /** Newest first: created_at desc, then id desc. */
  listEndpoints(accountId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  /** False when there was no such endpoint of this account. */
  deleteEndpoint(accountId: string, id: string): Promise<boolean>;
  /**
   * Queues the event of the endpoint's attempt `attemptId` to be delivered again at `now`: its delivery
   * pending once more, with the attempts it had. `pending`: it still is; `exhausted`: attempted
   * MAX_ATTEMPTS times; null: no such attempt of the endpoint.
   */
  redeliver(endpointId: string, attemptId: string, now: number): Promise<Redelivery | 'pending' | 'exhausted' | null>;
  /** Changes the fields given of the account's endpoint; null when it has no such endpoint. */
  updateEndpoint(accountId: string, id: string, changes: EndpointChanges): Promise<WebhookEndpoint | null>;
  /** Replaces the endpoint's signing secret (sealed as on creation); null when the account has no such endpoint. */
  rotateSecret(accountId: string, id: string, secret: string): Promise<CreatedWebhookEndpoint | null>;
  /** Attempts to one endpoint, newest first (attempted_at desc, then id desc). */
  listAttempts(endpointId: string, page: PageRequest): Promise<Page<WebhookDeliveryAttempt>>;
  /** How deliveries to the endpoint have gone (webhook-health.ts). */
  health(endpointId: string): Promise<EndpointHealth>;
  /**
   * Writes the event and one pending delivery, due now, for every endpoint of the account subscribed
   * to its type; inside the caller's transaction when given. Returns the number of deliveries.
   */
  insertEvent(event: NewWebhookEvent, trx?: Transaction<Database>): Promise<number>;
  /**
   * Leases up to `limit` due pending deliveries until now + leaseMs under a fresh claim token, in turns
   * across endpoints and accounts, none beyond `perEndpoint` or `perAccount` attempts in flight.
   */
  claimDue(input: ClaimDueInput): Promise<ClaimedDelivery[]>;
  /** False (and nothing written) when the claim no longer holds the delivery, or the delivery is gone. */
  recordAttempt(record: AttemptRecord): Promise<boolean>;
  /** The deliveries of one event (tests and diagnostics). */
  deliveriesOfEvent(eventId: string): Promise<QueuedDelivery[]>;
  /**
   * Deletes up to `limit` events created before `before` (with their deliveries and attempts)
   * whose deliveries have all ended; returns how many events it deleted.
   */
  purgeEventsBefore(before: number, limit: number): Promise<number>;
}

export function createWebhooksRepository(db: Kysely<Database>, dialect: DialectName, secrets: SecretBox = PLAIN_SECRETS): WebhooksRepository {
  return {
    createEndpointWithinLimit: (input) => createEndpointWithinLimit(db, secrets, input),
    findEndpoint: (accountId, id) => findEndpoint(db, accountId, id),
    listEndpoints: (accountId, page) => listEndpoints(db, accountId, page),
    updateEndpoint: (accountId, id, changes) => updateEndpoint(db, accountId, id, changes),
    rotateSecret: (accountId, id, secret) => rotateSecret(db, secrets, accountId, id, secret),
    redeliver: (endpointId, attemptId, now) => redeliver(db, endpointId, attemptId, now),
    deleteEndpoint: (accountId, id) => deleteEndpoint(db, accountId, id),
    listAttempts: (endpointId, page) => listAttempts(db, endpointId, page),
    health: (endpointId) => endpointHealth(db, endpointId),
    insertEvent: (event, trx) => insertEvent(trx ?? db, event),
    claimDue: (input) => claimDue(db, dialect, secrets, input),
    recordAttempt: (record) => recordAttempt(db, record),
    purgeEventsBefore: (before, limit) => purgeEventsBefore(db, before, limit),
    deliveriesOfEvent: (eventId) => deliveriesOfEvent(db, eventId),
  };
}
