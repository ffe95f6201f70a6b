// Webhooks: the API service, the outbox other features emit events into, and the delivery loop.
export { emitAuditEvent } from './audit-events.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.js';
export { startDeliveryLoop, type DeliveryLoopOptions, type RunningDeliveryLoop } from './delivery-loop.js';
export { WEBHOOK_EVENT_TYPES, type WebhookEventBody, type WebhookEventType } from './events.js';
export { createWebhookOutbox, type EmitInput, type EmittedEvent, type WebhookOutbox } from './outbox.js';
export { createWebhookService, MAX_ENDPOINTS_PER_ACCOUNT, type WebhookService } from './service.js';
