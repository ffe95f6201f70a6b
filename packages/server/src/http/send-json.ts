// A JSON answer written in one go, compressed when it is large. Both the response writer (respond.ts)
// and the middlewares that answer before a handler runs (a replayed idempotent POST, an error) send
// through it.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Response } from 'express';
import { jsonBytes, LARGE_JSON_CHARS } from './json-bytes.js';

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
