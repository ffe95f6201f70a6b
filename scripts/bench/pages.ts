// `npm run bench:pages [-- --pages N]`: an audit with N stored pages (default 100,000, at most
// 1,000,000, the most an account's cap allows); median and p99 time of GET .../audits/{auditId}/pages
// for page 1, page 500 and the last page, with and without filters (the `issue` filter alone and
// with the others too), and of the audit by issue (GET .../issues), over HTTP against the real
// server, on SQLite (a file) and on PostgreSQL when DATABASE_URL is set. Target: median under 20 ms
// in every case. Then the CSV export of a 5,000- and a 50,000-page audit and of the N-page one:
// time, and the process's peak RSS above what it was before the export (flat: no more for N pages
// than for 50,000). `--compare-offset` then deletes the audit's page blocks and measures the lists
// filtered by score or issue again, read as a run ranked before the blocks existed (an OFFSET over
// every earlier match): the figures from before, on the same data. `--skip-sqlite`: PostgreSQL alone.
// The link graph too: the inlinks of a page with about 15 and of a URL every page links to (pages
// 1, 500 and the last), a page's outlinks, and the broken and redirecting link targets. `--skip-export`
// leaves the exports out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { dropSchema } from './lib/postgres.js';
import { REDIRECTING_PAGE, BROKEN_PAGE, seedAudit, syntheticUrl } from './lib/synthetic-audit.js';
import { Agent } from 'undici';
import { loadConfig, createLogger, startServer, type RunningServer } from '@seo-geo/server';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '60' },
    'compare-offset': { type: 'boolean', default: false },
    'skip-sqlite': { type: 'boolean', default: false },
    'skip-export': { type: 'boolean', default: false },
  },
});
const PAGES = Number(values.pages);
const REQUESTS = Number(values.requests);
const COMPARE_OFFSET = values['compare-offset'];
if (!(Number.isSafeInteger(PAGES) && PAGES >= 100 && PAGES <= 1_000_000)) throw new Error('--pages must be a whole number from 100 to 1000000');
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

interface ExportRun {
  seconds: number;
  bytes: number;
  rows: number;
  /** The process's peak RSS above its RSS at the start (after a full GC). */
  peakRssMb: number;
  /** With `liveHeap`: the most heap still in use after a full GC, run at 0.5 MB received and every 5 MB after. */
  liveHeapMb: number | null;
}

/**
 * Streams the export through HTTP, reading and dropping each chunk; RSS sampled every 10 ms and
 * after each chunk. The peak RSS also holds garbage the collector has not yet reclaimed, which
 * depends on when V8 chooses to collect (and on the machine's load); `liveHeap` measures what the
 * export holds on to, the figure that must not grow with the audit, at the cost of the run's time.
 */
async function exportOnce(server: RunningServer, key: string, path: string, { liveHeap = false } = {}): Promise<ExportRun> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let live: number | null = null;
  let nextCollection = 2 ** 19;
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
      if (liveHeap && global.gc && bytes >= nextCollection) {
        nextCollection += 5 * 2 ** 20;
        global.gc();
        live = Math.max(live ?? 0, process.memoryUsage().heapUsed);
      }
    }
  } catch (error) {
    throw new Error(`the export failed after ${((performance.now() - t0) / 1000).toFixed(1)} s and ${bytes} bytes`, { cause: error });
  } finally {
    clearInterval(timer);
  }
  const mb = (n: number) => n / 2 ** 20;
  return { seconds: (performance.now() - t0) / 1000, bytes, rows: rows - 1, peakRssMb: mb(peak - before), liveHeapMb: live === null ? null : mb(live) };
}

/**
 * 5,000 and 50,000 pages seeded here, and the audit of the list cases: constant memory means the
 * same for all three. Each is exported twice as a client would (time, peak RSS), then once more
 * with a full GC every 5 MB to read the heap the export holds. Target: the largest audit's live
 * heap within 10 MB of the 50,000-page one's.
 */
async function benchExport(server: RunningServer, main: { key: string; path: string }): Promise<boolean> {
  const audits: Array<[number, { key: string; path: string }]> = [];
  for (const pages of [5_000, 50_000]) audits.push([pages, await seedAudit(server, pages)]);
  audits.push([PAGES, main]);
  console.log('  CSV export (streamed over HTTP)           seconds   MB sent     rows   peak RSS above start (two runs)   live heap (GC every 5 MB)');
  const live = new Map<number, number>();
  for (const [pages, audit] of audits) {
    const runs = [await exportOnce(server, audit.key, audit.path), await exportOnce(server, audit.key, audit.path)];
    const result = runs[1]!;
    if (result.rows !== pages) throw new Error(`the export of ${pages} pages had ${result.rows} rows`);
    const heap = (await exportOnce(server, audit.key, audit.path, { liveHeap: true })).liveHeapMb ?? Number.NaN;
    live.set(pages, heap);
    console.log(
      `  ${`${pages} pages`.padEnd(41)} ${result.seconds.toFixed(2).padStart(7)} ${(result.bytes / 2 ** 20).toFixed(1).padStart(9)} ${String(result.rows).padStart(8)}   ${`${runs.map((run) => run.peakRssMb.toFixed(1)).join(', ')} MB`.padEnd(32)}  ${Number.isNaN(heap) ? 'n/a (node --expose-gc)' : `${heap.toFixed(1)} MB`}`,
    );
  }
  const flat = live.get(PAGES)! - live.get(50_000)! < 10;
  console.log(`  export memory constant (live heap at ${PAGES} pages within 10 MB of 50,000): ${flat ? 'PASS' : 'MISS'}`);
  return flat;
}

/**
 * Lists measured: the filter, and its pages 1, 500 and the last, or the pages given (the cases the
 * 100,000-page bench measured first). h1_missing is on about a third of the pages, among the longest issue lists.
 */
const LIST_CASES: Array<{ label: string; filter: string; pages?: number[] }> = [
  { label: 'no filter', filter: '' },
  { label: 'hasSchema=true', filter: '&hasSchema=true' },
  { label: 'minGeoScore=60', filter: '&minGeoScore=60' },
  { label: 'both', filter: '&hasSchema=true&minGeoScore=60' },
  { label: 'issue=broken_internal_link', filter: '&issue=broken_internal_link', pages: [1, 100] },
  { label: 'issue=orphan_page&hasSchema=true', filter: '&issue=orphan_page&hasSchema=true', pages: [50] },
  { label: 'issue=h1_missing', filter: '&issue=h1_missing' },
  { label: 'issue=title_too_long&minGeoScore=60', filter: '&issue=title_too_long&minGeoScore=60' },
];

/** The link graph's lists of the seeded audit (see synthetic-audit.ts for its links). */
async function linkGraph(
  server: RunningServer,
  auditPath: string,
  newKey: () => Promise<string>,
  row: (label: string, result: { median: number; p99: number; items: number }) => void,
): Promise<void> {
  const url = (i: number) => encodeURIComponent(syntheticUrl(i));
  const everyPage = `${auditPath}/inlinks?url=${url(REDIRECTING_PAGE)}&pageSize=${PAGE_SIZE}`;
  const first = await fetch(`${server.baseUrl}${everyPage}`, { headers: { authorization: `Bearer ${await newKey()}` } });
  const last = ((await first.json()) as { meta: { totalPages: number } }).meta.totalPages;
  const typical = Math.floor(PAGES / 2) + 7;
  row('inlinks of a page (about 15)', await measure(server, await newKey(), `${auditPath}/inlinks`, `url=${url(typical)}&pageSize=${PAGE_SIZE}`));
  for (const page of [...new Set([1, Math.min(500, last), last])])
    row(
      `page ${page}, inlinks of a URL every page links to`,
      await measure(server, await newKey(), `${auditPath}/inlinks`, `url=${url(REDIRECTING_PAGE)}&page=${page}&pageSize=${PAGE_SIZE}`),
    );
  row(
    'inlinks of a URL every other page links to',
    await measure(server, await newKey(), `${auditPath}/inlinks`, `url=${url(BROKEN_PAGE)}&pageSize=${PAGE_SIZE}`),
  );
  row('outlinks of a page', await measure(server, await newKey(), `${auditPath}/outlinks`, `url=${url(typical)}&pageSize=${PAGE_SIZE}`));
  row('link targets, kind=broken', await measure(server, await newKey(), `${auditPath}/link-targets`, `kind=broken&pageSize=${PAGE_SIZE}`));
  row('link targets, kind=redirect', await measure(server, await newKey(), `${auditPath}/link-targets`, `kind=redirect&pageSize=${PAGE_SIZE}`));
}

/** Sorts and the range filters of 1.7: page 1, page 500 (an OFFSET over an index) and the last. */
const SORTED_CASES: Array<{ label: string; filter: string; pages?: number[] }> = [
  { label: 'sort=geoScore', filter: '&sort=geoScore' },
  { label: 'sort=-responseTimeMs', filter: '&sort=-responseTimeMs', pages: [1, 500] },
  { label: 'statusClass=2xx&sort=geoScore (the weakest)', filter: '&statusClass=2xx&sort=geoScore', pages: [1] },
  { label: 'statusClass=4xx', filter: '&statusClass=4xx' },
  { label: 'pathPrefix=/section-7/', filter: '&pathPrefix=%2Fsection-7%2F' },
  { label: 'minDepth=2&maxDepth=3&sort=-geoScore', filter: '&minDepth=2&maxDepth=3&sort=-geoScore', pages: [1, 50] },
  { label: 'maxGeoScore=20&hasSchema=true', filter: '&maxGeoScore=20&hasSchema=true', pages: [1] },
];

async function benchBackend(name: string, env: Record<string, string>): Promise<boolean> {
  console.log(`\n${name}`);
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false', IN_PROCESS_WORKERS: 'false', ...env });
  const server = await startServer({ config, logger: createLogger(process.env.BENCH_LOG ?? 'silent') });
  try {
    const { key, path, newKey } = await seedAudit(server, PAGES);
    let ok = true;
    const row = (label: string, result: { median: number; p99: number; items: number }, counts = true) => {
      const pass = result.median < 20;
      if (counts) ok &&= pass;
      console.log(
        `  ${label.padEnd(46)} ${result.median.toFixed(2).padStart(9)} ${result.p99.toFixed(2).padStart(8)} ${String(result.items).padStart(7)}  ${pass ? 'PASS' : 'MISS'}`,
      );
    };
    const header = (title: string) => console.log(`  ${title.padEnd(46)} median ms   p99 ms   items  median < 20 ms`);
    const lists = async (cases: typeof LIST_CASES, counts: boolean) => {
      for (const { label, filter, pages } of cases) {
        // The last page of a list depends on how many pages match; ask the API.
        const first = await fetch(`${server.baseUrl}${path}?pageSize=${PAGE_SIZE}${filter}`, { headers: { authorization: `Bearer ${key}` } });
        const last = ((await first.json()) as { meta: { totalPages: number } }).meta.totalPages;
        for (const page of pages ?? [...new Set([1, Math.min(500, last), last])]) {
          // A key of its own per case: 65 requests each, and the bench runs more than a minute's allowance of them.
          row(`page ${page}, ${label}`, await measure(server, await newKey(), path, `page=${page}&pageSize=${PAGE_SIZE}${filter}`), counts);
        }
      }
    };
    header(`case (pageSize ${PAGE_SIZE})`);
    await lists(LIST_CASES, true);
    header('sorted and range-filtered (1.7; not counted)');
    await lists(SORTED_CASES, false);
    const issuesPath = path.replace(/\/pages$/, '/issues');
    row('issues view', await measure(server, await newKey(), issuesPath, 'pageSize=100'));
    row('issues view, severity=warning', await measure(server, await newKey(), issuesPath, 'pageSize=100&severity=warning'));
    await linkGraph(server, path.replace(/\/pages$/, ''), newKey, row);
    if (COMPARE_OFFSET) {
      // As a run ranked before migration 0015 is stored: its lists filtered by score or issue read with OFFSET.
      await server.database.db.deleteFrom('audit_page_blocks').execute();
      header('without page blocks (OFFSET, as before 0015)');
      await lists(
        LIST_CASES.filter((c) => /minGeoScore|issue/.test(c.filter)),
        false,
      );
    }
    if (!values['skip-export']) ok = (await benchExport(server, { key, path })) && ok;
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
    if (!values['skip-sqlite']) results.push(['SQLite', await benchBackend('SQLite (file, WAL)', { DATABASE_URL: `sqlite:${join(dir, 'bench.db')}` })]);
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
  for (const [name, ok] of results) console.log(`${name}: every median under 20 ms, export memory constant: ${ok ? 'PASS' : 'MISS'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
