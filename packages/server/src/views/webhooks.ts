// How stored endpoints and delivery attempts look in the API (the Webhook* schemas).
import type { components } from '@seo-geo/types';
import type { CreatedWebhookEndpoint, WebhookDeliveryAttempt, WebhookEndpoint, WebhookEndpointWithHealth } from '../storage/repositories/webhooks.js';

type Schemas = components['schemas'];

function endpointFields(endpoint: WebhookEndpoint): Omit<Schemas['WebhookEndpoint'], 'health'> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    createdAt: endpoint.createdAt,
  };
}

export function webhookEndpointView(endpoint: WebhookEndpointWithHealth): Schemas['WebhookEndpoint'] {
  return { ...endpointFields(endpoint), health: endpoint.health };
}

/** The one view with the secret: the answer to the creation (and to a new secret), without health. */
export function createdWebhookEndpointView(endpoint: CreatedWebhookEndpoint): Schemas['WebhookEndpointCreated'] {
  return { ...endpointFields(endpoint), secret: endpoint.secret };
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
    nextAttemptAt: attempt.nextAttemptAt,
  };
}
