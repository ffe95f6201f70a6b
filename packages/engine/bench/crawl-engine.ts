// The crawl bench's engine side (crawl.ts): one audit of the bench site, run as a worker process
// runs it. crawl.ts bundles this file (scripts/bench/lib/compiled-worker.ts) and starts it with
// `npm run worker`'s node flags, so the engine is the compiled JavaScript on plain node, with the
// worker's heap settings, and no TypeScript loader.
//
//   <node flags> crawl-engine.mjs --origin=http://127.0.0.1:PORT --pages=2000 --concurrency=8 --analysis-threads=1
import { createAnalysisPool, runAudit } from '@seo-geo/engine';
import { benchArgs, reportResult } from './child-process.js';
import { fetchedPage } from './pathological-pages.js';

const args = benchArgs();
const origin = args.get('origin')!;
const pages = Number(args.get('pages'));
const concurrency = Number(args.get('concurrency'));
const threads = Number(args.get('analysis-threads'));

const analyser = threads > 0 ? createAnalysisPool({ threads }) : undefined;
// A worker process keeps its threads from one audit to the next: they are started (one small
// page each) before the clock, so the figure is an audit's, not a process's first start.
const site = { host: new URL(origin).hostname, siteDomain: new URL(origin).hostname, robots: 'none' } as const;
if (analyser) await Promise.all(Array.from({ length: threads }, () => analyser.analyse(fetchedPage('<title>warm-up</title>'), site)));
const started = performance.now();
let audited = 0;
try {
  for await (const event of runAudit({
    seedUrl: `${origin}/`,
    primaryDomain: new URL(origin).hostname,
    maxPages: pages,
    limits: { perHostConcurrency: concurrency, maxConcurrency: concurrency, requestTimeoutMs: 30_000 },
    policy: { allowLoopback: true },
    ...(analyser ? { analyser } : {}),
  })) {
    if (event.type === 'page') audited++;
  }
} finally {
  await analyser?.close();
}
const seconds = (performance.now() - started) / 1000;
reportResult({
  crawler: `engine runAudit, ${threads > 0 ? `${threads} analysis thread${threads > 1 ? 's' : ''}` : 'inline analysis'}`,
  pages: audited,
  seconds,
  pagesPerSecond: audited / seconds,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
});
