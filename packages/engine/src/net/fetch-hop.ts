// One HTTP exchange, no redirect following: send the request, read the headers, read the body up
// to the cap. Throws on network failure; guardedFetch turns that into a FetchError. A caller that
// keeps partial bodies gets a body the cap or a failure cut short as far as it was read.
import type { Dispatcher } from 'undici';
import { mediaTypeOf } from './charset.js';

export interface HopRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  dispatcher: Dispatcher;
  signal: AbortSignal;
  maxBodyBytes: number;
  /** Whether the body of this response is wanted; unwanted bodies are discarded cheaply. */
  readBody: (status: number, contentType: string | null, url: string) => boolean;
  /** Return the first maxBodyBytes of a larger body, and what arrived of a body that broke off, instead of nothing. */
  keepPartialBody?: boolean;
}

export interface HopResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  body: Buffer | null;
  /** The body is larger than maxBodyBytes: null, or its first maxBodyBytes when partial bodies are kept. */
  bodyTooLarge: boolean;
  /** With keepPartialBody: why reading the body failed after the headers (the deadline, the connection); `body` holds what arrived. */
  bodyError?: unknown;
  headersAt: Date;
  /** Milliseconds from sending the request to its response headers (time to first byte). */
  ttfbMs: number;
}

/** Bytes of an unwanted body drained so that the connection can be reused; beyond it we hang up. */
const DISCARD_LIMIT = 64 * 1024;

export async function fetchHop(request: HopRequest): Promise<HopResponse> {
  const sentAt = performance.now();
  const response = await request.dispatcher.request({
    origin: request.url.origin,
    path: request.url.pathname + request.url.search,
    method: request.method,
    headers: request.headers,
    body: request.body ?? undefined,
    signal: request.signal,
  });
  const ttfbMs = Math.round(performance.now() - sentAt);
  const headersAt = new Date();
  const headers = flattenHeaders(response.headers);
  const contentType = mediaTypeOf(headers['content-type']);
  const base = { status: response.statusCode, headers, contentType, headersAt, ttfbMs };

  if (!request.readBody(response.statusCode, contentType, request.url.href)) {
    await response.body.dump({ limit: DISCARD_LIMIT, signal: request.signal });
    return { ...base, body: null, bodyTooLarge: false };
  }
  const partial = request.keepPartialBody === true;
  const declared = Number(headers['content-length']);
  if (!partial && Number.isFinite(declared) && declared > request.maxBodyBytes) {
    response.body.destroy();
    return { ...base, body: null, bodyTooLarge: true };
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body) {
      const buf = chunk as Buffer;
      if (total + buf.byteLength > request.maxBodyBytes) {
        // Stop reading: the rest of a too-large body is never buffered.
        response.body.destroy();
        if (!partial) return { ...base, body: null, bodyTooLarge: true };
        chunks.push(buf.subarray(0, request.maxBodyBytes - total));
        return { ...base, body: Buffer.concat(chunks, request.maxBodyBytes), bodyTooLarge: true };
      }
      total += buf.byteLength;
      chunks.push(buf);
    }
  } catch (err) {
    if (!partial) throw err;
    return { ...base, body: Buffer.concat(chunks, total), bodyTooLarge: false, bodyError: err };
  }
  return { ...base, body: Buffer.concat(chunks, total), bodyTooLarge: false };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
