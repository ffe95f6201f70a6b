// Row types of webhooks: the endpoints of an account, the durable outbox of events, one delivery
// per (event, subscribed endpoint), and every attempt to deliver one.
// Same portability rules as schema.ts (text ids and timestamps, integer booleans, JSON as text).
import type { components } from '@seo-geo/types';

/** A type endpoints subscribe to. */
export type WebhookEventType = components['schemas']['WebhookEventType'];
/** A type of event delivered: a subscribed one, or `webhook.test`, sent to one endpoint on request. */
export type WebhookDeliveredEventType = components['schemas']['WebhookDeliveredEventType'];

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';
export type WebhookAttemptOutcome = 'succeeded' | 'failed';

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  /** JSON array of event types the endpoint subscribes to. */
  events: string;
  description: string | null;
  /**
   * The Standard Webhooks signing secret (`whsec_…`). Kept as it was issued because signing needs
   * it (an HMAC key cannot be hashed away like an API key); it is never listed or logged.
   */
  secret: string;
  created_at: string;
}

/** The outbox: an event is written in the transaction of the state change that causes it. */
export interface WebhookEventsTable {
  /** `evt_` + hex; the `webhook-id` header of every attempt of every delivery of the event. */
  id: string;
  account_id: string;
  type: WebhookDeliveredEventType;
  /** The exact JSON body sent (`{type, timestamp, data}`), so every attempt signs the same bytes. */
  payload: string;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: WebhookDeliveryStatus;
  /** Attempts recorded so far. */
  attempts: number;
  /**
   * When the delivery is next due. A claim moves it forward by the lease (a visibility timeout), so a
   * delivery claimed by a process that dies becomes due again when the lease has passed.
   */
  next_attempt_at: string;
  /** Random token of the claim that holds the delivery; an attempt is recorded only under it. */
  claim_token: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  /** Denormalised from the delivery and its event so the attempt list needs no join. */
  endpoint_id: string;
  event_id: string;
  event_type: WebhookDeliveredEventType;
  /** 1-based; unique per delivery. */
  attempt: number;
  outcome: WebhookAttemptOutcome;
  response_status: number | null;
  error: string | null;
  attempted_at: string;
  duration_ms: number;
}
