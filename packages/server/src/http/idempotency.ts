// Idempotency-Key on POST (the spec's *Idempotency*): the first request with a key runs; the same request
// again replays its stored response; a different payload is refused; a concurrent duplicate
// waits its turn with 409. Runs after validation, so invalid requests never take a key.
//
// The claim on a key is committed before the request's work (so duplicates see it), and the
// response is stored in the request's unit of work (http/unit-of-work), with what it created. A
// crash in between leaves only the claim's lease, which passes (IDEMPOTENCY_LEASE_MS), and the
// retry then runs as if for the first time.
import type { RequestHandler } from 'express';
import type { IdempotentRequests } from '../services/idempotent-requests.js';
import { ApiError } from './api-error.js';
import { state } from './locals.js';
import { sendJson } from './send-json.js';

export const idempotencyInProgress = () =>
  new ApiError(409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', 'A request with this Idempotency-Key is still in progress; retry once it has finished.');

export function idempotentPosts(deps: { idempotency: IdempotentRequests }): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    const { operation, principal } = state(res);
    if (req.method !== 'POST' || key === undefined || !operation || !principal) {
      next();
      return;
    }

    const outcome = await deps.idempotency.begin({
      accountId: principal.accountId,
      key,
      operationId: operation.operationId,
      payload: { path: req.path, body: (req.body as unknown) ?? null },
    });
    switch (outcome.state) {
      case 'started':
        state(res).idempotency = outcome.claim;
        next();
        return;
      case 'in_progress':
        throw idempotencyInProgress();
      case 'mismatch':
        throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different payload or operation.');
      case 'replay':
        res.setHeader('Idempotent-Replayed', 'true');
        if (outcome.location) res.setHeader('Location', outcome.location);
        sendJson(res, outcome.status, outcome.body);
        return;
    }
  };
}
