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
import { sql } from 'kysely';
import { dropSchema } from './lib/postgres.js';
import { Agent } from 'undici';
import { loadConfig, createLogger, startServer, type RunningServer, uuidv7, type NewAuditPage } from '@seo-geo/server';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '100000' }, requests: { type: 'string', default: '60' } } });
const PAGES = Number(values.pages);
const REQUESTS = Number(values.requests);
const PAGE_SIZE = 100;

/** Issue codes the synthetic pages carry, a few each, so that the audit by issue has real spread. */
const ISSUE_CODES: Array<[string, 'error' | 'warning' | 'notice']> = [
  ['title_too_long', 'notice'],
  ['title_too_short', 'notice'],
  ['meta_description_missing', 'warning'],
  ['h1_missing', 'warning'],
  ['h1_multiple', 'notice'],
  ['thin_content', 'warning'],
  ['images_missing_alt', 'warning'],
  ['vague_link_text', 'notice'],
  ['title_duplicate', 'warning'],
  ['meta_description_duplicate', 'warning'],
  ['content_near_duplicate', 'warning'],
  ['crawl_depth_high', 'notice'],
  ['inlinks_few', 'notice'],
  ['internal_link_to_redirect', 'notice'],
  ['broken_internal_link', 'error'],
  ['orphan_page', 'warning'],
  ['open_graph_incomplete', 'notice'],
  ['viewport_missing', 'warning'],
  ['structured_data_invalid', 'error'],
  ['canonical_to_non_200', 'error'],
];

function issuesOf(i: number): NewAuditPage['issues'] {
  // Page i has 2 to 5 codes, spread so that some codes touch most pages and some very few.
  const picked = new Set<number>();
  for (let k = 0; k < 2 + (i % 4); k++) picked.add(((i * (k + 3)) ^ (k * 7919)) % ISSUE_CODES.length);
  return [...picked].map((n) => ({ code: ISSUE_CODES[n]![0], severity: ISSUE_CODES[n]![1], message: `Synthetic ${ISSUE_CODES[n]![0]}.` }));
}

const CHECKS = ['A1', 'A2', 'A3', 'E1', 'E2', 'E3', 'R1', 'R2', 'M1', 'M3'].map((id, i) => ({
  id,
  name: `Check ${id}`,
  status: i % 3 === 0 ? ('fail' as const) : ('pass' as const),
  earned: i % 3 === 0 ? 0 : 5,
  max: 5,
  evidence: 'Measured on the page.',
  fix: i % 3 === 0 ? 'Change the page.' : null,
}));

function syntheticPage(auditRunId: string, i: number, now: number): NewAuditPage {
  const score = (i * 37) % 101;
  return {
    id: uuidv7(now),
    auditRunId,
    url: `https://bench.example/section-${i % 50}/page-${String(i).padStart(6, '0')}`,
    finalUrl: `https://bench.example/section-${i % 50}/page-${String(i).padStart(6, '0')}`,
    statusCode: 200,
    contentType: 'text/html',
    title: `Page ${i}`,
    metaDescription: `Description of page ${i}`,
    lang: 'en',
    wordCount: 300 + (i % 900),
    geoScore: score,
    hasSchema: i % 3 !== 0,
    schemaTypes: i % 3 !== 0 ? ['Article'] : [],
    structuredData: i % 3 !== 0 ? [{ syntax: 'json-ld', types: ['Article'], richResult: 'Article', errors: [], warnings: [] }] : [],
    rubricId: 'geo-2026.1',
    checks: CHECKS,
    issues: issuesOf(i),
    fetchedAt: new Date(now).toISOString(),
  };
}

async function seed(server: RunningServer, pages = PAGES): Promise<{ key: string; path: string }> {
  const created = await server.services.apiKeys.createKey({ email: `bench-${Date.now()}-${pages}@example.com`, plan: 'agency' });
  const principal = await server.services.apiKeys.authenticate(`Bearer ${created.apiKey}`);
  if (!principal.ok) throw new Error('bench key did not authenticate');
  const project = await server.services.projects.create(principal.principal, { name: 'Bench', primaryDomain: 'https://bench.example' });
  const run = await server.services.audits.start(principal.principal, project.id, { maxPages: 50_000 });
  const now = Date.now();
  const started = performance.now();
  for (let i = 0; i < pages; i += 5000) {
    const batch = Array.from({ length: Math.min(5000, pages - i) }, (_, j) => syntheticPage(run.id, i + j, now));
    await server.repositories.auditPages.insertMany(batch);
  }
  console.log(`  seeded ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Finish the audit as its worker does: mark it running, then rank its pages and complete it.
  const ranking = performance.now();
  await server.repositories.auditRuns.markRunning(run.id, now);
  const summary = {
    pagesAudited: pages,
    pagesScored: pages,
    avgGeoScore: 50,
    pagesWithSchema: pages - Math.ceil(pages / 3),
    issueCounts: { error: 0, warning: pages, notice: 0 },
    site: {
      robotsTxt: { present: true, blockedAiAgents: [] },
      sitemap: { present: true, urlCount: pages },
      llmsTxt: { present: false, wellFormed: false },
      nearDuplicates: null,
      externalLinks: null,
    },
  };
  await server.database.db.transaction().execute(async (trx) => {
    await server.repositories.auditRuns.complete(run.id, { summary, stopReason: 'max_pages_reached', now }, trx);
    await server.repositories.auditPages.rank(run.id, trx);
    await server.repositories.auditIssues.finalise(run.id, trx);
    await server.repositories.auditRuns.markPagesRanked(run.id, trx);
  });
  // One statement each: PostgreSQL runs several in one string as a transaction, where VACUUM may not run.
  for (const statement of server.database.dialect === 'postgres' ? ['VACUUM ANALYZE audit_pages', 'VACUUM ANALYZE audit_page_issues'] : ['ANALYZE']) {
    await sql.raw(statement).execute(server.database.db);
  }
  console.log(`  completed the audit (ranked its pages, totalled its issues) in ${((performance.now() - ranking) / 1000).toFixed(1)} s`);
  return { key: created.apiKey, path: `/projects/${project.id}/audits/${run.id}/pages` };
}

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
  for (const pages of [5_000, 50_000]) audits.push([pages, await seed(server, pages)]);
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
    const { key, path } = await seed(server);
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
