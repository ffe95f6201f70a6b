// API_PROCESSES for real: `npm start` as the primary of two API processes on one port, on
// PostgreSQL and Redis. Which process answered a request is read from the server's own request log
// (each line carries its process's pid and the X-Request-Id), so nothing is exposed for the test.
// It shows that both processes serve, that a per-key limit holds exactly across them, that an
// idempotent POST is replayed by the other process, that a killed process is replaced while the
// port stays served, and that SIGTERM stops them all. Waits poll with a deadline; no fixed sleeps.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin/run.js';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { openTestRedis, redisUrl } from '../support/redis.js';
import { until } from '../support/wait.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const MAIN = join(ROOT, 'packages/server/src/processes/api.ts');
// Two processes load the server's sources through tsx at once: well under 45 s on an idle 2-core
// machine, but past it when other work loads the cores (seen in this project's CI); a deadline, not a wait.
const START_DEADLINE_MS = 90_000;

describe('API_PROCESSES on the embedded defaults', () => {
  it('refuses to start with one line that says what the processes must share', () => {
    const unset = new Set(['DATABASE_URL', 'REDIS_URL', 'IN_PROCESS_WORKERS', 'DATABASE_SCHEMA']);
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.has(name))), API_PROCESSES: '2' };
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Configuration error: API_PROCESSES=2 needs state the processes share: REDIS_URL (in-memory rate-limit buckets are per process: each would grant a key its whole limit); ' +
        'IN_PROCESS_WORKERS=false and `npm run worker` beside them (in-process workers would run in every API process)',
    );
  });
});

interface LogLine {
  pid: number;
  msg: string;
  requestId?: string;
  apiPid?: number;
  apiProcess?: number;
}

const pgUrl = postgresUrl();
const rdUrl = redisUrl();
const title = 'API_PROCESSES=2: one port, two API processes on PostgreSQL and Redis';
if (!pgUrl || !rdUrl) console.warn(`SKIPPED: "${title}" — ${!pgUrl ? 'DATABASE_URL is not set to a postgres:// URL' : 'REDIS_URL is not set'}`);

describe.skipIf(!pgUrl || !rdUrl)(title, () => {
  const schema = randomSchemaName();
  let redis: Awaited<ReturnType<typeof openTestRedis>>;
  let primary: ChildProcess;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let output = '';
  let origin: string;
  let demoKey: string;
  /** The two API processes' pids as the primary logged them at the start. */
  let initialPids: number[];
  const clients: Client[] = [];
  const env = () => ({ DATABASE_URL: pgUrl!, DATABASE_SCHEMA: schema });

  beforeAll(async () => {
    redis = await openTestRedis(rdUrl!);
    primary = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env(),
        REDIS_URL: rdUrl,
        REDIS_KEY_PREFIX: redis.keyPrefix,
        IN_PROCESS_WORKERS: 'false',
        API_PROCESSES: '2',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((done) => primary.once('exit', (code, signal) => done({ code, signal })));
    primary.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const banner = await until(
      'the primary to print its banner',
      () => {
        if (primary.exitCode !== null) throw new Error(`npm start exited with ${primary.exitCode}:\n${output}`);
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+) \(2 API processes\)[\s\S]*shown only this once:\s+(sk_live_\w+)/.exec(output);
        return match ? { origin: match[1]!, key: match[2]! } : undefined;
      },
      START_DEADLINE_MS,
    );
    origin = banner.origin;
    demoKey = banner.key;
    // The log is written asynchronously (pino), the banner at once: the two lines may follow it.
    initialPids = await until(
      'both API processes to log that they listen',
      () => {
        const pids = listening().map((line) => line.apiPid!);
        return pids.length >= 2 ? pids : undefined;
      },
      START_DEADLINE_MS,
    );
    expect(initialPids).toHaveLength(2);
  }, START_DEADLINE_MS + 15_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.destroy()));
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      // The API processes leave when their primary's channel closes; a leftover one is killed too.
      for (const pid of listening().map((line) => line.apiPid!)) kill(pid, 'SIGKILL');
      primary.kill('SIGKILL');
      await exited;
    }
    await redis?.dispose();
    if (pgUrl) await dropSchema(pgUrl, schema);
  });

  const logLines = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{') && line.endsWith('}'))
      .map((line) => JSON.parse(line) as LogLine);
  const listening = () => logLines().filter((line) => line.msg === 'API process listening');

  /** The pid of the process that answered each request, from the request log (polled: the log is read from a pipe). */
  async function servedBy(requestIds: string[]): Promise<number[]> {
    return until(
      `the request log of ${requestIds.length} requests`,
      () => {
        const byId = new Map(
          logLines()
            .filter((line) => line.msg === 'request completed')
            .map((line) => [line.requestId, line.pid]),
        );
        const pids = requestIds.map((id) => byId.get(id));
        return pids.every((pid): pid is number => pid !== undefined) ? pids : undefined;
      },
      10_000,
    );
  }

  /** A keep-alive connection of its own: the primary hands each new connection to one process, which keeps it. */
  function connection(): Client {
    const client = new Client(origin, { pipelining: 1 });
    clients.push(client);
    return client;
  }

  async function call(client: Client, path: string, key: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown } = {}) {
    const response = await client.request({
      path: `/api/public/v1${path}`,
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${key}`, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : undefined };
  }

  const requestId = (response: { headers: Record<string, string | string[] | undefined> }) => String(response.headers['x-request-id']);

  async function createKey(plan: 'starter' | 'pro'): Promise<string> {
    const out: string[] = [];
    const code = await runAdmin(['keys', 'create', '--email', `${plan}-${schema}@example.com`, '--plan', plan, '--json'], {
      env: env(),
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    });
    expect(code, out.join('\n')).toBe(0);
    return (JSON.parse(out.join('\n')) as { apiKey: string }).apiKey;
  }

  it('serves from both processes and holds a 60-a-minute key to 60 requests across them', async () => {
    const key = await createKey('starter');
    // 100 requests over 10 keep-alive connections at once, which the primary spreads over both processes.
    const started = Date.now();
    const responses = (
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const client = connection();
          const mine = [];
          for (let i = 0; i < 10; i++) mine.push(await call(client, '/me', key));
          return mine;
        }),
      )
    ).flat();
    const elapsedMs = Date.now() - started;

    const pids = await servedBy(responses.map(requestId));
    expect(new Set(pids)).toEqual(new Set(initialPids));
    const ok = responses.filter((r) => r.status === 200).length;
    expect(responses.filter((r) => r.status !== 200).every((r) => r.status === 429)).toBe(true);
    // The bucket holds 60 and refills one a second: exactly 60 unless the burst outlasted a second.
    // Buckets per process would have let each process grant up to 60.
    expect(ok).toBeGreaterThanOrEqual(60);
    expect(ok).toBeLessThanOrEqual(60 + Math.floor(elapsedMs / 1000));
  });

  it('replays an idempotent POST from the other process', async () => {
    // Connections until two land on different processes.
    const probed: { client: Client; pid: number }[] = [];
    const [a, b] = await until('connections to both processes', async () => {
      const client = connection();
      const [pid] = await servedBy([requestId(await call(client, '/me', demoKey))]);
      probed.push({ client, pid: pid! });
      const other = probed.find((p) => p.pid !== probed[0]!.pid);
      return other ? ([probed[0]!, other] as const) : undefined;
    });
    const json = { name: 'Across processes', primaryDomain: 'https://across.example.com' };
    const headers = { 'idempotency-key': `cluster-${schema}` };
    const first = await call(a.client, '/projects', demoKey, { method: 'POST', headers, json });
    const again = await call(b.client, '/projects', demoKey, { method: 'POST', headers, json });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await servedBy([requestId(first), requestId(again)])).toEqual([a.pid, b.pid]);
    expect((await call(b.client, '/projects', demoKey)).body!.meta.total).toBe(1);
  });

  it(
    'keeps the port served when an API process is killed, and replaces it',
    async () => {
      const [victim, survivor] = initialPids as [number, number];
      kill(victim, 'SIGKILL');
      await until('the primary to see the process die', () =>
        logLines().find((line) => line.msg === 'API process exited; starting a replacement' && line.apiPid === victim),
      );
      // New connections go to the process still listening while the replacement starts.
      const meanwhile = await Promise.all(Array.from({ length: 6 }, () => call(connection(), '/me', demoKey)));
      expect(meanwhile.map((r) => r.status)).toEqual(Array(6).fill(200));
      const replacement = await until('a replacement to listen', () => listening().find((line) => !initialPids.includes(line.apiPid!)), START_DEADLINE_MS);
      expect(replacement.apiProcess).toBe(listening().find((line) => line.apiPid === victim)!.apiProcess);
      // …and the replacement takes its share of new connections.
      await until('a request served by the replacement', async () => {
        const [pid] = await servedBy([requestId(await call(connection(), '/me', demoKey))]);
        return pid === replacement.apiPid ? pid : undefined;
      });
      expect(isAlive(survivor)).toBe(true);
      expect(primary.exitCode).toBeNull();
    },
    START_DEADLINE_MS + 15_000,
  );

  it('stops every API process on SIGTERM and exits 0', async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    const pids = listening().map((line) => line.apiPid!);
    primary.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(pids.filter(isAlive)).toEqual([]);
  });
});

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
