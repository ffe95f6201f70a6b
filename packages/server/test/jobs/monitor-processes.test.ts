// GEO monitors with real worker processes (test-worker.ts: the same composition root as `npm run
// worker`, with the product's job kinds and the monitor scheduler on a clock the test moves by
// writing a file):
//   - two processes scheduling and running against one PostgreSQL schema make exactly one run per
//     tick, each run once, both processes taking part;
//   - a worker SIGKILLed while the engine holds an answer: another worker finishes the run after
//     the lease, asking again for the held answer and never for one already stored, and the run's
//     calls are charged once.
// Every wait polls with a deadline; there are no fixed sleeps.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startFakeEngine, type FakeEngine, type RecordedRequest } from '@seo-geo/engine/testing';
import { createDatabase } from '../../src/storage/database.js';
import { uuidv7 } from '../../src/support/ids.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { toTimestamp } from '../../src/storage/timestamps.js';
import { GEO_MONITOR_RUN_JOB_KIND } from '../../src/services/geo-monitors/run-job.js';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { eventually } from './support.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const WORKER_SCRIPT = join(ROOT, 'packages/server/test/jobs/test-worker.ts');
const LEASE_MS = 1_500;
const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 15, 9, 30);

interface WorkerProcess {
  id: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

const promptOf = (request: RecordedRequest) => (request.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;

/** A database (a PostgreSQL schema or a SQLite file) with the test's tables, a clock file and worker processes on both. */
async function setUp(backend: 'postgres' | 'sqlite', engine: FakeEngine) {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-monitors-'));
  const schema = randomSchemaName();
  const url = backend === 'postgres' ? postgresUrl()! : `sqlite:${join(dir, 'monitors.db')}`;
  const handle = await createDatabase(url, backend === 'postgres' ? { schema } : {});
  await migrateToLatest(handle.db);
  await sql`create table test_job_runs (job_id text not null, worker_id text not null, attempt integer not null, started_ms bigint not null, finished_ms bigint, primary key (job_id, attempt))`.execute(
    handle.db,
  );
  await sql`create table test_monitor_ticks (run_id text primary key, worker_id text not null)`.execute(handle.db);
  const clockFile = join(dir, 'now');
  const setClock = (ms: number) => {
    // Written aside and renamed, so a worker never reads half a number.
    writeFileSync(`${clockFile}.tmp`, String(ms));
    renameSync(`${clockFile}.tmp`, clockFile);
  };
  setClock(T0);
  const workers: WorkerProcess[] = [];

  const spawnWorker = (id: string): Promise<WorkerProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        ...(backend === 'postgres' ? { SEO_GEO_TEST_SCHEMA: schema } : {}),
        SEO_GEO_TEST_WORKER_ID: id,
        SEO_GEO_TEST_LEASE_MS: String(LEASE_MS),
        SEO_GEO_TEST_POLL_MS: '20',
        SEO_GEO_TEST_CLOCK_FILE: clockFile,
        SEO_GEO_TEST_SCHEDULER_MS: '20',
        GEO_ENGINES: JSON.stringify([{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1, timeoutMs: 60_000 }]),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
    return new Promise((ready, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes(`ready ${id}\n`)) {
          const started = { id, child, exited, stderr: () => stderr };
          workers.push(started);
          ready(started);
        }
      });
      void exited.then(({ code }) => fail(new Error(`worker ${id} exited with ${code} before it was ready:\n${stderr}`)));
    });
  };

  /** A monitor of a fresh agency account: `prompts` in English, one sample, every `intervalMinutes` from T0. */
  const newMonitor = async (prompts: string[], intervalMinutes: number) => {
    const repos = createRepositories(handle.db, handle.dialect);
    const account = (await repos.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: T0 })).account;
    const project = await repos.projects.create({ accountId: account.id, name: 'Example Pottery', primaryDomain: 'https://www.example.com', now: T0 });
    const monitor = await repos.geoMonitors.createWithinLimit({
      id: uuidv7(T0),
      projectId: project.id,
      accountId: account.id,
      name: 'Kilns',
      prompts,
      locales: ['en'],
      engines: ['fake'],
      samplesPerPrompt: 1,
      schedule: { intervalMinutes },
      nextRunAt: toTimestamp(T0 + intervalMinutes * MIN),
      now: T0,
      maxMonitors: 50,
    });
    if (monitor === 'limit_exceeded') throw new Error('monitor quota');
    return monitor;
  };

  return {
    handle,
    setClock,
    spawnWorker,
    newMonitor,
    workers,
    async tearDown() {
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await handle.close();
      if (backend === 'postgres') await dropSchema(url, schema);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const url = postgresUrl();
if (!url) console.warn('SKIPPED: "GEO monitors with two worker processes on PostgreSQL" — DATABASE_URL is not set to a postgres:// URL');

describe.skipIf(!url)('GEO monitors with two worker processes on PostgreSQL', { timeout: 120_000 }, () => {
  let engine: FakeEngine;
  let env: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    engine = await startFakeEngine((request) => completion(`For ${promptOf(request)} try Example Pottery or Kilnworks.`));
    env = await setUp('postgres', engine);
  }, 60_000);
  afterAll(async () => {
    await env?.tearDown();
    await engine?.close();
  }, 60_000);

  it('makes exactly one run per tick, each run once, with both processes taking part', async () => {
    const TICKS = 6;
    const monitors = [];
    for (let i = 0; i < 8; i++) monitors.push(await env.newMonitor([`monitor ${i} question A`, `monitor ${i} question B`], 15));
    await Promise.all([env.spawnWorker('worker-a'), env.spawnWorker('worker-b')]);
    const db = env.handle.db;
    const ids = monitors.map((m) => m.id);

    for (let k = 1; k <= TICKS; k++) {
      const tick = toTimestamp(T0 + k * 15 * MIN);
      env.setClock(T0 + k * 15 * MIN + 7_000);
      // Every monitor's run of this tick is created and completed before the clock moves on.
      await eventually(
        async () => {
          const rows = await db.selectFrom('geo_monitor_runs').select('status').where('monitor_id', 'in', ids).where('scheduled_for', '=', tick).execute();
          return rows.length === monitors.length && rows.every((r) => r.status === 'completed');
        },
        { timeoutMs: 30_000, everyMs: 20, what: `the runs of tick ${k}` },
      );
    }

    const runs = await db.selectFrom('geo_monitor_runs').selectAll().where('monitor_id', 'in', ids).execute();
    // One run per monitor and tick: every tick, none twice, none skipped.
    expect(runs).toHaveLength(monitors.length * TICKS);
    for (const monitor of monitors) {
      const ticks = runs
        .filter((r) => r.monitor_id === monitor.id)
        .map((r) => r.scheduled_for)
        .sort();
      expect(ticks).toEqual(Array.from({ length: TICKS }, (_, k) => toTimestamp(T0 + (k + 1) * 15 * MIN)));
    }
    expect(runs.every((r) => r.skipped_ticks === 0 && r.calls_made === 2 && r.charged_month === '2025-01')).toBe(true);

    // One job per run, each run once (one attempt), and no job for a run that was not created. A
    // worker closes a run's job just after the run itself: the last tick's may still be closing.
    const accounts = monitors.map((m) => m.accountId);
    const jobs = await eventually(
      async () => {
        const rows = await db
          .selectFrom('jobs')
          .select(['id', 'status', 'attempts', 'lease_owner'])
          .where('kind', '=', GEO_MONITOR_RUN_JOB_KIND)
          .where('account_id', 'in', accounts)
          .execute();
        return rows.every((j) => j.status !== 'running') ? rows : null;
      },
      { timeoutMs: 10_000, everyMs: 20, what: "the runs' jobs to be closed" },
    );
    expect(jobs).toHaveLength(runs.length);
    expect(new Set(runs.map((r) => r.job_id))).toEqual(new Set(jobs.map((j) => j.id)));
    expect(jobs.every((j) => j.status === 'succeeded' && j.attempts === 1)).toBe(true);
    // The engine was asked each question of each run once: 2 calls per run.
    const mine = engine.requests.filter((r) => /^monitor \d question [AB]$/.test(promptOf(r)));
    expect(mine).toHaveLength(runs.length * 2);
    // Charged once per run: 2 calls × 6 ticks × 2 monitors per account.
    const usage = await db
      .selectFrom('usage_months')
      .select('answer_engine_calls')
      .where(
        'account_id',
        'in',
        monitors.map((m) => m.accountId),
      )
      .execute();
    expect(usage.map((u) => u.answer_engine_calls)).toEqual(Array(monitors.length).fill(2 * TICKS));

    // Who scheduled and who ran: every run recorded by exactly one scheduler; both processes ran runs.
    const scheduled = await eventually(
      async () => {
        const rows = await sql<{ run_id: string; worker_id: string }>`select run_id, worker_id from test_monitor_ticks`.execute(db);
        return rows.rows.length === runs.length ? rows.rows : null;
      },
      { timeoutMs: 10_000, what: 'every scheduled run to be recorded' },
    );
    expect(new Set(scheduled.map((r) => r.run_id))).toEqual(new Set(runs.map((r) => r.id)));
    const schedulers = new Map<string, number>();
    for (const row of scheduled) schedulers.set(row.worker_id, (schedulers.get(row.worker_id) ?? 0) + 1);
    const runners = new Map<string, number>();
    for (const job of jobs) runners.set(job.lease_owner!, (runners.get(job.lease_owner!) ?? 0) + 1);
    console.info(
      `MONITORS | ${runs.length} runs over ${TICKS} ticks | scheduled by ${JSON.stringify(Object.fromEntries(schedulers))} | run by ${JSON.stringify(Object.fromEntries(runners))}`,
    );
    expect([...runners.keys()].sort()).toEqual(['worker-a', 'worker-b']);
    expect([...schedulers.keys()].sort()).toEqual(['worker-a', 'worker-b']);

    // Each monitor now waits for its next tick.
    const after = await db.selectFrom('geo_monitors').select(['next_run_at', 'last_run_at']).where('id', 'in', ids).execute();
    expect(after.every((m) => m.last_run_at === toTimestamp(T0 + TICKS * 15 * MIN) && m.next_run_at === toTimestamp(T0 + (TICKS + 1) * 15 * MIN))).toBe(true);
  });
});

const killBackends: Array<'sqlite' | 'postgres'> = url ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(killBackends)('a GEO monitor run whose worker is SIGKILLed [%s]', { timeout: 120_000 }, (backend) => {
  let engine: FakeEngine;
  let env: Awaited<ReturnType<typeof setUp>>;
  /** The first request for this prompt is held open (never answered). */
  const HELD = 'Which kiln for a beginner? (2)';
  let held = false;

  beforeAll(async () => {
    engine = await startFakeEngine((request) => {
      if (promptOf(request) === HELD && !held) {
        held = true;
        return 'hang';
      }
      return completion(`Kilnworks and Example Pottery both sell one (${promptOf(request)}).`);
    });
    env = await setUp(backend, engine);
  }, 60_000);
  afterAll(async () => {
    await env?.tearDown();
    await engine?.close();
  }, 60_000);

  it('is finished by another worker, which asks only for the answers not stored yet', async () => {
    const prompts = ['Which kiln for a beginner? (1)', HELD, 'Which kiln for a beginner? (3)'];
    const monitor = await env.newMonitor(prompts, 60);
    const first = await env.spawnWorker('first');
    env.setClock(T0 + 60 * MIN);

    // The first worker stores answer 1 and waits for answer 2, which never comes.
    await eventually(async () => engine.requests.some((r) => promptOf(r) === HELD), { timeoutMs: 20_000, what: 'the held question to be asked' });
    const run = await env.handle.db.selectFrom('geo_monitor_runs').selectAll().where('monitor_id', '=', monitor.id).executeTakeFirstOrThrow();
    expect(run.status).toBe('running');
    const storedBefore = await env.handle.db.selectFrom('geo_monitor_answers').select('prompt_index').where('run_id', '=', run.id).execute();
    expect(storedBefore.map((a) => a.prompt_index)).toEqual([0]);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await env.spawnWorker('second');
    const done = await eventually(
      async () => {
        const current = await env.handle.db.selectFrom('geo_monitor_runs').selectAll().where('id', '=', run.id).executeTakeFirstOrThrow();
        return current.status === 'completed' || current.status === 'failed' ? current : null;
      },
      { timeoutMs: 30_000, everyMs: 50, what: 'the second worker to finish the run' },
    );
    expect(done).toMatchObject({ status: 'completed', error: null });
    expect(done.calls_made).toBe(3);
    expect(JSON.parse(done.figures!)).toMatchObject({ samples: 3, brands: [{ competitorId: null, name: 'Example Pottery', mentionRate: 1 }] });

    // Question 1 once (stored by the first worker), the held question twice (never stored before the kill), question 3 once.
    const asked = engine.requests.map(promptOf).filter((p) => prompts.includes(p));
    expect(prompts.map((p) => asked.filter((a) => a === p).length)).toEqual([1, 2, 1]);
    // The worker closes the job just after the run: poll until it has.
    const job = await eventually(
      async () => {
        const row = await env.handle.db.selectFrom('jobs').select(['status', 'attempts', 'lease_owner']).where('id', '=', run.job_id).executeTakeFirstOrThrow();
        return row.status === 'running' ? null : row;
      },
      { timeoutMs: 10_000, everyMs: 20, what: 'the second worker to close the job' },
    );
    expect(job).toEqual({ status: 'succeeded', attempts: 2, lease_owner: second.id });
    // The run's 3 calls were charged once, by the first attempt.
    const usage = await env.handle.db
      .selectFrom('usage_months')
      .select('answer_engine_calls')
      .where('account_id', '=', monitor.accountId)
      .executeTakeFirstOrThrow();
    expect(usage.answer_engine_calls).toBe(3);

    second.child.kill('SIGTERM');
    const exit = await second.exited;
    expect({ ...exit, stderr: exit.code === 0 ? '' : second.stderr() }).toEqual({ code: 0, signal: null, stderr: '' });
  });
});
