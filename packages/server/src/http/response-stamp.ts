// What every response carries before anything else runs: an id (UUIDv7), sent back as
// X-Request-Id and used as meta/error requestId; the `Date` from the server's clock; and the
// security headers. Client-supplied ids are not trusted: they would let one caller forge another's
// log trail.
//
// The `Date` comes from the clock rate-limit resets are computed on: a client corrects the reset
// times it is given by the server's `Date` (see the spec's rate-limit headers), so the two must
// come from the same clock. Node would otherwise stamp its own.
import type { RequestHandler } from 'express';
import type { Clock } from '../support/clock.js';
import { uuidv7 } from '../support/ids.js';
import { state } from './locals.js';
import type { HeaderList } from './security-headers.js';

export function stampResponses(clock: Clock, headers: HeaderList): RequestHandler {
  // Formatted once per second, as Node does for its own header.
  let second = Number.NaN;
  let date = '';
  return (_req, res, next) => {
    const requestId = uuidv7();
    state(res).requestId = requestId;
    const now = Math.floor(clock.now() / 1000);
    if (now !== second) {
      second = now;
      date = new Date(now * 1000).toUTCString();
    }
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('Date', date);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
