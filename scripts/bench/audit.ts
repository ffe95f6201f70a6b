// `npm run bench:audit`: an agency-size audit end to end, as a user runs it. A generated site of
// 50,000 pages (--pages) is served from a child process; the reference server runs in scale mode
// (the API here with IN_PROCESS_WORKERS=false, the job worker in a child process of its own, as
// `npm run worker` runs it), on SQLite (a file) and, when DATABASE_URL is a postgres:// URL, on
// PostgreSQL in a fresh schema. An agency key starts the audit with POST .../audits over HTTP and
// polls GET .../audits/{id} every 100 ms until it is final. Reported, with the targets:
//   - pages per second end to end (pages crawled ÷ wall time from the POST to the final status),
//   - the worker's peak RSS (VmHWM of its process),
//   - the database's size after the audit,
//   - the wall time of each phase (as polled: pending, crawling, site_checks, finalising),
//   - median and p99 latency of the lists a user opens afterwards (issues, pages, filters).
// A benchmark measures: PASS/MISS are printed, the exit code is 0 unless the harness broke (the
// audit failed, or an answer was wrong).
//
//   npm run bench:audit -- [--pages 50000] [--db sqlite|postgres|both] [--requests 50]
//                          [--profile] [--time-budget-ms N] [--worker-node-flags="--flag …"] [--poll-ms 100] [--keep]
//
// --db defaults to both when DATABASE_URL is a postgres:// URL, else sqlite. --profile runs the
// SQLite worker with --cpu-prof and breaks its CPU time down by cost and phase (the .cpuprofile is
// kept). --time-budget-ms overrides the crawl's time budget (default the product's, 10 minutes).
// Each list is also timed after ANALYZE (which the audit does not run) and read through the
// service in this process, which splits the storage time from the HTTP time.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createLogger, loadConfig, startServer, type RunningServer } from '@seo-geo/server';
import { summarise } from './lib/cpu-profile-summary.js';
import { LOOPBACK } from './lib/net.js';
import { dropSchema } from './lib/postgres.js';
import { processCpuMicros } from './lib/proc.js';
import { categoriseProfile, readProfile, type PhaseWindow } from './audit/profile.js';
import { BENCH_SITE_HOST, procMemory } from './audit/shared.js';
import { compiledWorker } from './lib/compiled-worker.js';
import { workerNodeFlags } from './lib/worker-node-flags.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '50000' },
    db: { type: 'string' },
    requests: { type: 'string', default: '50' },
    profile: { type: 'boolean', default: false },
    'time-budget-ms': { type: 'string' },
    'poll-ms': { type: 'string', default: '100' },
    /** Keep the SQLite file and the PostgreSQL schema afterwards, to look into them. */
    keep: { type: 'boolean', default: false },
    /** Worker processes sharing each audit, a list (1,2,4): more than 1 runs on PostgreSQL only, with AUDIT_CRAWL_WORKERS. */
    workers: { type: 'string', default: '1' },
    /** Extra node flags for the worker process (experiments: --max-semi-space-size=4 …). */
    'worker-node-flags': { type: 'string', default: '' },
  },
});
const PAGES = Number(values.pages);
const REQUESTS = Number(values.requests);
const POLL_MS = Number(values['poll-ms']);
const PAGE_SIZE = 100;
/** The agency plan's cap (packages/server/src/services/accounts/plans.ts): what an agency user asks for. */
const AGENCY_MAX_PAGES = 50_000;
/** The most an operator may allow one account (`npm run admin -- accounts set-page-cap`). */
const MAX_PAGE_CAP = 1_000_000;
const EXPECTED_PAGES = Math.min(PAGES, MAX_PAGE_CAP);
const POSTGRES_URL = process.env.DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
const DBS = (values.db ?? (POSTGRES_URL ? 'both' : 'sqlite')) === 'both' ? ['sqlite', 'postgres'] : [values.db ?? 'sqlite'];
const HERE = fileURLToPath(new URL('.', import.meta.url));
const WORKER_COUNTS = values.workers.split(',').map(Number);

const TARGETS = { pagesPerSecond: 400, peakRssMb: 300, listMedianMs: 20 };
const FINAL = new Set(['completed', 'failed', 'cancelled']);

/** The harness broke (not a missed target): exit 1. */
class HarnessError extends Error {}

const hrUs = () => Number(process.hrtime.bigint() / 1000n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 2 ** 20;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

// ---------------------------------------------------------------------------------------------
// Child processes: the site, fork()ed with this process's tsx loader, and the worker, compiled.

interface Child<M> {
  process: ChildProcess;
  first: M;
  /** The next IPC message that satisfies `accept`. */
  next<T>(accept: (message: unknown) => message is T, timeoutMs: number): Promise<T>;
}

async function forkChild<M>(
  file: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    execArgv?: string[];
    /** A JavaScript file run on plain node, without this process's tsx loader. */
    plain?: boolean;
    what: string;
    timeoutMs: number;
    listen?: (message: unknown) => boolean;
  },
): Promise<Child<M>> {
  const child = fork(file, args, {
    env: options.env ?? process.env,
    execArgv: [...(options.plain ? [] : process.execArgv.filter((a) => a !== '--expose-gc')), ...(options.execArgv ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: Array<(message: unknown) => boolean> = [];
  const backlog: unknown[] = [];
  child.on('message', (message) => {
    if (options.listen?.(message)) return;
    const index = waiters.findIndex((w) => w(message));
    if (index >= 0) waiters.splice(index, 1);
    else backlog.push(message);
  });
  const next = <T>(accept: (message: unknown) => message is T, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const queued = backlog.findIndex((m) => accept(m));
      if (queued >= 0) return resolve(backlog.splice(queued, 1)[0] as T);
      const timer = setTimeout(() => reject(new HarnessError(`${options.what}: no answer within ${timeoutMs} ms`)), timeoutMs);
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new HarnessError(`${options.what} exited (${code ?? 'signal'}) before answering`));
      };
      child.once('exit', onExit);
      waiters.push((message) => {
        if (!accept(message)) return false;
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(message);
        return true;
      });
    });
  const first = await next((m): m is M => typeof m === 'object' && m !== null, options.timeoutMs);
  return { process: child, first, next };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send('stop');
    else child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP, as a user: the API key as bearer token.

/** The JSON body as the caller describes it; its shape is checked where it matters. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body's shape
async function api<T>(server: RunningServer, key: string, path: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (init.body) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

interface AuditRunBody {
  data: {
    id: string;
    status: string;
    stopReason: string | null;
    error: { code: string; message: string } | null;
    progress: { pagesCrawled: number; pagesQueued: number; phase: string | null; elapsedSeconds: number | null };
    summary: { pagesAudited: number; pagesScored: number; pagesWithSchema: number; avgGeoScore: number | null } | null;
  };
}
interface ListBody<T> {
  data: T[];
  meta: { total: number; totalPages: number };
}
interface IssueRow {
  code: string;
  severity: string;
  pagesAffected: number;
}
interface PageRow {
  url: string;
  geoScore: number | null;
  hasSchema: boolean;
  issues: Array<{ code: string }>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function latency(
  server: RunningServer,
  key: string,
  path: string,
): Promise<{ median: number; p99: number; items: number; total: number; bytes: number }> {
  const url = `${server.baseUrl}${path}`;
  const headers = { authorization: `Bearer ${key}` };
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  let last: ListBody<unknown> | undefined;
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    const text = await response.text();
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new HarnessError(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    last = JSON.parse(text) as ListBody<unknown>;
    bytes = Buffer.byteLength(text);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p99: percentile(times, 99), items: last!.data.length, total: last!.meta.total, bytes };
}

/** Median time of `read` called in this process, after 5 warm-ups. */
async function serviceLatency(read: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await read();
    times.push(performance.now() - t0);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

// ---------------------------------------------------------------------------------------------
// One database: the API, the worker, the audit, the lists.

/** process.memoryUsage() of the worker, bytes. */
interface MemorySample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8 heap spaces (new_space, old_space, code_space, large_object_space…): their size, bytes. */
  spaces: Record<string, number>;
}

interface PhaseTime {
  phase: string;
  seconds: number;
}

interface DbResult {
  name: string;
  workers: number;
  /** Each worker's peak RSS (VmHWM), MB. */
  workerPeaksMb: number[];
  pagesCrawled: number;
  stopReason: string | null;
  wallSeconds: number;
  pagesPerSecond: number;
  crawlPagesPerSecond: number;
  phases: PhaseTime[];
  workerIdleMb: number;
  workerPeakMb: number;
  workerCpuSeconds: number;
  siteCpuSeconds: number;
  apiCpuSeconds: number;
  dbBytes: number;
  dbDetail: string;
  lists: Array<{ label: string; median: number; p99: number; items: number; total: number; bytes: number; serviceMedian: number }>;
  listsAnalyzed: DbResult['lists'];
  /** Highest VmRSS seen while polling, per phase, MB. */
  peakByPhase: Array<[string, number]>;
  heapAtPeak: MemorySample | undefined;
  profile?: string;
}

async function databaseSize(kind: string, sqliteFile: string, schema: string | undefined): Promise<{ bytes: number; detail: string }> {
  if (kind === 'sqlite') {
    const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
    const main = size(sqliteFile);
    const wal = size(`${sqliteFile}-wal`);
    return { bytes: main + wal, detail: `file ${mb(main).toFixed(1)} MB + WAL ${mb(wal).toFixed(1)} MB` };
  }
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; bytes: string }>(
      `SELECT tablename AS table, pg_total_relation_size(format('%I.%I', schemaname, tablename)) AS bytes
         FROM pg_tables WHERE schemaname = $1 ORDER BY 2 DESC`,
      [schema],
    );
    const total = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
    const top = rows
      .slice(0, 3)
      .map((row) => `${row.table} ${mb(Number(row.bytes)).toFixed(1)} MB`)
      .join(', ');
    return { bytes: total, detail: `pg_total_relation_size over ${rows.length} tables (${top}, …)` };
  } finally {
    await client.end();
  }
}

async function benchDatabase(kind: string, dir: string, sitePort: number, site: ChildProcess, workerCount: number): Promise<DbResult> {
  const name = `${kind === 'sqlite' ? 'SQLite (file, WAL)' : 'PostgreSQL'}, ${workerCount} worker${workerCount === 1 ? '' : 's'}`;
  console.log(`\n${name}`);
  const sqliteFile = join(dir, `audit-${Date.now()}.db`);
  const schema = kind === 'postgres' ? `bench_audit_${Date.now()}` : undefined;
  if (kind === 'postgres' && !POSTGRES_URL) throw new HarnessError('--db postgres needs DATABASE_URL=postgres://…');
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: '0',
    // The workers' errors (a helper that failed) are printed; the rest of their log is not.
    LOG_LEVEL: 'error',
    VALIDATE_RESPONSES: 'false',
    IN_PROCESS_WORKERS: 'false',
    CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
    DATABASE_URL: kind === 'sqlite' ? `sqlite:${sqliteFile}` : POSTGRES_URL!,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    AUDIT_CRAWL_WORKERS: String(workerCount),
  };
  const server = await startServer({ config: loadConfig(env), logger: createLogger('silent'), ...(schema ? { databaseSchema: schema } : {}) });
  let workers: Array<Child<{ ready: boolean; workerId: string }>> = [];
  const profileDir = values.profile && kind === 'sqlite' ? mkdtempSync(join(tmpdir(), 'bench-audit-profile-')) : undefined;
  try {
    // An agency account, its key and a project on the bench site, through the services (as bench:pages).
    const email = `bench-audit-${Date.now()}@example.com`;
    const created = await server.services.apiKeys.createKey({ email, plan: 'agency' });
    // A site larger than the agency plan's cap: the operator raises this account's, as for a customer.
    if (EXPECTED_PAGES > AGENCY_MAX_PAGES) await server.services.accounts.setPageCap({ email, pageCap: EXPECTED_PAGES });
    const auth = await server.services.apiKeys.authenticate(`Bearer ${created.apiKey}`);
    if (!auth.ok) throw new HarnessError(`the bench key did not authenticate (${auth.reason})`);
    const key = created.apiKey;
    const primaryDomain = `http://${BENCH_SITE_HOST}:${sitePort}`;
    const project = await server.services.projects.create(auth.principal, { name: 'Agency bench site', primaryDomain });

    // The worker, as `npm run worker` in scale mode, on the same database.
    const budget = values['time-budget-ms'];
    // The worker's own memory figures, every 250 ms: at the highest RSS, what the heap held.
    let heapAtPeak: MemorySample | undefined;
    const listen = (message: unknown): boolean => {
      if (typeof message !== 'object' || message === null || !('memory' in message)) return false;
      const sample = (message as { memory: MemorySample }).memory;
      if (!heapAtPeak || sample.rss > heapAtPeak.rss) heapAtPeak = sample;
      return true;
    };
    const workerScript = await compiledWorker(join(HERE, 'audit', 'worker.ts'), 'audit-worker.mjs');
    workers = await Promise.all(
      Array.from({ length: workerCount }, (_, i) =>
        forkChild<{ ready: boolean; workerId: string }>(workerScript, [], {
          env: { ...process.env, ...env, ...(budget ? { BENCH_TIME_BUDGET_MS: budget } : {}) },
          plain: true,
          execArgv: [
            ...workerNodeFlags(),
            ...(profileDir && i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
            ...values['worker-node-flags'].split(' ').filter(Boolean),
          ],
          what: `worker ${i + 1}`,
          listen,
          timeoutMs: 60_000,
        }),
      ),
    );
    const workerPids = workers.map((w) => w.process.pid!);
    const idle = workerPids.map((pid) => procMemory(pid)?.rssMb ?? NaN);
    const workerIdleMb = Math.max(...idle);
    for (const [i, w] of workers.entries())
      console.log(
        `  worker pid ${String(workerPids[i])} (${w.first.workerId}), idle RSS ${idle[i]!.toFixed(0)} MB${profileDir && i === 0 ? `, CPU profile into ${profileDir}` : ''}`,
      );
    const workersCpu = () => workerPids.reduce((sum, pid) => sum + (processCpuMicros(pid) ?? 0), 0);

    const cpu0 = { worker: workersCpu(), site: processCpuMicros(site.pid!) ?? 0, api: process.cpuUsage() };
    const t0 = performance.now();
    const transitions: Array<{ phase: string; atMs: number; hrUs: number }> = [{ phase: 'pending', atMs: 0, hrUs: hrUs() }];
    const started = await api<{ data: { auditRunId: string; status: string } }>(server, key, `/projects/${project.id}/audits`, {
      method: 'POST',
      body: JSON.stringify({ maxPages: EXPECTED_PAGES }),
    });
    if (started.status !== 202) throw new HarnessError(`POST audits answered ${started.status}: ${JSON.stringify(started.body)}`);
    const auditPath = `/projects/${project.id}/audits/${started.body.data.auditRunId}`;

    let run: AuditRunBody['data'];
    let lastPrint = 0;
    const peakSeen = workerPids.map(() => 0);
    const peakByPhase = new Map<string, number>();
    const deadline = t0 + 4 * 3600_000;
    for (;;) {
      await sleep(POLL_MS);
      const polled = await api<AuditRunBody>(server, key, auditPath);
      if (polled.status !== 200) throw new HarnessError(`GET audit answered ${polled.status}: ${JSON.stringify(polled.body).slice(0, 300)}`);
      run = polled.body.data;
      const now = performance.now() - t0;
      const label = run.status === 'running' ? (run.progress.phase ?? 'running') : run.status;
      if (label !== transitions[transitions.length - 1]!.phase) transitions.push({ phase: label, atMs: now, hrUs: hrUs() });
      const memories = workerPids.map((pid) => procMemory(pid));
      for (const [i, memory] of memories.entries()) {
        if (!memory) continue;
        peakSeen[i] = Math.max(peakSeen[i]!, memory.rssMb);
        peakByPhase.set(label, Math.max(peakByPhase.get(label) ?? 0, memory.rssMb));
      }
      const rssNow = memories.map((m) => m?.rssMb.toFixed(0) ?? '?').join(' + ');
      if (now - lastPrint >= 5_000 || FINAL.has(run.status)) {
        lastPrint = now;
        console.log(
          `  ${(now / 1000).toFixed(1).padStart(7)} s  ${label.padEnd(12)} crawled ${String(run.progress.pagesCrawled).padStart(6)}  queued ${String(run.progress.pagesQueued).padStart(6)}  worker RSS ${rssNow} MB`,
        );
      }
      if (FINAL.has(run.status)) break;
      for (const w of workers) if (w.process.exitCode !== null) throw new HarnessError(`a worker exited (${w.process.exitCode}) during the audit`);
      if (performance.now() > deadline) throw new HarnessError('the audit did not finish within 4 hours');
    }
    const wallSeconds = (performance.now() - t0) / 1000;
    const endHr = hrUs();
    const workerPeaksMb = workerPids.map((pid, i) => procMemory(pid)?.peakMb ?? peakSeen[i]!);
    const workerPeakMb = Math.max(...workerPeaksMb);
    const cpu = {
      worker: (workersCpu() - cpu0.worker) / 1e6,
      site: ((processCpuMicros(site.pid!) ?? 0) - cpu0.site) / 1e6,
      api: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpu0.api)),
    };
    if (run.status !== 'completed') throw new HarnessError(`the audit ended ${run.status}: ${JSON.stringify(run.error)}`);
    const pagesCrawled = run.progress.pagesCrawled;
    if (run.stopReason !== 'time_budget_exhausted' && pagesCrawled !== EXPECTED_PAGES) {
      throw new HarnessError(`the audit crawled ${pagesCrawled} pages of the site's ${EXPECTED_PAGES} (stop reason ${String(run.stopReason)})`);
    }
    const dbSize = await databaseSize(kind, sqliteFile, schema);

    // Phase wall times, as polled: each phase lasts from its first sighting to the next one's.
    const phases: PhaseTime[] = [];
    const windows: PhaseWindow[] = [];
    transitions.push({ phase: 'end', atMs: wallSeconds * 1000, hrUs: endHr });
    for (let i = 0; i < transitions.length - 1; i++) {
      const { phase, atMs, hrUs: startUs } = transitions[i]!;
      if (FINAL.has(phase)) continue;
      phases.push({ phase, seconds: (transitions[i + 1]!.atMs - atMs) / 1000 });
      windows.push({ phase, startUs, endUs: transitions[i + 1]!.hrUs });
    }
    const crawlingSeconds = phases.filter((p) => p.phase === 'crawling').reduce((sum, p) => sum + p.seconds, 0);

    // The lists a user opens afterwards; the answers are checked as well as timed.
    global.gc?.();
    const lists: DbResult['lists'] = [];
    const issues = await api<ListBody<IssueRow>>(server, key, `${auditPath}/issues?pageSize=${PAGE_SIZE}`);
    if (issues.status !== 200 || issues.body.data.length === 0)
      throw new HarnessError(`GET issues answered ${issues.status} with ${issues.body.data.length} codes`);
    const pagesFirst = await api<ListBody<PageRow>>(server, key, `${auditPath}/pages?pageSize=${PAGE_SIZE}`);
    if (pagesFirst.body.meta.total !== run.summary!.pagesAudited) {
      throw new HarnessError(`the pages list has ${pagesFirst.body.meta.total} pages, the summary ${run.summary!.pagesAudited}`);
    }
    const lastPage = pagesFirst.body.meta.totalPages;
    // The most common code that pages with schema have.
    let issueCode: string | undefined;
    for (const row of [...issues.body.data].sort((a, b) => b.pagesAffected - a.pagesAffected)) {
      const probe = await api<ListBody<PageRow>>(server, key, `${auditPath}/pages?issue=${row.code}&hasSchema=true&pageSize=${PAGE_SIZE}`);
      if (probe.body.data.length > 0) {
        if (!probe.body.data.every((p) => p.hasSchema && p.issues.some((i) => i.code === row.code)))
          throw new HarnessError(`issue=${row.code}&hasSchema=true listed a page without both`);
        issueCode = row.code;
        break;
      }
    }
    if (!issueCode) throw new HarnessError('no issue code occurs on a page with schema: the site should have some');
    const minScore = await api<ListBody<PageRow>>(server, key, `${auditPath}/pages?minGeoScore=50&pageSize=${PAGE_SIZE}`);
    if (!minScore.body.data.every((p) => (p.geoScore ?? -1) > 50))
      throw new HarnessError('minGeoScore=50 listed a page scored 50 or less (the filter is strictly greater)');
    // Each list over HTTP, and the same read through the service in this process (storage and
    // row mapping, without authentication, validation, serialisation and transfer).
    const auditId = started.body.data.auditRunId;
    const pageRequest = (page = 1) => ({ page, pageSize: PAGE_SIZE });
    const audits = server.services.audits;
    const cases: Array<[string, string, () => Promise<unknown>]> = [
      ['GET issues', `${auditPath}/issues?pageSize=${PAGE_SIZE}`, () => audits.issues(auth.principal, project.id, auditId, {}, pageRequest())],
      ['GET pages, page 1', `${auditPath}/pages?pageSize=${PAGE_SIZE}`, () => audits.pages(auth.principal, project.id, auditId, {}, pageRequest())],
      [
        `GET pages, page ${lastPage} (last)`,
        `${auditPath}/pages?page=${lastPage}&pageSize=${PAGE_SIZE}`,
        () => audits.pages(auth.principal, project.id, auditId, {}, pageRequest(lastPage)),
      ],
      [
        `GET pages?issue=${issueCode}&hasSchema=true`,
        `${auditPath}/pages?issue=${issueCode}&hasSchema=true&pageSize=${PAGE_SIZE}`,
        () => audits.pages(auth.principal, project.id, auditId, { issue: issueCode, hasSchema: true }, pageRequest()),
      ],
      [
        'GET pages?minGeoScore=50',
        `${auditPath}/pages?minGeoScore=50&pageSize=${PAGE_SIZE}`,
        () => audits.pages(auth.principal, project.id, auditId, { minGeoScore: 50 }, pageRequest()),
      ],
    ];
    const measureAll = async () => {
      const measured: DbResult['lists'] = [];
      for (const [label, path, direct] of cases) measured.push({ label, ...(await latency(server, key, path)), serviceMedian: await serviceLatency(direct) });
      return measured;
    };
    lists.push(...(await measureAll()));
    // The same after ANALYZE, which the audit does not run: do fresh planner statistics change the plans?
    for (const statement of kind === 'postgres' ? ['ANALYZE audit_pages', 'ANALYZE audit_page_issues'] : ['ANALYZE']) {
      await sql.raw(statement).execute(server.database.db);
    }
    const listsAnalyzed = await measureAll();

    // Stop the workers (a profile is written on exit), then read the first one's profile.
    await Promise.all(workers.map((w) => stopChild(w.process)));
    let profile: string | undefined;
    if (profileDir) {
      // One profile per thread: the main thread's is `.0.`; tsx's module loader has a thread of its own.
      const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
      const file = files.find((f) => /\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0];
      if (file) {
        const data = readProfile(join(profileDir, file));
        profile = `${categoriseProfile(data, windows).table}\n\nprofile ${join(profileDir, file)} (functions: npx tsx scripts/bench/lib/cpu-profile-summary.ts <file>)\n${summarise(data, 15)}`;
      } else {
        profile = `no .cpuprofile was written into ${profileDir}`;
      }
    }

    return {
      name,
      workers: workerCount,
      workerPeaksMb,
      pagesCrawled,
      stopReason: run.stopReason,
      wallSeconds,
      pagesPerSecond: pagesCrawled / wallSeconds,
      crawlPagesPerSecond: crawlingSeconds > 0 ? pagesCrawled / crawlingSeconds : NaN,
      phases,
      workerIdleMb,
      workerPeakMb,
      workerCpuSeconds: cpu.worker,
      siteCpuSeconds: cpu.site,
      apiCpuSeconds: cpu.api,
      dbBytes: dbSize.bytes,
      dbDetail: dbSize.detail,
      lists,
      listsAnalyzed,
      peakByPhase: [...peakByPhase.entries()],
      heapAtPeak,
      ...(profile ? { profile } : {}),
    };
  } finally {
    await Promise.all(workers.map((w) => stopChild(w.process)));
    await server.close();
    if (schema && values.keep) {
      console.log(`  kept: PostgreSQL schema ${schema} (drop it with DROP SCHEMA ${schema} CASCADE)`);
    } else if (schema && POSTGRES_URL) {
      await dropSchema(POSTGRES_URL, schema);
    }
  }
}

function report(result: DbResult): void {
  const line = (label: string, value: string, target = '') => console.log(`  ${label.padEnd(44)} ${value.padStart(12)}  ${target}`);
  console.log(`\n${result.name}: ${result.pagesCrawled} pages, stop reason ${String(result.stopReason)}`);
  line(
    'pages per second, end to end',
    result.pagesPerSecond.toFixed(1),
    `target ≥ ${TARGETS.pagesPerSecond}  ${verdict(result.pagesPerSecond >= TARGETS.pagesPerSecond)}`,
  );
  line('  wall time, POST to final status', `${result.wallSeconds.toFixed(1)} s`);
  line('  pages per second while crawling', result.crawlPagesPerSecond.toFixed(1));
  for (const { phase, seconds } of result.phases)
    line(`  phase ${phase}`, `${seconds.toFixed(1)} s`, `${((100 * seconds) / result.wallSeconds).toFixed(1)}% of the wall time`);
  const rssTarget = `target < ${TARGETS.peakRssMb} MB  ${verdict(result.workerPeakMb < TARGETS.peakRssMb)}  (idle ${result.workerIdleMb.toFixed(0)} MB)`;
  line('worker peak RSS (VmHWM)', `${result.workerPeakMb.toFixed(0)} MB`, rssTarget);
  if (result.workers > 1) line('  each worker', result.workerPeaksMb.map((m) => m.toFixed(0)).join(', ') + ' MB');
  const peaks = result.peakByPhase.filter(([phase]) => !FINAL.has(phase)).map(([phase, rss]) => `${phase} ${rss.toFixed(0)}`);
  line('  highest RSS polled, by phase', '', `${peaks.join(', ')} MB`);
  const heap = result.heapAtPeak;
  if (heap) {
    const other = heap.rss - heap.heapTotal - heap.external;
    const detail = `V8 heap ${mb(heap.heapTotal).toFixed(0)} MB (${mb(heap.heapUsed).toFixed(0)} used), external ${mb(heap.external).toFixed(0)} MB (array buffers ${mb(heap.arrayBuffers).toFixed(0)}), code + native + malloc ${mb(other).toFixed(0)} MB`;
    line('  at the highest RSS the worker sampled', `${mb(heap.rss).toFixed(0)} MB`, detail);
    const spaces = Object.entries(heap.spaces)
      .filter(([, bytes]) => bytes >= 2 ** 20)
      .sort((a, b) => b[1] - a[1])
      .map(([space, bytes]) => `${space.replace(/_space$/, '')} ${mb(bytes).toFixed(0)}`);
    line('  V8 heap spaces then', '', `${spaces.join(', ')} MB`);
  }
  line(
    'database size after the audit',
    `${mb(result.dbBytes).toFixed(1)} MB`,
    `${(result.dbBytes / result.pagesCrawled / 1024).toFixed(1)} KB per page; ${result.dbDetail}`,
  );
  line(
    'CPU during the audit: worker',
    `${result.workerCpuSeconds.toFixed(1)} s`,
    `${((100 * result.workerCpuSeconds) / result.wallSeconds).toFixed(0)}% of one core`,
  );
  line(
    '  pages per worker CPU second',
    (result.pagesCrawled / result.workerCpuSeconds).toFixed(1),
    'the end-to-end rate if the worker had a core to itself all along (other processes share this machine)',
  );
  line('CPU during the audit: site server (child)', `${result.siteCpuSeconds.toFixed(1)} s`);
  line('CPU during the audit: API + this harness', `${result.apiCpuSeconds.toFixed(1)} s`);
  console.log(`  lists (${REQUESTS} sequential requests each after 5 warm-ups, pageSize ${PAGE_SIZE}):  median ms   p99 ms   items   total     KB  in service`);
  for (const [title, lists] of [
    ['as the audit left the database', result.lists],
    ['after ANALYZE (the audit does not run it)', result.listsAnalyzed],
  ] as const) {
    console.log(`   ${title}`);
    for (const list of lists) {
      const figures = `${list.median.toFixed(2).padStart(9)} ${list.p99.toFixed(2).padStart(8)} ${String(list.items).padStart(7)} ${String(list.total).padStart(7)} ${(list.bytes / 1024).toFixed(0).padStart(6)} ${list.serviceMedian.toFixed(2).padStart(8)} ms`;
      console.log(`    ${list.label.padEnd(50)} ${figures}   target median < ${TARGETS.listMedianMs} ms  ${verdict(list.median < TARGETS.listMedianMs)}`);
    }
  }
  if (result.profile) console.log(`\n  CPU profile of the worker\n${result.profile.replace(/^/gm, '  ')}`);
}

async function main(): Promise<void> {
  if (!Number.isInteger(PAGES) || PAGES < 1) throw new HarnessError('--pages must be a positive integer');
  if (!WORKER_COUNTS.every((n) => Number.isInteger(n) && n >= 1 && n <= 64))
    throw new HarnessError('--workers must list worker counts from 1 to 64, e.g. 1,2,4');
  for (const db of DBS) if (db !== 'sqlite' && db !== 'postgres') throw new HarnessError(`--db must be sqlite, postgres or both (got ${db})`);
  console.log(
    `bench:audit: a ${PAGES}-page site, audited with maxPages ${EXPECTED_PAGES} through POST /audits; scale mode (API here, workers in processes of their own: ${WORKER_COUNTS.join(', ')}); ${DBS.join(' and ')}; polled every ${POLL_MS} ms`,
  );
  if (!POSTGRES_URL && values.db === undefined) console.log('PostgreSQL: skipped (DATABASE_URL is not set to a postgres:// URL)');
  console.log(`worker: node ${[...workerNodeFlags(), ...values['worker-node-flags'].split(' ').filter(Boolean)].join(' ')}, as npm run worker starts it`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
  const site = await forkChild<{ port: number; builtMs: number }>(join(HERE, 'audit', 'site.ts'), [String(PAGES)], {
    // The site holds every page rendered (about 7 KB each), so that serving one costs the worker's
    // machine no rendering: node's default heap (4 GB here) ends at about 400,000 pages.
    execArgv: [`--max-old-space-size=${Math.max(4096, Math.ceil((PAGES * 12) / 1024) + 1024)}`],
    what: 'the site server',
    timeoutMs: 300_000,
  });
  console.log(
    `site: ${PAGES} pages + robots.txt + sitemap.xml at http://${BENCH_SITE_HOST}:${site.first.port} (127.0.0.1), built in ${(site.first.builtMs / 1000).toFixed(1)} s, served by pid ${String(site.process.pid)}`,
  );
  const results: DbResult[] = [];
  try {
    for (const db of DBS) {
      for (const workerCount of WORKER_COUNTS) {
        // Several workers share a crawl through PostgreSQL only.
        if (workerCount > 1 && db !== 'postgres') continue;
        const result = await benchDatabase(db, dir, site.first.port, site.process, workerCount);
        results.push(result);
        report(result);
      }
    }
  } finally {
    site.process.disconnect();
    await stopChild(site.process);
    if (values.keep) console.log(`kept: the SQLite files in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log('\nsummary');
  for (const r of results) {
    const worst = (lists: DbResult['lists']) => Math.max(...lists.map((l) => l.median));
    const lists = `lists: worst median ${worst(r.lists).toFixed(1)} ms ${verdict(worst(r.lists) < TARGETS.listMedianMs)} (after ANALYZE ${worst(r.listsAnalyzed).toFixed(1)} ms)`;
    const speed = `${r.pagesPerSecond.toFixed(0).padStart(5)} pages/s ${verdict(r.pagesPerSecond >= TARGETS.pagesPerSecond)}`;
    const phases = r.phases
      .filter((p) => p.phase === 'site_checks' || p.phase === 'finalising')
      .map((p) => `${p.phase} ${p.seconds.toFixed(1)} s`)
      .join(', ');
    console.log(
      `  ${r.name.padEnd(32)} ${speed}   peak RSS ${r.workerPeakMb.toFixed(0)} MB ${verdict(r.workerPeakMb < TARGETS.peakRssMb)}   DB ${mb(r.dbBytes).toFixed(0)} MB   ${phases}   ${lists}`,
    );
  }
  speedUps(results);
}

/** Each shared run's speed against the one-worker run on the same database, in this run. */
function speedUps(results: DbResult[]): void {
  const single = results.find((r) => r.workers === 1 && r.name.startsWith('PostgreSQL'));
  const shared = results.filter((r) => r.workers > 1);
  if (!single || shared.length === 0) return;
  console.log('\nspeed-up over one worker (PostgreSQL, the same site, this run)');
  for (const r of shared) {
    const crawl = r.crawlPagesPerSecond / single.crawlPagesPerSecond;
    console.log(
      `  ${String(r.workers).padStart(2)} workers: end to end ×${(r.pagesPerSecond / single.pagesPerSecond).toFixed(2)}, while crawling ×${crawl.toFixed(2)}; worker CPU ${r.workerCpuSeconds.toFixed(0)} s vs ${single.workerCpuSeconds.toFixed(0)} s; peak RSS per worker ${r.workerPeaksMb.map((m) => m.toFixed(0)).join(', ')} MB vs ${single.workerPeakMb.toFixed(0)} MB`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof HarnessError ? `bench:audit: the harness broke: ${error.message}` : error);
    process.exit(1);
  },
);
