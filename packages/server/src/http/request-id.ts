// Gives every request an id (UUIDv7), sent back as X-Request-Id and used as meta/error requestId.
// Client-supplied ids are not trusted: they would let one caller forge another's log trail.
import type { RequestHandler } from 'express';
import { uuidv7 } from '../support/ids.js';
import { state } from './locals.js';

export const assignRequestId: RequestHandler = (_req, res, next) => {
  const requestId = uuidv7();
  state(res).requestId = requestId;
  res.setHeader('X-Request-Id', requestId);
  next();
};
