// The one place that writes a response. It first ends the request's unit of work and
// idempotency claim (stored for replay with the request's writes, or rolled back and released
// when the status is one a client may retry), so that a retry arriving right after the response
// never sees the record still in progress. JSON bodies are sent whole; a streamed body (an
// export) is written chunk by chunk as the socket takes it.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Response } from 'express';
import type { StreamedBody } from '@seo-geo/types';
import type { IdempotentRequests } from '../services/idempotent-requests.js';
import { jsonBytes, LARGE_JSON_CHARS } from './json-bytes.js';
import { state } from './locals.js';
import { finishRequestWork } from './unit-of-work.js';

export async function respond(
  res: Response,
  idempotency: IdempotentRequests,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  const request = state(res);
  if (request.unit || request.idempotency) {
    const work = { unit: request.unit, idempotency: request.idempotency };
    request.unit = undefined;
    request.idempotency = undefined;
    await finishRequestWork(work, idempotency, { status, body, location: headers.Location ?? null });
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body === undefined) res.status(status).end();
  else if (isStreamed(body)) await stream(res, status, body);
  else sendJson(res, status, body);
}

/**
 * Sends a JSON body in one write: headers and body leave in one `write`, without Express's
 * `send` (ETag, freshness and charset handling this API does not use). Large bodies (a page of
 * 100 audit pages is ~470 KB) go out compressed when the client accepts Brotli or gzip. Where
 * response validation is on (tests, development) the validator has wrapped this response's
 * `res.json`, and the body goes through it, uncompressed, to be checked against the spec.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  if (Object.hasOwn(res, 'json')) {
    res.status(status).json(body);
    return;
  }
  const json = jsonBytes(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Small bodies (a page of projects, an error) gain less from compression than it costs.
  if (json.length < LARGE_JSON_CHARS) {
    res.setHeader('Content-Length', typeof json === 'string' ? Buffer.byteLength(json) : json.length);
    res.end(json);
    return;
  }
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = res.req.acceptsEncodings('br') ? 'br' : res.req.acceptsEncodings('gzip') ? 'gzip' : undefined;
  const bytes = typeof json === 'string' ? Buffer.from(json) : json;
  const sent = encoding ? compress(bytes, encoding) : bytes;
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', sent.length);
  res.end(sent);
}

/**
 * The fastest settings (Brotli quality 1, gzip level 1): this API's JSON repeats itself so much
 * that they already shrink it 18–36×, at under 1 ms for 470 KB; higher levels cost more time
 * than the bytes they save are worth. Not the `compression` middleware: it hooks every
 * response, and measured 23–62 µs more CPU per small request that it did not compress.
 */
function compress(bytes: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: 1 });
}

/** Resolves when the socket drains or closes, leaving no listener behind either way. */
function writable(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function isStreamed(body: unknown): body is StreamedBody {
  return typeof body === 'object' && body !== null && 'chunks' in body && 'contentType' in body;
}

/**
 * Writes the chunks as the client reads them (a slow reader holds the source, not memory). A
 * client that goes away ends the source (its `return` releases what it holds, a database cursor).
 * A failure after the first byte cannot become an error response: the connection is cut, so the
 * client sees a truncated file (no final chunk) rather than a complete-looking one.
 */
async function stream(res: Response, status: number, body: StreamedBody): Promise<void> {
  res.status(status).setHeader('Content-Type', `${body.contentType}; charset=utf-8`);
  try {
    for await (const chunk of body.chunks) {
      if (res.destroyed) return;
      if (!res.write(chunk)) await writable(res);
    }
    res.end();
  } catch (error) {
    // Cut the connection first; the error handler then logs the failure.
    if (res.headersSent) res.destroy();
    throw error;
  }
}
