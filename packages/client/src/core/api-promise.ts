// A promise of `data` that can also give the whole response: `await client.me.get()` is the user,
// `await client.me.get().withResponse()` adds meta, request id, headers and rate-limit state.
// The same shape as the OpenAI and Anthropic SDKs' APIPromise; like theirs, an object result
// carries the request id as `_requestId` (not enumerable, so it stays out of JSON and equality).
import type { APIResponse } from './api-response.js';

/** An object result with the id of the request that returned it. */
export type WithRequestId<T> = T extends object ? T & { readonly _requestId: string | null } : T;

function withRequestId<T>(response: APIResponse<T>): WithRequestId<T> {
  const { data } = response;
  if (typeof data === 'object' && data !== null && !Object.isFrozen(data)) {
    Object.defineProperty(data, '_requestId', { value: response.requestId, enumerable: false, configurable: true });
  }
  return data as WithRequestId<T>;
}

export class APIPromise<T, M = unknown> implements PromiseLike<WithRequestId<T>> {
  readonly #response: Promise<APIResponse<T, M>>;
  #data: Promise<WithRequestId<T>> | undefined;

  constructor(response: Promise<APIResponse<T, M>>) {
    this.#response = response;
  }

  /** The data together with meta, request id, headers, rate-limit state and idempotency key. */
  withResponse(): Promise<APIResponse<T, M>> {
    return this.#response;
  }

  #parsed(): Promise<WithRequestId<T>> {
    return (this.#data ??= this.#response.then(withRequestId));
  }

  then<R1 = WithRequestId<T>, R2 = never>(
    onfulfilled?: ((value: WithRequestId<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#parsed().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<WithRequestId<T> | R> {
    return this.#parsed().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<WithRequestId<T>> {
    return this.#parsed().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
