// Benchmark: time per KB of analysing pathological pages (bench/pathological-pages.ts) at 100 KB,
// 1 MiB and 5 MiB, next to htmlparser2's own parse of the same page in the same run (bounded as
// the analyser bounds it: unbounded, htmlparser2 alone is quadratic on deep nesting). Flat time
// per KB (a 5 MiB ÷ 100 KB ratio near 1) is linear cost; a quadratic one grows 50-fold.
// Run: npx tsx packages/engine/bench/pathological.ts
import { BoundedParser } from '../src/markup/bounded-parser.js';
import { analysePage } from '../src/page/analyse-page.js';
import type { SiteContext } from '../src/types.js';
import { fetchedPage, PATHOLOGICAL_KINDS, pathologicalPage } from './pathological-pages.js';

const SIZES = [100 * 1024, 1024 * 1024, 5 * 1024 * 1024];
const site: SiteContext = { host: 'www.example.com', siteDomain: 'example.com', robots: null };

/** The fastest of `runs` timings: the machine's noise only ever adds. */
function fastest(runs: number, work: () => void): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

// Warm both paths up on an ordinary page first.
for (let i = 0; i < 3; i++) analysePage(fetchedPage(pathologicalPage('attributes-many-elements', 200 * 1024)), site);

console.log('kind                       ms/KB at 100 KB · 1 MiB · 5 MiB   5 MiB ÷ 100 KB   analysis ÷ htmlparser2 parse (5 MiB)');
for (const kind of PATHOLOGICAL_KINDS) {
  const perKb: number[] = [];
  let parseRatio = 0;
  for (const size of SIZES) {
    const html = pathologicalPage(kind, size);
    const kb = Buffer.byteLength(html) / 1024;
    const runs = size > 1024 * 1024 ? 1 : 3;
    const analysis = fastest(runs, () => analysePage(fetchedPage(html), site));
    perKb.push(analysis / kb);
    if (size === SIZES[SIZES.length - 1]) {
      const parse = fastest(runs, () => new BoundedParser({}, { decodeEntities: true, lowerCaseTags: true }).end(html));
      parseRatio = analysis / parse;
    }
  }
  const ratio = perKb[perKb.length - 1]! / perKb[0]!;
  console.log(
    `${kind.padEnd(26)} ${perKb
      .map((v) => v.toFixed(3))
      .join(' · ')
      .padEnd(34)} ${ratio.toFixed(2).padStart(6)}×          ${parseRatio.toFixed(1)}×`,
  );
}
