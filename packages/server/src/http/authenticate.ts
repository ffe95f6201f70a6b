// Authentication, the per-key rate limit and the scope check, in that order, so that every
// response to an authenticated request carries the key's rate-limit headers (403s included).
// Operations that need no key are limited per client address instead.
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../support/clock.js';
import type { RateLimitResult } from '../ratelimit/index.js';
import { rateLimitHeaders } from '../ratelimit/index.js';
import type { Principal } from '../domain/principal.js';
import type { ApiKeyService } from '../services/accounts/api-keys.js';
import { planOf, rateLimitOf } from '../services/accounts/plans.js';
import { unauthenticated } from '../domain/errors.js';
import { insufficientScope, rateLimited, serviceUnavailable } from './api-error.js';
import type { AddressLimiter } from './address-limiter.js';
import { state } from './locals.js';

export interface AuthenticateDeps {
  apiKeys: ApiKeyService;
  keyLimiter: { take(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult> };
  /** Failed authentications per client address (brute-force guard). */
  failedAuth: AddressLimiter;
  /** Requests to operations that need no key, per client address. */
  publicAccess: AddressLimiter;
  clock: Clock;
}

/** How long a client should wait when the rate-limit store itself is unreachable. */
const STORE_DOWN_RETRY_SECONDS = 5;

function setLimitHeaders(res: Response, result: RateLimitResult, capacity: number): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(result, capacity))) {
    if (name !== 'Retry-After') res.setHeader(name, value);
  }
}

/** Runs a rate-limit store call; a store failure becomes 503, never a 500 or an unlimited pass. */
async function limit<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw serviceUnavailable(STORE_DOWN_RETRY_SECONDS);
  }
}

export function authenticate(deps: AuthenticateDeps): RequestHandler {
  return async (req, res, next) => {
    const now = deps.clock.now();
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const { operation, miss } = state(res);

    if (miss) {
      // A request with a key is an authenticated request even where no operation matches: it
      // costs a token and carries the key's rate-limit headers, as every such response does.
      if (req.get('authorization') !== undefined) await countKey(deps, req, res, address, now);
      throw miss;
    }
    if (!operation!.authenticated) {
      const result = await limit(() => deps.publicAccess.take(address, now));
      setLimitHeaders(res, result, deps.publicAccess.capacity);
      if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
      next();
      return;
    }

    const principal = await countKey(deps, req, res, address, now);
    if (operation!.scope && !(principal.scopes as string[]).includes(operation!.scope)) {
      throw insufficientScope(operation!.scope);
    }
    next();
  };
}

/** Authenticates the request's key and takes a token from its bucket (401 or 429 when it cannot). */
async function countKey(deps: AuthenticateDeps, req: Request, res: Response, address: string, now: number): Promise<Principal> {
  const auth = await deps.apiKeys.authenticate(req.get('authorization'));
  if (!auth.ok) {
    // An address that keeps failing gets 429 for its bad keys. A valid key is never refused
    // here: behind a NAT or a load balancer, one client's failures must not lock out the rest.
    const blocked = await limit(() => deps.failedAuth.blocked(address, now));
    if (blocked) {
      setLimitHeaders(res, blocked, deps.failedAuth.capacity);
      throw rateLimited(blocked.retryAfterSeconds);
    }
    const result = await limit(() => deps.failedAuth.recordFailure(address, now));
    setLimitHeaders(res, result, deps.failedAuth.capacity);
    throw unauthenticated(auth);
  }
  const { principal } = auth;
  state(res).principal = principal;
  const { capacity, refillPerSecond } = rateLimitOf(planOf(principal.plan));
  const result = await limit(() => deps.keyLimiter.take(`key:${principal.keyId}`, capacity, refillPerSecond, now));
  setLimitHeaders(res, result, capacity);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
  return principal;
}
