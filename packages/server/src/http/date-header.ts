// The response's `Date` from the server's clock, the clock rate-limit resets are computed on: a
// client corrects the reset times it is given by the server's `Date` (see the spec's rate-limit
// headers), so the two must come from the same clock. Node would otherwise stamp its own.
import type { RequestHandler } from 'express';
import type { Clock } from '../support/clock.js';

export function dateFromClock(clock: Clock): RequestHandler {
  // Formatted once per second, as Node does for its own header.
  let second = Number.NaN;
  let formatted = '';
  return (_req, res, next) => {
    const now = Math.floor(clock.now() / 1000);
    if (now !== second) {
      second = now;
      formatted = new Date(now * 1000).toUTCString();
    }
    res.setHeader('Date', formatted);
    next();
  };
}
