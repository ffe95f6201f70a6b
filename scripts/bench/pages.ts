// `npm run bench:pages`: an audit with 100,000 stored pages; median and p99 time of
// GET .../audits/{auditId}/pages for page 1, page 500 and the last page, with and without
// filters (the `issue` filter too), and of the audit by issue (GET .../issues), over HTTP against
// the real server, on SQLite (a file) and on PostgreSQL when DATABASE_URL is set. Target: median
// under 20 ms in every case. Then the CSV export of a 5,000- and a 50,000-page audit: time, and
// the process's peak RSS above what it was before the export (flat: no more for 50,000 than 5,000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { dropSchema } from './lib/postgres.js';
import { seedAudit } from './lib/synthetic-audit.js';
import { Agent } from 'undici';
import { loadConfig, createLogger, startServer, type RunningServer } from '@seo-geo/server';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '100000' }, requests: { type: 'string', default: '60' } } });
const PAGES = Number(values.pages);
const REQUESTS = Number(values.requests);
const PAGE_SIZE = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(server: RunningServer, key: string, path: string, query: string): Promise<{ median: number; p99: number; items: number }> {
  const url = `${server.baseUrl}${path}?${query}`;
  const headers = { authorization: `Bearer ${key}` };
  let items = 0;
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { data: unknown[] };
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    items = body.data.length;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p99: percentile(times, 99), items };
}

/** Streams the export through HTTP, reading and dropping each chunk; RSS sampled every 10 ms and after each chunk. */
async function exportOnce(server: RunningServer, key: string, path: string): Promise<{ seconds: number; bytes: number; rows: number; peakRssMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 10);
  const t0 = performance.now();
  let bytes = 0;
  let rows = 0;
  try {
    // A connection of its own: seeding blocks the event loop, so a pooled one may have been closed unnoticed.
    const response = await fetch(`${server.baseUrl}${path}/export`, { headers: { authorization: `Bearer ${key}` }, dispatcher: new Agent() } as RequestInit);
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) rows++;
      sample();
    }
  } catch (error) {
    throw new Error(`the export failed after ${((performance.now() - t0) / 1000).toFixed(1)} s and ${bytes} bytes`, { cause: error });
  } finally {
    clearInterval(timer);
  }
  return { seconds: (performance.now() - t0) / 1000, bytes, rows: rows - 1, peakRssMb: (peak - before) / 2 ** 20 };
}

/** 5,000 and 50,000 pages seeded here, and the 100,000-page audit of the list cases: flat memory means the same peak for all three. */
async function benchExport(server: RunningServer, main: { key: string; path: string }): Promise<void> {
  const audits: Array<[number, { key: string; path: string }]> = [];
  for (const pages of [5_000, 50_000]) audits.push([pages, await seedAudit(server, pages)]);
  audits.push([PAGES, main]);
  console.log('  CSV export (streamed over HTTP)        seconds   MB sent   rows    peak RSS above start (two runs)');
  for (const [pages, audit] of audits) {
    const runs = [await exportOnce(server, audit.key, audit.path), await exportOnce(server, audit.key, audit.path)];
    const result = runs[1]!;
    if (result.rows !== pages) throw new Error(`the export of ${pages} pages had ${result.rows} rows`);
    const peaks = runs.map((run) => run.peakRssMb.toFixed(1)).join(', ');
    console.log(
      `  ${`${pages} pages`.padEnd(38)} ${result.seconds.toFixed(2).padStart(7)} ${(result.bytes / 2 ** 20).toFixed(1).padStart(9)} ${String(result.rows).padStart(6)}    ${peaks} MB`,
    );
  }
}

async function benchBackend(name: string, env: Record<string, string>): Promise<boolean> {
  console.log(`\n${name}`);
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false', IN_PROCESS_WORKERS: 'false', ...env });
  const server = await startServer({ config, logger: createLogger(process.env.BENCH_LOG ?? 'silent') });
  // The bench key must never hit its rate limit: requests here are far below agency's 1,200/min.
  try {
    const { key, path } = await seedAudit(server, PAGES);
    const lastPage = Math.ceil(PAGES / PAGE_SIZE);
    const filters: Array<[string, string]> = [
      ['no filter', ''],
      ['hasSchema=true', '&hasSchema=true'],
      ['minGeoScore=60', '&minGeoScore=60'],
      ['both', '&hasSchema=true&minGeoScore=60'],
    ];
    let ok = true;
    console.log('  case                                   median ms   p99 ms   items');
    for (const [label, filter] of filters) {
      // The last page of a filtered list depends on how many pages match; ask the API.
      const first = await fetch(`${server.baseUrl}${path}?pageSize=${PAGE_SIZE}${filter}`, { headers: { authorization: `Bearer ${key}` } });
      const total = ((await first.json()) as { meta: { totalPages: number } }).meta.totalPages;
      for (const page of [1, 500, label === 'no filter' ? lastPage : total]) {
        const result = await measure(server, key, path, `page=${page}&pageSize=${PAGE_SIZE}${filter}`);
        ok &&= result.median < 20;
        console.log(
          `  ${`page ${page}, ${label}`.padEnd(38)} ${result.median.toFixed(2).padStart(9)} ${result.p99.toFixed(2).padStart(8)} ${String(result.items).padStart(7)}`,
        );
      }
    }
    const issuesPath = path.replace(/\/pages$/, '/issues');
    for (const [label, target, query] of [
      ['issues view', issuesPath, 'pageSize=100'],
      ['issues view, severity=warning', issuesPath, 'pageSize=100&severity=warning'],
      ['issue=broken_internal_link, page 1', path, `pageSize=${PAGE_SIZE}&issue=broken_internal_link`],
      ['issue=broken_internal_link, page 100', path, `page=100&pageSize=${PAGE_SIZE}&issue=broken_internal_link`],
      ['issue=orphan_page&hasSchema=true, page 50', path, `page=50&pageSize=${PAGE_SIZE}&issue=orphan_page&hasSchema=true`],
    ] as const) {
      const result = await measure(server, key, target, query);
      ok &&= result.median < 20;
      console.log(`  ${label.padEnd(38)} ${result.median.toFixed(2).padStart(9)} ${result.p99.toFixed(2).padStart(8)} ${String(result.items).padStart(7)}`);
    }
    await benchExport(server, { key, path });
    return ok;
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  console.log(`bench:pages: ${PAGES} stored pages, pageSize ${PAGE_SIZE}, ${REQUESTS} sequential requests per case after 5 warm-ups`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const results: Array<[string, boolean]> = [];
  try {
    results.push(['SQLite', await benchBackend('SQLite (file, WAL)', { DATABASE_URL: `sqlite:${join(dir, 'bench.db')}` })]);
    const url = process.env.DATABASE_URL;
    if (url && /^postgres/.test(url)) {
      const schema = `bench_pages_${Date.now()}`;
      try {
        results.push(['PostgreSQL', await benchBackend('PostgreSQL', { DATABASE_URL: url, DATABASE_SCHEMA: schema })]);
      } finally {
        await dropSchema(url, schema);
      }
    } else {
      console.log('\nPostgreSQL: skipped (DATABASE_URL is not set to a postgres:// URL)');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('');
  for (const [name, ok] of results) console.log(`${name}: every median under 20 ms: ${ok ? 'PASS' : 'MISS'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
