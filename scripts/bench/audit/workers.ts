// The job workers, as `npm run worker` runs them in scale mode, on the API's database: compiled,
// on plain node with the same flags, so that the figures are a production worker's and not tsx's.
import { fileURLToPath } from 'node:url';
import { compiledWorker } from '../lib/compiled-worker.js';
import { processCpuMicros } from '../lib/proc.js';
import { workerNodeFlags } from '../lib/worker-node-flags.js';
import { forkChild, type Child } from './children.js';
import type { AuditBenchOptions } from './options.js';
import type { MemorySample } from './result.js';
import { procMemory } from './shared.js';

const SOURCE = fileURLToPath(new URL('./worker.ts', import.meta.url));

export interface Workers {
  children: Array<Child<{ ready: boolean; workerId: string }>>;
  pids: number[];
  /** The highest idle RSS among them, MB, before the audit starts. */
  idleMb: number;
  /** The workers' own memory figures at the highest RSS any of them reported. */
  heapAtPeak(): MemorySample | undefined;
  /** The workers' CPU time so far, µs, all together. */
  cpuMicros(): number;
}

export async function startWorkers(
  count: number,
  env: Record<string, string>,
  options: Pick<AuditBenchOptions, 'timeBudgetMs' | 'workerNodeFlags'>,
  profileDir: string | undefined,
): Promise<Workers> {
  const peak = heapPeakListener();
  const script = await compiledWorker(SOURCE, 'audit-worker.mjs');
  const budget = options.timeBudgetMs;
  const children = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      forkChild<{ ready: boolean; workerId: string }>(script, [], {
        env: { ...process.env, ...env, ...(budget ? { BENCH_TIME_BUDGET_MS: budget } : {}) },
        plain: true,
        execArgv: [
          ...workerNodeFlags(),
          // One profile is enough to see where the time goes, and profiling slows the worker down.
          ...(profileDir && i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
          ...options.workerNodeFlags,
        ],
        what: `worker ${i + 1}`,
        listen: peak.listen,
        timeoutMs: 60_000,
      }),
    ),
  );
  const pids = children.map((w) => w.process.pid!);
  const idle = pids.map((pid) => procMemory(pid)?.rssMb ?? NaN);
  for (const [i, w] of children.entries())
    console.log(
      `  worker pid ${String(pids[i])} (${w.first.workerId}), idle RSS ${idle[i]!.toFixed(0)} MB${profileDir && i === 0 ? `, CPU profile into ${profileDir}` : ''}`,
    );
  return {
    children,
    pids,
    idleMb: Math.max(...idle),
    heapAtPeak: peak.sample,
    cpuMicros: () => pids.reduce((sum, pid) => sum + (processCpuMicros(pid) ?? 0), 0),
  };
}

/** The workers send their memory figures every 250 ms: at the highest RSS, what the heap held. */
function heapPeakListener(): { listen: (message: unknown) => boolean; sample: () => MemorySample | undefined } {
  let heapAtPeak: MemorySample | undefined;
  const listen = (message: unknown): boolean => {
    if (typeof message !== 'object' || message === null || !('memory' in message)) return false;
    const sample = (message as { memory: MemorySample }).memory;
    if (!heapAtPeak || sample.rss > heapAtPeak.rss) heapAtPeak = sample;
    return true;
  };
  return { listen, sample: () => heapAtPeak };
}
