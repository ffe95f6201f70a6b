// `npm run bench:audit`: an agency-size audit end to end, as a user runs it. A generated site of
// 50,000 pages (--pages) is served from a child process; the reference server runs in scale mode
// (the API here with IN_PROCESS_WORKERS=false, the job worker in a child process of its own, as
// `npm run worker` runs it), on SQLite (a file) and, when DATABASE_URL is a postgres:// URL, on
// PostgreSQL in a fresh schema. An agency key starts the audit with POST .../audits over HTTP and
// polls GET .../audits/{id} every 100 ms until it is final. Reported, with the targets:
//   - pages per second end to end (pages crawled ÷ wall time from the POST to the final status),
//   - the worker's peak RSS (VmHWM of its process),
//   - the database's size after the audit,
//   - the wall time of each phase (as polled: pending, crawling, site_checks, finalising),
//   - median and p99 latency of the lists a user opens afterwards (issues, pages, filters).
// A benchmark measures: PASS/MISS are printed, the exit code is 0 unless the harness broke (the
// audit failed, or an answer was wrong).
//
//   npm run bench:audit -- [--pages 50000] [--db sqlite|postgres|both] [--requests 50]
//                          [--profile] [--time-budget-ms N] [--worker-node-flags="--flag …"] [--poll-ms 100] [--keep]
//
// --db defaults to both when DATABASE_URL is a postgres:// URL, else sqlite. --profile runs the
// SQLite worker with --cpu-prof and breaks its CPU time down by cost and phase (the .cpuprofile is
// kept). --time-budget-ms overrides the crawl's time budget (default the product's, 10 minutes).
// Each list is also timed after ANALYZE (which the audit does not run) and read through the
// service in this process, which splits the storage time from the HTTP time.
//
// The pieces are in scripts/bench/audit/: the options, the site and the worker (each a process of
// its own), one run per database (run-database.ts and what it calls), and the report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerNodeFlags } from './lib/worker-node-flags.js';
import { forkChild, stopChild, type Child } from './audit/children.js';
import { HarnessError } from './audit/harness-error.js';
import { checkAuditOptions, parseAuditOptions, type AuditBenchOptions } from './audit/options.js';
import { report, summary } from './audit/report.js';
import type { DbResult } from './audit/result.js';
import { benchOneDatabase } from './audit/run-database.js';
import { BENCH_SITE_HOST } from './audit/shared.js';

const SITE = fileURLToPath(new URL('./audit/site.ts', import.meta.url));
const options = parseAuditOptions();

async function main(): Promise<void> {
  checkAuditOptions(options);
  const { pages, expectedPages, workerCounts, dbs, pollMs } = options;
  console.log(
    `bench:audit: a ${pages}-page site, audited with maxPages ${expectedPages} through POST /audits; scale mode (API here, workers in processes of their own: ${workerCounts.join(', ')}); ${dbs.join(' and ')}; polled every ${pollMs} ms`,
  );
  if (!options.postgresUrl && !options.dbGiven) console.log('PostgreSQL: skipped (DATABASE_URL is not set to a postgres:// URL)');
  console.log(`worker: node ${[...workerNodeFlags(), ...options.workerNodeFlags].join(' ')}, as npm run worker starts it`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
  const site = await startSite(pages);
  const results: DbResult[] = [];
  try {
    for (const db of dbs) {
      for (const workerCount of workerCounts) {
        // Several workers share a crawl through PostgreSQL only.
        if (workerCount > 1 && db !== 'postgres') continue;
        const result = await benchOneDatabase(db, dir, { port: site.first.port, process: site.process }, workerCount, options);
        results.push(result);
        report(result, options.requests);
      }
    }
  } finally {
    site.process.disconnect();
    await stopChild(site.process);
    if (options.keep) console.log(`kept: the SQLite files in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  summary(results);
}

async function startSite(pages: AuditBenchOptions['pages']): Promise<Child<{ port: number; builtMs: number }>> {
  const site = await forkChild<{ port: number; builtMs: number }>(SITE, [String(pages)], {
    // The site holds every page rendered (about 7 KB each), so that serving one costs the worker's
    // machine no rendering: node's default heap (4 GB here) ends at about 400,000 pages.
    execArgv: [`--max-old-space-size=${Math.max(4096, Math.ceil((pages * 12) / 1024) + 1024)}`],
    what: 'the site server',
    timeoutMs: 300_000,
  });
  console.log(
    `site: ${pages} pages + robots.txt + sitemap.xml at http://${BENCH_SITE_HOST}:${site.first.port} (127.0.0.1), built in ${(site.first.builtMs / 1000).toFixed(1)} s, served by pid ${String(site.process.pid)}`,
  );
  return site;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof HarnessError ? `bench:audit: the harness broke: ${error.message}` : error);
    process.exit(1);
  },
);
