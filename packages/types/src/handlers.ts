// The typed handler map: one handler per operationId, typed from the generated `operations`.
// A handler receives its operation's path, query, header and body input, and returns one of the
// responses the spec documents for it: `{ status, body, headers }` with the body of that status.
// The HTTP plumbing (envelope meta, rate-limit headers, request id) belongs to the server, so
// handlers set only the headers the spec gives to that response beyond the platform's own.
import type { operationTable } from '../generated/operations.js';
import type { operations } from '../generated/schema.js';

/** The operations of the spec's `paths` (webhook events are operations the receivers implement). */
export type OperationId = keyof typeof operationTable & keyof operations;

/** Headers that every response gets from the server's middleware, never from a handler. */
export type PlatformHeader =
  'X-Request-Id' | 'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-RateLimit-Reset' | 'Retry-After' | 'Idempotent-Replayed' | 'WWW-Authenticate';

type EmptyObject = Record<string, never>;

/** Drops index signatures (`[name: string]: unknown`) that openapi-typescript adds to headers. */
type KnownKeys<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

type Parameters<Op> = Op extends { parameters: infer P } ? P : EmptyObject;
type Part<P, K extends string> = K extends keyof P ? ([NonNullable<P[K]>] extends [never] ? EmptyObject : NonNullable<P[K]>) : EmptyObject;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/**
 * A body that is not JSON (a CSV export): its media type as the spec names it and the text in
 * chunks, written as they are produced so that a large file is never built in memory.
 */
export interface StreamedBody<MediaType extends string = string> {
  contentType: MediaType;
  chunks: AsyncIterable<string>;
}

/** A response without content (204) has no body; a non-JSON one is streamed. */
type ResponseBody<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: infer C }
    ? StreamedBody<Extract<keyof C, string>>
    : undefined;
type RequestBody<Op> = Op extends { requestBody: infer R }
  ? JsonContent<R>
  : Op extends { requestBody?: infer R }
    ? [NonNullable<R>] extends [never]
      ? undefined
      : JsonContent<NonNullable<R>> | undefined
    : undefined;

/** What a handler receives: the validated request of its operation. */
export interface OperationRequest<Id extends OperationId> {
  path: Part<Parameters<operations[Id]>, 'path'>;
  query: Part<Parameters<operations[Id]>, 'query'>;
  headers: Part<Parameters<operations[Id]>, 'header'>;
  body: RequestBody<operations[Id]>;
}

type Responses<Id extends OperationId> = operations[Id]['responses'];
type ResponseHeaders<R> = Omit<KnownKeys<R extends { headers: infer H } ? H : EmptyObject>, PlatformHeader>;
type HeadersField<H> = keyof H extends never ? { headers?: EmptyObject } : { headers: H };

/** One documented response of an operation: its status, the body for that status, and its own headers. */
export type OperationResponse<Id extends OperationId, S extends keyof Responses<Id> = keyof Responses<Id>> = S extends number
  ? { status: S; body: ResponseBody<Responses<Id>[S]> } & HeadersField<ResponseHeaders<Responses<Id>[S]>>
  : never;

/** The statuses an operation documents. */
export type OperationStatus<Id extends OperationId> = Extract<keyof Responses<Id>, number>;

export type Handler<Id extends OperationId, Context> = (request: OperationRequest<Id>, context: Context) => Promise<OperationResponse<Id>>;

/**
 * Exactly one handler per operationId. Build it as an object literal typed with this map
 * (`const handlers: HandlerMap<Ctx> = { ... }`): a missing operation, an operation the spec
 * lacks, an undocumented status or a body of the wrong shape is a compile error.
 */
export type HandlerMap<Context> = { [Id in OperationId]: Handler<Id, Context> };
