// The result of one call with everything around `data`: the envelope's meta, the HTTP response,
// the request id, the rate-limit state and the idempotency key. Returned by `.withResponse()`.
import { readRateLimit, type RateLimitState } from './rate-limit.js';

export class APIResponse<T, M = unknown> {
  constructor(
    /** The envelope's `data` (or the whole body for operations without an envelope). */
    readonly data: T,
    /** The envelope's `meta`; null without an envelope. */
    readonly meta: M,
    /** The parsed body as received (envelope included), e.g. to validate it against the contract. */
    readonly body: unknown,
    /** The HTTP response; its body has already been read. */
    readonly response: Response,
    /** The `Idempotency-Key` sent (POST), else null. */
    readonly idempotencyKey: string | null,
    readonly receivedAtMs: number,
  ) {}

  get status(): number {
    return this.response.status;
  }

  get headers(): Headers {
    return this.response.headers;
  }

  get requestId(): string | null {
    const meta = this.meta as { requestId?: unknown } | null;
    return typeof meta?.requestId === 'string' ? meta.requestId : this.response.headers.get('x-request-id');
  }

  /** Computed on demand: most calls never look at it. */
  get rateLimit(): RateLimitState | null {
    return readRateLimit(this.response.headers, this.receivedAtMs);
  }

  /** True when the server replayed the stored response to an earlier request with the same key. */
  get replayed(): boolean {
    return this.response.headers.get('idempotent-replayed') === 'true';
  }
}

/**
 * @deprecated Use `APIResponse`; this alias is the same class and stays so that code written
 * against the earlier name compiles.
 */
export const ApiResponse = APIResponse;
/** @deprecated Use `APIResponse`. */
export type ApiResponse<T, M = unknown> = APIResponse<T, M>;
