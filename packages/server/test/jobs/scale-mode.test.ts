// Scale mode for real: two worker processes (test-worker.ts, the same composition root as
// `npm run worker`) share one PostgreSQL queue. Every job runs exactly once, both take part, the
// per-account limit holds across processes, and a SIGKILLed worker's job is finished by the other
// once its lease expires. Waits poll the database with a deadline; there are no fixed sleeps.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { SLEEP_KIND, eventually, jobsOf, newAccount, type SleepPayload } from './support.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const WORKER_SCRIPT = join(ROOT, 'packages/server/test/jobs/test-worker.ts');
const LEASE_MS = 1_500;

interface RunRow {
  job_id: string;
  worker_id: string;
  attempt: number;
  /** bigint columns: PostgreSQL returns them as strings. */
  started_ms: number | string;
  finished_ms: number | string | null;
}

interface WorkerProcess {
  id: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

const url = postgresUrl();
if (!url) console.warn('SKIPPED: "scale mode: worker processes on PostgreSQL" — DATABASE_URL is not set to a postgres:// URL');

describe.skipIf(!url)('scale mode: worker processes on PostgreSQL', () => {
  const schema = randomSchemaName();
  let handle: DatabaseHandle;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    handle = await createDatabase(url!, { schema });
    await migrateToLatest(handle.db);
    await sql`create table test_job_runs (job_id text not null, worker_id text not null, attempt integer not null, started_ms bigint not null, finished_ms bigint, primary key (job_id, attempt))`.execute(
      handle.db,
    );
    workers.push(...(await Promise.all(['worker-a', 'worker-b'].map(spawnWorker))));
  });

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await handle?.close();
    if (url) await dropSchema(url, schema);
  });

  function spawnWorker(id: string): Promise<WorkerProcess> {
    // Node with tsx as a loader, not the tsx CLI: the CLI runs the script in a child process, so a
    // SIGKILL would hit the CLI and leave the worker itself running.
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        SEO_GEO_TEST_SCHEMA: schema,
        SEO_GEO_TEST_WORKER_ID: id,
        SEO_GEO_TEST_LEASE_MS: String(LEASE_MS),
        SEO_GEO_TEST_POLL_MS: '50',
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
        if (stdout.includes(`ready ${id}\n`)) ready({ id, child, exited, stderr: () => stderr });
      });
      void exited.then(({ code }) => fail(new Error(`worker ${id} exited with ${code} before it was ready:\n${stderr}`)));
    });
  }

  const runs = async () =>
    (await sql<RunRow>`select * from test_job_runs`.execute(handle.db)).rows.map((r) => ({
      ...r,
      started_ms: Number(r.started_ms),
      finished_ms: r.finished_ms === null ? null : Number(r.finished_ms),
    }));

  const enqueue = (accountId: string, payload: SleepPayload, concurrencyLimit: number) =>
    jobsOf(handle).enqueue({ kind: SLEEP_KIND, accountId, payload, concurrencyLimit, now: Date.now() });

  it('runs each of 20 jobs exactly once, on both processes, within each account’s limit', async () => {
    // The oldest 8 jobs belong to one account limited to 1 at a time: without the limit, all four
    // worker slots would take them; with it, the other accounts' jobs run beside them.
    const accounts = await Promise.all([1, 2, 3, 4].map(() => newAccount(handle)));
    const limits = [1, 2, 2, 2];
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const n = i < 8 ? 0 : 1 + (i % 3);
      ids.push((await enqueue(accounts[n]!, { msByAttempt: [150] }, limits[n]!)).id);
    }

    await eventually(
      async () => {
        const { count } = await handle.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('id', 'in', ids)
          .where('status', '=', 'succeeded')
          .executeTakeFirstOrThrow();
        return Number(count) === ids.length;
      },
      { timeoutMs: 30_000, everyMs: 50, what: 'all 20 jobs to succeed' },
    );

    const rows = (await runs()).filter((r) => ids.includes(r.job_id));
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.job_id)).size).toBe(20);
    expect(rows.every((r) => r.attempt === 1 && r.finished_ms !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.worker_id))).toEqual(new Set(['worker-a', 'worker-b']));

    // The job rows name the worker that finished each one, and it is the one that ran it.
    const jobs = await handle.db.selectFrom('jobs').select(['id', 'account_id', 'lease_owner']).where('id', 'in', ids).execute();
    const ranBy = new Map(rows.map((r) => [r.job_id, r.worker_id]));
    for (const job of jobs) expect(job.lease_owner).toBe(ranBy.get(job.id));

    // Per account, never more runs overlapping than its limit in time, across both processes.
    const accountOf = new Map(jobs.map((j) => [j.id, j.account_id]));
    for (const [n, accountId] of accounts.entries()) {
      const mine = rows.filter((r) => accountOf.get(r.job_id) === accountId);
      const most = Math.max(...mine.map((r) => mine.filter((o) => o.started_ms <= r.started_ms && r.started_ms < o.finished_ms!).length));
      expect(most).toBeLessThanOrEqual(limits[n]!);
    }
  });

  it('finishes a SIGKILLed worker’s job on the other worker once the lease expires', async () => {
    const accountId = await newAccount(handle);
    // The first attempt would run for a minute: only the other worker's retry can finish it in time.
    const job = await enqueue(accountId, { msByAttempt: [60_000, 200] }, 1);

    const first = await eventually(async () => (await runs()).find((r) => r.job_id === job.id), {
      timeoutMs: 10_000,
      what: 'a worker to start the job',
    });
    const victim = workers.find((w) => w.id === first.worker_id)!;
    const survivor = workers.find((w) => w.id !== first.worker_id)!;
    victim.child.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');

    const done = await eventually(
      async () => {
        const current = await jobsOf(handle).get(job.id);
        return current?.status === 'succeeded' ? current : null;
      },
      { timeoutMs: 20_000, everyMs: 50, what: 'the survivor to finish the job' },
    );
    expect(done).toMatchObject({ leaseOwner: survivor.id, attempts: 2 });
    const rows = (await runs()).filter((r) => r.job_id === job.id).sort((a, b) => a.attempt - b.attempt);
    expect(rows).toEqual([
      expect.objectContaining({ worker_id: victim.id, attempt: 1, finished_ms: null }),
      expect.objectContaining({ worker_id: survivor.id, attempt: 2, finished_ms: expect.any(Number) }),
    ]);
    // The retry started only after the killed worker's lease ran out.
    expect(rows[1]!.started_ms - rows[0]!.started_ms).toBeGreaterThanOrEqual(LEASE_MS - 100);

    // And the survivor shuts down cleanly on SIGTERM.
    survivor.child.kill('SIGTERM');
    const exit = await survivor.exited;
    expect({ ...exit, stderr: exit.code === 0 ? '' : survivor.stderr() }).toEqual({ code: 0, signal: null, stderr: '' });
  });
});
