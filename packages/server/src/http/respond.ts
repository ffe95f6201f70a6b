// The one place a handler's answer is written (JSON through send-json.ts). It first ends the
// request's unit of work and idempotency claim (stored for replay with the request's writes, or
// rolled back and released when the status is one a client may retry), so that a retry arriving
// right after the response never sees the record still in progress. JSON bodies are sent whole; a
// streamed body (an export) is written chunk by chunk as the socket takes it.
import type { Response } from 'express';
import type { StreamedBody } from '@seo-geo/types';
import type { IdempotentRequests } from '../services/idempotent-requests.js';
import { state } from './locals.js';
import { sendJson } from './send-json.js';
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
