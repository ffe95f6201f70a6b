// The report: one table row per measured run, then the targets as ratios between clean runs (the
// same machine's noise divides out of a ratio, not out of a raw figure), then two API processes
// against one. Targets print PASS/MISS; the exit code does not depend on them.
import { cpus } from 'node:os';
import type { LoadResult } from '../lib/load.js';
import { API_PATH, type Row } from './measure.js';
import { LABELS, type Options, type Target } from './options.js';

const TARGETS = { cpuMicrosPerRequest: 175, expressRatio: 0.7, prismRatio: 1.5, p99Ms: 10 } as const;

const fmt = (value: number | undefined, digits: number) => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));

export function report(rows: Row[], options: Options): void {
  reportTable(rows, options);
  reportTargets(rows);
  reportCluster(rows);
}

function reportTable(rows: Row[], options: Options): void {
  const table = [
    ['target', 'req/s (mean)', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'requests', 'note'],
    ...rows.map((row) => [
      row.label ?? LABELS[row.target],
      fmt(row.result?.requestsPerSecond, 0),
      fmt(row.result?.p50Ms, 2),
      fmt(row.result?.p99Ms, 2),
      fmt(row.cpuMicrosPerRequest, 0),
      row.result ? String(row.result.totalRequests) : '—',
      row.note ?? '',
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5]);
  console.log('');
  console.log(`GET ${API_PATH} — ${options.connections} connections, ${options.warmupSeconds}s warm-up + ${options.durationSeconds}s per target`);
  console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; load generator and each target in separate processes`);
  console.log('');
  for (const [index, line] of table.entries()) {
    console.log(
      line
        .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd(),
    );
    if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/** The GET /projects run of `target`, when it was clean: a run with errors or non-2xx answers measured something else. */
function clean(rows: Row[], target: Target): LoadResult | undefined {
  const row = rows.find((r) => r.target === target && !r.operation);
  return row?.result && !row.note ? row.result : undefined;
}

function reportTargets(rows: Row[]): void {
  const ref = clean(rows, 'reference');
  const refCpu = rows.find((r) => r.target === 'reference' && !r.operation && !r.note)?.cpuMicrosPerRequest;
  const express = clean(rows, 'express');
  const prism = clean(rows, 'prism');
  const ratio = (a: LoadResult | undefined, b: LoadResult | undefined) => (a && b ? a.requestsPerSecond / b.requestsPerSecond : undefined);
  console.log('');
  console.log('Targets (measured, not asserted; the exit code does not depend on them):');
  verdict('reference server CPU per request (µs)', refCpu, (v) => v <= TARGETS.cpuMicrosPerRequest, `≤ ${TARGETS.cpuMicrosPerRequest} µs`, 0);
  verdict('reference ÷ plain Express (req/s)', ratio(ref, express), (v) => v >= TARGETS.expressRatio, `≥ ${TARGETS.expressRatio.toFixed(2)}`);
  verdict('reference ÷ Prism (req/s)', ratio(ref, prism), (v) => v >= TARGETS.prismRatio, `≥ ${TARGETS.prismRatio}`);
  verdict('reference p99 latency (ms)', ref?.p99Ms, (v) => v <= TARGETS.p99Ms, `≤ ${TARGETS.p99Ms} ms`);
  const nodeHttp = clean(rows, 'node-http');
  if (ref && nodeHttp) console.log(`  (for scale: reference ÷ raw node:http = ${(ref.requestsPerSecond / nodeHttp.requestsPerSecond).toFixed(2)})`);
  const validated = clean(rows, 'express-validated');
  if (express && validated) {
    console.log(
      `  (for scale: Express 5 + validator ÷ plain Express = ${(validated.requestsPerSecond / express.requestsPerSecond).toFixed(2)}, the validator alone)`,
    );
  }
}

function verdict(label: string, value: number | undefined, pass: (v: number) => boolean, goal: string, digits = 2): void {
  console.log(
    `  ${label.padEnd(34)} ${value === undefined ? 'n/a' : value.toFixed(digits)}`.padEnd(44) +
      `  target ${goal.padEnd(8)} ${value === undefined ? 'NOT MEASURED' : pass(value) ? 'PASS' : 'MISS'}`,
  );
}

/** Two API processes against one, same store, same harness: clean runs only. */
function reportCluster(rows: Row[]): void {
  const one = rows.find((r) => r.processes === 1);
  const two = rows.find((r) => r.processes === 2);
  if (!one || !two) return;
  const store = /\((.*)\)$/.exec(two.label ?? '')?.[1] ?? '';
  console.log('');
  console.log(`Two API processes against one (node:cluster, ${store}):`);
  if (one.result && two.result && !one.note && !two.note) {
    console.log(`  req/s ×2 ÷ ×1                    ${(two.result.requestsPerSecond / one.result.requestsPerSecond).toFixed(2)}`);
    console.log(`  server CPU µs/req ×1 → ×2        ${fmt(one.cpuMicrosPerRequest, 0)} → ${fmt(two.cpuMicrosPerRequest, 0)} (primary and API processes)`);
  } else {
    console.log('  n/a: a run was not clean');
  }
  console.log(`  (${cpus().length} cores, shared by the load generator, the API processes${store.startsWith('PostgreSQL') ? ', PostgreSQL and Redis' : ''})`);
}
