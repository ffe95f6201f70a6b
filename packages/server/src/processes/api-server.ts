// A running API server: the composition root (storage, migrated), the rate-limit store, the
// services and the app on an HTTP listener, and (in the embedded mode) the background work.
// `npm start`, the in-process tests and the benchmarks share it.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { createApi, type ApiOptions } from '../composition/api.js';
import { openRoot, startBackground, type Background, type BackgroundOptions } from '../composition/root.js';
import type { Config } from '../config/environment.js';
import type { Readiness } from '../http/app.js';
import { createLogger } from '../http/logging.js';
import type { RunningWorker } from '../jobs/worker.js';
import type { RunningMonitorScheduler } from '../services/geo-monitors/scheduler.js';
import type { Services } from '../services/index.js';
import type { DatabaseHandle } from '../storage/database.js';
import type { Repositories } from '../storage/repositories/index.js';
import type { Clock } from '../support/clock.js';

const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60_000;

export interface StartOptions extends Omit<ApiOptions, 'notifyWork'> {
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** PostgreSQL schema to isolate in (tests). */
  databaseSchema?: string;
  /** Tuning of what runs in the background in the embedded mode (tests: crawl limits, a short lease, a resolver). */
  background?: Pick<BackgroundOptions, 'crawl' | 'worker' | 'scheduler' | 'webhooks'>;
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
  /** What /readyz reports: whether the database and the rate-limit store answer. */
  readiness: () => Promise<Readiness>;
  /** Stop accepting, let in-flight requests finish (cut after SHUTDOWN_GRACE_MS), stop the background work, then close Redis and storage. */
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const root = await openRoot({
    config,
    logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.databaseSchema ? { databaseSchema: options.databaseSchema } : {}),
  });
  const { database } = root;
  let background: Background | undefined;
  const api = createApi(root, { ...options, notifyWork: () => background?.worker.wake() });
  const { services, repositories, rateLimits } = api;
  // The embedded mode runs the workers, the scheduler and the webhook deliveries here; scale mode in `npm run worker`.
  if (config.inProcessWorkers) background = startBackground(root, options.background);
  // Ready means something takes jobs: the in-process worker has said so before the port opens.
  await background?.worker.started;

  // Idempotency records are kept 24 hours; expired ones are also replaced on reuse, this bounds the table.
  const purge = setInterval(() => {
    api.idempotency.purgeExpired().catch((error: unknown) => logger.warn({ err: error }, 'purging expired idempotency keys failed'));
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  purge.unref();

  // Node checks the request and header time limits every connectionsCheckingInterval (30 s by
  // default, longer than a short limit): check often enough for the limits to hold.
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs / 2) }, api.app);
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
    worker: background?.worker,
    scheduler: background?.scheduler,
    database,
    logger,
    readiness: api.readiness,
    close() {
      closing ??= (async () => {
        // Requests and jobs share the grace period: the listener stops accepting while the worker
        // stops claiming, and what is still running at the deadline is cut (requests) or handed
        // back to the queue (jobs, by the worker's own grace).
        const requestsDone = new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        const deadline = setTimeout(() => {
          logger.warn({ graceMs: config.shutdownGraceMs }, 'grace period over: closing the connections of unfinished requests');
          server.closeAllConnections();
        }, config.shutdownGraceMs);
        await Promise.all([requestsDone.finally(() => clearTimeout(deadline)), background?.stop()]);
        clearInterval(purge);
        await rateLimits.close();
        await root.close();
      })();
      return closing;
    },
  };
}
