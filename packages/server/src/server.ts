// Assembles a running server from configuration: storage (migrated), rate-limit store, services,
// the app, and (in the embedded mode) the workers. `npm start` and the in-process tests share it.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import spec from '@seo-geo/types/openapi.json' with { type: 'json' };
import { createApp } from './app.js';
import { systemClock, type Clock } from './clock.js';
import { databaseOptions, type Config } from './config.js';
import { handlers as defaultHandlers } from './handlers/index.js';
import { createLogger } from './http/logging.js';
import { createRateLimitStore, type RateLimitStore } from './ratelimit/index.js';
import { createServices, type Services } from './services/index.js';
import { createDatabase, type DatabaseHandle } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';
import { createSecretBox } from './storage/secret-box.js';
import { createRepositories, type Repositories } from './storage/repositories/index.js';
import { transactionRunner } from './storage/transaction.js';
import { joiningUnitsOfWork, startUnitOfWork } from './storage/unit-of-work.js';
import { jobHandlers, onJobExhausted, reconcileOrphans, type JobHandlerDeps } from './jobs/registry.js';
import { rendererFor } from './jobs/renderer.js';
import { startWorker, type RunningWorker, type WorkerOptions } from './jobs/worker.js';
import { monitorSchedulerDeps, startMonitorScheduler, type RunningMonitorScheduler } from './jobs/monitor-scheduler.js';
import { startDeliveryLoop, type DeliveryLoopOptions, type RunningDeliveryLoop } from './webhooks/delivery-loop.js';

const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60_000;

export interface StartOptions {
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** PostgreSQL schema to isolate in (tests). */
  databaseSchema?: string;
  /** Rate-limit key prefix in Redis (tests). */
  rateLimitKeyPrefix?: string;
  /** The document to serve and validate against; defaults to the bundled one. */
  document?: Services['document'];
  handlers?: typeof defaultHandlers;
  /** A rate-limit store to use instead of the one the configuration selects (benchmarks); the caller owns it. */
  rateLimitStore?: RateLimitStore;
  /** Crawl limits and name resolution for the in-process workers (tests). */
  crawl?: JobHandlerDeps['crawl'];
  /** Worker tuning for the in-process workers (tests shorten the lease). */
  worker?: Pick<WorkerOptions, 'leaseMs' | 'pollIntervalMs' | 'concurrency' | 'stopGraceMs' | 'reconcileIntervalMs'>;
  /** Tuning of the in-process GEO monitor scheduler (default: config.monitorSchedulerIntervalMs). */
  scheduler?: { intervalMs?: number };
  /** Tuning of the in-process webhook delivery loop (tests: a real clock, tiny backoff, a resolver). */
  webhooks?: Pick<DeliveryLoopOptions, 'clock' | 'pollIntervalMs' | 'retry' | 'resolver' | 'timeoutMs' | 'leaseMs'>;
}

export interface RunningServer {
  url: string;
  baseUrl: string;
  server: Server;
  services: Services;
  repositories: Repositories;
  /** The in-process worker; undefined when workers run as separate processes. */
  worker: RunningWorker | undefined;
  /** The in-process GEO monitor scheduler (tests call its tick()); undefined when workers run as separate processes. */
  scheduler: RunningMonitorScheduler | undefined;
  database: DatabaseHandle;
  logger: Logger;
  /** Stop accepting, let in-flight requests finish, then close storage. */
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const schema = options.databaseSchema ?? config.databaseSchema;
  const database = await createDatabase(config.databaseUrl, databaseOptions(config, schema));
  await migrateToLatest(database.db);
  // The API's repositories join the unit of work of the POST in progress (see storage/unit-of-work).
  const requestDb = joiningUnitsOfWork(database.db);
  const repositories = createRepositories(requestDb, database.dialect, createSecretBox(config.webhookSecretsKey));
  const rateLimits = options.rateLimitStore
    ? { store: options.rateLimitStore, close: async () => undefined }
    : createRateLimitStore({
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    ...(options.rateLimitKeyPrefix ? { keyPrefix: options.rateLimitKeyPrefix } : {}),
  });
  // The bundled document is served as the OpenApiDocument schema describes it (openapi, info, paths).
  const document = options.document ?? (spec as unknown as Services['document']);
  let worker: RunningWorker | undefined;
  const services = createServices({
    repositories,
    transaction: transactionRunner(requestDb),
    clock,
    document,
    notifyWork: () => worker?.wake(),
    geoEngines: config.geoEngines,
    fetchPolicy: { allowCidrs: config.allowedFetchCidrs },
    renderingAvailable: config.rendering !== null,
  });
  const app = createApp({
    services,
    handlers: options.handlers ?? defaultHandlers,
    idempotency: repositories.idempotency,
    startUnitOfWork: () => startUnitOfWork(database.db),
    rateLimits: rateLimits.store,
    clock,
    logger,
    validateResponses: config.validateResponses,
    trustProxy: config.trustProxy,
    idempotencyLeaseMs: config.idempotencyLeaseMs,
    ready: async () => {
      await repositories.accounts.findByEmail('readiness@probe.invalid');
      await rateLimits.store.peek('readiness', 1, 1, clock.now());
      return true;
    },
  });

  const renderer = config.inProcessWorkers ? rendererFor(config, options.crawl?.resolver) : undefined;
  if (config.inProcessWorkers) {
    const deps = { config, database, jobs: repositories.jobs, clock, logger, ...(options.crawl ? { crawl: options.crawl } : {}), ...(renderer ? { renderer } : {}) };
    worker = startWorker({
      ...config.worker,
      ...options.worker,
      jobs: repositories.jobs,
      handlers: jobHandlers(deps),
      clock,
      logger,
      onExhausted: onJobExhausted(deps),
      reconcile: reconcileOrphans(deps),
    });
  }
  // The GEO monitor scheduler runs where the workers run, and turns due ticks into runs for them.
  const scheduler: RunningMonitorScheduler | undefined = config.inProcessWorkers
    ? startMonitorScheduler({
        ...monitorSchedulerDeps(database, clock),
        clock,
        logger,
        intervalMs: options.scheduler?.intervalMs ?? config.monitorSchedulerIntervalMs,
        onScheduled: () => worker?.wake(),
      })
    : undefined;
  // Webhook deliveries run where the workers run: here in the embedded mode, else in `npm run worker`.
  const deliveries: RunningDeliveryLoop | undefined = config.inProcessWorkers
    ? startDeliveryLoop({
        webhooks: repositories.webhooks,
        clock,
        logger,
        policy: { allowCidrs: config.allowedFetchCidrs },
        timeoutMs: config.webhookTimeoutMs,
        ...options.webhooks,
      })
    : undefined;

  // Idempotency records are kept 24 hours; expired ones are also replaced on reuse, this bounds the table.
  const purge = setInterval(() => {
    repositories.idempotency.purgeExpired(clock.now()).catch((error: unknown) => logger.warn({ err: error }, 'purging expired idempotency keys failed'));
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  purge.unref();

  // Node checks the request and header time limits every connectionsCheckingInterval (30 s by
  // default, longer than a short limit): check often enough for the limits to hold.
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs / 2) }, app);
  // Keep-alive sockets must not hold a graceful shutdown open forever.
  server.keepAliveTimeout = 5_000;
  // A client that sends its request slowly (a byte every few seconds) is cut off, not waited for.
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    baseUrl: `${url}/api/public/v1`,
    server,
    services,
    repositories,
    get worker() {
      return worker;
    },
    scheduler,
    database,
    logger,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        clearInterval(purge);
        await scheduler?.stop();
        await worker?.stop();
        await renderer?.close();
        await deliveries?.stop();
        await rateLimits.close();
        await database.close();
      })();
      return closing;
    },
  };
}
