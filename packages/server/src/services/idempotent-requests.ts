// Idempotent POSTs (the spec's *Idempotency*) as the HTTP layer asks for them: claim a key for a
// request (or learn that it is in progress, to replay, or reused for something else), keep the
// response of a claimed request, or let the key go. The request's payload is compared by its
// canonical JSON hash, and the key is held for a lease, not forever, so a request cut off by a
// crash frees its key once the lease has passed.
import { canonicalJsonHash } from '../storage/canonical-json.js';
import { isConnectionLost } from '../storage/connection-lost.js';
import type { BeginOutcome, IdempotencyClaim, IdempotencyRepository } from '../storage/repositories/idempotency.js';
import type { Clock } from '../support/clock.js';

export type { BeginOutcome, IdempotencyClaim };

export interface IdempotentRequests {
  begin(input: { accountId: string; key: string; operationId: string; payload: unknown }): Promise<BeginOutcome>;
  /** Stores the response of a claimed request. False when the claim lost its lease to a retry meanwhile. */
  complete(claim: IdempotencyClaim, answer: { status: number; body: unknown; location: string | null }): Promise<boolean>;
  /** Forgets a claimed request whose response is not to be kept (400, 429, 5xx), so a retry runs. */
  release(claim: IdempotencyClaim): Promise<void>;
  /** Deletes expired records; returns how many (they are also replaced on reuse). */
  purgeExpired(): Promise<number>;
}

export function createIdempotentRequests(deps: { idempotency: IdempotencyRepository; clock: Clock; leaseMs?: number }): IdempotentRequests {
  const { idempotency, clock } = deps;
  return {
    begin: ({ accountId, key, operationId, payload }) =>
      idempotency.begin({
        accountId,
        key,
        operationId,
        requestHash: canonicalJsonHash(payload),
        now: clock.now(),
        ...(deps.leaseMs === undefined ? {} : { leaseMs: deps.leaseMs }),
      }),
    complete: (claim, answer) => idempotency.complete({ claim, ...answer }),
    // A release whose connection the database dropped (the fault that made the answer a 503) is
    // sent once more, on another connection: a claim left behind answers 409 to every retry until
    // its lease passes. Deleting the claim twice is harmless.
    release: async (claim) => {
      try {
        await idempotency.release(claim);
      } catch (error) {
        if (!isConnectionLost(error)) throw error;
        await idempotency.release(claim);
      }
    },
    purgeExpired: () => idempotency.purgeExpired(clock.now()),
  };
}
