// One call, one deadline: a single AbortSignal that fires when the overall `timeout` passes or the
// caller's signal aborts. Every attempt and every wait of the call listens to it, so retries and
// sleeps can never stretch a call past its deadline, and an abort ends a sleep at once.
// One is built for every call, so it allocates only what the call needs: the listener on the
// caller's signal exists only when there is one.
import { APIAbortError, APITimeoutError, type SeoGeoError } from './errors.js';

// setTimeout overflows above 2^31-1 ms (~24.8 days) and fires at once; longer means "no deadline".
const MAX_TIMER_MS = 2 ** 31 - 1;

export class CallScope {
  readonly signal: AbortSignal;
  readonly deadlineMs: number;
  readonly #controller = new AbortController();
  readonly #timeoutMs: number;
  readonly #userSignal: AbortSignal | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;
  #onUserAbort: (() => void) | undefined;

  constructor(timeoutMs: number, userSignal: AbortSignal | undefined, nowMs: number) {
    this.signal = this.#controller.signal;
    this.#timeoutMs = timeoutMs;
    this.#userSignal = userSignal;
    this.deadlineMs = nowMs + timeoutMs;
    if (userSignal) {
      if (userSignal.aborted) this.#controller.abort(userSignal.reason);
      else {
        this.#onUserAbort = () => this.#controller.abort(userSignal.reason);
        userSignal.addEventListener('abort', this.#onUserAbort, { once: true });
      }
    }
    if (timeoutMs <= MAX_TIMER_MS) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        this.#controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
      }, timeoutMs);
    }
  }

  remainingMs(nowMs: number): number {
    return this.deadlineMs - nowMs;
  }

  /** The error to throw when the scope's signal has fired (whatever the attempt threw), else null. */
  abortError(idempotencyKey: string | null): SeoGeoError | null {
    if (!this.signal.aborted) return null;
    if (this.#timedOut) {
      return new APITimeoutError(`Request timed out after ${this.#timeoutMs} ms (the client's overall deadline, across attempts and waits).`, {
        idempotencyKey,
      });
    }
    return new APIAbortError('Request aborted by the caller.', { idempotencyKey, cause: this.#userSignal?.reason });
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#onUserAbort) this.#userSignal?.removeEventListener('abort', this.#onUserAbort);
  }
}
