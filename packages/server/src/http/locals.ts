// The per-request state the middleware chain builds up, kept in `res.locals` under one typed key.
import type { Response } from 'express';
import type { OperationInfo } from '@seo-geo/types';
import type { Principal } from '../services/api-keys.js';

export interface RequestState {
  requestId: string;
  operation?: OperationInfo;
  principal?: Principal;
  /** Set once an idempotency record was started for this request, so it can be completed or released. */
  idempotency?: { accountId: string; key: string };
}

export function state(res: Response): RequestState {
  return res.locals as RequestState;
}
