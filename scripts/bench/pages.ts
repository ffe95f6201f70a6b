// `npm run bench:pages`: an audit with 100,000 stored pages; median and p99 time of
// GET .../audits/{auditId}/pages for page 1, page 500 and the last page, with and without
// filters, over HTTP against the real server, on SQLite (a file) and on PostgreSQL when
// DATABASE_URL is set. Target: median under 20 ms in every case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../packages/server/src/config.js';
import { createLogger } from '../../packages/server/src/http/logging.js';
import { startServer, type RunningServer } from '../../packages/server/src/server.js';
import { uuidv7 } from '../../packages/server/src/storage/ids.js';
import type { NewAuditPage } from '../../packages/server/src/storage/repositories/audit-pages.js';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '100000' }, requests: { type: 'string', default: '60' } } });
const PAGES = Number(values.pages);
const REQUESTS = Number(values.requests);
const PAGE_SIZE = 100;

const CHECKS = ['A1', 'A2', 'A3', 'E1', 'E2', 'E3', 'R1', 'R2', 'M1', 'M3'].map((id, i) => ({
  id, name: `Check ${id}`, status: i % 3 === 0 ? 'fail' : 'pass', earned: i % 3 === 0 ? 0 : 5, max: 5, evidence: 'Measured on the page.', fix: i % 3 === 0 ? 'Change the page.' : null,
}));

function syntheticPage(auditRunId: string, i: number, now: number): NewAuditPage {
  const score = (i * 37) % 101;
  return {
    id: uuidv7(now), auditRunId, url: `https://bench.example/section-${i % 50}/page-${String(i).padStart(6, '0')}`, finalUrl: `https://bench.example/section-${i % 50}/page-${String(i).padStart(6, '0')}`,
    statusCode: 200, contentType: 'text/html', title: `Page ${i}`, metaDescription: `Description of page ${i}`, lang: 'en', wordCount: 300 + (i % 900),
    geoScore: score, hasSchema: i % 3 !== 0, schemaTypes: i % 3 !== 0 ? ['Article'] : [],
    structuredData: i % 3 !== 0 ? [{ syntax: 'json-ld', types: ['Article'], richResult: 'Article', errors: [], warnings: [] }] : [], rubricId: 'geo-2026.1', checks: CHECKS, issues: [{ code: 'missing_h1', severity: 'warning', message: 'No H1.' }], fetchedAt: new Date(now).toISOString(),
  };
}

async function seed(server: RunningServer): Promise<{ key: string; path: string }> {
  const created = await server.services.apiKeys.createKey({ email: `bench-${Date.now()}@example.com`, plan: 'agency' });
  const principal = await server.services.apiKeys.authenticate(`Bearer ${created.apiKey}`);
  if (!principal.ok) throw new Error('bench key did not authenticate');
  const project = await server.services.projects.create(principal.principal, { name: 'Bench', primaryDomain: 'https://bench.example' });
  const run = await server.services.audits.start(principal.principal, project.id, { maxPages: 50_000 });
  const now = Date.now();
  const started = performance.now();
  for (let i = 0; i < PAGES; i += 5000) {
    const batch = Array.from({ length: Math.min(5000, PAGES - i) }, (_, j) => syntheticPage(run.id, i + j, now));
    await server.repositories.auditPages.insertMany(batch);
  }
  console.log(`  seeded ${PAGES} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Finish the audit as its worker does: mark it running, then rank its pages and complete it.
  const ranking = performance.now();
  await server.repositories.auditRuns.markRunning(run.id, now);
  const summary = { pagesAudited: PAGES, avgGeoScore: 50, pagesWithSchema: PAGES - Math.ceil(PAGES / 3), issueCounts: { error: 0, warning: PAGES, notice: 0 }, site: { robotsTxt: { present: true, blockedAiAgents: [] }, sitemap: { present: true, urlCount: PAGES }, llmsTxt: { present: false, wellFormed: false } } };
  await server.database.db.transaction().execute(async (trx) => {
    await server.repositories.auditRuns.complete(run.id, { summary, stopReason: 'max_pages_reached', now }, trx);
    await server.repositories.auditPages.rank(run.id, trx);
    await server.repositories.auditRuns.markPagesRanked(run.id, trx);
  });
  await sql.raw(server.database.dialect === 'postgres' ? 'VACUUM ANALYZE audit_pages' : 'ANALYZE').execute(server.database.db);
  console.log(`  completed the audit (ranked its pages) in ${((performance.now() - ranking) / 1000).toFixed(1)} s`);
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

async function benchBackend(name: string, env: Record<string, string>): Promise<boolean> {
  console.log(`\n${name}`);
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false', IN_PROCESS_WORKERS: 'false', ...env });
  const server = await startServer({ config, logger: createLogger('silent') });
  // The bench key must never hit its rate limit: requests here are far below agency's 1,200/min.
  try {
    const { key, path } = await seed(server);
    const lastPage = Math.ceil(PAGES / PAGE_SIZE);
    const filters: Array<[string, string]> = [['no filter', ''], ['hasSchema=true', '&hasSchema=true'], ['minGeoScore=60', '&minGeoScore=60'], ['both', '&hasSchema=true&minGeoScore=60']];
    let ok = true;
    console.log('  case                                   median ms   p99 ms   items');
    for (const [label, filter] of filters) {
      // The last page of a filtered list depends on how many pages match; ask the API.
      const first = await fetch(`${server.baseUrl}${path}?pageSize=${PAGE_SIZE}${filter}`, { headers: { authorization: `Bearer ${key}` } });
      const total = ((await first.json()) as { meta: { totalPages: number } }).meta.totalPages;
      for (const page of [1, 500, label === 'no filter' ? lastPage : total]) {
        const result = await measure(server, key, path, `page=${page}&pageSize=${PAGE_SIZE}${filter}`);
        ok &&= result.median < 20;
        console.log(`  ${`page ${page}, ${label}`.padEnd(38)} ${result.median.toFixed(2).padStart(9)} ${result.p99.toFixed(2).padStart(8)} ${String(result.items).padStart(7)}`);
      }
    }
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
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
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
