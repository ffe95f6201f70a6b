// SIGTERM as a container platform sends it, to `npm start` and `npm run worker` started as the README
// starts them (npm, its shell, node): the server stops accepting, finishes the requests in flight
// within SHUTDOWN_GRACE_MS and cuts the rest, the worker gives its running job back to the queue
// (another worker finishes the audit), the database is closed and every process exits 0. The node
// process's pid is read from its own log lines; no process of the test is left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/storage/database.js';
import { startApi, startSite, type RunningProcess, type Site } from '../faults/processes.js';
import { until } from '../support/wait.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const GRACE_MS = 3_000;
/** Bounds every wait for a process to start or end (an npm script compiles first). */
const PROCESS_DEADLINE_MS = 60_000;

const dir = mkdtempSync(join(tmpdir(), 'seo-geo-sigterm-'));
const nodePids: number[] = [];
const children: ChildProcess[] = [];
let site: Site;

beforeAll(async () => {
  site = await startSite(3);
});

afterAll(async () => {
  for (const pid of nodePids.filter(isAlive)) process.kill(pid, 'SIGKILL');
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

interface NpmScript {
  /** npm's own process, the one a platform signals. */
  npm: ChildProcess;
  /** The node process that runs the server or the worker (from its log lines' pid). */
  nodePid: number;
  match: RegExpExecArray;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm <args>` in the repository, resolved once `ready` matches its output and a log line has named node's pid. */
function npm(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<NpmScript> {
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  return new Promise((resolveReady, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm ${args.join(' ')} was not ready within ${PROCESS_DEADLINE_MS} ms:\n${output}`)), PROCESS_DEADLINE_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      const pid = /"pid":(\d+)/.exec(output);
      if (!match || !pid) return;
      clearTimeout(timer);
      nodePids.push(Number(pid[1]));
      resolveReady({ npm: child, nodePid: Number(pid[1]), match, output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`npm ${args.join(' ')} exited before it was ready:\n${output}`));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function call(baseUrl: string, key: string, path: string, json?: unknown): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return ((await response.json()) as { data: unknown }).data;
}

/**
 * A POST /projects whose body is sent in two halves: `inFlight` settles once the server has read its
 * headers (it answered 100 Continue) and `finish()` sends the rest.
 */
function slowCreate(baseUrl: string, key: string, name: string) {
  const body = Buffer.from(JSON.stringify({ name, primaryDomain: 'https://www.example.com' }));
  const req: ClientRequest = request(`${baseUrl}/projects`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' },
  });
  const inFlight = new Promise<void>((done) => req.once('continue', () => req.write(body.subarray(0, 10), () => done())));
  const answered = new Promise<{ status: number; body: string } | { error: string }>((done) => {
    req.once('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.once('end', () => done({ status: res.statusCode!, body: text }));
      res.once('error', (error) => done({ error: error.message }));
    });
    req.once('error', (error) => done({ error: error.message }));
  });
  return { inFlight, answered, finish: () => req.end(body.subarray(10)) };
}

/** True once a new connection to the port is refused: the server stopped accepting. */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}

async function jobOfAudit(database: DatabaseHandle, auditId: string) {
  const run = await database.db.selectFrom('audit_runs').select('job_id').where('id', '=', auditId).executeTakeFirstOrThrow();
  return database.db.selectFrom('jobs').select(['status', 'attempts', 'lease_owner']).where('id', '=', run.job_id).executeTakeFirstOrThrow();
}

describe('SIGTERM to npm start', () => {
  it(
    'stops accepting, finishes the request in flight, cuts the one still unfinished at the deadline, hands the running job back and exits 0',
    { timeout: 2 * PROCESS_DEADLINE_MS },
    async () => {
      const databaseUrl = `sqlite:${join(dir, 'start.db')}`;
      const env = {
        PORT: '0',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: '',
        REDIS_URL: '',
        CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        // Only the grace period may end the request whose body never comes.
        REQUEST_TIMEOUT_MS: '600000',
      };
      const start = await npm(['start'], env, /listening on (http:\/\/127\.0\.0\.1:(\d+))[\s\S]*(sk_live_\w+)/);
      const [, url, port, key] = start.match as unknown as [string, string, string, string];
      const baseUrl = `${url}/api/public/v1`;

      const project = await call(baseUrl, key, '/projects', { name: 'Held site', primaryDomain: site.origin });
      const held = site.hold('/');
      const audit = await call(baseUrl, key, `/projects/${project.id}/audits`, { maxPages: 3 });
      await held.arrived;
      const finishing = slowCreate(baseUrl, key, 'Finished during the shutdown');
      const unfinished = slowCreate(baseUrl, key, 'Never finished');
      await Promise.all([finishing.inFlight, unfinished.inFlight]);

      const signalledAt = Date.now();
      start.npm.kill('SIGTERM');
      await until('the server to refuse new connections', async () => ((await refusesConnections(Number(port))) ? true : undefined), 10_000);
      finishing.finish();
      const finished = await finishing.answered;
      expect(finished).toMatchObject({ status: 201, body: expect.stringContaining('Finished during the shutdown') });
      // The request whose body never came is cut at the deadline, and the process ends.
      expect(await unfinished.answered).toHaveProperty('error');
      expect(await start.exited).toEqual({ code: 0, signal: null });
      console.info(`npm start: exited 0 ${Date.now() - signalledAt} ms after SIGTERM (SHUTDOWN_GRACE_MS=${GRACE_MS})`);
      await until('node to be gone', () => (isAlive(start.nodePid) ? undefined : true), 5_000);
      expect(start.output()).toContain('shutting down');
      held.release();

      const database = await createDatabase(databaseUrl);
      try {
        // Given back, and the interrupted attempt not counted: the next worker starts it afresh.
        expect(await jobOfAudit(database, audit.auditRunId)).toEqual({ status: 'queued', attempts: 0, lease_owner: null });
      } finally {
        await database.close();
      }
    },
  );
});

describe('SIGTERM to npm run worker', () => {
  let api: RunningProcess & { baseUrl: string };
  afterAll(async () => {
    await api?.kill();
  });

  it('gives the running audit back to the queue and exits 0; another worker finishes it', { timeout: 3 * PROCESS_DEADLINE_MS }, async () => {
    const databaseUrl = `sqlite:${join(dir, 'worker.db')}`;
    const env = {
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: '',
      REDIS_URL: '',
      CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
      IN_PROCESS_WORKERS: 'false',
      WORKER_POLL_MS: '50',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    };
    api = await startApi(env);
    const key = /sk_live_\w+/.exec(api.output())![0];
    const worker = await npm(['run', 'worker'], env, /job worker running/);

    const project = await call(api.baseUrl, key, '/projects', { name: 'Held site', primaryDomain: site.origin });
    const held = site.hold('/');
    const audit = await call(api.baseUrl, key, `/projects/${project.id}/audits`, { maxPages: 3 });
    await held.arrived;

    const signalledAt = Date.now();
    worker.npm.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    console.info(`npm run worker: exited 0 ${Date.now() - signalledAt} ms after SIGTERM (SHUTDOWN_GRACE_MS=${GRACE_MS})`);
    await until('node to be gone', () => (isAlive(worker.nodePid) ? undefined : true), 5_000);
    expect(worker.output()).toMatch(/interrupted by shutdown; job handed back/);
    const database = await createDatabase(databaseUrl);
    try {
      expect(await jobOfAudit(database, audit.auditRunId)).toEqual({ status: 'queued', attempts: 0, lease_owner: null });
    } finally {
      await database.close();
    }

    held.release();
    const next = await npm(['run', 'worker'], env, /job worker running/);
    const done = await until(
      'the audit to end on the next worker',
      async () => {
        const run = await call(api.baseUrl, key, `/projects/${project.id}/audits/${audit.auditRunId}`);
        return ['pending', 'running'].includes(run.status) ? undefined : run;
      },
      PROCESS_DEADLINE_MS,
    );
    expect(done).toMatchObject({ status: 'completed', summary: { pagesAudited: 3 } });
    next.npm.kill('SIGTERM');
    expect(await next.exited).toEqual({ code: 0, signal: null });
  });
});
