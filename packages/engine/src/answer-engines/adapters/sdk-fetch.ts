// The providers' SDKs take a WHATWG `fetch`; this one sends their requests through the engine's
// SSRF-guarded fetch, with the same limits as the plain chat call: the operator's address policy,
// the call's deadline (response body included), a capped body, and no redirect followed (a
// redirect would resend the key and the prompt somewhere else). The last response is recorded, so
// that a failure is reported from what the provider sent (status, reason, Retry-After) rather
// than from each SDK's own error class.
import { guardedFetch, type GuardedResponse } from '../../net/guarded-fetch.js';
import { linkedSignal } from '../../net/linked-signal.js';
import { MAX_RESPONSE_BYTES } from '../chat-call.js';
import type { AdapterCall } from './adapter.js';

export type WhatwgFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface FetchRecord {
  /** The last response of the guarded fetch, a failed one included; null before any request. */
  last: GuardedResponse | null;
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The SDKs' own deadline is set this much later than the guarded fetch's, so that the guarded one
 * (which reports `timeout: no complete response within N ms`) is the one that fires.
 */
export const SDK_TIMEOUT_MARGIN_MS = 5_000;

export function guardedSdkFetch(call: AdapterCall, record: FetchRecord): WhatwgFetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? request?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    // The guarded fetch asks for `identity` and does not decompress; an SDK's gzip would be unreadable.
    delete headers['accept-encoding'];
    const requestBody = await bodyOf(init.body ?? (request ? await request.arrayBuffer() : null));
    const linked = linkedSignal([call.signal, init.signal ?? request?.signal]);
    const response = await guardedFetch(url, {
      method: init.method ?? request?.method ?? 'GET',
      headers,
      body: requestBody,
      timeoutMs: call.timeoutMs,
      maxBodyBytes: MAX_RESPONSE_BYTES,
      maxRedirects: 0,
      signal: linked.signal,
      policy: call.policy,
      resolver: call.resolver,
      dispatcher: call.dispatcher,
    }).finally(linked.release);
    record.last = response;
    if (response.error) {
      // What a WHATWG fetch does for a network failure; the SDK wraps it as a connection error.
      throw new TypeError(`fetch failed: ${response.error.code}: ${response.error.message}`);
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) responseHeaders.append(name, value);
    const body = NULL_BODY_STATUSES.has(response.status) ? null : new Uint8Array(response.body ?? Buffer.alloc(0));
    return new Response(body, { status: response.status, headers: responseHeaders });
  };
}

/** The request bodies the SDKs send for these calls: JSON strings (bytes accepted too). */
async function bodyOf(body: BodyInit | ArrayBuffer | null | undefined): Promise<string | Uint8Array | null> {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof URLSearchParams) return body.toString();
  // Streams, blobs and forms: read them through a Response, which knows every BodyInit.
  return new Uint8Array(await new Response(body).arrayBuffer());
}
