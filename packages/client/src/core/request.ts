// The request loop shared by every method: pacing, one attempt through openapi-fetch, typed
// errors, retries with server-hinted or backoff waits, all inside one overall deadline.
import type { Client } from 'openapi-fetch';
import { operationTable, type paths } from '@seo-geo/types';
import { APIResponse } from './api-response.js';
import type { PreparedRequest } from './prepared-request.js';
import { CallScope } from './deadline.js';
import { APIConnectionError, APITimeoutError, RateLimitedError, errorFromResponse, type SeoGeoError } from './errors.js';
import { redactedHeaders, type Hooks } from './hooks.js';
import { Pacer } from './pacing.js';
import { readRateLimit } from './rate-limit.js';
import { isRetryable, retryWait } from './retry.js';
import type { Clock, Sleep } from './sleep.js';
import type { CallInput, OperationId } from './types.js';

export type FetchLike = (input: Request) => Promise<Response>;

/**
 * How a success body is read: `envelope` (`{data, meta}`: the method resolves to `data`), `bare`
 * (JSON without an envelope, the OpenAPI document) or `stream` (a file such as the CSV export:
 * the method resolves to the unread body stream).
 */
export type BodyKind = 'envelope' | 'bare' | 'stream';

/** Per-call options; every method takes them as its last argument. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Overall deadline of this call in ms, across attempts and waits. */
  timeout?: number | undefined;
  /** POST only: the `Idempotency-Key` to send; `null` sends none (and a failed POST is then not retried). */
  idempotencyKey?: string | null | undefined;
  maxRetries?: number | undefined;
  /** Longest server-hinted wait (ms) to sit out before retrying; a longer hint throws at once. */
  maxRetryWait?: number | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}

export interface TransportConfig {
  /** openapi-fetch, built with `Request: PreparedRequest` (see prepared-request.ts). */
  raw: Client<paths>;
  baseUrl: string;
  /** The caller's fetch, given a real Request; undefined to call globalThis.fetch(url, init) directly. */
  fetch: FetchLike | undefined;
  maxRetries: number;
  maxRetryWait: number;
  timeout: number;
  pacing: boolean;
  hooks: Hooks;
  idempotencyKeyFactory: (() => string) | null;
  sleep: Sleep;
  clock: Clock;
}

interface CallContext {
  operationId: OperationId;
  method: string;
  url: string;
  idempotencyKey: string | null;
}

type UntypedRequest = (method: string, path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

type Outcome<T, M> = { ok: true; value: APIResponse<T, M> } | { ok: false; error: SeoGeoError };

type Send = (request: PreparedRequest) => Promise<Response>;

const NO_OPTIONS: RequestOptions = Object.freeze({});

export class Transport {
  readonly #config: TransportConfig;
  readonly #request: UntypedRequest;
  // One bucket per key; operations that need no key are limited per client address instead.
  readonly #keyPacer = new Pacer();
  readonly #publicPacer = new Pacer();
  // What openapi-fetch calls to send an attempt when no hook is set: nothing of the call needs to
  // be seen, so one function serves every call instead of a closure per attempt.
  readonly #send: Send;

  /** The client's sleep (replaced in tests), for waits outside a call such as polling. */
  get sleep(): Sleep {
    return this.#config.sleep;
  }

  /** The client's clock, for waits outside a call such as polling. */
  get clock(): Clock {
    return this.#config.clock;
  }

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#request = config.raw.request as unknown as UntypedRequest;
    const { fetch } = config;
    this.#send = fetch ? (request) => fetch(new Request(request.url, request.init)) : (request) => globalThis.fetch(request.url, request.init);
  }

  /** Lets responses seen elsewhere (the raw client) feed the pacer. */
  observe(operationAuthenticated: boolean, response: Response): void {
    (operationAuthenticated ? this.#keyPacer : this.#publicPacer).observe(response.headers, response.status, this.#config.clock.now());
  }

  async call<T, M>(
    operationId: OperationId,
    input: CallInput<OperationId>,
    bodyKind: BodyKind,
    options: RequestOptions = NO_OPTIONS,
  ): Promise<APIResponse<T, M>> {
    const config = this.#config;
    const operation = operationTable[operationId];
    const method = operation.method.toUpperCase();
    const idempotencyKey =
      method === 'POST' ? (options.idempotencyKey !== undefined ? options.idempotencyKey : (config.idempotencyKeyFactory?.() ?? null)) : null;
    const maxRetries = options.maxRetries ?? config.maxRetries;
    const maxRetryWait = options.maxRetryWait ?? config.maxRetryWait;
    const pacer = config.pacing ? (operation.authenticated ? this.#keyPacer : this.#publicPacer) : null;
    if (input.path) assertPathParams(operationId, input.path);
    const context: CallContext = { operationId, method, url: '', idempotencyKey };
    const headers = idempotencyKey !== null ? { ...options.headers, 'Idempotency-Key': idempotencyKey } : options.headers;
    const scope = new CallScope(options.timeout ?? config.timeout, options.signal, this.#config.clock.now());
    try {
      if (scope.signal.aborted) throw scope.abortError(idempotencyKey)!;
      for (let attempt = 1; ; attempt++) {
        // Pacing counts this attempt in flight; #attempt releases it. Most attempts find a token
        // at once: they take it here, without the async detour through #pace.
        if (pacer) {
          if (pacer.delayMs(config.clock.now()) <= 0) pacer.take();
          else await this.#pace(pacer, scope, context, input, maxRetryWait);
        }
        const outcome = await this.#attempt<T, M>(operation.path, input, headers, bodyKind, scope, context, attempt, pacer);
        if (outcome.ok) return outcome.value;
        const error = outcome.error;
        const retry = attempt <= maxRetries && isRetryable(error, method, idempotencyKey !== null);
        const wait = retry ? retryWait(error, attempt - 1, this.#config.clock.now()) : null;
        // Never retry early and never hang: a server-hinted wait longer than maxRetryWait, or any
        // wait that would pass the deadline, ends the call now with the error, which says when
        // to retry (retryAt).
        const proceed =
          wait !== null && !(wait.source === 'server' && wait.delayMs > maxRetryWait) && this.#config.clock.now() + wait.delayMs <= scope.deadlineMs;
        if (error instanceof RateLimitedError) {
          config.hooks.onRateLimited?.({
            operationId,
            method,
            url: context.url,
            reason: 'response',
            delayMs: proceed ? wait.delayMs : 0,
            until: error.retryAt ?? new Date(this.#config.clock.now() + (proceed ? wait.delayMs : 0)),
            rateLimit: error.rateLimit,
          });
        }
        if (!proceed) throw error;
        config.hooks.onRetry?.({ operationId, method, url: context.url, attempt, error, delayMs: wait.delayMs, source: wait.source, idempotencyKey });
        await this.#sleep(wait.delayMs, scope, idempotencyKey);
      }
    } finally {
      scope.dispose();
    }
  }

  async #pace(pacer: Pacer, scope: CallScope, context: CallContext, input: CallInput<OperationId>, maxRetryWait: number): Promise<void> {
    // A held call looks at the bucket again after each wait and may find the token taken by a
    // concurrent call: it is announced once, when it is first held, not at every look.
    let announced = false;
    for (;;) {
      const now = this.#config.clock.now();
      const wait = pacer.delayMs(now);
      if (wait <= 0) {
        // Taken here, synchronously with the check: concurrent calls must see this request as
        // in flight before any of them checks the bucket again.
        pacer.take();
        return;
      }
      const refusal = pacer.lastRefusal;
      if (refusal && (wait > maxRetryWait || now + wait > scope.deadlineMs)) {
        // Held by a recent 429 for longer than we may wait: answer as the server would.
        throw errorFromResponse({ ...refusal, idempotencyKey: context.idempotencyKey });
      }
      if (now + wait > scope.deadlineMs) {
        throw new APITimeoutError(`The key's rate-limit bucket has no token for ${Math.ceil(wait)} ms, past this call's deadline.`, {
          idempotencyKey: context.idempotencyKey,
        });
      }
      if (!announced) {
        announced = true;
        this.#config.hooks.onRateLimited?.({
          operationId: context.operationId,
          method: context.method,
          url: context.url || this.#urlOf(context.operationId, input),
          reason: 'pacing',
          delayMs: wait,
          until: new Date(now + wait),
          rateLimit: null,
        });
      }
      await this.#sleep(Math.ceil(wait), scope, context.idempotencyKey);
    }
  }

  async #attempt<T, M>(
    path: string,
    input: CallInput<OperationId>,
    headers: Record<string, string> | undefined,
    bodyKind: BodyKind,
    scope: CallScope,
    context: CallContext,
    attempt: number,
    pacer: Pacer | null,
  ): Promise<Outcome<T, M>> {
    const { hooks } = this.#config;
    // Without hooks nothing of the attempt is watched: no closure per attempt, no start time.
    const hooked = hooks.onRequest !== undefined || hooks.onResponse !== undefined || hooks.onRetry !== undefined || hooks.onRateLimited !== undefined;
    const startedAt = hooked ? this.#config.clock.now() : 0;
    const send = this.#send;
    let result: Awaited<ReturnType<UntypedRequest>>;
    try {
      result = await this.#request(context.method, path, {
        params: { path: input.path, query: input.query },
        body: input.body,
        headers,
        signal: scope.signal,
        // With hooks, the fetch openapi-fetch calls sees the final request, so hooks get the real URL.
        fetch: hooked
          ? (request: PreparedRequest): Promise<Response> => {
              context.url = request.url;
              hooks.onRequest?.({
                operationId: context.operationId,
                method: context.method,
                url: request.url,
                attempt,
                headers: redactedHeaders(request.headers),
                idempotencyKey: context.idempotencyKey,
              });
              return send(request);
            }
          : send,
        parseAs: bodyKind === 'stream' ? 'stream' : undefined,
      });
    } catch (cause) {
      const aborted = scope.abortError(context.idempotencyKey);
      if (aborted) throw aborted;
      const reason = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause);
      return { ok: false, error: new APIConnectionError(`Connection error: ${reason}`, { idempotencyKey: context.idempotencyKey, cause }) };
    } finally {
      pacer?.release();
    }
    const { response } = result;
    const receivedAtMs = this.#config.clock.now();
    pacer?.observe(response.headers, response.status, receivedAtMs, result.error);
    if (hooks.onResponse) {
      const body = (response.ok ? result.data : result.error) as { meta?: { requestId?: string }; error?: { requestId?: string } } | undefined;
      hooks.onResponse({
        operationId: context.operationId,
        method: context.method,
        url: context.url,
        attempt,
        status: response.status,
        requestId: body?.meta?.requestId ?? body?.error?.requestId ?? response.headers.get('x-request-id'),
        durationMs: receivedAtMs - startedAt,
        rateLimit: readRateLimit(response.headers, receivedAtMs),
      });
    }
    if (response.ok) {
      const body = result.data as { data: T; meta: M } | undefined;
      // 204 No Content has no envelope: the method resolves to undefined.
      const value =
        bodyKind === 'envelope' && body !== undefined
          ? new APIResponse<T, M>(body.data, body.meta, body, response, context.idempotencyKey, receivedAtMs)
          : new APIResponse<T, M>(body as T, null as M, body, response, context.idempotencyKey, receivedAtMs);
      return { ok: true, value };
    }
    return {
      ok: false,
      error: errorFromResponse({
        status: response.status,
        body: result.error,
        headers: response.headers,
        receivedAtMs,
        idempotencyKey: context.idempotencyKey,
      }),
    };
  }

  async #sleep(ms: number, scope: CallScope, idempotencyKey: string | null): Promise<void> {
    try {
      await this.#config.sleep(ms, scope.signal);
    } catch (error) {
      throw scope.abortError(idempotencyKey) ?? error;
    }
  }

  /** A URL for hooks before any request was built (a pacing hold of the first attempt). */
  #urlOf(operationId: OperationId, input: CallInput<OperationId>): string {
    const params = (input.path ?? {}) as Record<string, string>;
    const path = operationTable[operationId].path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    return this.#config.baseUrl + path;
  }
}

/** A missing id would otherwise be sent as the literal `{projectId}` and come back as a confusing 404. */
function assertPathParams(operationId: OperationId, params: Record<string, unknown>): void {
  for (const name in params) {
    const value = params[name];
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`${operationId}: path parameter ${name} must be a non-empty string, got ${value === '' ? 'an empty string' : typeof value}.`);
    }
  }
}
