// Every error the API answers with, as a value: status, code of the error envelope, message, and
// optional details and headers. Handlers and services throw these; one error handler renders them.
import type { components } from '@seo-geo/types';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorDetail = components['schemas']['ErrorDetail'];

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

export const notFound = (what: string, id: string) => new ApiError(404, 'NOT_FOUND', `${what} ${id} was not found.`);

export const pathNotFound = (path: string) => new ApiError(404, 'NOT_FOUND', `No operation at ${path}.`);

export const methodNotAllowed = (method: string, allowed: string[]) =>
  new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${allowed.join(', ')}.`, undefined, {
    Allow: allowed.join(', '),
  });

export const unauthenticated = () =>
  new ApiError(401, 'UNAUTHENTICATED', 'Authentication required: send a valid API key as "Authorization: Bearer <key>".', undefined, {
    'WWW-Authenticate': 'Bearer realm="api"',
  });

export const insufficientScope = (scope: string) =>
  new ApiError(403, 'INSUFFICIENT_SCOPE', `This API key lacks the scope ${scope} required by this operation.`);

export const planLimitExceeded = (message: string) => new ApiError(403, 'PLAN_LIMIT_EXCEEDED', message);

export const invalidState = (message: string) => new ApiError(409, 'INVALID_STATE', message);

export const validationError = (details: ErrorDetail[]) =>
  new ApiError(
    400,
    'VALIDATION_ERROR',
    `Request validation failed: ${details.map((d) => `${d.in}${d.field ? ` ${d.field}` : ''} ${d.message}`).join('; ')}.`,
    details,
  );

export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'RATE_LIMITED', `Rate limit exceeded: retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

export const serviceUnavailable = (retryAfterSeconds: number) =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', `The service is temporarily unavailable; retry in ${retryAfterSeconds} seconds.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/** Seconds a client is told to wait when a feature is not configured: the operator, not time, has to change that. */
const NOT_CONFIGURED_RETRY_SECONDS = 3600;

export const answerEngineNotConfigured = () =>
  new ApiError(
    503,
    'ANSWER_ENGINE_NOT_CONFIGURED',
    'No answer engine is configured on this server, so GEO monitor tests cannot run; the operator sets GEO_ENGINES.',
    undefined,
    { 'Retry-After': String(NOT_CONFIGURED_RETRY_SECONDS) },
  );

export const renderingNotConfigured = () =>
  new ApiError(
    503,
    'RENDERING_NOT_CONFIGURED',
    'This server has no browser configured, so audits cannot render JavaScript; the operator sets BROWSER_EXECUTABLE. Start the audit without renderJavaScript.',
    undefined,
    { 'Retry-After': String(NOT_CONFIGURED_RETRY_SECONDS) },
  );
