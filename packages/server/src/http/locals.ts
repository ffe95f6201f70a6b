// The per-request state the middleware chain builds up, kept in `res.locals` under one typed key.
import type { Response } from 'express';
import type { OperationInfo } from '@seo-geo/types';
import type { Principal } from '../domain/principal.js';
import type { IdempotencyClaim } from '../services/idempotent-requests.js';
import type { UnitOfWork } from '../storage/unit-of-work.js';
import type { ApiError } from './api-error.js';

export interface RequestState {
  requestId: string;
  operation?: OperationInfo;
  /** The operation's path parameters, decoded from the request path. */
  pathParams?: Record<string, string>;
  /** No operation matched (404, 405) or its path does not decode (400): the error to answer once the key (if any) has been counted. */
  miss?: ApiError;
  principal?: Principal;
  /** Set once this request owns its Idempotency-Key: the claim to complete or release. */
  idempotency?: IdempotencyClaim;
  /** A POST's writes (and its stored response), committed or rolled back with its answer. */
  unit?: UnitOfWork;
}

export function state(res: Response): RequestState {
  return res.locals as RequestState;
}
