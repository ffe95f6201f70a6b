// Render benchmark: N generated pages (a few KB of HTML and one small script that adds a paragraph)
// served on 127.0.0.1, rendered by the Chromium renderer at its default pool size, then fetched raw
// with guardedFetch at the same concurrency as the baseline. The renderer runs in a child process
// so that its peak RSS, and that of the Chromium processes it starts, is not the site server's.
//
//   npx tsx packages/engine/bench/render.ts [--pages=60] [--pool=2] [--chromium=/usr/bin/chromium]
//
// A render costs at least Playwright's network-idle window (500 ms without requests) on top of a
// new context, a renderer process and the load: waiting, not CPU, so a larger pool scales.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { createGuardedDispatcher } from '../src/net/dispatcher.js';
import { guardedFetch } from '../src/net/guarded-fetch.js';
import { createBrowserRenderer } from '../src/render/browser-renderer.js';
import { benchArgs, reportResult, runChild } from './child-process.js';

interface Result {
  pages: number;
  failed: number;
  seconds: number;
  pagesPerSecond: number;
  nodePeakRssMb: number;
  /** Peaks of the summed RSS (shared pages counted once per process) and PSS (shared pages split). */
  chromiumPeakRssMb: number;
  chromiumPeakPssMb: number;
}

const args = benchArgs();
const PAGES = Number(args.get('pages') ?? 60);
const CHROMIUM = args.get('chromium') ?? process.env.BROWSER_EXECUTABLE ?? '/usr/bin/chromium';
/** The renderer's default pool size; the raw baseline fetches with the same concurrency. */
const CONCURRENCY = Number(args.get('pool') ?? 2);
const POLICY = { allowLoopback: true };

function generatedPage(i: number): string {
  const paragraphs = Array.from({ length: 12 }, (_, p) => `<p>Section ${p} of page ${i}: ${'generated words for the render benchmark '.repeat(6)}</p>`).join(
    '\n',
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title></head><body><main id="main"><h1>Page ${i}</h1>${paragraphs}<a href="/page/${(i + 1) % PAGES}">next</a></main>
<script>document.getElementById('main').insertAdjacentHTML('beforeend', '<p id="late">Added by the script of page ${i}</p>');</script></body></html>`;
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`render bench SKIPPED: ${CHROMIUM} not found (install it with .ci/install-chromium.sh)`);
    return;
  }
  const server = createServer((req, res) => {
    const i = Number((req.url ?? '').split('/').pop());
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(generatedPage(Number.isInteger(i) ? i : 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`site: ${PAGES} pages of ~${(generatedPage(0).length / 1024).toFixed(1)} KB at ${origin}; concurrency ${CONCURRENCY}; ${CHROMIUM}`);
  try {
    const rendered = await runWorker(['--worker=render', `--origin=${origin}`]);
    print(`rendered (Chromium, pool ${CONCURRENCY})`, rendered);
    const raw = await runWorker(['--worker=raw', `--origin=${origin}`]);
    print('raw guardedFetch', raw);
    console.log(
      `ratio: rendering runs at ${((rendered.pagesPerSecond / raw.pagesPerSecond) * 100).toFixed(2)}% of raw fetching (${(raw.pagesPerSecond / rendered.pagesPerSecond).toFixed(0)}× slower)`,
    );
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

async function renderWorker(origin: string): Promise<void> {
  const sampler = sampleChildrenRss();
  const renderer = createBrowserRenderer({ executablePath: CHROMIUM, policy: POLICY, poolSize: CONCURRENCY });
  // The browser's start is paid once per relaunchAfter renders; it is kept out of the rate.
  await renderer.render(`${origin}/page/0`);
  const started = performance.now();
  const pages = await Promise.all(Array.from({ length: PAGES }, (_, i) => renderer.render(`${origin}/page/${i}`)));
  const seconds = (performance.now() - started) / 1000;
  const failed = pages.filter((p) => p.error !== null || !p.html?.includes('id="late"')).length;
  await renderer.close();
  reportResult({
    pages: PAGES,
    failed,
    seconds,
    pagesPerSecond: PAGES / seconds,
    nodePeakRssMb: process.resourceUsage().maxRSS / 1024,
    ...sampler.stop(),
  } satisfies Result);
}

async function rawWorker(origin: string): Promise<void> {
  const dispatcher = createGuardedDispatcher({ policy: POLICY, connectionsPerOrigin: CONCURRENCY });
  const limit = pLimit(CONCURRENCY);
  const fetchAll = (): Promise<Array<{ error?: unknown; body: Buffer | null }>> =>
    Promise.all(Array.from({ length: PAGES }, (_, i) => limit(() => guardedFetch(`${origin}/page/${i}`, { dispatcher }))));
  await fetchAll(); // warm-up, as the renderer's first render is
  const started = performance.now();
  const pages = await fetchAll();
  const seconds = (performance.now() - started) / 1000;
  await dispatcher.close();
  reportResult({
    pages: PAGES,
    failed: pages.filter((p) => p.error || !p.body).length,
    seconds,
    pagesPerSecond: PAGES / seconds,
    nodePeakRssMb: process.resourceUsage().maxRSS / 1024,
    chromiumPeakRssMb: 0,
    chromiumPeakPssMb: 0,
  } satisfies Result);
}

/** Peaks of this process's descendants' memory (Chromium and its helpers), sampled every 100 ms. */
function sampleChildrenRss(): { stop(): { chromiumPeakRssMb: number; chromiumPeakPssMb: number } } {
  let rss = 0;
  let pss = 0;
  const timer = setInterval(() => {
    const now = descendantsMemoryMb();
    rss = Math.max(rss, now.rss);
    pss = Math.max(pss, now.pss);
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { chromiumPeakRssMb: rss, chromiumPeakPssMb: pss };
    },
  };
}

function descendantsMemoryMb(): { rss: number; pss: number } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      // Gone while we looked.
    }
  }
  let rssKb = 0;
  let pssKb = 0;
  for (const pid of parents.keys()) {
    let up = parents.get(pid);
    while (up !== undefined && up > 1 && up !== process.pid) up = parents.get(up);
    if (up !== process.pid) continue;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone while we looked.
    }
  }
  return { rss: rssKb / 1024, pss: pssKb / 1024 };
}

/** A worker of this bench: this file again, with the worker's flags. */
function runWorker(workerArgs: string[]): Promise<Result> {
  return runChild<Result>(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...workerArgs, `--pages=${PAGES}`, `--chromium=${CHROMIUM}`]);
}

function print(label: string, r: Result): void {
  const chromium = r.chromiumPeakRssMb > 0 ? `, Chromium peak RSS ${r.chromiumPeakRssMb.toFixed(0)} MB (PSS ${r.chromiumPeakPssMb.toFixed(0)} MB)` : '';
  console.log(
    `${label.padEnd(30)} ${r.pages} pages (${r.failed} failed)  ${r.seconds.toFixed(2)} s  ${r.pagesPerSecond.toFixed(2)} pages/s  node peak RSS ${r.nodePeakRssMb.toFixed(0)} MB${chromium}`,
  );
}

if (args.has('worker')) {
  const origin = args.get('origin')!;
  await (args.get('worker') === 'render' ? renderWorker(origin) : rawWorker(origin));
} else {
  await main();
}
