// Webhook endpoints as the API sees them: create (with the secret, shown once), list, delete,
// the attempts made to deliver to one, a redelivery and a test event. Endpoints of another account
// answer 404.
import { isIP } from 'node:net';
import { checkAddress, type SsrfPolicy } from '@seo-geo/engine';
import type { Clock } from '../../support/clock.js';
import { invalidState, notFound, planLimitExceeded, validationError } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';
import type { Page, PageRequest } from '../../domain/page.js';
import {
  MAX_ATTEMPTS,
  type CreatedWebhookEndpoint,
  type Redelivery,
  type WebhookDeliveryAttempt,
  type WebhookEndpoint,
  type WebhookEndpointWithHealth,
  type WebhooksRepository,
} from '../../storage/repositories/webhooks.js';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/events.js';
import type { WebhookOutbox } from '../../webhooks/outbox.js';
import { generateSigningSecret } from '../../webhooks/secret.js';

/** The contract's limit, the same on every plan. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 10;

/** What a test event says: that nothing happened in the account. */
const TEST_EVENT_MESSAGE = 'A test event sent from the API to check this endpoint; nothing happened in the account.';

export interface WebhookEndpointInput {
  url: string;
  events: string[];
  description?: string;
}

export interface WebhookService {
  create(principal: Principal, input: WebhookEndpointInput): Promise<CreatedWebhookEndpoint>;
  list(principal: Principal, page: PageRequest): Promise<Page<WebhookEndpointWithHealth>>;
  remove(principal: Principal, endpointId: string): Promise<void>;
  get(principal: Principal, endpointId: string): Promise<WebhookEndpointWithHealth>;
  update(
    principal: Principal,
    endpointId: string,
    changes: { url?: string; events?: string[]; description?: string | null },
  ): Promise<WebhookEndpointWithHealth>;
  /** A new signing secret, returned this once; every later attempt is signed with it. */
  rotateSecret(principal: Principal, endpointId: string): Promise<CreatedWebhookEndpoint>;
  deliveries(principal: Principal, endpointId: string, page: PageRequest): Promise<Page<WebhookDeliveryAttempt>>;
  /** Queues the event of a listed attempt to be delivered to its endpoint again. */
  redeliver(principal: Principal, endpointId: string, deliveryId: string): Promise<Redelivery>;
  /** Queues a `webhook.test` event for the endpoint alone, due now; it is attempted once. */
  sendTest(principal: Principal, endpointId: string): Promise<Redelivery>;
}

export function createWebhookService(deps: { webhooks: WebhooksRepository; outbox: WebhookOutbox; clock: Clock; policy: SsrfPolicy }): WebhookService {
  const { webhooks, clock } = deps;

  async function find(principal: Principal, endpointId: string): Promise<WebhookEndpoint> {
    const endpoint = await webhooks.findEndpoint(principal.accountId, endpointId);
    if (!endpoint) throw notFound('Webhook endpoint', endpointId);
    return endpoint;
  }

  const withHealth = async (endpoint: WebhookEndpoint): Promise<WebhookEndpointWithHealth> => ({ ...endpoint, health: await webhooks.health(endpoint.id) });

  return {
    async create(principal, input) {
      const url = receiverUrl(input.url, deps.policy);
      const created = await webhooks.createEndpointWithinLimit({
        accountId: principal.accountId,
        url,
        events: inContractOrder(input.events),
        description: input.description ?? null,
        secret: generateSigningSecret(),
        now: clock.now(),
        maxEndpoints: MAX_ENDPOINTS_PER_ACCOUNT,
      });
      if (created === 'limit_exceeded') {
        throw planLimitExceeded(`An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one to add another.`);
      }
      return created;
    },

    async list(principal, page) {
      const found = await webhooks.listEndpoints(principal.accountId, page);
      return { ...found, items: await Promise.all(found.items.map(withHealth)) };
    },

    async remove(principal, endpointId) {
      if (!(await webhooks.deleteEndpoint(principal.accountId, endpointId))) throw notFound('Webhook endpoint', endpointId);
    },

    get: async (principal, endpointId) => withHealth(await find(principal, endpointId)),

    async update(principal, endpointId, changes) {
      const updated = await webhooks.updateEndpoint(principal.accountId, endpointId, {
        ...(changes.url !== undefined && { url: receiverUrl(changes.url, deps.policy) }),
        ...(changes.events !== undefined && { events: inContractOrder(changes.events) }),
        ...(changes.description !== undefined && { description: changes.description }),
      });
      if (!updated) throw notFound('Webhook endpoint', endpointId);
      return withHealth(updated);
    },

    async rotateSecret(principal, endpointId) {
      const rotated = await webhooks.rotateSecret(principal.accountId, endpointId, generateSigningSecret());
      if (!rotated) throw notFound('Webhook endpoint', endpointId);
      return rotated;
    },

    async deliveries(principal, endpointId, page) {
      const endpoint = await find(principal, endpointId);
      return webhooks.listAttempts(endpoint.id, page);
    },

    async redeliver(principal, endpointId, deliveryId) {
      const endpoint = await find(principal, endpointId);
      const queued = await webhooks.redeliver(endpoint.id, deliveryId, clock.now());
      if (queued === null) throw notFound('Webhook delivery', deliveryId);
      if (queued === 'pending')
        throw invalidState('The event is still being delivered to this endpoint: its next attempt is already due (see nextAttemptAt in the deliveries list).');
      if (queued === 'exhausted') throw invalidState(`The event has been attempted ${MAX_ATTEMPTS} times at this endpoint; it is not delivered again.`);
      return queued;
    },

    async sendTest(principal, endpointId) {
      const endpoint = await find(principal, endpointId);
      const { eventId, timestamp } = await deps.outbox.emit({
        type: 'webhook.test',
        accountId: principal.accountId,
        endpointId: endpoint.id,
        data: { endpointId: endpoint.id, message: TEST_EVENT_MESSAGE },
      });
      return { eventId, eventType: 'webhook.test', attempt: 1, nextAttemptAt: timestamp };
    },
  };
}

/** Once each, in the contract's order, whatever order they were given in. */
function inContractOrder(events: readonly string[]) {
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}

/**
 * The URL deliveries go to. The schema has already checked the shape; this refuses what can be
 * known wrong now: credentials in the URL (never sent: the fetch uses origin and path only) and a
 * literal address the SSRF policy refuses. Host names are judged at delivery, on every attempt,
 * against the address they resolve to then.
 */
function receiverUrl(raw: string, policy: SsrfPolicy): string {
  const invalid = (message: string) => validationError([{ in: 'body', field: 'url', message }]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('must be an absolute http or https URL');
  if (url.username !== '' || url.password !== '') throw invalid('must not contain credentials');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) {
    const verdict = checkAddress(host, policy);
    if (!verdict.allowed) throw invalid(`must reach a public address (${verdict.reason})`);
  }
  return url.href;
}
