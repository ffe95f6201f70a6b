// The one place that writes a JSON response. It first ends the request's unit of work and
// idempotency claim (stored for replay with the request's writes, or rolled back and released
// when the status is one a client may retry), so that a retry arriving right after the response
// never sees the record still in progress.
import type { Response } from 'express';
import type { IdempotencyRepository } from '../storage/repositories/idempotency.js';
import { state } from './locals.js';
import { finishRequestWork } from './unit-of-work.js';

export async function respond(
  res: Response,
  idempotency: IdempotencyRepository,
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
  else res.status(status).json(body);
}
