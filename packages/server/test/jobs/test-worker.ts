// A real worker process for the scale-mode tests: the same runWorkerProcess as `npm run worker`,
// with one test-only job kind instead of the registry. Configured by environment:
//   DATABASE_URL            the database (required)
//   SEO_GEO_TEST_SCHEMA     PostgreSQL schema holding the test's tables
//   SEO_GEO_TEST_WORKER_ID  the worker id (so the test can tell the processes apart)
//   SEO_GEO_TEST_LEASE_MS   lease length (short, so a killed worker's job is recovered quickly)
//   SEO_GEO_TEST_POLL_MS    idle poll interval
//   SEO_GEO_TEST_CLOCK_FILE when set, the worker also runs the product's job kinds (jobs/registry.ts,
//                           configured from the environment: GEO_ENGINES…) and the GEO monitor
//                           scheduler, both on a clock read from this file (ms since the epoch,
//                           written by the test); each run the scheduler creates is recorded in
//                           test_monitor_ticks (created by the test) with this worker's id. Job
//                           leases stay on the real clock.
//   SEO_GEO_TEST_SCHEDULER_MS the scheduler's interval (real ms)
// Prints "ready" on stdout once it polls. Logs (warnings and up) go to stderr.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Clock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/http/logging.js';
import { monitorSchedulerDeps, startMonitorScheduler } from '../../src/jobs/monitor-scheduler.js';
import { jobHandlers, onJobExhausted, reconcileOrphans } from '../../src/jobs/registry.js';
import type { JobHandler } from '../../src/jobs/worker.js';
import { runWorkerProcess } from '../../src/jobs/worker-process.js';
import type { DatabaseHandle } from '../../src/storage/database.js';
import { SLEEP_KIND, type SleepPayload } from './support.js';

const STEP_MS = 10;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const workerId = process.env.SEO_GEO_TEST_WORKER_ID ?? `test-worker-${process.pid}`;
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', process.stderr);

/** The test's clock: the file's number; a read that catches the file mid-write keeps the last good value. */
const clockFile = process.env.SEO_GEO_TEST_CLOCK_FILE;
let lastNow = 0;
const fileClock: Clock | undefined = clockFile
  ? {
      now() {
        const read = Number(readFileSync(clockFile, 'utf8'));
        if (Number.isFinite(read) && read > 0) lastNow = read;
        return lastNow;
      },
    }
  : undefined;
let database: DatabaseHandle | undefined;

const worker = await runWorkerProcess({
  databaseUrl,
  ...(process.env.SEO_GEO_TEST_SCHEMA ? { database: { schema: process.env.SEO_GEO_TEST_SCHEMA } } : {}),
  logger,
  worker: {
    workerId,
    concurrency: 2,
    leaseMs: Number(process.env.SEO_GEO_TEST_LEASE_MS ?? 1_500),
    pollIntervalMs: Number(process.env.SEO_GEO_TEST_POLL_MS ?? 50),
  },
  ...(fileClock
    ? {
        onExhausted: (deps: { database: DatabaseHandle }) => onJobExhausted({ database: deps.database, clock: fileClock }),
        reconcile: (deps: { database: DatabaseHandle }) => reconcileOrphans({ database: deps.database, clock: fileClock }),
      }
    : {}),
  handlers: (deps) => {
    database = deps.database;
    const product = fileClock ? jobHandlers({ config: loadConfig(process.env), database: deps.database, jobs: deps.jobs, clock: fileClock, logger }) : {};
    // Records each run in test_job_runs (created by the test), then sleeps in small steps so an
    // abort is noticed quickly.
    const sleep: JobHandler = async (job, { signal }) => {
      const { msByAttempt } = job.payload as SleepPayload;
      const ms = msByAttempt[Math.min(job.attempts, msByAttempt.length) - 1] ?? 0;
      await sql`insert into test_job_runs (job_id, worker_id, attempt, started_ms) values (${job.id}, ${workerId}, ${job.attempts}, ${Date.now()})`.execute(deps.database.db);
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (signal.aborted) return 'cancelled';
        await new Promise((resolve) => setTimeout(resolve, Math.min(STEP_MS, until - Date.now())));
      }
      await sql`update test_job_runs set finished_ms = ${Date.now()} where job_id = ${job.id} and attempt = ${job.attempts}`.execute(deps.database.db);
      return 'succeeded';
    };
    return { [SLEEP_KIND]: sleep, ...product };
  },
});
if (fileClock && database) {
  const db = database;
  startMonitorScheduler({
    ...monitorSchedulerDeps(db, fileClock),
    clock: fileClock,
    logger,
    intervalMs: Number(process.env.SEO_GEO_TEST_SCHEDULER_MS ?? 50),
    onScheduled: (runs) => {
      worker.wake();
      void (async () => {
        for (const run of runs) await sql`insert into test_monitor_ticks (run_id, worker_id) values (${run.runId}, ${workerId})`.execute(db.db);
      })().catch((error: unknown) => logger.error({ err: error }, 'recording a scheduled run failed'));
    },
  });
}
process.stdout.write(`ready ${worker.workerId}\n`);
