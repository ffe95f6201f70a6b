// Turns every failure into the error envelope with the right status. Internals (stack, SQL,
// library messages) go to the log with the request id, never to the caller.
import type { ErrorRequestHandler, Request } from 'express';
import type { Logger } from 'pino';
import type { IdempotentRequests } from '../services/idempotent-requests.js';
import { DatabaseBusyError } from '../storage/sqlite-driver.js';
import { isConnectionLost } from '../storage/connection-lost.js';
import { DomainError, validationError } from '../domain/errors.js';
import type { ErrorDetail } from '../domain/errors.js';
import { ApiError, fromDomainError, serviceUnavailable } from './api-error.js';
import { payloadTooLarge } from './json-body.js';
import { closeLingering } from './lingering-close.js';
import { state } from './locals.js';
import { readableDetails } from './validation-messages.js';
import { respond } from './respond.js';
import { sendJson } from './send-json.js';

interface ValidatorError {
  status: number;
  message: string;
  errors?: Array<{ path?: string; message?: string }>;
}

interface BodyParserError {
  type: string;
  status?: number;
}

/** What body-parser passes on when the decoding stream (gzip, deflate, br) fails: zlib's error, given status 400 and no type. */
interface DecodingError {
  status: 400;
  expose: boolean;
}

const isValidatorError = (error: unknown): error is ValidatorError =>
  typeof error === 'object' && error !== null && 'status' in error && Array.isArray((error as ValidatorError).errors);

const isBodyParserError = (error: unknown): error is BodyParserError =>
  typeof error === 'object' && error !== null && typeof (error as BodyParserError).type === 'string' && 'expose' in error;

const isDecodingError = (error: unknown): error is DecodingError =>
  typeof error === 'object' && error !== null && 'expose' in error && !('type' in error) && (error as { status?: unknown }).status === 400;

/** Another process held the SQLite write lock for the whole wait; it is usually a short job. */
const DATABASE_BUSY_RETRY_SECONDS = 1;
/** A failover or restart usually takes a few seconds; the pool reconnects on the next query. */
const DATABASE_LOST_RETRY_SECONDS = 2;

const LOCATIONS: Record<string, ErrorDetail['in']> = { query: 'query', params: 'path', path: 'path', headers: 'header', body: 'body' };

/** `/query/pageSize` → query pageSize; `/body/outline/0/heading` → body outline.0.heading. */
function toDetail(error: { path?: string; message?: string }, req: Request): ErrorDetail {
  const [, where = 'body', ...rest] = (error.path ?? '').split('/');
  const location = LOCATIONS[where] ?? 'body';
  let field = rest.join('.');
  if (location === 'header') field = field.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
  if (location === 'body' && !(where in LOCATIONS)) field = '';
  const message = (error.message ?? 'is invalid').replace(/^(request\/)?(query|body|params|headers)\/\S+ /, '');
  return { in: location, field: field.slice(0, 300), message: message.slice(0, 1000) || `is invalid in ${req.method} ${req.path}` };
}

export function toApiError(error: unknown, req: Request): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  if (error instanceof DatabaseBusyError) return serviceUnavailable(DATABASE_BUSY_RETRY_SECONDS);
  if (isConnectionLost(error)) return serviceUnavailable(DATABASE_LOST_RETRY_SECONDS);
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') return new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.');
    if (error.type === 'entity.too.large') return payloadTooLarge();
    if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be UTF-8 encoded JSON.');
    }
    if (error.type === 'request.aborted') return new ApiError(400, 'VALIDATION_ERROR', 'The request body was not received completely.');
  }
  if (isDecodingError(error)) {
    const encoding = req.headers['content-encoding'] ?? 'its Content-Encoding';
    return new ApiError(400, 'MALFORMED_JSON', `The request body could not be decoded as ${encoding}.`);
  }
  if (isValidatorError(error)) {
    if (error.status === 400) return fromDomainError(validationError(readableDetails((error.errors ?? []).map((e) => toDetail(e, req)))));
    if (error.status === 415) return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json.');
    if (error.status === 413) return payloadTooLarge();
  }
  return new ApiError(500, 'INTERNAL_ERROR', '');
}

export function handleErrors(deps: { idempotency: IdempotentRequests; logger: Logger }): ErrorRequestHandler {
  return async (error: unknown, req, res, _next) => {
    const { requestId } = state(res);
    const apiError = toApiError(error, req);
    const message = apiError.status === 500 ? `An unexpected error occurred. Quote request id ${requestId} when contacting support.` : apiError.message;
    if (apiError.status >= 500) deps.logger.error({ err: error, requestId }, 'request failed');
    if (res.headersSent) return void res.end();
    // A request refused before its body was read (401, 413, 415…): the body is not read either.
    // Closing the connection after the answer is what stops Node from draining it; closing it
    // lingeringly is what lets a client still sending read the answer.
    if (!req.complete) {
      res.setHeader('Connection', 'close');
      closeLingering(req.socket);
    }
    const body = { error: { code: apiError.code, message, requestId, ...(apiError.details ? { details: apiError.details } : {}) } };
    try {
      await respond(res, deps.idempotency, apiError.status, body, apiError.headers);
    } catch (failure) {
      deps.logger.error({ err: failure, requestId }, 'could not finish the error response');
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- respond() may have sent the headers before failing; TypeScript keeps the narrowing from the check above across the await
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'INTERNAL_ERROR', message, requestId } });
    }
  };
}
