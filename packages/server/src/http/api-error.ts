// Every error the API answers with, as a value: status, code of the error envelope, message, and
// optional details and headers. The HTTP layer throws these for what only it knows (no route, a
// missing scope, the rate limit); what the domain raises (DomainError) gets its status and headers
// here, in one table, so nothing below HTTP knows a status code.
import { DomainError, type ErrorCode, type ErrorDetail } from '../domain/errors.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The status of each code, as the spec's error responses give them. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_SCOPE: 403,
  PLAN_LIMIT_EXCEEDED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_REQUEST_IN_PROGRESS: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  ANSWER_ENGINE_NOT_CONFIGURED: 503,
  RENDERING_NOT_CONFIGURED: 503,
};

export function fromDomainError(error: DomainError): ApiError {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (error.code === 'UNAUTHENTICATED') headers['WWW-Authenticate'] = 'Bearer realm="api"';
  return new ApiError(STATUS[error.code], error.code, error.message, error.details, headers);
}

/** Points a lost reader at the reference: the paths of the API are listed there. */
export const pathNotFound = (path: string) =>
  new ApiError(404, 'NOT_FOUND', `No operation at ${path}. The API reference is at /docs and the OpenAPI document at /api/public/v1/openapi.json.`);

export const methodNotAllowed = (method: string, allowed: string[]) =>
  new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${allowed.join(', ')}.`, undefined, {
    Allow: allowed.join(', '),
  });

export const insufficientScope = (scope: string) =>
  new ApiError(403, 'INSUFFICIENT_SCOPE', `This API key lacks the scope ${scope} required by this operation.`);

export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'RATE_LIMITED', `Rate limit exceeded: retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

export const serviceUnavailable = (retryAfterSeconds: number) =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', `The service is temporarily unavailable; retry in ${retryAfterSeconds} seconds.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
