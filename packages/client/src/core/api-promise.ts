// A promise of `data` that can also give the whole response: `await client.me.get()` is the user,
// `await client.me.get().withResponse()` adds meta, request id, headers and rate-limit state.
// The same shape as the OpenAI and Anthropic SDKs' APIPromise.
import type { ApiResponse } from './api-response.js';

export class APIPromise<T, M = unknown> implements PromiseLike<T> {
  readonly #response: Promise<ApiResponse<T, M>>;
  #data: Promise<T> | undefined;

  constructor(response: Promise<ApiResponse<T, M>>) {
    this.#response = response;
  }

  /** The data together with meta, request id, headers, rate-limit state and idempotency key. */
  withResponse(): Promise<ApiResponse<T, M>> {
    return this.#response;
  }

  #parsed(): Promise<T> {
    return (this.#data ??= this.#response.then((r) => r.data));
  }

  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#parsed().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#parsed().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#parsed().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
