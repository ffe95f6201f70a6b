// One audit end to end, timed as a user sees it: from the POST that starts it to the first poll
// that finds it final. The CPU time of every process involved is read around it, since on a shared
// machine the wall time alone cannot say whether the worker was slow or waiting for a core.
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { RunningServer } from '@seo-geo/server';
import { processCpuMicros } from '../lib/proc.js';
import type { BenchAccount } from './account.js';
import { api, type AuditRunBody } from './http.js';
import { HarnessError } from './harness-error.js';
import type { AuditBenchOptions } from './options.js';
import { hrUs, pollUntilFinal, type Transition } from './poll.js';
import { procMemory } from './shared.js';
import type { Workers } from './workers.js';

export interface AuditRun {
  run: AuditRunBody['data'];
  auditId: string;
  auditPath: string;
  wallSeconds: number;
  /** The phases as polled, from 'pending' at the POST to 'end' at the final poll. */
  transitions: Transition[];
  workerPeaksMb: number[];
  peakByPhase: Map<string, number>;
  /** CPU seconds during the audit: the workers together, the site's process, this one (API and harness). */
  cpu: { worker: number; site: number; api: number };
}

export async function runAudit(
  server: RunningServer,
  account: BenchAccount,
  workers: Workers,
  site: ChildProcess,
  options: Pick<AuditBenchOptions, 'expectedPages' | 'pollMs'>,
): Promise<AuditRun> {
  const cpu0 = { worker: workers.cpuMicros(), site: processCpuMicros(site.pid!) ?? 0, api: process.cpuUsage() };
  const t0 = performance.now();
  const transitions: Transition[] = [{ phase: 'pending', atMs: 0, hrUs: hrUs() }];
  const auditId = await startAudit(server, account, options.expectedPages);
  const auditPath = `/projects/${account.projectId}/audits/${auditId}`;
  const polled = await pollUntilFinal(server, account.key, auditPath, workers, { t0, pollMs: options.pollMs, transitions });
  const wallSeconds = (performance.now() - t0) / 1000;
  transitions.push({ phase: 'end', atMs: wallSeconds * 1000, hrUs: hrUs() });
  const workerPeaksMb = workers.pids.map((pid, i) => procMemory(pid)?.peakMb ?? polled.peakSeen[i]!);
  const cpu = {
    worker: (workers.cpuMicros() - cpu0.worker) / 1e6,
    site: ((processCpuMicros(site.pid!) ?? 0) - cpu0.site) / 1e6,
    api: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpu0.api)),
  };
  checkCompleted(polled.run, options.expectedPages);
  return { run: polled.run, auditId, auditPath, wallSeconds, transitions, workerPeaksMb, peakByPhase: polled.peakByPhase, cpu };
}

async function startAudit(server: RunningServer, account: BenchAccount, maxPages: number): Promise<string> {
  const started = await api<{ data: { auditRunId: string; status: string } }>(server, account.key, `/projects/${account.projectId}/audits`, {
    method: 'POST',
    body: JSON.stringify({ maxPages }),
  });
  if (started.status !== 202) throw new HarnessError(`POST audits answered ${started.status}: ${JSON.stringify(started.body)}`);
  return started.body.data.auditRunId;
}

/** A time budget may cut the crawl short; anything else must have crawled the whole site. */
function checkCompleted(run: AuditRunBody['data'], expectedPages: number): void {
  if (run.status !== 'completed') throw new HarnessError(`the audit ended ${run.status}: ${JSON.stringify(run.error)}`);
  const pagesCrawled = run.progress.pagesCrawled;
  if (run.stopReason !== 'time_budget_exhausted' && pagesCrawled !== expectedPages) {
    throw new HarnessError(`the audit crawled ${pagesCrawled} pages of the site's ${expectedPages} (stop reason ${String(run.stopReason)})`);
  }
}
