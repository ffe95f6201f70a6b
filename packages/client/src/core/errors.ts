// Typed errors: one class per status family and, inside a family, per `error.code`, so callers can
// `catch (e) { if (e instanceof PlanLimitError) ... }` instead of comparing strings. Every API
// error carries what is needed to act on it: the request id (to quote to support), the
// rate-limit state, the idempotency key of the request (to retry it safely later), and for
// errors with a server hint, when to retry.
import type { components } from '@seo-geo/types';
import { readRateLimit, serverRetryHintMs, type RateLimitState } from './rate-limit.js';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorDetail = components['schemas']['ErrorDetail'];

/**
 * Base class of every error this client throws: HTTP errors (`APIError`), connection errors,
 * timeouts and aborts, and a client created without an API key.
 */
export class SeoGeoError extends Error {
  /** The `Idempotency-Key` the request carried (POST only), so it can be retried later with the same key. */
  readonly idempotencyKey: string | null;

  constructor(message: string, options: { idempotencyKey?: string | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.idempotencyKey = options.idempotencyKey ?? null;
  }
}

export interface APIErrorInit {
  status: number;
  /** The parsed response body (the error envelope, or whatever the server sent). */
  body: unknown;
  headers: Headers;
  receivedAtMs: number;
  idempotencyKey: string | null;
}

interface Envelope {
  code?: unknown;
  message?: unknown;
  requestId?: unknown;
  details?: unknown;
}

function envelopeOf(body: unknown): Envelope {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = body.error;
    if (error && typeof error === 'object') return error;
  }
  return {};
}

/** An HTTP response with an error status. */
export class APIError extends SeoGeoError {
  readonly status: number;
  /** `error.code` of the envelope; null when the body was not the error envelope (e.g. a proxy's page). */
  readonly code: ErrorCode | (string & {}) | null;
  /** `error.requestId`, or the `X-Request-Id` header when the body has none. */
  readonly requestId: string | null;
  readonly details: ErrorDetail[];
  readonly rateLimit: RateLimitState | null;
  /** Seconds the server asked us to wait (`Retry-After`, or `X-RateLimit-Reset` on a 429); null without a hint. */
  readonly retryAfter: number | null;
  /** When a retry may succeed, on the local clock; null without a server hint. */
  readonly retryAt: Date | null;
  readonly headers: Headers;
  readonly body: unknown;

  constructor(init: APIErrorInit) {
    const envelope = envelopeOf(init.body);
    const message =
      typeof envelope.message === 'string'
        ? envelope.message
        : `HTTP ${init.status}${typeof init.body === 'string' && init.body ? `: ${init.body.slice(0, 200)}` : ''}`;
    super(message, { idempotencyKey: init.idempotencyKey });
    this.status = init.status;
    this.code = typeof envelope.code === 'string' ? envelope.code : null;
    this.requestId = typeof envelope.requestId === 'string' ? envelope.requestId : init.headers.get('x-request-id');
    this.details = Array.isArray(envelope.details) ? (envelope.details as ErrorDetail[]) : [];
    this.rateLimit = readRateLimit(init.headers, init.receivedAtMs);
    const hintMs = serverRetryHintMs(init.status, init.headers, init.receivedAtMs);
    this.retryAfter = hintMs === null ? null : Math.ceil(hintMs / 1000);
    this.retryAt = hintMs === null ? null : new Date(init.receivedAtMs + hintMs);
    this.headers = init.headers;
    this.body = init.body;
  }
}

/**
 * @deprecated Use `APIError`; this alias is the same class (`instanceof ApiError` still matches
 * every HTTP error) and stays so that code written against the earlier name compiles.
 */
export const ApiError = APIError;
/** @deprecated Use `APIError`. */
export type ApiError = APIError;

/** 400: a parameter or body field violates the schema (`details` names each), or the body is not JSON. */
export class ValidationError extends APIError {}
/** 401: no valid API key. */
export class AuthenticationError extends APIError {}
/** 403: the key may not do this; see the subclasses. */
export class ForbiddenError extends APIError {}
/** 403 `INSUFFICIENT_SCOPE`: the key lacks the operation's scope. */
export class PermissionError extends ForbiddenError {}
/** 403 `PLAN_LIMIT_EXCEEDED`: a quota of the account's plan would be exceeded. */
export class PlanLimitError extends ForbiddenError {}
/** 404: no such resource for this account. */
export class NotFoundError extends APIError {}
/** 405: known path, other method. */
export class MethodNotAllowedError extends APIError {}
/** 409: see the subclasses. */
export class ConflictError extends APIError {}
/** 409 `IDEMPOTENCY_REQUEST_IN_PROGRESS`: the first request with this key is still running. */
export class IdempotencyInProgressError extends ConflictError {}
/** 409 `INVALID_STATE`: the resource's state does not allow the operation. */
export class InvalidStateError extends ConflictError {}
/** 413: the body is over the size limit. */
export class PayloadTooLargeError extends APIError {}
/** 415: the body is not `application/json`. */
export class UnsupportedMediaTypeError extends APIError {}
/** 422 `IDEMPOTENCY_KEY_REUSED`: the key was used before with another payload or operation. */
export class IdempotencyKeyReusedError extends APIError {}
/** 429 `RATE_LIMITED`: the key's bucket is empty; `retryAt` says when a token is back. */
export class RateLimitedError extends APIError {}
/** 5xx: a fault of the service. */
export class InternalServerError extends APIError {}
/** 503: a dependency is unavailable; `retryAt` says when to try again. */
export class ServiceUnavailableError extends InternalServerError {}
/** 503 `ANSWER_ENGINE_NOT_CONFIGURED`: the operator configured no answer engine; retrying will not help. */
export class AnswerEngineNotConfiguredError extends ServiceUnavailableError {}

/** No response: DNS, refused or reset connection, a body cut short. */
export class APIConnectionError extends SeoGeoError {}
/** The overall deadline (`timeout`) passed, across attempts and waits. */
export class APITimeoutError extends APIConnectionError {}
/** The caller's `AbortSignal` fired; `cause` is the signal's reason. */
export class APIAbortError extends SeoGeoError {}

type APIErrorClass = new (init: APIErrorInit) => APIError;

// A code selects its class only under the status it belongs to, so an odd pairing still lands in
// the right status family.
const byCode: Partial<Record<ErrorCode, [status: number, APIErrorClass]>> = {
  INSUFFICIENT_SCOPE: [403, PermissionError],
  PLAN_LIMIT_EXCEEDED: [403, PlanLimitError],
  IDEMPOTENCY_REQUEST_IN_PROGRESS: [409, IdempotencyInProgressError],
  INVALID_STATE: [409, InvalidStateError],
  IDEMPOTENCY_KEY_REUSED: [422, IdempotencyKeyReusedError],
  ANSWER_ENGINE_NOT_CONFIGURED: [503, AnswerEngineNotConfiguredError],
};

const byStatus: Record<number, APIErrorClass> = {
  400: ValidationError,
  401: AuthenticationError,
  403: ForbiddenError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  429: RateLimitedError,
  503: ServiceUnavailableError,
};

/** The most specific error class for a response: by code within its status, else by status. */
export function errorFromResponse(init: APIErrorInit): APIError {
  const code = envelopeOf(init.body).code;
  const forCode = typeof code === 'string' ? byCode[code as ErrorCode] : undefined;
  if (forCode && forCode[0] === init.status) return new forCode[1](init);
  const Class = byStatus[init.status] ?? (init.status >= 500 ? InternalServerError : APIError);
  return new Class(init);
}
