// The one place that writes a JSON response. It finishes the request's idempotency record first
// (stored for replay, or released when the status is one a client may retry), so that a retry
// arriving right after the response never sees the record still in progress.
import type { Response } from 'express';
import type { IdempotencyRepository } from '../storage/repositories/idempotency.js';
import { state } from './locals.js';

/** Statuses whose responses are not kept: the same key may be retried (API-DECISIONS). */
export function isRetryableStatus(status: number): boolean {
  return status === 400 || status === 429 || status >= 500;
}

export async function respond(
  res: Response,
  idempotency: IdempotencyRepository,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  const record = state(res).idempotency;
  if (record) {
    state(res).idempotency = undefined;
    if (isRetryableStatus(status)) await idempotency.release(record);
    else await idempotency.complete({ ...record, status, body, location: headers.Location ?? null });
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body === undefined) res.status(status).end();
  else res.status(status).json(body);
}
