// `npm run bench:server`: throughput and latency of the reference server's hottest read,
// GET /api/public/v1/projects, beside four floors serving the same answer — bare node:http, a
// plain Express 5 route, the same route behind express-openapi-validator, and Prism mocking the
// same document — and the reference server as one and
// as two API processes on one port (node:cluster, as API_PROCESSES runs it) on the same store. One
// target at a time, each in its own process(es), the same load for each: autocannon, N
// connections, a warm-up, then the measured run. The reference server is also measured on a
// write (POST /projects) and a filtered page of an audit's pages, which no floor serves.
//
// Targets are reported as PASS/MISS but the exit code stays 0: a benchmark measures, it does not
// assert (machines differ too much for a hard gate). A broken harness (the reference server
// does not start or answers wrongly) exits 1.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measure, type LoadOptions, type LoadResult } from './lib/load.js';
import { dropSchema } from './lib/postgres.js';
import { processCpuMicros } from './lib/proc.js';
import { killAllTargets, startChildTarget, type ChildTarget } from './server/child-target.js';
import { ensurePrism, killAllPrism, PRISM_VERSION, startPrism } from './server/prism.js';
import { BENCH_PLAN, BENCH_PROJECTS, type ClusterStore } from './server/protocol.js';

const API_BASE = '/api/public/v1';
const API_PATH = `${API_BASE}/projects`;
/** Prism serves the document's paths at its root, not under the servers' base path. */
const PRISM_PATH = '/projects';
const DOCUMENT = fileURLToPath(new URL('../../packages/types/generated/openapi.json', import.meta.url));

const TARGETS = { cpuMicrosPerRequest: 175, expressRatio: 0.7, prismRatio: 1.5, p99Ms: 10 } as const;
const ALL = ['reference', 'reference-x2', 'node-http', 'express', 'express-validated', 'prism'] as const;
type Target = (typeof ALL)[number];

const LABELS: Record<Target, string> = {
  reference: 'reference server',
  'reference-x2': 'reference ×2',
  'node-http': 'raw node:http',
  express: 'plain Express 5',
  'express-validated': 'Express 5 + validator',
  prism: `Prism ${PRISM_VERSION} mock`,
};

const USAGE = `Usage: npm run bench:server -- [options]
  --duration <s>      measured seconds per target (default 10)
  --warmup <s>        warm-up seconds per target, discarded (default 3)
  --connections <n>   concurrent connections (default 20)
  --targets <list>    comma-separated subset of ${ALL.join(',')} (default all)
                      reference-x2: the reference server as 2 API processes on one port (node:cluster,
                      as API_PROCESSES=2 runs it) and as 1, on PostgreSQL + Redis when DATABASE_URL
                      (postgres://) and REDIS_URL are set (a schema and key prefix of its own), else
                      on a SQLite file with in-memory buckets per process
  --prism-dir <dir>   where Prism ${PRISM_VERSION} is installed on demand (default ${join(tmpdir(), 'prism-bench')})
  --cpu-prof <dir>    write a V8 CPU profile of the reference server's process into <dir>
  --help`;

interface Options {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  targets: Set<Target>;
  prismDir: string;
  cpuProfileDir: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '20' },
      targets: { type: 'string', default: ALL.join(',') },
      'prism-dir': { type: 'string', default: join(tmpdir(), 'prism-bench') },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (raw: string, name: string, min: number) => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) throw new UsageError(`--${name} must be a number ≥ ${min} (got "${raw}")`);
    return value;
  };
  const targets = new Set<Target>();
  for (const name of values.targets
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(ALL as readonly string[]).includes(name)) throw new UsageError(`Unknown target "${name}"; choose from ${ALL.join(', ')}`);
    targets.add(name as Target);
  }
  return {
    durationSeconds: number(values.duration, 'duration', 1),
    warmupSeconds: number(values.warmup, 'warmup', 0),
    connections: Math.round(number(values.connections, 'connections', 1)),
    targets,
    prismDir: values['prism-dir'],
    cpuProfileDir: values['cpu-prof'],
  };
}

class UsageError extends Error {}

interface Row {
  target: Target;
  /** The table's name for the row, when not the target's label (the cluster target's two rows). */
  label?: string;
  /** Another operation than GET /projects (the reference server's other measured workloads). */
  operation?: string;
  /** API processes of a cluster row. */
  processes?: number;
  result?: LoadResult;
  /** CPU time (user + system) of the target's process per request of the measured run. */
  cpuMicrosPerRequest?: number;
  /** Why there is no (clean) measurement. */
  note?: string;
}

const log = (line: string) => console.log(line);

/**
 * Loads one target and reads its process's CPU time around the measured run: CPU µs per request
 * is the figure least disturbed by other work on the machine (throughput and latency are not).
 */
async function bench(
  label: string,
  url: string,
  headers: Record<string, string>,
  options: Options,
  cpuMicros: () => Promise<number | undefined>,
  request: Pick<LoadOptions, 'method' | 'body' | 'rotatingHeaders'> = {},
): Promise<Omit<Row, 'target'>> {
  log(`  ${label}: ${options.warmupSeconds}s warm-up, ${options.durationSeconds}s measured…`);
  let before: number | undefined;
  const result = await measure({
    url,
    headers,
    ...request,
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
    beforeMeasured: async () => {
      before = await cpuMicros();
    },
  });
  const after = await cpuMicros();
  const problems = problemsOf(result);
  return {
    result,
    ...(before !== undefined && after !== undefined && result.totalRequests > 0 ? { cpuMicrosPerRequest: (after - before) / result.totalRequests } : {}),
    ...(problems ? { note: problems } : {}),
  };
}

/** One request, checked, before a target is measured: a benchmark of 404s would be worthless. */
async function fetchChecked(url: string, headers: Record<string, string>, what: string): Promise<{ text: string; response: Response }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) {
    throw new Error(`${what} answered ${String(response.headers.get('content-type'))} instead of JSON`);
  }
  return { text, response };
}

function problemsOf(result: LoadResult): string | undefined {
  const problems: string[] = [];
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx (${JSON.stringify(result.statusCodes)})`);
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  return problems.length ? problems.join(', ') : undefined;
}

async function run(options: Options): Promise<Row[]> {
  const rows: Row[] = [];
  const workDir = mkdtempSync(join(tmpdir(), 'seo-geo-bench-server-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));

  // 1. The reference server. It always starts, even when not measured: its answer is the body the
  //    floors serve.
  const reference: ChildTarget = await startChildTarget(
    { type: 'start', kind: 'reference', sqliteFile: join(workDir, 'bench.db') },
    options.cpuProfileDir ? { cpuProfileDir: options.cpuProfileDir } : {},
  );
  let body: string;
  const auth = { authorization: `Bearer ${reference.apiKey!}` };
  try {
    const { text, response } = await fetchChecked(reference.url + API_PATH, auth, 'The reference server');
    const parsed = JSON.parse(text) as { data?: unknown[] };
    if (parsed.data?.length !== BENCH_PROJECTS) throw new Error(`Expected ${BENCH_PROJECTS} projects, got: ${text.slice(0, 300)}`);
    const anonymous = await fetch(reference.url + API_PATH);
    await anonymous.arrayBuffer();
    if (anonymous.status !== 401) throw new Error(`Without a key the reference server answered ${anonymous.status}, not 401`);
    body = text;
    log(`Reference server ready at ${reference.url} (SQLite file, ${BENCH_PLAN} key, ${BENCH_PROJECTS} projects, response validation off, logging silent).`);
    log(
      `  200, ${Buffer.byteLength(body)} bytes of JSON; X-RateLimit-Limit ${String(response.headers.get('x-ratelimit-limit'))}, ` +
        `X-RateLimit-Remaining ${String(response.headers.get('x-ratelimit-remaining'))} (the bench deepens the key's bucket so it never refuses).`,
    );
    log(`  rate-limit bypass: ${reference.bypass!}`);
    if (options.targets.has('reference')) {
      const before = (await reference.stats()).keyTakes;
      const measured = await bench(LABELS.reference, reference.url + API_PATH, auth, options, async () => (await reference.stats()).cpuMicros);
      const takes = (await reference.stats()).keyTakes - before;
      const completed = measured.result!.warmupRequests + measured.result!.totalRequests;
      log(`  the per-key rate limiter ran ${takes} times (autocannon completed ${completed} requests; the ones in flight when a run stops are not counted)`);
      rows.push({ target: 'reference', ...measured });
      rows.push(...(await benchOtherOperations(reference, options)));
    }
  } finally {
    await reference.stop();
  }

  // 1b. The reference server as one and as two API processes on one port, on the same store.
  if (options.targets.has('reference-x2')) rows.push(...(await benchCluster(workDir, options)));

  // 2 and 3. The floors, serving the captured bytes.
  for (const kind of ['node-http', 'express', 'express-validated'] as const) {
    if (!options.targets.has(kind)) continue;
    const target = await startChildTarget({ type: 'start', kind, body });
    try {
      const { text } = await fetchChecked(target.url + API_PATH, {}, LABELS[kind]);
      if (text !== body) throw new Error(`${LABELS[kind]} does not serve the captured body byte for byte`);
      rows.push({ target: kind, ...(await bench(LABELS[kind], target.url + API_PATH, auth, options, async () => (await target.stats()).cpuMicros)) });
    } finally {
      await target.stop();
    }
  }

  // 4. Prism. Not being able to fetch or start it is reported, not fatal.
  if (options.targets.has('prism')) {
    try {
      const cli = await ensurePrism(options.prismDir, log);
      const prism = await startPrism({ cli, document: DOCUMENT, probePath: PRISM_PATH, headers: auth });
      try {
        const { text } = await fetchChecked(prism.url + PRISM_PATH, auth, 'Prism');
        const parsed = JSON.parse(text) as { data?: unknown[] };
        if (!Array.isArray(parsed.data)) throw new Error(`Prism's answer is not a project list: ${text.slice(0, 300)}`);
        log(`Prism ready at ${prism.url} (serves the document's example, ${Buffer.byteLength(text)} bytes, at ${PRISM_PATH}).`);
        rows.push({
          target: 'prism',
          ...(await bench(LABELS.prism, prism.url + PRISM_PATH, auth, options, () => Promise.resolve(processCpuMicros(prism.pid)))),
        });
      } finally {
        await prism.stop();
      }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      log(`  Prism skipped: ${why}`);
      rows.push({ target: 'prism', note: `not measured: ${why.split('\n')[0]!}` });
    }
  }
  return rows;
}

/**
 * The same load on two other operations of the reference server: a write (POST /projects, each
 * request creating a project, the keys of many accounts taking turns so that no plan limit is
 * reached) and a filtered page of a completed audit's pages. No floor serves these.
 */
async function benchOtherOperations(reference: ChildTarget, options: Options): Promise<Row[]> {
  const workloads = reference.workloads!;
  const cpu = async () => (await reference.stats()).cpuMicros;
  const create = workloads.createProject;
  const post = await bench('reference: POST /projects', reference.url + API_PATH, { 'content-type': 'application/json' }, options, cpu, {
    method: 'POST',
    body: create.body,
    rotatingHeaders: create.apiKeys.map((key) => ({ authorization: `Bearer ${key}` })),
  });
  const pages = workloads.auditPages;
  const list = await bench(
    'reference: GET …/pages, filtered',
    reference.url + API_BASE + pages.pathAndQuery,
    { authorization: `Bearer ${pages.apiKey}` },
    options,
    cpu,
  );
  return [
    { target: 'reference', label: 'reference: POST /projects', operation: 'POST /projects', ...post },
    { target: 'reference', label: 'reference: GET …/pages (filtered)', operation: pages.pathAndQuery, ...list },
  ];
}

/** PostgreSQL and Redis when the machine has both (as scale mode runs), else a SQLite file. */
function clusterStores(workDir: string): { name: string; store: (processes: number) => ClusterStore } {
  const databaseUrl = process.env.DATABASE_URL?.trim() ?? '';
  const redisUrl = process.env.REDIS_URL?.trim() ?? '';
  if (/^postgres(ql)?:\/\//i.test(databaseUrl) && /^rediss?:\/\//i.test(redisUrl)) {
    return {
      name: 'PostgreSQL + Redis',
      store: () => {
        const suffix = randomBytes(4).toString('hex');
        return { kind: 'postgres', databaseUrl, schema: `bench_cluster_${suffix}`, redisUrl, keyPrefix: `bench:${suffix}:` };
      },
    };
  }
  return { name: 'SQLite file, buckets per process', store: (processes) => ({ kind: 'sqlite', sqliteFile: join(workDir, `cluster-${processes}.db`) }) };
}

/**
 * One API process, then two, each behind a cluster primary, each on a fresh store of the same
 * kind. The CPU time is the primary's and the API processes' together (not PostgreSQL's or Redis's).
 */
async function benchCluster(workDir: string, options: Options): Promise<Row[]> {
  const stores = clusterStores(workDir);
  if (stores.name.startsWith('SQLite')) log('DATABASE_URL (postgres://) and REDIS_URL are not both set: the cluster rows run on a SQLite file.');
  const rows: Row[] = [];
  for (const processes of [1, 2]) {
    const label = `reference ×${processes} (${stores.name})`;
    const store = stores.store(processes);
    const target = await startChildTarget({ type: 'start', kind: 'reference-cluster', processes, store });
    try {
      const auth = { authorization: `Bearer ${target.apiKey!}` };
      const { text } = await fetchChecked(target.url + API_PATH, auth, label);
      if ((JSON.parse(text) as { data?: unknown[] }).data?.length !== BENCH_PROJECTS)
        throw new Error(`${label}: expected ${BENCH_PROJECTS} projects, got: ${text.slice(0, 300)}`);
      log(`Reference ×${processes} ready at ${target.url}: ${processes} API process${processes > 1 ? 'es' : ''} behind a cluster primary, ${stores.name}.`);
      log(`  rate-limit bypass: ${target.bypass!}`);
      const before = (await target.stats()).keyTakes;
      const measured = await bench(label, target.url + API_PATH, auth, options, async () => (await target.stats()).cpuMicros);
      const takes = (await target.stats()).keyTakes - before;
      log(`  the per-key rate limiter ran ${takes} times (autocannon completed ${measured.result!.warmupRequests + measured.result!.totalRequests} requests)`);
      rows.push({ target: 'reference-x2', label, processes, ...measured });
    } finally {
      await target.stop();
      // The Redis keys of a run need no cleanup: a bucket's key expires once the bucket is full again.
      if (store.kind === 'postgres') await dropSchema(store.databaseUrl, store.schema);
    }
  }
  return rows;
}

function report(rows: Row[], options: Options): void {
  const fmt = (value: number | undefined, digits: number) => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));
  const table = [
    ['target', 'req/s (mean)', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'requests', 'note'],
    ...rows.map((row) => [
      row.label ?? LABELS[row.target],
      fmt(row.result?.requestsPerSecond, 0),
      fmt(row.result?.p50Ms, 2),
      fmt(row.result?.p99Ms, 2),
      fmt(row.cpuMicrosPerRequest, 0),
      row.result ? String(row.result.totalRequests) : '—',
      row.note ?? '',
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5]);
  log('');
  log(`GET ${API_PATH} — ${options.connections} connections, ${options.warmupSeconds}s warm-up + ${options.durationSeconds}s per target`);
  log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; load generator and each target in separate processes`);
  log('');
  for (const [index, line] of table.entries()) {
    log(
      line
        .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    );
    if (index === 0) log(widths.map((w) => '-'.repeat(w)).join('  '));
  }

  // Ratios only from clean runs: a run with errors or non-2xx answers measured something else.
  const clean = (target: Target) => {
    const row = rows.find((r) => r.target === target && !r.operation);
    return row?.result && !row.note ? row.result : undefined;
  };
  const ref = clean('reference');
  const refCpu = rows.find((r) => r.target === 'reference' && !r.operation && !r.note)?.cpuMicrosPerRequest;
  const lines: string[] = [];
  const verdict = (label: string, value: number | undefined, pass: (v: number) => boolean, goal: string, digits = 2) =>
    lines.push(
      `  ${label.padEnd(34)} ${value === undefined ? 'n/a' : value.toFixed(digits)}`.padEnd(44) +
        `  target ${goal.padEnd(8)} ${value === undefined ? 'NOT MEASURED' : pass(value) ? 'PASS' : 'MISS'}`,
    );
  const express = clean('express');
  const prism = clean('prism');
  const nodeHttp = clean('node-http');
  verdict('reference server CPU per request (µs)', refCpu, (v) => v <= TARGETS.cpuMicrosPerRequest, `≤ ${TARGETS.cpuMicrosPerRequest} µs`, 0);
  verdict(
    'reference ÷ plain Express (req/s)',
    ref && express ? ref.requestsPerSecond / express.requestsPerSecond : undefined,
    (v) => v >= TARGETS.expressRatio,
    `≥ ${TARGETS.expressRatio.toFixed(2)}`,
  );
  verdict(
    'reference ÷ Prism (req/s)',
    ref && prism ? ref.requestsPerSecond / prism.requestsPerSecond : undefined,
    (v) => v >= TARGETS.prismRatio,
    `≥ ${TARGETS.prismRatio}`,
  );
  verdict('reference p99 latency (ms)', ref?.p99Ms, (v) => v <= TARGETS.p99Ms, `≤ ${TARGETS.p99Ms} ms`);
  log('');
  log('Targets (measured, not asserted; the exit code does not depend on them):');
  for (const line of lines) log(line);
  if (ref && nodeHttp) log(`  (for scale: reference ÷ raw node:http = ${(ref.requestsPerSecond / nodeHttp.requestsPerSecond).toFixed(2)})`);
  const validated = clean('express-validated');
  if (express && validated) {
    log(`  (for scale: Express 5 + validator ÷ plain Express = ${(validated.requestsPerSecond / express.requestsPerSecond).toFixed(2)}, the validator alone)`);
  }

  // Two API processes against one, same store, same harness: clean runs only.
  const one = rows.find((r) => r.processes === 1);
  const two = rows.find((r) => r.processes === 2);
  if (one && two) {
    const store = /\((.*)\)$/.exec(two.label ?? '')?.[1] ?? '';
    log('');
    log(`Two API processes against one (node:cluster, ${store}):`);
    if (one.result && two.result && !one.note && !two.note) {
      log(`  req/s ×2 ÷ ×1                    ${(two.result.requestsPerSecond / one.result.requestsPerSecond).toFixed(2)}`);
      log(`  server CPU µs/req ×1 → ×2        ${fmt(one.cpuMicrosPerRequest, 0)} → ${fmt(two.cpuMicrosPerRequest, 0)} (primary and API processes)`);
    } else {
      log('  n/a: a run was not clean');
    }
    log(`  (${cpus().length} cores, shared by the load generator, the API processes${store.startsWith('PostgreSQL') ? ', PostgreSQL and Redis' : ''})`);
  }
}

// Cleanup runs on success, on error and on Ctrl-C: no child process or temp file survives.
const cleanups: (() => void)[] = [];
function cleanUp(): void {
  killAllTargets();
  killAllPrism();
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch {
      // best effort: a leftover temp dir must not hide the real outcome
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  try {
    const rows = await run(options);
    report(rows, options);
    if (options.cpuProfileDir) log(`\nCPU profile of the reference server written to ${options.cpuProfileDir}`);
    return 0;
  } catch (error) {
    console.error(`\nbench:server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    cleanUp();
  }
}

process.exitCode = await main();
