// The report: each run's figures against the targets as soon as it ends, then a summary line per
// run and, with several workers, their speed-up. A missed target prints MISS and nothing more: a
// benchmark measures, the exit code is for a broken harness.
import { FINAL } from './http.js';
import { WARM_UPS } from './latency.js';
import { PAGE_SIZE } from './lists.js';
import { mb, type DbResult, type ListTiming } from './result.js';

const TARGETS = { pagesPerSecond: 400, peakRssMb: 300, listMedianMs: 20 };

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const line = (label: string, value: string, target = '') => console.log(`  ${label.padEnd(44)} ${value.padStart(12)}  ${target}`);

export function report(result: DbResult, requests: number): void {
  console.log(`\n${result.name}: ${result.pagesCrawled} pages, stop reason ${String(result.stopReason)}`);
  reportSpeed(result);
  reportMemory(result);
  reportSizeAndCpu(result);
  reportLists(result, requests);
  if (result.profile) console.log(`\n  CPU profile of the worker\n${result.profile.replace(/^/gm, '  ')}`);
}

function reportSpeed(result: DbResult): void {
  line(
    'pages per second, end to end',
    result.pagesPerSecond.toFixed(1),
    `target ≥ ${TARGETS.pagesPerSecond}  ${verdict(result.pagesPerSecond >= TARGETS.pagesPerSecond)}`,
  );
  line('  wall time, POST to final status', `${result.wallSeconds.toFixed(1)} s`);
  line('  pages per second while crawling', result.crawlPagesPerSecond.toFixed(1));
  for (const { phase, seconds } of result.phases)
    line(`  phase ${phase}`, `${seconds.toFixed(1)} s`, `${((100 * seconds) / result.wallSeconds).toFixed(1)}% of the wall time`);
}

function reportMemory(result: DbResult): void {
  const rssTarget = `target < ${TARGETS.peakRssMb} MB  ${verdict(result.workerPeakMb < TARGETS.peakRssMb)}  (idle ${result.workerIdleMb.toFixed(0)} MB)`;
  line('worker peak RSS (VmHWM)', `${result.workerPeakMb.toFixed(0)} MB`, rssTarget);
  if (result.workers > 1) line('  each worker', result.workerPeaksMb.map((m) => m.toFixed(0)).join(', ') + ' MB');
  const peaks = result.peakByPhase.filter(([phase]) => !FINAL.has(phase)).map(([phase, rss]) => `${phase} ${rss.toFixed(0)}`);
  line('  highest RSS polled, by phase', '', `${peaks.join(', ')} MB`);
  const heap = result.heapAtPeak;
  if (!heap) return;
  const other = heap.rss - heap.heapTotal - heap.external;
  const detail = `V8 heap ${mb(heap.heapTotal).toFixed(0)} MB (${mb(heap.heapUsed).toFixed(0)} used), external ${mb(heap.external).toFixed(0)} MB (array buffers ${mb(heap.arrayBuffers).toFixed(0)}), code + native + malloc ${mb(other).toFixed(0)} MB`;
  line('  at the highest RSS the worker sampled', `${mb(heap.rss).toFixed(0)} MB`, detail);
  const spaces = Object.entries(heap.spaces)
    .filter(([, bytes]) => bytes >= 2 ** 20)
    .sort((a, b) => b[1] - a[1])
    .map(([space, bytes]) => `${space.replace(/_space$/, '')} ${mb(bytes).toFixed(0)}`);
  line('  V8 heap spaces then', '', `${spaces.join(', ')} MB`);
}

function reportSizeAndCpu(result: DbResult): void {
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
}

function reportLists(result: DbResult, requests: number): void {
  console.log(
    `  lists (${requests} sequential requests each after ${WARM_UPS} warm-ups, pageSize ${PAGE_SIZE}):  median ms   p99 ms   items   total     KB  in service`,
  );
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
}

export function summary(results: DbResult[]): void {
  console.log('\nsummary');
  const worst = (lists: ListTiming[]) => Math.max(...lists.map((l) => l.median));
  for (const r of results) {
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
