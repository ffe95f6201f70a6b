// One delivery attempt: POST the event body, signed, through the engine's SSRF-guarded fetch.
// The resolved address is checked at connect time on every attempt (DNS may change after the
// endpoint was created), redirects are not followed (a 3xx is a failed attempt, as Standard
// Webhooks senders do), and the receiver's body is drained up to a small cap and discarded.
import { guardedFetch, userAgentString, type Resolver, type SsrfPolicy } from '@seo-geo/engine';
import type { WebhookAttemptOutcome } from '../storage/schema-webhooks.js';
import { contractBounds } from '@seo-geo/types/bounds';
import { cutText } from '../domain/fit-to-contract.js';
import { signedHeaders } from './signing.js';

export const DELIVERY_TIMEOUT_MS = 15_000;
const USER_AGENT = userAgentString('SeoGeoWebhooks', '1.0');
/** The contract's bound on `WebhookDelivery.durationMs`. */
const MAX_DURATION_MS = 600_000;

export interface DeliveryTarget {
  eventId: string;
  body: string;
  url: string;
  secret: string;
}

export interface AttemptResult {
  outcome: WebhookAttemptOutcome;
  /** Null when no response arrived. */
  responseStatus: number | null;
  /** Why no usable response arrived (refused address, timeout, ...); null when one did. */
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  policy: SsrfPolicy;
  resolver?: Resolver;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export async function sendAttempt(target: DeliveryTarget, options: SendOptions): Promise<AttemptResult> {
  // Signed with the wall clock, not an injected one: receivers compare it with their own clock.
  const headers = signedHeaders({ secret: target.secret, eventId: target.eventId, body: target.body, at: new Date() });
  const response = await guardedFetch(target.url, {
    method: 'POST',
    headers,
    body: target.body,
    timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    maxRedirects: 0,
    readBody: () => false,
    userAgent: USER_AGENT,
    policy: options.policy,
    ...(options.resolver ? { resolver: options.resolver } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const responseStatus = response.status >= 100 && response.status <= 599 ? response.status : null;
  const durationMs = Math.min(MAX_DURATION_MS, Math.max(0, Math.round(response.durationMs)));
  if (response.error) {
    return { outcome: 'failed', responseStatus, error: describe(`${response.error.code}: ${response.error.message}`), durationMs };
  }
  const ok = responseStatus !== null && responseStatus >= 200 && responseStatus < 300;
  return { outcome: ok ? 'succeeded' : 'failed', responseStatus, error: null, durationMs };
}

// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const CONTROL_CHARACTERS = /[\x00-\x1f\x7f]+/g;

/** One line, no control characters, within the contract's bound on `WebhookDelivery.error`. */
function describe(message: string): string {
  return cutText(message.replace(CONTROL_CHARACTERS, ' ').trim(), contractBounds.WebhookDelivery.properties.error.maxLength);
}
