// The errors the API answers with, as the domain raises them: the contract's error code, a message
// for the caller, and what else the caller needs to act (the fields at fault, when to retry).
// Nothing here knows HTTP: http/api-error.ts gives each code its status and headers.
import type { components } from '@seo-geo/types';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorDetail = components['schemas']['ErrorDetail'];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Seconds after which the same request may succeed; absent when only a change of the request helps. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string, id: string) => new DomainError('NOT_FOUND', `${what} ${id} was not found.`);

const SEND_A_KEY = 'send a valid API key as "Authorization: Bearer <key>".';

/**
 * `keyPrefix`: the leading characters of a well-formed key that matched none in use. The message
 * says only that it is not recognised or was revoked (never which), so it tells nobody whether a
 * key exists; the prefix lets the caller see which of their keys was sent, never the key itself.
 */
export const unauthenticated = (failure?: { reason: 'missing' | 'malformed' } | { reason: 'unknown' | 'revoked'; keyPrefix: string }) => {
  if (failure?.reason === 'malformed') {
    return new DomainError('UNAUTHENTICATED', `The Authorization header is not a Bearer API key (sk_live_ and 32 letters or digits): ${SEND_A_KEY}`);
  }
  if (failure?.reason === 'unknown' || failure?.reason === 'revoked') {
    return new DomainError('UNAUTHENTICATED', `The API key ${failure.keyPrefix}… is not recognised or was revoked: ${SEND_A_KEY}`);
  }
  return new DomainError('UNAUTHENTICATED', `Authentication required: ${SEND_A_KEY}`);
};

export const planLimitExceeded = (message: string) => new DomainError('PLAN_LIMIT_EXCEEDED', message);

export const invalidState = (message: string) => new DomainError('INVALID_STATE', message);

/** `message` replaces the one made of the details, where it has more to say than they can hold. */
export const validationError = (details: ErrorDetail[], message?: string) =>
  new DomainError(
    'VALIDATION_ERROR',
    message ?? `Request validation failed: ${details.map((d) => `${d.in}${d.field ? ` ${d.field}` : ''} ${d.message}`).join('; ')}.`,
    details,
  );

/** Seconds a client is told to wait when a feature is not configured: the operator, not time, has to change that. */
const NOT_CONFIGURED_RETRY_SECONDS = 3600;

export const answerEngineNotConfigured = () =>
  new DomainError(
    'ANSWER_ENGINE_NOT_CONFIGURED',
    'No answer engine is configured on this server, so GEO monitor tests cannot run; the operator sets GEO_ENGINES.',
    undefined,
    NOT_CONFIGURED_RETRY_SECONDS,
  );

export const renderingNotConfigured = () =>
  new DomainError(
    'RENDERING_NOT_CONFIGURED',
    'This server has no browser configured, so audits cannot render JavaScript; the operator sets BROWSER_EXECUTABLE. Start the audit without renderJavaScript.',
    undefined,
    NOT_CONFIGURED_RETRY_SECONDS,
  );
