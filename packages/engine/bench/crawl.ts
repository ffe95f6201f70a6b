// Crawl benchmark: a generated 2,000-page site (20–60 KB of HTML, 20–50 links per page) served on
// 127.0.0.1, audited by our engine (crawl + analyse, runAudit) and crawled by crawlee's
// CheerioCrawler (fetch + cheerio parse + enqueueLinks), each in its own child process so that
// peak RSS is measured per crawler and not polluted by the site server.
//
// The engine runs as a worker process runs audits (crawl-engine.ts): the compiled JavaScript with
// `npm run worker`'s node flags, pages analysed in one analysis thread (ANALYSIS_THREADS=1) while
// the main thread fetches; and once more with analysis on the calling thread (ANALYSIS_THREADS=0,
// as tools run it).
//
// The contenders take turns, `--rounds` times (default 3), and the ratio is of their medians: on
// a shared 2-core machine one run of either can be 10% off.
//
//   npx tsx packages/engine/bench/crawl.ts [--pages=2000] [--concurrency=8] [--analysis-threads=1] [--rounds=3] [--skip-crawlee]
//
// crawlee is installed on demand at an exact version into a temp dir outside the workspace; it is
// never a dependency of this repository. Targets: ≥ 2.5× crawlee's pages/s as the worker runs,
// peak RSS < 200 MB.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledWorker } from '../../../scripts/bench/lib/compiled-worker.js';
import { workerNodeFlags } from '../../../scripts/bench/lib/worker-node-flags.js';
import { generatedSite } from '../test/fixtures/site/generated.js';
import { startFixtureServer } from '../test/fixtures/site/server.js';
import { benchArgs, runChild } from './child-process.js';

/** @crawlee/cheerio is the crawlee package that ships CheerioCrawler (the `crawlee` meta-package re-exports it). */
const CRAWLEE_PACKAGE = '@crawlee/cheerio@3.15.3';
const CRAWLEE_DIR = join(tmpdir(), 'crawlee-bench');

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
const ROUNDS = Math.max(1, Number(args.get('rounds') ?? 3));

const host = '127.0.0.1';
const routes = generatedSite({ pages: PAGES, links: [20, 50], bytes: [20_000, 60_000] });
const server = await startFixtureServer({ [host]: routes });
const origin = `http://${host}:${server.port}`;
console.log(`site: ${PAGES} pages at ${origin}, concurrency ${CONCURRENCY}, ${ROUNDS} round${ROUNDS > 1 ? 's' : ''}`);
try {
  const engineFile = await compiledWorker(fileURLToPath(new URL('./crawl-engine.ts', import.meta.url)), 'crawl-engine.mjs');
  console.log(`engine: compiled, node ${workerNodeFlags().join(' ')}`);
  const engineRun = (threads: number) =>
    runChild<WorkerResult>(process.execPath, [
      ...workerNodeFlags(),
      engineFile,
      `--origin=${origin}`,
      `--pages=${PAGES}`,
      `--concurrency=${CONCURRENCY}`,
      `--analysis-threads=${threads}`,
    ]);
  const withCrawlee = !args.has('skip-crawlee');
  if (withCrawlee) {
    ensureCrawlee();
    writeFileSync(join(CRAWLEE_DIR, 'worker.mjs'), CRAWLEE_WORKER);
  }
  const engine: WorkerResult[] = [];
  const inline: WorkerResult[] = [];
  const crawlee: WorkerResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}`);
    for (const [results, run] of [
      [engine, () => engineRun(THREADS)],
      [inline, () => engineRun(0)],
      ...(withCrawlee
        ? ([
            [
              crawlee,
              () => runChild<WorkerResult>(process.execPath, [join(CRAWLEE_DIR, 'worker.mjs'), origin, String(PAGES), String(CONCURRENCY)], CRAWLEE_DIR),
            ],
          ] as const)
        : []),
    ] as const) {
      server.log.length = 0;
      const result = await run();
      results.push(result);
      print(result);
    }
  }
  if (withCrawlee) {
    const ratio = median(engine) / median(crawlee);
    const perRound = engine.map((e, i) => (e.pagesPerSecond / crawlee[i]!.pagesPerSecond).toFixed(2)).join(', ');
    console.log(`medians: engine ${median(engine).toFixed(1)}, inline ${median(inline).toFixed(1)}, crawlee ${median(crawlee).toFixed(1)} pages/s`);
    console.log(
      `ratio (engine as the worker runs it / crawlee, medians): ${ratio.toFixed(2)}× (target ≥ 2.5×) ${ratio >= 2.5 ? 'PASS' : 'MISS'}; by round ${perRound}`,
    );
    console.log(`ratio (engine, analysis on the calling thread / crawlee, medians): ${(median(inline) / median(crawlee)).toFixed(2)}×`);
  }
  const peak = Math.max(...engine.map((r) => r.peakRssMb));
  console.log(`engine peak RSS ${peak.toFixed(0)} MB, the highest of ${engine.length} (target < 200 MB) ${peak < 200 ? 'PASS' : 'MISS'}`);
} finally {
  await server.close();
}

function median(results: readonly WorkerResult[]): number {
  const sorted = results.map((r) => r.pagesPerSecond).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
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
    `  ${r.crawler.padEnd(40)} ${String(r.pages).padStart(5)} pages  ${r.seconds.toFixed(2).padStart(7)} s  ${r.pagesPerSecond.toFixed(1).padStart(7)} pages/s  peak RSS ${r.peakRssMb.toFixed(0)} MB`,
  );
}
