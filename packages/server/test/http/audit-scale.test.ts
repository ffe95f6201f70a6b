// Scale mode with real processes on PostgreSQL: API servers without workers, and `npm run worker`
// processes (src/processes/worker.ts) crawling a fixture site. Two workers share the queue without running
// a job twice; a worker killed mid-audit has its audit finished by the other after the lease
// expires; an audit accepted by one API process completes after that process is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedSite, startFixtureServer, type FixtureServer } from '@seo-geo/engine/testing';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until as pollUntil } from '../support/wait.js';
import { killWorkers, spawnWorkerProcess, type WorkerProcess } from '../support/worker-process.js';

const LEASE_MS = 2_000;

const url = postgresUrl();
if (!url) console.warn('SKIPPED: "audits in scale mode" — DATABASE_URL is not set to a postgres:// URL');

/** Polls with this file's deadline (45 s). */
const until = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> => pollUntil(what, probe, timeoutMs);

describe.skipIf(!url)('audits in scale mode', () => {
  const schema = randomSchemaName();
  let site: FixtureServer;
  let api: TestServer;
  const workers: WorkerProcess[] = [];

  const env = () => ({
    ...process.env,
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
    WORKER_LEASE_MS: String(LEASE_MS),
    WORKER_POLL_MS: '100',
    WORKER_CONCURRENCY: '2',
    LOG_LEVEL: 'info',
  });

  const spawnWorker = () => spawnWorkerProcess(env());

  const startApi = () => startTestServer({ database: 'postgres', databaseSchema: schema, env: { IN_PROCESS_WORKERS: 'false' } });

  beforeAll(async () => {
    site = await startFixtureServer({ '127.0.0.1': generatedSite({ pages: 120, links: [6, 10], bytes: [2000, 4000], hangMs: 40 }) });
    api = await startApi();
  }, 60_000);

  afterAll(async () => {
    await killWorkers(workers);
    await api?.close();
    await site?.close();
    if (url) await dropSchema(url, schema);
  });

  const origin = () => `http://127.0.0.1:${site.port}`;

  async function startAudits(key: string, count: number, maxPages: number): Promise<string[]> {
    const projectId = (await api.call('/projects', { key, method: 'POST', json: { name: 'Scale', primaryDomain: origin() } })).body.data.id;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const started = await api.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages } });
      expect(started.status).toBe(202);
      ids.push(started.body.data.auditRunId);
    }
    return ids;
  }

  const runOf = (id: string) => api.repositories.auditRuns.find(id);
  const jobOf = async (auditId: string) => api.repositories.jobs.get((await runOf(auditId))!.jobId);

  it('an audit accepted while no worker runs completes once a worker starts', async () => {
    const key = await api.createKey({ plan: 'agency' });
    const [auditId] = await startAudits(key, 1, 20);
    // The API process that accepted it goes away; the audit lives in the database.
    await api.close();
    api = await startApi();
    expect((await runOf(auditId!))?.status).toBe('pending');
    workers.push(await spawnWorker());
    const done = await until('the audit to complete', async () => {
      const run = await runOf(auditId!);
      return run && run.status !== 'pending' && run.status !== 'running' ? run : undefined;
    });
    expect(done.status).toBe('completed');
    expect(done.pagesCrawled).toBe(20);
  }, 90_000);

  it('two worker processes share the queue without running a job twice', async () => {
    workers.push(await spawnWorker());
    const key = await api.createKey({ plan: 'agency' });
    const ids = await startAudits(key, 6, 15);
    const finished = await until('all audits to complete', async () => {
      const runs = await Promise.all(ids.map(runOf));
      return runs.every((r) => r?.status === 'completed') ? runs : undefined;
    });
    expect(finished.every((r) => r!.pagesCrawled === 15)).toBe(true);
    // The job is marked done just after its audit run: wait for that too, not only the runs.
    const jobs = await until('all jobs to be done', async () => {
      const all = await Promise.all(ids.map(jobOf));
      return all.every((j) => j?.status !== 'running' && j?.status !== 'queued') ? all : undefined;
    });
    expect(
      jobs.every((j) => j!.status === 'succeeded' && j!.attempts === 1),
      JSON.stringify(jobs),
    ).toBe(true);
    // Each job was leased by one of the two workers. How the six fall between them is the
    // scheduler's business (a fast worker may take them all), so it is not asserted; that a job
    // never ran twice is: one attempt each, and one stored page per crawled URL.
    const workerIds = new Set(workers.map((w) => w.workerId));
    expect(jobs.every((j) => workerIds.has(j!.leaseOwner!))).toBe(true);
    for (const id of ids) expect((await api.repositories.auditPages.list(id, {}, { page: 1, pageSize: 100 })).total).toBe(15);
  }, 90_000);

  it('a worker killed mid-audit has its audit finished by the other after the lease expires', async () => {
    const key = await api.createKey({ plan: 'agency' });
    const [auditId] = await startAudits(key, 1, 120);
    const owner = await until('a worker to be crawling', async () => {
      const run = await runOf(auditId!);
      const job = await jobOf(auditId!);
      return run?.status === 'running' && run.pagesCrawled >= 10 && job?.leaseOwner ? job.leaseOwner : undefined;
    });
    const victim = workers.find((w) => w.workerId === owner)!;
    expect(victim).toBeDefined();
    victim.child.kill('SIGKILL');
    await victim.exited;
    const done = await until('the other worker to finish the audit', async () => {
      const run = await runOf(auditId!);
      return run && run.status !== 'running' && run.status !== 'pending' ? run : undefined;
    });
    expect(done.status).toBe('completed');
    expect(done.pagesCrawled).toBe(120);
    const job = await jobOf(auditId!);
    expect(job!.attempts).toBe(2);
    expect(job!.leaseOwner).not.toBe(owner);
    // The retried attempt started over: exactly one stored page per crawled URL.
    const pages = await api.repositories.auditPages.list(auditId!, {}, { page: 1, pageSize: 100 });
    expect(pages.total).toBe(done.summary && (done.summary as { pagesAudited: number }).pagesAudited);
  }, 90_000);
});
