// The parent's handle on a target running in a child process (target-process.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage, Workloads } from './protocol.js';

const ENTRY = fileURLToPath(new URL('./target-process.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface ChildTarget {
  url: string;
  apiKey?: string;
  bypass?: string;
  workloads?: Workloads;
  pid: number;
  /** Per-key rate-limit takes (reference only) and CPU time (user + system, µs) of the child so far. */
  stats(): Promise<{ keyTakes: number; cpuMicros: number }>;
  stop(): Promise<void>;
}

/** Every child started and not yet stopped, so a failing run can still kill them all. */
const live = new Set<ChildProcess>();

export function killAllTargets(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export async function startChildTarget(start: Extract<ParentMessage, { type: 'start' }>, options: { cpuProfileDir?: string } = {}): Promise<ChildTarget> {
  const execArgv = ['--import', 'tsx'];
  if (options.cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  const child = fork(ENTRY, [], { cwd: REPO_ROOT, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => live.delete(child));

  const next = <T extends ChildMessage['type']>(type: T, timeoutMs: number) =>
    new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`${start.kind}: no "${type}" from the child within ${timeoutMs} ms`)), timeoutMs);
      const onMessage = (message: ChildMessage) => {
        if (message.type === type) finish(undefined, message as Extract<ChildMessage, { type: T }>);
        else if (message.type === 'failed') finish(new Error(`${start.kind} failed: ${message.message}`));
      };
      const onExit = (code: number | null) => finish(new Error(`${start.kind}: the child exited (code ${String(code)}) before "${type}"`));
      function finish(error?: Error, message?: Extract<ChildMessage, { type: T }>) {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(message!);
      }
      child.on('message', onMessage);
      child.once('exit', onExit);
    });

  try {
    const ready = next('ready', START_TIMEOUT_MS);
    child.send(start);
    const { url, apiKey, bypass, workloads } = await ready;
    return {
      url,
      ...(apiKey ? { apiKey } : {}),
      ...(bypass ? { bypass } : {}),
      ...(workloads ? { workloads } : {}),
      pid: child.pid!,
      async stats() {
        const reply = next('stats', STOP_TIMEOUT_MS);
        child.send({ type: 'stats' } satisfies ParentMessage);
        const { keyTakes, cpuMicros } = await reply;
        return { keyTakes, cpuMicros };
      },
      stop: () => stopChild(child, exited),
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage);
  // A graceful stop first (it writes the CPU profile), then no more patience.
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
