// The composition root: the object graph of a server process, built once. `npm start` (processes/api-server.ts),
// `npm run worker` (processes/worker.ts), the admin command and the benchmarks open the same root; what runs
// in the background (the job worker, the GEO monitor scheduler, the webhook delivery loop) is
// started from it in one place, in the API process in the embedded mode and in each worker process
// in scale mode.
import { createAnalysisPool } from '@seo-geo/engine';
import type { Logger } from 'pino';
import { databaseOptions, redactUrl, type Config } from '../config/environment.js';
import { isConnectionLost } from '../storage/connection-lost.js';
import { startWorker, type RunningWorker, type WorkerOptions } from '../jobs/worker.js';
import { monitorSchedulerDeps, startMonitorScheduler, type RunningMonitorScheduler, type ScheduledRun } from '../services/geo-monitors/scheduler.js';
import { createDatabase, type DatabaseHandle } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { createRepositories, type Repositories } from '../storage/repositories/index.js';
import { createSecretBox } from '../storage/secret-box.js';
import { transactionRunner, type RunInTransaction } from '../storage/transaction.js';
import { systemClock, type Clock } from '../support/clock.js';
import { startDeliveryLoop, type DeliveryLoopOptions, type RunningDeliveryLoop } from '../webhooks/delivery-loop.js';
import { jobKinds, workerKinds, type JobKindDefinition, type JobKindDeps } from './job-kinds.js';
import { rendererFor } from './renderer.js';

export interface RootOptions {
  config: Config;
  logger: Logger;
  clock?: Clock;
  /** PostgreSQL schema to isolate in (tests); default the configuration's. */
  databaseSchema?: string;
}

export interface Root {
  config: Config;
  logger: Logger;
  clock: Clock;
  /** Opened and migrated to the latest version. */
  database: DatabaseHandle;
  /** On the database's own connections: background work and the admin command. */
  repositories: Repositories;
  transaction: RunInTransaction;
  close(): Promise<void>;
}

export async function openRoot(options: RootOptions): Promise<Root> {
  const { config, logger } = options;
  const database = await createDatabase(config.databaseUrl, databaseOptions(config, options.databaseSchema ?? config.databaseSchema)).catch(
    (error: unknown) => {
      throw unreachable(config, error);
    },
  );
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw unreachable(config, error);
  }
  return {
    config,
    logger,
    clock: options.clock ?? systemClock,
    database,
    repositories: createRepositories(database.db, database.dialect, createSecretBox(config.webhookSecretsKey)),
    transaction: transactionRunner(database.db),
    close: () => database.close(),
  };
}

/** A database that does not answer, named (without its password) so the start's one line says which. */
function unreachable(config: Config, error: unknown): unknown {
  if (!isConnectionLost(error)) return error;
  const code = (error as { code?: string }).code ?? (error as Error).message;
  return new Error(`the database at ${redactUrl(config.databaseUrl)} cannot be reached (${code})`);
}

export interface BackgroundOptions {
  /** Worker tuning on top of the configuration's (tests shorten the lease). */
  worker?: Pick<WorkerOptions, 'workerId' | 'leaseMs' | 'pollIntervalMs' | 'renewIntervalMs' | 'concurrency' | 'stopGraceMs' | 'reconcileIntervalMs'>;
  /** The clock of job leases when it is not the root's (tests drive the domain's clock but keep leases on real time). */
  leaseClock?: Clock;
  /** Crawl limits and name resolution of audits (tests). */
  crawl?: JobKindDeps['crawl'];
  /** Where answer engines read their API keys (default process.env). */
  env?: JobKindDeps['env'];
  /** Job kinds run beside the product's (tests). */
  extraJobKinds?: Record<string, JobKindDefinition>;
  /** Scheduler tuning: real ms between ticks (default the configuration's), and who else hears of new runs. */
  scheduler?: { intervalMs?: number; onScheduled?: (runs: ScheduledRun[]) => void };
  /** Delivery loop tuning (tests: a real clock, tiny backoff, a resolver). */
  webhooks?: Pick<DeliveryLoopOptions, 'clock' | 'pollIntervalMs' | 'retry' | 'resolver' | 'timeoutMs' | 'leaseMs'>;
}

export interface Background {
  worker: RunningWorker;
  scheduler: RunningMonitorScheduler;
  deliveries: RunningDeliveryLoop;
  /** Stops scheduling and claiming, lets running jobs (within SHUTDOWN_GRACE_MS, then handed back) and attempts finish, closes the browser. */
  stop(): Promise<void>;
}

export function startBackground(root: Root, options: BackgroundOptions = {}): Background {
  const { config, clock, logger, repositories, transaction } = root;
  const renderer = rendererFor(config, options.crawl?.resolver);
  // Analysis runs in threads of its own, so a page however large or hostile never holds up the
  // API answering beside the worker (ANALYSIS_THREADS=0: on this thread, as tools do).
  const analyser = config.analysisThreads > 0 ? createAnalysisPool({ threads: config.analysisThreads }) : undefined;
  const kinds = {
    ...jobKinds({
      config,
      repositories,
      transaction,
      clock,
      logger,
      ...(options.crawl ? { crawl: options.crawl } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(renderer ? { renderer } : {}),
      ...(analyser ? { analyser } : {}),
    }),
    ...options.extraJobKinds,
  };
  const worker = startWorker({
    ...config.worker,
    stopGraceMs: config.shutdownGraceMs,
    ...options.worker,
    ...workerKinds(kinds),
    jobs: repositories.jobs,
    heartbeats: repositories.workers,
    clock: options.leaseClock ?? clock,
    logger,
  });
  // The scheduler turns due ticks into runs for the worker beside it; each tick's run is created
  // once, whatever the number of schedulers.
  const scheduler = startMonitorScheduler({
    ...monitorSchedulerDeps({ repositories, transaction, clock }),
    clock,
    logger,
    intervalMs: options.scheduler?.intervalMs ?? config.monitorSchedulerIntervalMs,
    onScheduled: (runs) => {
      worker.wake();
      options.scheduler?.onScheduled?.(runs);
    },
  });
  const deliveries = startDeliveryLoop({
    webhooks: repositories.webhooks,
    clock,
    logger,
    policy: { allowCidrs: config.allowedFetchCidrs },
    timeoutMs: config.webhookTimeoutMs,
    ...options.webhooks,
  });
  let stopping: Promise<void> | undefined;
  return {
    worker,
    scheduler,
    deliveries,
    stop() {
      stopping ??= (async () => {
        await scheduler.stop();
        // The running jobs and the webhook attempts in flight finish side by side, within their own bounds.
        await Promise.all([worker.stop(), deliveries.stop()]);
        await renderer?.close();
        await analyser?.close();
      })();
      return stopping;
    },
  };
}
