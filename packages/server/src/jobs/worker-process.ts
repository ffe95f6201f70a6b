// A worker as its own process: opens and migrates the database, runs the worker until SIGTERM or
// SIGINT, then stops it (running jobs get their grace period) and closes the database. Shared by
// `npm run worker` (src/worker.ts) and the process-level tests, so those exercise the real path.
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../clock.js';
import { createDatabase, type DatabaseHandle, type DatabaseOptions } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { createJobsRepository, type Job, type JobsRepository } from '../storage/repositories/jobs.js';
import type { JobHandler } from './job-run.js';
import { startWorker, type RunningWorker, type WorkerOptions } from './worker.js';

export interface WorkerProcessDeps {
  database: DatabaseHandle;
  jobs: JobsRepository;
  clock: Clock;
  logger: Logger;
}

export interface WorkerProcessOptions {
  databaseUrl: string;
  /** The schema (PostgreSQL; tests isolate by schema) and lock wait (SQLite). */
  database?: DatabaseOptions;
  logger: Logger;
  handlers(deps: WorkerProcessDeps): Record<string, JobHandler>;
  /** What to do when a job is given up as worker_lost (e.g. fail its audit run). */
  onExhausted?(deps: WorkerProcessDeps): (job: Job) => Promise<void>;
  /** Finishes resources whose job ended without them (see WorkerOptions.reconcile). */
  reconcile?(deps: WorkerProcessDeps): () => Promise<number>;
  /** Closed after the worker has stopped, before the database (the browser of rendering audits). */
  resources?: Array<{ close(): Promise<void> }>;
  /** Tuning passed through to startWorker. */
  worker?: Pick<WorkerOptions, 'workerId' | 'concurrency' | 'leaseMs' | 'pollIntervalMs' | 'renewIntervalMs' | 'stopGraceMs' | 'onExhausted' | 'reconcileIntervalMs'>;
}

export async function runWorkerProcess(options: WorkerProcessOptions): Promise<RunningWorker> {
  const { logger } = options;
  const database = await createDatabase(options.databaseUrl, options.database);
  await migrateToLatest(database.db);
  const jobs = createJobsRepository(database.db, database.dialect);
  const clock = systemClock;
  const handlers = options.handlers({ database, jobs, clock, logger });
  const onExhausted = options.onExhausted?.({ database, jobs, clock, logger });
  const reconcile = options.reconcile?.({ database, jobs, clock, logger });
  const worker = startWorker({
    ...options.worker,
    ...(onExhausted ? { onExhausted } : {}),
    ...(reconcile ? { reconcile } : {}),
    jobs,
    handlers,
    clock,
    logger,
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new jobs, finishing running ones');
    worker
      .stop()
      .then(() => Promise.all((options.resources ?? []).map((resource) => resource.close())))
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return worker;
}
