// A provider's HTTP response that is not an answer, as the one-line failure the retry loop judges:
// a fetch error (blocked address, timeout, body too large) or a status outside 2xx with the
// provider's own reason. Shared by the plain chat call and the SDK adapters, so that every kind
// reports the same failure in the same words.
import type { GuardedResponse } from '../net/guarded-fetch.js';
import { providerMessage } from './provider-error.js';
import { isRetryableStatus, retryAfterMs } from './retry-policy.js';

export interface HttpFailure {
  kind: 'failure';
  error: string;
  retryable: boolean;
  retryAfterMs: number | null;
}

/** Fetch errors that will not go away by asking again. */
const FINAL_FETCH_ERRORS = new Set(['blocked_address', 'unsupported_scheme', 'body_too_large', 'too_many_redirects', 'redirect_loop']);

/** The failure the response stands for; null for a 2xx response with its body. */
export function httpFailure(response: GuardedResponse): HttpFailure | null {
  if (response.error) {
    const { code, message } = response.error;
    const status = response.status > 0 ? `HTTP ${response.status}, ` : '';
    return { kind: 'failure', error: `${status}${code}: ${message}`, retryable: !FINAL_FETCH_ERRORS.has(code), retryAfterMs: null };
  }
  if (response.status >= 200 && response.status <= 299) return null;
  const reason = providerMessage(response.body, response.contentType);
  const location = response.headers['location'];
  const detail = reason ?? (location !== undefined ? `redirect to ${location} not followed` : 'no reason given');
  return {
    kind: 'failure',
    error: `HTTP ${response.status}: ${detail}`,
    retryable: isRetryableStatus(response.status),
    retryAfterMs: retryAfterMs(response.headers['retry-after']),
  };
}
