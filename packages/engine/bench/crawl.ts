// Crawl benchmark: a generated 2,000-page site (20–60 KB of HTML, 20–50 links per page) served on
// 127.0.0.1, audited by our engine (crawl + analyse, runAudit) and crawled by crawlee's
// CheerioCrawler (fetch + cheerio parse + enqueueLinks), each in its own child process so that
// peak RSS is measured per crawler and not polluted by the site server.
//
// The engine runs twice, each time with the heap settings `npm run worker` gives node: as a worker
// process runs audits (pages analysed in one analysis thread, ANALYSIS_THREADS=1, while the main
// thread fetches), and with analysis on the calling thread (ANALYSIS_THREADS=0, as tools run it).
//
//   npx tsx packages/engine/bench/crawl.ts [--pages=2000] [--concurrency=8] [--analysis-threads=1] [--skip-crawlee]
//
// crawlee is installed on demand at an exact version into a temp dir outside the workspace; it is
// never a dependency of this repository. Targets: ≥ 2.5× crawlee's pages/s as the worker runs,
// peak RSS < 200 MB.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAudit } from '../src/audit/run-audit.js';
import { createAnalysisPool } from '../src/page/analysis-pool.js';
import { workerHeapFlags } from '../../../scripts/bench/lib/worker-node-flags.js';
import { fetchedPage } from './pathological-pages.js';
import { generatedSite } from '../test/fixtures/site/generated.js';
import { startFixtureServer } from '../test/fixtures/site/server.js';
import { benchArgs, reportResult, runChild } from './child-process.js';

/** @crawlee/cheerio is the crawlee package that ships CheerioCrawler (the `crawlee` meta-package re-exports it). */
const CRAWLEE_PACKAGE = '@crawlee/cheerio@3.15.3';
const CRAWLEE_DIR = join(tmpdir(), 'crawlee-bench');

interface WorkerResult {
  crawler: string;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  peakRssMb: number;
}

const args = benchArgs();
const PAGES = Number(args.get('pages') ?? 2000);
const CONCURRENCY = Number(args.get('concurrency') ?? 8);
/** The worker's analysis threads (ANALYSIS_THREADS, default 1). */
const THREADS = Number(args.get('analysis-threads') ?? 1);

async function main(): Promise<void> {
  const host = '127.0.0.1';
  const routes = generatedSite({ pages: PAGES, links: [20, 50], bytes: [20_000, 60_000] });
  const server = await startFixtureServer({ [host]: routes });
  const origin = `http://${host}:${server.port}`;
  console.log(`site: ${PAGES} pages at ${origin}, concurrency ${CONCURRENCY}`);
  try {
    const engineRun = (threads: number) =>
      runChild<WorkerResult>(process.execPath, [
        ...process.execArgv,
        ...workerHeapFlags(),
        fileURLToPath(import.meta.url),
        '--worker=engine',
        `--origin=${origin}`,
        `--pages=${PAGES}`,
        `--concurrency=${CONCURRENCY}`,
        `--analysis-threads=${threads}`,
      ]);
    const engine = await engineRun(THREADS);
    print(engine);
    server.log.length = 0;
    const inline = await engineRun(0);
    print(inline);
    if (args.has('skip-crawlee')) return;
    ensureCrawlee();
    const worker = join(CRAWLEE_DIR, 'worker.mjs');
    writeFileSync(worker, CRAWLEE_WORKER);
    server.log.length = 0;
    const crawlee = await runChild<WorkerResult>(process.execPath, [worker, origin, String(PAGES), String(CONCURRENCY)], CRAWLEE_DIR);
    print(crawlee);
    const ratio = engine.pagesPerSecond / crawlee.pagesPerSecond;
    console.log(`ratio (engine as the worker runs it / crawlee pages per second): ${ratio.toFixed(2)}× (target ≥ 2.5×) ${ratio >= 2.5 ? 'PASS' : 'MISS'}`);
    console.log(`ratio (engine, analysis on the calling thread / crawlee): ${(inline.pagesPerSecond / crawlee.pagesPerSecond).toFixed(2)}×`);
    console.log(`engine peak RSS ${engine.peakRssMb.toFixed(0)} MB (target < 200 MB) ${engine.peakRssMb < 200 ? 'PASS' : 'MISS'}`);
  } finally {
    await server.close();
  }
}

async function engineWorker(origin: string, threads: number): Promise<void> {
  const analyser = threads > 0 ? createAnalysisPool({ threads }) : undefined;
  // A worker process keeps its threads from one audit to the next: they are started (one small
  // page each) before the clock, so the figure is an audit's, not a process's first start.
  const site = { host: new URL(origin).hostname, siteDomain: new URL(origin).hostname, robots: 'none' } as const;
  await Promise.all(Array.from({ length: threads }, () => analyser!.analyse(fetchedPage('<title>warm-up</title>'), site)));
  const started = performance.now();
  let pages = 0;
  try {
    for await (const event of runAudit({
      seedUrl: `${origin}/`,
      primaryDomain: new URL(origin).hostname,
      maxPages: PAGES,
      limits: { perHostConcurrency: CONCURRENCY, maxConcurrency: CONCURRENCY, requestTimeoutMs: 30_000 },
      policy: { allowLoopback: true },
      ...(analyser ? { analyser } : {}),
    })) {
      if (event.type === 'page') pages++;
    }
  } finally {
    await analyser?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  reportResult({
    crawler: `engine runAudit, ${threads > 0 ? `${threads} analysis thread${threads > 1 ? 's' : ''}` : 'inline analysis'}`,
    pages,
    seconds,
    pagesPerSecond: pages / seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  } satisfies WorkerResult);
}

function ensureCrawlee(): void {
  if (existsSync(join(CRAWLEE_DIR, 'node_modules', '@crawlee', 'cheerio', 'package.json'))) return;
  mkdirSync(CRAWLEE_DIR, { recursive: true });
  if (!existsSync(join(CRAWLEE_DIR, 'package.json'))) writeFileSync(join(CRAWLEE_DIR, 'package.json'), '{"name":"crawlee-bench","private":true}\n');
  console.log(`installing ${CRAWLEE_PACKAGE} into ${CRAWLEE_DIR} …`);
  const result = spawnSync('npm', ['install', '--prefix', CRAWLEE_DIR, '--no-audit', '--no-fund', CRAWLEE_PACKAGE], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm install ${CRAWLEE_PACKAGE} failed`);
}

function print(r: WorkerResult): void {
  console.log(
    `${r.crawler.padEnd(40)} ${String(r.pages).padStart(5)} pages  ${r.seconds.toFixed(2).padStart(7)} s  ${r.pagesPerSecond.toFixed(1).padStart(7)} pages/s  peak RSS ${r.peakRssMb.toFixed(0)} MB`,
  );
}

// crawlee's side: same site, same concurrency, in-memory storage (no disk writes), the default
// HTTP client; the handler parses with cheerio (done by CheerioCrawler) and enqueues same-host links.
const CRAWLEE_WORKER = `
import { CheerioCrawler } from '@crawlee/cheerio';
import { Configuration } from '@crawlee/core';
const [origin, pages, concurrency] = process.argv.slice(2);
const started = performance.now();
let count = 0;
const crawler = new CheerioCrawler({
  maxRequestsPerCrawl: Number(pages),
  minConcurrency: Number(concurrency),
  maxConcurrency: Number(concurrency),
  maxRequestRetries: 0,
  async requestHandler({ $, enqueueLinks }) {
    count++;
    $('title').text();
    await enqueueLinks({ strategy: 'same-hostname' });
  },
}, new Configuration({ persistStorage: false, logLevel: 2 }));
await crawler.run([origin + '/']);
const seconds = (performance.now() - started) / 1000;
process.stdout.write('RESULT ' + JSON.stringify({ crawler: 'crawlee CheerioCrawler ${CRAWLEE_PACKAGE.slice(CRAWLEE_PACKAGE.lastIndexOf('@') + 1)}', pages: count, seconds, pagesPerSecond: count / seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 }) + '\\n');
`;

// Dispatch last: the worker source above must be initialised before main() uses it.
if (args.has('worker')) {
  await engineWorker(args.get('origin')!, THREADS);
} else {
  await main();
}
