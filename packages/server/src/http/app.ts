// The Express application: the public API under /api/public/v1, the offline docs at /docs, and
// the health probes. The middleware, in order: request id → operation →
// authentication, rate limit, scope → body → validation → idempotency → unit of work → handler.
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { listOperations, type HandlerMap } from '@seo-geo/types';
import type { Clock } from '../support/clock.js';
import type { RequestContext } from '../handlers/context.js';
import { createDocsRouter } from './docs-route.js';
import { docsSecurityHeaders, noStore, SECURITY_HEADERS } from './security-headers.js';
import { createAddressLimiter } from './address-limiter.js';
import { authenticate } from './authenticate.js';
import { pathNotFound } from './api-error.js';
import { API_BASE_PATH } from '../views/resource-path.js';
import { announceDeprecation } from './deprecation.js';
import { dispatch } from './dispatch.js';
import { handleErrors } from './error-handler.js';
import { idempotentPosts } from './idempotency.js';
import { postsInUnitsOfWork } from './unit-of-work.js';
import { readJsonBody } from './json-body.js';
import { sendJson } from './send-json.js';
import { logRequests } from './logging.js';
import { matchOperation } from './operation-match.js';
import { inOrder } from './in-order.js';
import { stampResponses } from './response-stamp.js';
import { validateAgainstSpec } from './validator.js';
import type { RateLimitStore } from '../ratelimit/index.js';
import type { Services } from '../services/index.js';
import type { IdempotentRequests } from '../services/idempotent-requests.js';
import type { UnitOfWork } from '../storage/unit-of-work.js';

/** Each dependency of the API's requests, and whether it answers; and what takes the jobs they queue. */
export interface Readiness {
  checks: {
    database: 'ok' | 'unavailable';
    rateLimits: 'ok' | 'unavailable';
    /** `no_worker`: no worker is taking jobs, so audits and GEO work stay pending; `unavailable`: the database did not say. */
    jobs: 'ok' | 'no_worker' | 'unavailable';
  };
  /** The workers alive and how long the job queued longest has waited; null when the database did not say. */
  queue: { workers: number; oldestQueuedSeconds: number | null } | null;
}

export interface AppDeps {
  services: Services;
  handlers: HandlerMap<RequestContext>;
  idempotency: IdempotentRequests;
  /** Opens the transaction a POST runs in (with its stored response when it has an Idempotency-Key). */
  startUnitOfWork: () => Promise<UnitOfWork>;
  rateLimits: RateLimitStore;
  clock: Clock;
  logger: Logger;
  validateResponses: boolean;
  /** Answers /readyz: whether each dependency a request needs responds, and whether a worker takes jobs. */
  readiness: () => Promise<Readiness>;
  /** Proxies trusted for X-Forwarded-For (config TRUST_PROXY); none by default. */
  trustProxy?: string[] | null;
}

/** Failed authentications allowed per client address and minute before it gets 429s. */
export const FAILED_AUTH_PER_MINUTE = 20;
/** Requests per minute and client address to operations that need no key (the document). */
export const PUBLIC_REQUESTS_PER_MINUTE = 120;

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // req.ip is the client: the socket's peer, or X-Forwarded-For read through trusted proxies only.
  app.set('trust proxy', deps.trustProxy && deps.trustProxy.length > 0 ? deps.trustProxy : false);
  app.use(stampResponses(deps.clock, SECURITY_HEADERS));
  // A silent logger would still build a child logger and redact headers on every request.
  if (deps.logger.isLevelEnabled('info') || deps.logger.isLevelEnabled('error')) app.use(logRequests(deps.logger));

  const operations = listOperations(deps.services.document);
  // Every step runs for every API request (the operation is known after matchOperation), so they
  // run in order without a router's matching at each step.
  const api = inOrder([
    noStore,
    matchOperation(operations),
    authenticate({
      apiKeys: deps.services.apiKeys,
      keyLimiter: deps.rateLimits,
      failedAuth: createAddressLimiter(deps.rateLimits, 'failed-auth', FAILED_AUTH_PER_MINUTE),
      publicAccess: createAddressLimiter(deps.rateLimits, 'public', PUBLIC_REQUESTS_PER_MINUTE),
      clock: deps.clock,
    }),
    announceDeprecation,
    readJsonBody,
    ...validateAgainstSpec(deps.services.document, { validateResponses: deps.validateResponses }),
    idempotentPosts({ idempotency: deps.idempotency }),
    postsInUnitsOfWork({ idempotency: deps.idempotency, startUnitOfWork: deps.startUnitOfWork }),
    dispatch({ handlers: deps.handlers, services: deps.services, clock: deps.clock, idempotency: deps.idempotency }),
  ]);
  app.use(API_BASE_PATH, api);
  // After the API, so that its requests, nearly all of them, are not matched against these first.
  app.get('/healthz', (_req, res) => sendJson(res, 200, { status: 'ok' }));
  // Names what is missing, so an operator (or an orchestrator's log) sees which dependency to fix.
  app.get('/readyz', async (_req, res) => {
    const { checks, queue } = await deps.readiness();
    const ready = Object.values(checks).every((check) => check === 'ok');
    sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', checks, queue });
  });
  app.use('/docs', docsSecurityHeaders, createDocsRouter(deps.services.document));
  // Whoever opens the server's bare address (a browser, a first curl) is shown where to go.
  app.get('/', (_req, res) =>
    sendJson(res, 200, { name: deps.services.document.info.title, docs: '/docs', openapi: `${API_BASE_PATH}/openapi.json`, api: API_BASE_PATH }),
  );

  // Anything outside the API, the docs and the probes: 404 in the same envelope.
  app.use((req, _res, next) => next(pathNotFound(req.path)));
  app.use(handleErrors({ idempotency: deps.idempotency, logger: deps.logger }));
  return app;
}
