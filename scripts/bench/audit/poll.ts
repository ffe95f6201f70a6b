// Watching the audit as a user's client does: GET .../audits/{id} every --poll-ms until the status
// is final. Each poll also samples the workers' RSS, since /proc only keeps the overall peak
// (VmHWM) and the report wants the peak of each phase.
import { performance } from 'node:perf_hooks';
import type { RunningServer } from '@seo-geo/server';
import { api, FINAL, type AuditRunBody } from './http.js';
import { HarnessError } from './harness-error.js';
import type { Workers } from './workers.js';
import { procMemory } from './shared.js';

/** A phase change as polled: when it was first seen, on the bench's clock and on the monotonic one. */
export interface Transition {
  phase: string;
  atMs: number;
  /** process.hrtime in µs: the clock the worker's CPU profile is stamped with. */
  hrUs: number;
}

export interface Polled {
  run: AuditRunBody['data'];
  /** Highest VmRSS polled, per worker, MB. */
  peakSeen: number[];
  /** Highest VmRSS polled, per phase, MB. */
  peakByPhase: Map<string, number>;
}

export const hrUs = (): number => Number(process.hrtime.bigint() / 1000n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past this the audit is taken to hang: no real site takes so long. */
const DEADLINE_MS = 4 * 3600_000;
const PRINT_EVERY_MS = 5_000;

/** Polls until the audit's status is final, adding each phase change seen to `transitions`. */
export async function pollUntilFinal(
  server: RunningServer,
  key: string,
  auditPath: string,
  workers: Workers,
  clock: { t0: number; pollMs: number; transitions: Transition[] },
): Promise<Polled> {
  const { t0, transitions } = clock;
  const polled: Omit<Polled, 'run'> = { peakSeen: workers.pids.map(() => 0), peakByPhase: new Map() };
  let lastPrint = 0;
  for (;;) {
    await sleep(clock.pollMs);
    const run = await pollOnce(server, key, auditPath);
    const now = performance.now() - t0;
    const label = run.status === 'running' ? (run.progress.phase ?? 'running') : run.status;
    if (label !== transitions[transitions.length - 1]!.phase) transitions.push({ phase: label, atMs: now, hrUs: hrUs() });
    const rssNow = sampleMemory(workers.pids, label, polled);
    if (now - lastPrint >= PRINT_EVERY_MS || FINAL.has(run.status)) {
      lastPrint = now;
      console.log(
        `  ${(now / 1000).toFixed(1).padStart(7)} s  ${label.padEnd(12)} crawled ${String(run.progress.pagesCrawled).padStart(6)}  queued ${String(run.progress.pagesQueued).padStart(6)}  worker RSS ${rssNow} MB`,
      );
    }
    if (FINAL.has(run.status)) return { run, ...polled };
    for (const w of workers.children) if (w.process.exitCode !== null) throw new HarnessError(`a worker exited (${w.process.exitCode}) during the audit`);
    if (performance.now() > t0 + DEADLINE_MS) throw new HarnessError('the audit did not finish within 4 hours');
  }
}

async function pollOnce(server: RunningServer, key: string, auditPath: string): Promise<AuditRunBody['data']> {
  const polled = await api<AuditRunBody>(server, key, auditPath);
  if (polled.status !== 200) throw new HarnessError(`GET audit answered ${polled.status}: ${JSON.stringify(polled.body).slice(0, 300)}`);
  return polled.body.data;
}

/** Adds each worker's RSS now to the peaks; returns them for the progress line. */
function sampleMemory(pids: number[], label: string, peaks: Omit<Polled, 'run'>): string {
  const memories = pids.map((pid) => procMemory(pid));
  for (const [i, memory] of memories.entries()) {
    if (!memory) continue;
    peaks.peakSeen[i] = Math.max(peaks.peakSeen[i]!, memory.rssMb);
    peaks.peakByPhase.set(label, Math.max(peaks.peakByPhase.get(label) ?? 0, memory.rssMb));
  }
  return memories.map((m) => m?.rssMb.toFixed(0) ?? '?').join(' + ');
}
