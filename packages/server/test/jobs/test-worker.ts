// A real worker process for the scale-mode tests: the same composition root and background work as
// `npm run worker`, with one test-only job kind beside the product's. Configured by environment:
//   DATABASE_URL            the database (required)
//   SEO_GEO_TEST_SCHEMA     PostgreSQL schema holding the test's tables
//   SEO_GEO_TEST_WORKER_ID  the worker id (so the test can tell the processes apart)
//   SEO_GEO_TEST_LEASE_MS   lease length (short, so a killed worker's job is recovered quickly)
//   SEO_GEO_TEST_POLL_MS    idle poll interval
//   SEO_GEO_TEST_CLOCK_FILE when set, the product's job kinds (configured from the environment:
//                           GEO_ENGINES…) and the GEO monitor scheduler run on a clock read from
//                           this file (ms since the epoch, written by the test); each run the
//                           scheduler creates is recorded in test_monitor_ticks (created by the
//                           test) with this worker's id. Job leases stay on the real clock.
//   SEO_GEO_TEST_SCHEDULER_MS the scheduler's interval (real ms)
// Prints "ready" on stdout once it polls. Logs (warnings and up) go to stderr.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { systemClock, type Clock } from '../../src/support/clock.js';
import { loadConfig } from '../../src/config/environment.js';
import { createLogger } from '../../src/http/logging.js';
import { openRoot, startBackground } from '../../src/composition/root.js';
import { stopOnSignals } from '../../src/composition/signals.js';
import type { JobHandler } from '../../src/jobs/worker.js';
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

const root = await openRoot({
  config: loadConfig(process.env),
  logger,
  clock: fileClock ?? systemClock,
  ...(process.env.SEO_GEO_TEST_SCHEMA ? { databaseSchema: process.env.SEO_GEO_TEST_SCHEMA } : {}),
});
const db = root.database.db;

// Records each run in test_job_runs (created by the test), then sleeps in small steps so an abort
// is noticed quickly.
const sleep: JobHandler = async (job, { signal }) => {
  const { msByAttempt } = job.payload as SleepPayload;
  const ms = msByAttempt[Math.min(job.attempts, msByAttempt.length) - 1] ?? 0;
  await sql`insert into test_job_runs (job_id, worker_id, attempt, started_ms) values (${job.id}, ${workerId}, ${job.attempts}, ${Date.now()})`.execute(db);
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (signal.aborted) return 'cancelled';
    await new Promise((resolve) => setTimeout(resolve, Math.min(STEP_MS, until - Date.now())));
  }
  await sql`update test_job_runs set finished_ms = ${Date.now()} where job_id = ${job.id} and attempt = ${job.attempts}`.execute(db);
  return 'succeeded';
};

const background = startBackground(root, {
  worker: {
    workerId,
    concurrency: 2,
    leaseMs: Number(process.env.SEO_GEO_TEST_LEASE_MS ?? 1_500),
    pollIntervalMs: Number(process.env.SEO_GEO_TEST_POLL_MS ?? 50),
  },
  // Job leases stay on the real clock while the test drives the domain's.
  leaseClock: systemClock,
  extraJobKinds: { [SLEEP_KIND]: { run: sleep, onExhausted: async () => undefined, orphans: async () => [] } },
  scheduler: {
    intervalMs: Number(process.env.SEO_GEO_TEST_SCHEDULER_MS ?? (fileClock ? 50 : 5_000)),
    onScheduled: (runs) => {
      void (async () => {
        for (const run of runs) await sql`insert into test_monitor_ticks (run_id, worker_id) values (${run.runId}, ${workerId})`.execute(db);
      })().catch((error: unknown) => logger.error({ err: error }, 'recording a scheduled run failed'));
    },
  },
});
stopOnSignals(logger, 'shutting down: no new jobs, finishing running ones', async () => {
  await background.stop();
  await root.close();
  return true;
});
process.stdout.write(`ready ${background.worker.workerId}\n`);
