// What a handler gets besides its typed request: who is calling, the request id, and the
// domain services. Nothing HTTP-shaped crosses this line.
import type { Clock } from '../support/clock.js';
import type { Services } from '../services/index.js';
import type { Principal } from '../domain/principal.js';
import { unauthenticated } from '../domain/errors.js';

export interface RequestContext {
  requestId: string;
  clock: Clock;
  services: Services;
  /** The authenticated caller; throws 401 on an operation that needs no key (a wiring mistake). */
  principal(): Principal;
}

export function createRequestContext(input: { requestId: string; clock: Clock; services: Services; principal: Principal | null }): RequestContext {
  return {
    requestId: input.requestId,
    clock: input.clock,
    services: input.services,
    principal() {
      if (!input.principal) throw unauthenticated();
      return input.principal;
    },
  };
}
