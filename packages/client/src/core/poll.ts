// Waiting for background work (an audit, a GEO monitor test) by polling its resource: at the
// caller's interval, stretched when the key's bucket runs low so that waiting never spends the
// tokens the caller's other calls need, and bounded by a deadline and an AbortSignal.
import type { APIResponse } from './api-response.js';
import { APIAbortError, APITimeoutError } from './errors.js';
import type { Clock, Sleep } from './sleep.js';

export interface WaitOptions<T> {
  /** Between polls, in ms. Default 2 000. */
  interval?: number | undefined;
  /** Give up (APITimeoutError) after this many ms. Default 30 minutes. */
  timeout?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called with each polled state that differs from the one before (progress, status). */
  onProgress?: ((current: T) => void) | undefined;
}

const NEVER = new AbortController().signal;

/** Below this share of the bucket, polls slow down to the bucket's refill rate. */
const RESERVE_SHARE = 0.2;

export async function pollUntil<T>(
  fetchState: (signal: AbortSignal | undefined) => Promise<APIResponse<T>>,
  isFinal: (state: T) => boolean,
  options: WaitOptions<T>,
  sleep: Sleep,
  clock: Clock,
  what: string,
): Promise<T> {
  const interval = options.interval ?? 2_000;
  const deadline = clock.now() + (options.timeout ?? 30 * 60_000);
  let previous: string | undefined;
  for (;;) {
    if (options.signal?.aborted) throw new APIAbortError(`Stopped waiting for ${what}`, { cause: options.signal.reason });
    const response = await fetchState(options.signal);
    const seen = JSON.stringify(response.data);
    if (seen !== previous) options.onProgress?.(response.data);
    previous = seen;
    if (isFinal(response.data)) return response.data;
    const delay = Math.max(interval, reserveDelay(response));
    if (clock.now() + delay > deadline) throw new APITimeoutError(`${what} did not finish within ${options.timeout ?? 30 * 60_000} ms`);
    try {
      await sleep(delay, options.signal ?? NEVER);
    } catch (error) {
      throw new APIAbortError(`Stopped waiting for ${what}`, { cause: options.signal?.reason ?? error });
    }
  }
}

/** When few tokens are left, wait as long as the bucket takes to refill one token per poll. */
function reserveDelay(response: APIResponse<unknown>): number {
  const state = response.rateLimit;
  if (!state || state.limit <= 0 || state.remaining >= state.limit * RESERVE_SHARE) return 0;
  return Math.ceil(60_000 / state.limit);
}
