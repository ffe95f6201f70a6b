// A server slow to start answering delays everything after it (Lighthouse's server-response-time).
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

/** Lighthouse's server-response-time threshold. */
const TTFB_MAX_MS = 600;

export const slowResponse: PageCheck = (f) => {
  if (f.ttfbMs !== null && f.ttfbMs > TTFB_MAX_MS)
    return issue('slow_response', `The server took ${f.ttfbMs} ms to start answering (time to first byte; more than ${TTFB_MAX_MS} ms).`);
  return null;
};
