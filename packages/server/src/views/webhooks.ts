// How stored endpoints and delivery attempts look in the API (the Webhook* schemas).
import type { components } from '@seo-geo/types';
import type { CreatedWebhookEndpoint, WebhookDeliveryAttempt, WebhookEndpoint } from '../storage/repositories/webhooks.js';

type Schemas = components['schemas'];

export function webhookEndpointView(endpoint: WebhookEndpoint): Schemas['WebhookEndpoint'] {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    createdAt: endpoint.createdAt,
  };
}

/** The one view with the secret: the answer to the creation. */
export function createdWebhookEndpointView(endpoint: CreatedWebhookEndpoint): Schemas['WebhookEndpointCreated'] {
  return { ...webhookEndpointView(endpoint), secret: endpoint.secret };
}

export function webhookDeliveryView(attempt: WebhookDeliveryAttempt): Schemas['WebhookDelivery'] {
  return {
    id: attempt.id,
    eventId: attempt.eventId,
    eventType: attempt.eventType,
    attempt: attempt.attempt,
    outcome: attempt.outcome,
    responseStatus: attempt.responseStatus,
    error: attempt.error,
    attemptedAt: attempt.attemptedAt,
    durationMs: attempt.durationMs,
  };
}
