// Every POST runs in a unit of work (storage/unit-of-work): its writes are committed with its
// answer, or rolled back when the answer is one the client may retry (400, 429, 5xx), so a fault
// half-way never leaves half of a request's data. For a POST that owns an Idempotency-Key, the
// stored response is written in the same unit: what it created and its replay commit together.
import type { RequestHandler } from 'express';
import type { IdempotentRequests } from '../services/idempotent-requests.js';
import type { UnitOfWork } from '../storage/unit-of-work.js';
import { idempotencyInProgress } from './idempotency.js';
import { state, type RequestState } from './locals.js';

export function postsInUnitsOfWork(deps: { idempotency: IdempotentRequests; startUnitOfWork: () => Promise<UnitOfWork> }): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'POST') {
      next();
      return;
    }
    let unit: UnitOfWork;
    try {
      unit = await deps.startUnitOfWork();
    } catch (error) {
      const claim = state(res).idempotency;
      state(res).idempotency = undefined;
      if (claim) await deps.idempotency.release(claim);
      throw error;
    }
    state(res).unit = unit;
    unit.run(next);
  };
}

/** Statuses whose responses are not kept: the same key may be retried (the spec's *Idempotency*). */
export function isRetryableStatus(status: number): boolean {
  return status === 400 || status === 429 || status >= 500;
}

/**
 * Ends the request's unit of work and idempotency claim before its answer is sent: an answer to
 * keep is stored and committed with the request's writes; one the client may retry rolls them
 * back and frees the key. Throws 409 when the key's lease was lost to a retry meanwhile (the
 * retry's outcome is the one kept).
 */
export async function finishRequestWork(
  request: Pick<RequestState, 'unit' | 'idempotency'>,
  idempotency: IdempotentRequests,
  answer: { status: number; body: unknown; location: string | null },
): Promise<void> {
  const { unit, idempotency: claim } = request;
  if (isRetryableStatus(answer.status)) {
    await unit?.rollback();
    if (claim) await idempotency.release(claim);
    return;
  }
  let kept = true;
  try {
    if (claim) kept = await (unit ? unit.run(() => idempotency.complete(claim, answer)) : idempotency.complete(claim, answer));
    if (kept) await unit?.commit();
  } catch (error) {
    await unit?.rollback();
    if (claim) await idempotency.release(claim);
    throw error;
  }
  if (!kept) {
    await unit?.rollback();
    throw idempotencyInProgress();
  }
}
