// Turning the many ways a request can fail into the few codes the contract knows. Per-page failures
// are recorded on the page, never thrown, so every failure must map to a FetchError.
import type { FetchError, FetchErrorCode } from '../types.js';

/** Raised by the guarded connector when the resolved address is not allowed by the SSRF policy. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_BLOCKED_ADDRESS';
  constructor(message: string) {
    super(message);
    this.name = 'BlockedAddressError';
  }
}

/** Raised internally when the per-request deadline passes; the abort reason of the request signal. */
export class RequestTimeoutError extends Error {
  readonly code = 'ERR_REQUEST_TIMEOUT';
  constructor(timeoutMs: number) {
    super(`no complete response within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

export function fetchError(code: FetchErrorCode, message: string): FetchError {
  return { code, message };
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA']);
const TIMEOUT_CODES = new Set(['ERR_REQUEST_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** Maps an error from undici, the resolver or the connector to a contract FetchError. */
export function toFetchError(err: unknown): FetchError {
  const e = unwrap(err);
  const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
  const message = e instanceof Error ? e.message : String(e);
  if (code === 'ERR_BLOCKED_ADDRESS') return fetchError('blocked_address', message);
  if (DNS_CODES.has(code)) return fetchError('dns_failure', message);
  if (TIMEOUT_CODES.has(code)) return fetchError('timeout', message);
  return fetchError('connection_failed', message || 'connection failed');
}

// undici sometimes wraps the connector's error in `cause`; the original carries the useful code.
function unwrap(err: unknown): unknown {
  let current = err;
  for (let depth = 0; depth < 4; depth++) {
    if (current instanceof BlockedAddressError) return current;
    const cause = current instanceof Error ? (current as Error & { cause?: unknown }).cause : undefined;
    if (cause === undefined) return current;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR_SOCKET' && code !== 'ABORT_ERR') return current;
    current = cause;
  }
  return current;
}
