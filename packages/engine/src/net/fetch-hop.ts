// One HTTP exchange, no redirect following: send the request, read the headers, read the body up
// to the cap. Throws on network failure; guardedFetch turns that into a FetchError.
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
  readBody: (status: number, contentType: string | null) => boolean;
}

export interface HopResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  body: Buffer | null;
  bodyTooLarge: boolean;
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

  if (!request.readBody(response.statusCode, contentType)) {
    await response.body.dump({ limit: DISCARD_LIMIT, signal: request.signal });
    return { ...base, body: null, bodyTooLarge: false };
  }
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > request.maxBodyBytes) {
    response.body.destroy();
    return { ...base, body: null, bodyTooLarge: true };
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    const buf = chunk as Buffer;
    total += buf.byteLength;
    if (total > request.maxBodyBytes) {
      // Stop reading: the rest of a too-large body is never buffered.
      response.body.destroy();
      return { ...base, body: null, bodyTooLarge: true };
    }
    chunks.push(buf);
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
