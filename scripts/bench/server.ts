// `npm run bench:server`: throughput and latency of the reference server's hottest read,
// GET /api/public/v1/projects, beside four floors serving the same answer — bare node:http, a
// plain Express 5 route, the same route behind express-openapi-validator, and Prism mocking the
// same document — and the reference server as one and
// as two API processes on one port (node:cluster, as API_PROCESSES runs it) on the same store. One
// target at a time, each in its own process(es), the same load for each: autocannon, N
// connections, a warm-up, then the measured run. The reference server is also measured on a
// write (POST /projects) and a filtered page of an audit's pages, which no floor serves.
//
// Targets are reported as PASS/MISS but the exit code stays 0: a benchmark measures, it does not
// assert (machines differ too much for a hard gate). A broken harness (the reference server
// does not start or answers wrongly) exits 1.
//
// The pieces are in scripts/bench/server/: the options, each target's process, the load on one
// target (measure.ts), the reference server's runs, the cluster's, the floors', and the report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchFloors, benchPrism } from './server/bench-floors.js';
import { benchReference } from './server/bench-reference.js';
import { cleanUp, cleanUpOnSignals, onCleanUp } from './server/cleanup.js';
import { benchCluster } from './server/cluster.js';
import type { Row } from './server/measure.js';
import { parseOptions, USAGE, type Options } from './server/options.js';
import { report } from './server/report.js';

cleanUpOnSignals();

/** One target at a time, so that no two share the cores; the reference first, since the floors serve its answer. */
async function run(options: Options): Promise<Row[]> {
  const workDir = mkdtempSync(join(tmpdir(), 'seo-geo-bench-server-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const reference = await benchReference(workDir, options);
  const rows = [...reference.rows];
  if (options.targets.has('reference-x2')) rows.push(...(await benchCluster(workDir, options)));
  rows.push(...(await benchFloors(reference.body, reference.auth, options)));
  if (options.targets.has('prism')) rows.push(await benchPrism(reference.auth, options));
  return rows;
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  try {
    const rows = await run(options);
    report(rows, options);
    if (options.cpuProfileDir) console.log(`\nCPU profile of the reference server written to ${options.cpuProfileDir}`);
    return 0;
  } catch (error) {
    console.error(`\nbench:server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    cleanUp();
  }
}

process.exitCode = await main();
