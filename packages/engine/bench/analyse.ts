// Benchmark: median time to analyse realistic ~100 KB pages (target: under 5 ms): a text-heavy
// article (about 12,000 words, the worst case for the text measures) and a markup-heavy shop listing.
// Run: npx tsx packages/engine/bench/analyse.ts
//
// Each page is also parsed by htmlparser2 alone (a full parse with every callback), in the same
// run: the analysis time as a ratio to that parse survives a noisy machine where absolute
// milliseconds do not.

import { Parser } from 'htmlparser2';
import { Bench } from 'tinybench';
import { analysePage } from '../src/page/analyse-page.js';
import type { FetchedPage, SiteContext } from '../src/types.js';
import { parseRobots } from '../src/site/robots-txt.js';
import { listingPage, realisticPage } from './realistic-page.js';

const html = realisticPage(100_000);
const listing = listingPage(100_000);
const page: FetchedPage = {
  url: 'https://www.example.com/guides/answer-engines',
  finalUrl: 'https://www.example.com/guides/answer-engines',
  status: 200,
  contentType: 'text/html',
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: html,
  redirectChain: [],
  fetchedAt: new Date(0).toISOString(),
  durationMs: 0,
  ttfbMs: 40,
  bodyBytes: html.length,
};
const site: SiteContext = {
  host: 'www.example.com',
  siteDomain: 'example.com',
  robots: parseRobots('User-agent: GPTBot\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n', 'https://www.example.com/robots.txt'),
};

const listingFetched: FetchedPage = { ...page, url: 'https://www.example.com/lamps', finalUrl: 'https://www.example.com/lamps', body: listing };

for (const [name, p] of [
  ['article', page],
  ['listing', listingFetched],
] as const) {
  const once = analysePage(p, site);
  console.log(
    `${name} page: ${(Buffer.byteLength(p.body!) / 1024).toFixed(1)} KiB, ${once.wordCount} words, ${once.links.length} links, ${once.structuredData.length} items, score ${once.geoScore}`,
  );
}

const bench = new Bench({ time: 3000, warmupTime: 500 });
bench.add('analysePage (100 KB text-heavy article)', () => {
  analysePage(page, site);
});
bench.add('analysePage (100 KB markup-heavy listing)', () => {
  analysePage(listingFetched, site);
});
/** The floor of any analysis: one pass of the parser the analyser is built on, every event handled. */
const parseOnly = (body: string) => {
  let events = 0;
  const count = () => {
    events++;
  };
  const parser = new Parser({ onopentag: count, onclosetag: count, ontext: count, onattribute: count, oncomment: count }, { decodeEntities: true });
  parser.write(body);
  parser.end();
  return events;
};
bench.add('htmlparser2 parse (100 KB text-heavy article)', () => parseOnly(html));
bench.add('htmlparser2 parse (100 KB markup-heavy listing)', () => parseOnly(listing));
await bench.run();

for (const task of bench.tasks) {
  const r = task.result;
  if (!r || !('latency' in r)) continue;
  const latency = r.latency as { p50?: number; p99?: number; mean: number };
  console.log(
    `${task.name}: median ${latency.p50?.toFixed(3) ?? '?'} ms, mean ${latency.mean.toFixed(3)} ms, p99 ${latency.p99?.toFixed(3) ?? '?'} ms, ${r.throughput.mean.toFixed(0)} ops/s`,
  );
}

const median = (name: string) => (bench.tasks.find((t) => t.name === name)?.result as { latency?: { p50?: number } } | undefined)?.latency?.p50 ?? NaN;
for (const kind of ['text-heavy article', 'markup-heavy listing']) {
  const ratio = median(`analysePage (100 KB ${kind})`) / median(`htmlparser2 parse (100 KB ${kind})`);
  console.log(`${kind}: analysePage takes ${ratio.toFixed(2)}× htmlparser2's parse of the same page (medians, this run)`);
}

// Wall-clock figures suffer when other processes share the CPU; CPU time per page is the steadier
// measure of the analyser's own cost.
for (const [name, p] of [
  ['text-heavy article', page],
  ['markup-heavy listing', listingFetched],
] as const) {
  const runs = 300;
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) analysePage(p, site);
  const used = process.cpuUsage(before);
  console.log(`${name}: ${((used.user + used.system) / 1000 / runs).toFixed(3)} ms CPU time per page (mean of ${runs})`);
}
