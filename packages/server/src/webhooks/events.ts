// The events the service sends, as the contract's `webhooks` section defines them: a type, a
// timestamp and `data`, the resource exactly as the API returns it.
import type { components } from '@seo-geo/types';
import { uuidv7 } from '../support/ids.js';

export type WebhookEventType = components['schemas']['WebhookEventType'];
export type AuditEventBody = components['schemas']['AuditEvent'];
export type GeoTestEventBody = components['schemas']['GeoTestEvent'];
export type GeoMonitorRunEventBody = components['schemas']['GeoMonitorRunEvent'];
export type GeoMonitorAlertEventBody = components['schemas']['GeoMonitorAlertEvent'];
export type WebhookTestEventBody = components['schemas']['WebhookTestEvent'];
export type WebhookEventBody = AuditEventBody | GeoTestEventBody | GeoMonitorRunEventBody | GeoMonitorAlertEventBody | WebhookTestEventBody;

/** In the contract's order, which is also the order endpoints store their subscriptions in. */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'audit.completed',
  'audit.failed',
  'audit.paused',
  'geo_monitor_test.completed',
  'geo_monitor.run.completed',
  'geo_monitor.alert',
];

export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * `evt_` + the 32 hex digits of a UUIDv7: unique, sorts by time, and matches the contract's
 * `^evt_[0-9a-f]+$`. It is the `webhook-id` of every attempt, so receivers can drop duplicates.
 */
export function newEventId(now: number): string {
  return `evt_${uuidv7(now).replaceAll('-', '')}`;
}
