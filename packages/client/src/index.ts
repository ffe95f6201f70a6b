// The public surface of @seo-geo/client.
export { createClient, SeoGeoClient, DEFAULT_BASE_URL, CLIENT_VERSION, API_VERSION, USER_AGENT, type ClientOptions } from './client.js';
export { APIPromise } from './core/api-promise.js';
export { APIResponse } from './core/api-response.js';
// The earlier name, kept so that code written against it still compiles.
// eslint-disable-next-line @typescript-eslint/no-deprecated
export { ApiResponse } from './core/api-response.js';
export { Page, PagePromise, type PageOptions } from './core/pagination.js';
export type { RequestOptions, FetchLike } from './core/request.js';
export type { Hooks, RequestInfo, ResponseInfo, RetryInfo, RateLimitedInfo } from './core/hooks.js';
export type { RateLimitState } from './core/rate-limit.js';
export type { Clock, Sleep } from './core/sleep.js';
export type { OperationId, ResponseData, ResponseMeta, RequestBody, QueryParams, ListItem, ListMeta } from './core/types.js';
export type {
  AuditStartBody,
  AuditStarted,
  AuditRun,
  AuditRunId,
  CompletedAuditRun,
  FailedAuditRun,
  CancelledAuditRun,
  FinishedAuditRun,
  PausedAuditRun,
} from './resources/audits.js';
export type { FileStream } from './resources/resource.js';
export type { GeoTest, CompletedGeoTest, FailedGeoTest, CancelledGeoTest, FinishedGeoTest } from './resources/geo-monitor.js';
export type { WebhookEvent } from './resources/webhooks.js';
export type { WaitOptions } from './core/poll.js';
export { WebhookVerificationError, type VerifyOptions, type WebhookHeaders } from './core/webhook-signature.js';
export { clientMethods, clientMethod } from './operations.js';
export {
  SeoGeoError,
  APIError,
  // The earlier name, kept so that code written against it still compiles.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  ApiError,
  ValidationError,
  AuthenticationError,
  ForbiddenError,
  PermissionError,
  PlanLimitError,
  NotFoundError,
  MethodNotAllowedError,
  ConflictError,
  IdempotencyInProgressError,
  InvalidStateError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  IdempotencyKeyReusedError,
  RateLimitedError,
  InternalServerError,
  ServiceUnavailableError,
  AnswerEngineNotConfiguredError,
  APIConnectionError,
  APITimeoutError,
  APIAbortError,
  type ErrorCode,
  type ErrorDetail,
} from './core/errors.js';
