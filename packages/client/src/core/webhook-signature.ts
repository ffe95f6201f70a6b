// Verifies a webhook delivery as Standard Webhooks defines it: `webhook-signature` holds one or
// more `v1,<base64>` HMAC-SHA256 signatures of `{webhook-id}.{webhook-timestamp}.{body}`, keyed
// with the base64 part of the endpoint's `whsec_` secret; the timestamp must be recent, so a
// captured delivery cannot be replayed later. Web Crypto only, so it runs wherever fetch does.
import { SeoGeoError } from './errors.js';

/** A delivery that is not verifiably from the service: wrong secret, altered body, old or missing headers. */
export class WebhookVerificationError extends SeoGeoError {}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the timestamp may be from now, in seconds. Default 300. */
  toleranceSeconds?: number | undefined;
  /** The current time in ms (tests). */
  now?: number | undefined;
}

const SECRET_PREFIX = 'whsec_';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Compares in time independent of where the strings differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

export async function verifyWebhookSignature(body: string, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): Promise<void> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(seconds)) throw new WebhookVerificationError('Invalid webhook-timestamp header');
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - seconds) > tolerance) throw new WebhookVerificationError(`The webhook-timestamp is more than ${tolerance} s from now`);

  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64ToBytes(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  } catch {
    throw new WebhookVerificationError('The secret is not a whsec_ signing secret');
  }
  const hmacKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = bytesToBase64(await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    return version === 'v1' && signature !== undefined && sameText(signature, expected);
  });
  if (!matches) throw new WebhookVerificationError('No signature matches: wrong secret, or the body was changed');
}
