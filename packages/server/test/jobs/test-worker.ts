// A real worker process for the scale-mode tests: the same runWorkerProcess as `npm run worker`,
// with one test-only job kind instead of the registry. Configured by environment:
//   DATABASE_URL            the database (required)
//   SEO_GEO_TEST_SCHEMA     PostgreSQL schema holding the test's tables
//   SEO_GEO_TEST_WORKER_ID  the worker id (so the test can tell the processes apart)
//   SEO_GEO_TEST_LEASE_MS   lease length (short, so a killed worker's job is recovered quickly)
//   SEO_GEO_TEST_POLL_MS    idle poll interval
// Prints "ready" on stdout once it polls. Logs (warnings and up) go to stderr.
import { sql } from 'kysely';
import { createLogger } from '../../src/http/logging.js';
import type { JobHandler } from '../../src/jobs/worker.js';
import { runWorkerProcess } from '../../src/jobs/worker-process.js';
import { SLEEP_KIND, type SleepPayload } from './support.js';

const STEP_MS = 10;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const workerId = process.env.SEO_GEO_TEST_WORKER_ID ?? `test-worker-${process.pid}`;
const logger = createLogger(process.env.LOG_LEVEL ?? 'warn', process.stderr);

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
  handlers: ({ database }) => {
    // Records each run in test_job_runs (created by the test), then sleeps in small steps so an
    // abort is noticed quickly.
    const sleep: JobHandler = async (job, { signal }) => {
      const { msByAttempt } = job.payload as SleepPayload;
      const ms = msByAttempt[Math.min(job.attempts, msByAttempt.length) - 1] ?? 0;
      await sql`insert into test_job_runs (job_id, worker_id, attempt, started_ms) values (${job.id}, ${workerId}, ${job.attempts}, ${Date.now()})`.execute(database.db);
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if (signal.aborted) return 'cancelled';
        await new Promise((resolve) => setTimeout(resolve, Math.min(STEP_MS, until - Date.now())));
      }
      await sql`update test_job_runs set finished_ms = ${Date.now()} where job_id = ${job.id} and attempt = ${job.attempts}`.execute(database.db);
      return 'succeeded';
    };
    return { [SLEEP_KIND]: sleep };
  },
});
process.stdout.write(`ready ${worker.workerId}\n`);
