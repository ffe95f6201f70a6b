// The API's part of the object graph: repositories that join the unit of work of the request in
// progress, the rate-limit store, the services and the Express app. The HTTP listener and the
// background work are the server's (processes/api-server.ts) and the root's (root.ts).
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import type { Express } from 'express';
import { handlers as defaultHandlers } from '../handlers/index.js';
import { redactUrl } from '../config/environment.js';
import { createApp, type Readiness } from '../http/app.js';
import { createRateLimitStore, type RateLimitStore } from '../ratelimit/index.js';
import { createIdempotentRequests, type IdempotentRequests } from '../services/idempotent-requests.js';
import { createServices, type Services } from '../services/index.js';
import { createRepositories, type Repositories } from '../storage/repositories/index.js';
import { createSecretBox } from '../storage/secret-box.js';
import { transactionRunner } from '../storage/transaction.js';
import { joiningUnitsOfWork, startUnitOfWork } from '../storage/unit-of-work.js';
import type { Root } from './root.js';

export interface ApiOptions {
  /** Rate-limit key prefix in Redis (tests). */
  rateLimitKeyPrefix?: string;
  /** The document to serve and validate against; defaults to the bundled one. */
  document?: Services['document'];
  handlers?: typeof defaultHandlers;
  /** A rate-limit store to use instead of the one the configuration selects (benchmarks); the caller owns it. */
  rateLimitStore?: RateLimitStore;
  /** Told when a request has enqueued work (the in-process worker claims it at once). */
  notifyWork?: () => void;
}

export interface Api {
  app: Express;
  services: Services;
  repositories: Repositories;
  idempotency: IdempotentRequests;
  rateLimits: { store: RateLimitStore; close(): Promise<void> };
  readiness: () => Promise<Readiness>;
}

export function createApi(root: Root, options: ApiOptions): Api {
  const { config, clock, database, logger } = root;
  // The API's repositories join the unit of work of the POST in progress (see storage/unit-of-work).
  const requestDb = joiningUnitsOfWork(database.db);
  const repositories = createRepositories(requestDb, database.dialect, createSecretBox(config.webhookSecretsKey));
  const keyPrefix = options.rateLimitKeyPrefix ?? config.redisKeyPrefix;
  const rateLimits = options.rateLimitStore
    ? { store: options.rateLimitStore, close: () => Promise.resolve() }
    : createRateLimitStore({
        ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
        ...(keyPrefix ? { keyPrefix } : {}),
        logger,
        redisLabel: redactUrl(config.redisUrl ?? ''),
      });
  // The bundled document is served as the OpenApiDocument schema describes it (openapi, info, paths).
  const document = options.document ?? (spec as unknown as Services['document']);
  const services = createServices({
    repositories,
    transaction: transactionRunner(requestDb),
    clock,
    document,
    notifyWork: options.notifyWork ?? (() => undefined),
    geoEngines: config.geoEngines,
    fetchPolicy: { allowCidrs: config.allowedFetchCidrs },
    renderingAvailable: config.rendering !== null,
  });
  const idempotency = createIdempotentRequests({ idempotency: repositories.idempotency, clock, leaseMs: config.idempotencyLeaseMs });
  // What /readyz reports: each dependency a request needs, probed with a deadline of its own, and
  // whether any worker takes the jobs requests queue (an API without one accepts audits that never start).
  const readiness = async (): Promise<Readiness> => {
    const now = clock.now();
    const [databaseCheck, rateLimitsCheck, queue] = await Promise.all([
      probe(() => repositories.accounts.findByEmail('readiness@probe.invalid')),
      probe(() => rateLimits.store.peek('readiness', 1, 1, now)),
      answerOf(async () => {
        const [workers, oldest] = await Promise.all([repositories.workers.countAlive(now), repositories.jobs.oldestQueuedSince()]);
        return { workers, oldestQueuedSeconds: oldest === null ? null : Math.max(0, Math.floor((now - Date.parse(oldest)) / 1000)) };
      }),
    ]);
    const jobs = queue === 'unavailable' ? 'unavailable' : queue.workers > 0 ? 'ok' : 'no_worker';
    return { checks: { database: databaseCheck, rateLimits: rateLimitsCheck, jobs }, queue: queue === 'unavailable' ? null : queue };
  };
  const app = createApp({
    services,
    handlers: options.handlers ?? defaultHandlers,
    idempotency,
    startUnitOfWork: () => startUnitOfWork(database.db),
    rateLimits: rateLimits.store,
    clock,
    logger,
    validateResponses: config.validateResponses,
    trustProxy: config.trustProxy,
    readiness,
  });
  return { app, services, repositories, idempotency, rateLimits, readiness };
}

/** Longest a readiness probe waits for a dependency: ioredis queues commands while it reconnects. */
const PROBE_TIMEOUT_MS = 2_000;

/** Whether the check answers: `unavailable` when it fails or does not answer in time. */
async function probe(check: () => Promise<unknown>): Promise<'ok' | 'unavailable'> {
  return (await answerOf(check)) === 'unavailable' ? 'unavailable' : 'ok';
}

/** What the check answers, or `unavailable` when it fails or does not answer in time. */
async function answerOf<T>(check: () => Promise<T>): Promise<T | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'unavailable'>((resolve) => (timer = setTimeout(() => resolve('unavailable'), PROBE_TIMEOUT_MS)));
  try {
    return await Promise.race([check().catch(() => 'unavailable' as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
