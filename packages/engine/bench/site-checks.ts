// Benchmark of the site checks at the scale they are designed for: 50,000 synthetic pages of
// about 100 internal links each (plus external links, hreflang pairs, near-duplicates, redirects
// and broken pages), indexed one at a time as an audit would (each PageAnalysis dropped once
// indexed), then checked. Prints the time of each step and the heap the index keeps.
//
//   npx tsx packages/engine/bench/site-checks.ts [--pages=50000] [--links=100] [--memory-mb=32]
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_PAGED_BUDGET_BYTES } from '../src/compact/paged-memory.js';
import { Verdict } from '../src/site-checks/external-verdict.js';
import type { ExternalLinkReport } from '../src/site-checks/external-links.js';
import { runSiteChecks } from '../src/site-checks/run-site-checks.js';
import { SiteIndex } from '../src/site-checks/site-index.js';
import type { LinkInfo } from '../src/types.js';
import type { PageAnalysis } from '../src/page/analysis.js';
import { mulberry32 } from '../test/fixtures/prng.js';

const arg = (name: string, fallback: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const PAGES = arg('pages', 50_000);
const LINKS = arg('links', 100);
/** The paged memory's budget (the index's columns and the checks' arrays). */
const MEMORY_MB = arg('memory-mb', DEFAULT_PAGED_BUDGET_BYTES / 1024 / 1024);
/** External targets: 200 hosts of 100 pages each. */
const EXTERNAL_HOSTS = 200;
const EXTERNAL_PATHS = 100;
const ORIGIN = 'https://www.example.com';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** JS heap and typed-array backing stores (which V8 keeps outside the heap), after a full GC. */
const heap = (): { js: number; buffers: number } => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { js: m.heapUsed, buffers: m.arrayBuffers };
};
const growth = (from: { js: number; buffers: number }, to: { js: number; buffers: number }): string =>
  `${mb(to.js + to.buffers - from.js - from.buffers)} (JS heap ${mb(to.js - from.js)}, array buffers ${mb(to.buffers - from.buffers)})`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const urlOf = (i: number): string => (i === 0 ? `${ORIGIN}/` : `${ORIGIN}/section-${i % 50}/page-${i}`);
/**
 * Page i's content signature: 64 random values, except that every 50th page copies page i-1's
 * with one value changed (two on every 100th): near-duplicates at 63/64 and 62/64.
 */
function contentSignature(i: number): Uint32Array {
  const own = (j: number): Uint32Array => {
    const random = mulberry32(j * 7 + 1);
    return Uint32Array.from({ length: 64 }, () => Math.floor(random() * 2 ** 32));
  };
  if (i % 50 !== 1 || i <= 1) return own(i);
  const copy = own(i - 1);
  copy[i % 64]! ^= 1;
  if (i % 100 === 1) copy[(i + 32) % 64]! ^= 1;
  return copy;
}

function syntheticPage(i: number): PageAnalysis {
  const random = mulberry32(i + 1);
  const url = urlOf(i);
  const broken = i % 50 === 7;
  const redirected = i % 100 === 9;
  const link = (target: number, rel: string[] = []): LinkInfo => ({ href: urlOf(target), text: `Page ${target}`, internal: true, rel });
  const links: LinkInfo[] = [];
  if (!broken) {
    for (let n = 0; n < 20; n++) links.push(link(n)); // site navigation
    for (let c = i * 3 + 1; c <= i * 3 + 3 && c < PAGES; c++) links.push(link(c)); // tree children: all reachable
    while (links.length < LINKS - 5) links.push(link(Math.floor(random() * PAGES)));
    links.push(link(Math.floor(random() * PAGES), ['nofollow']));
    for (let e = 0; e < 4; e++)
      links.push({
        href: `https://source-${Math.floor(random() * EXTERNAL_HOSTS)}.test/${Math.floor(random() * EXTERNAL_PATHS)}`,
        text: 'source',
        internal: false,
        rel: [],
      });
  }
  return {
    url,
    redirectTarget: redirected ? `${url}/moved` : null,
    redirectType: redirected ? '301' : null,
    indexable: !broken && !redirected,
    indexabilityStatus: broken ? 'client_error' : redirected ? 'redirect' : null,
    finalUrl: redirected ? `${url}/moved` : url,
    statusCode: broken ? 404 : 200,
    contentType: 'text/html',
    isHtml: true,
    title: i % 100 === 3 ? 'A title shared by one page in a hundred' : `Page ${i} of the example site`,
    metaDescription: `What page ${i % 40_000} is about, in a sentence or two.`,
    lang: 'en',
    canonical: i % 200 === 5 ? urlOf(i - 1) : url,
    robotsDirectives: i % 500 === 11 ? ['noindex'] : [],
    headings: [],
    wordCount: 500,
    links,
    imagesWithoutAlt: 0,
    vagueLinkTexts: [],
    structuredData: [],
    structuredDataErrors: [],
    hasSchema: false,
    schemaTypes: [],
    quotations: 0,
    statistics: 0,
    citations: 0,
    readability: { fleschReadingEase: 60, meanSentenceLength: 15 },
    aiAgentAccess: {},
    rubricId: 'bench',
    geoScore: 50,
    checks: [],
    issues: [],
    fetchedAt: new Date(0).toISOString(),
    error: null,
    redirectChain: redirected ? [url, `${url}/moved`] : [],
    hreflangs:
      i % 10 === 0 && i > 0
        ? [
            { hreflang: 'en', href: url },
            { hreflang: 'fr', href: urlOf(i + 1) },
          ]
        : [],
    contentSignature: broken ? null : contentSignature(i),
    contentHash: broken ? null : `hash-${i % 5_000}`,
    ttfbMs: 100,
    htmlBytes: 50_000,
    rendering: null,
    resources: [],
    metaRobots: null,
    xRobotsTag: null,
    h1: null,
    h1Count: null,
    h2Count: null,
    internalOutlinks: null,
    externalOutlinks: null,
    titlePixelWidth: null,
    responseTimeMs: null,
    sizeBytes: null,
  };
}

// Making the synthetic pages is not the index's cost: timed apart, and subtracted.
let started = performance.now();
for (let i = 0; i < PAGES; i++) syntheticPage(i);
const generateMs = performance.now() - started;

const before = heap();
const index = new SiteIndex({ seedUrl: urlOf(0), externalLinks: true, memory: { budgetBytes: MEMORY_MB * 1024 * 1024 } });
// Every page is listed, plus 1,000 URLs that were never crawled.
index.addSitemapUrls([...Array.from({ length: PAGES }, (_, i) => urlOf(i)), ...Array.from({ length: 1000 }, (_, i) => `${ORIGIN}/retired/${i}`)]);
let links = 0;
started = performance.now();
for (let i = 0; i < PAGES; i++) {
  const page = syntheticPage(i);
  links += page.links.length;
  index.add(page);
}
const indexMs = performance.now() - started;
const indexed = heap();

// A stand-in for the network check: one external target in a hundred is broken.
const externalUrls = index.externalUrls!;
const verdicts = new Uint8Array(externalUrls.size).fill(Verdict.Ok);
const reasons = new Map<number, string>();
for (let id = 0; id < externalUrls.size; id += 100) {
  verdicts[id] = Verdict.Broken;
  reasons.set(id, '404');
}
const external: ExternalLinkReport = { findings: { checked: externalUrls.size, broken: reasons.size, notChecked: 0 }, verdicts, reasons };

started = performance.now();
const checks = runSiteChecks(index, external);
const aggregatesMs = performance.now() - started;
const withAggregates = heap();
started = performance.now();
const counts = new Map<string, number>();
let results = 0;
let maxDepth = 0;
for (const result of checks.results()) {
  results++;
  maxDepth = Math.max(maxDepth, result.depth ?? 0);
  for (const issue of result.issues) counts.set(issue.code, (counts.get(issue.code) ?? 0) + 1);
}
const resultsMs = performance.now() - started;

console.log(
  `${PAGES} pages, ${links} links (${(links / PAGES).toFixed(0)} per page), ${index.urls.size} distinct URLs, ${externalUrls.size} distinct external targets`,
);
const addMs = indexMs - generateMs;
console.log(
  `index: ${addMs.toFixed(0)} ms to add every page (${((addMs * 1000) / PAGES).toFixed(1)} µs per page; making the synthetic pages took another ${generateMs.toFixed(0)} ms)`,
);
console.log(`index: retains ${growth(before, indexed)}; its columns and URL ids ${mb(index.byteLength)}; links, signatures and URL strings are in its files`);
console.log(
  `checks: ${aggregatesMs.toFixed(0)} ms for the aggregates (link graph, depth, duplicates, near-duplicate LSH), memory +${growth(indexed, withAggregates)}`,
);
console.log(`checks: ${resultsMs.toFixed(0)} ms to stream ${results} site-page results (max depth ${maxDepth})`);
console.log(`near-duplicates: ${checks.nearDuplicates.clusters} clusters, ${checks.nearDuplicates.pages} pages`);
const { reads, writes } = index.paged;
console.log(`paged memory: a budget of ${MEMORY_MB} MB; ${reads} blocks read back from its file, ${writes} written to it`);
console.log(
  `issues: ${[...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n}`)
    .join(', ')}`,
);
