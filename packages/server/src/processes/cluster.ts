// Several API processes on one machine and one port, through node:cluster (`API_PROCESSES=N npm
// start`). The primary holds the listening socket and hands each new connection to an API process
// in turn (round-robin, Node's default except on Windows); a keep-alive connection stays with the
// process it was handed to. The primary serves no request itself. It replaces a process that dies
// (at once, then with a growing delay if it keeps dying), and on stop() passes SIGTERM on to every
// process, each of which finishes its in-flight requests as a single `npm start` does.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** Replacements of one process within this window count towards its delay. */
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

export interface ClusterOptions {
  /** How many API processes (at least 1). */
  processes: number;
  logger: Logger;
  /** The script each API process runs; default this process's own (main.ts for `npm start`). */
  exec?: string;
  /** Variables added to the API processes' environment (they inherit the primary's). */
  env?: NodeJS.ProcessEnv;
}

export interface RunningCluster {
  /** The port every API process listens on. */
  port: number;
  /** The API processes alive now, by slot (1…N); a replaced process's successor takes its slot. */
  workers(): Worker[];
  /** SIGTERM to every API process; resolves once all have exited, true when all exited with code 0. */
  stop(): Promise<boolean>;
}

interface Slot {
  worker: Worker;
  listening: boolean;
  exited: Promise<boolean>;
  /** When this slot's processes died, within RESTART_WINDOW_MS. */
  deaths: number[];
}

/**
 * Forks the API processes and resolves when every one listens. A process that exits before it
 * listens during the start fails the start (the others are stopped): a process that cannot start
 * would not start on a retry either, and the reason is on its stderr.
 */
export function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  if (!cluster.isPrimary) throw new Error('startCluster runs in the primary process');
  const { logger } = options;
  cluster.setupPrimary(options.exec ? { exec: options.exec } : {});
  const slots = new Map<number, Slot>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping: Promise<boolean> | undefined;
  let started = false;
  let port: number | undefined;
  let onStarted: (() => void) | undefined;
  let onFailed: ((error: Error) => void) | undefined;

  const fork = (n: number, deaths: number[]) => {
    const worker = cluster.fork(options.env);
    const pid = worker.process.pid;
    const exited = new Promise<boolean>((resolve) => {
      worker.once('exit', (code, signal) => {
        resolve(code === 0);
        if (stopping) return;
        const how = describeExit(code, signal);
        if (!started) {
          onFailed?.(new Error(`API process ${n} (pid ${String(pid)}) exited (${how}) before it listened`));
          return;
        }
        const now = Date.now();
        const recent = [...deaths.filter((t) => now - t < RESTART_WINDOW_MS), now];
        const delayMs = recent.length === 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** (recent.length - 2));
        logger.warn({ apiProcess: n, apiPid: pid, exit: how, restartInMs: delayMs }, 'API process exited; starting a replacement');
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!stopping) fork(n, recent);
        }, delayMs);
        timers.add(timer);
      });
    });
    const slot: Slot = { worker, listening: false, exited, deaths };
    worker.once('listening', (address) => {
      port ??= address.port;
      slot.listening = true;
      logger.info({ apiProcess: n, apiPid: pid }, 'API process listening');
      if (!started && [...slots.values()].every((s) => s.listening)) onStarted?.();
    });
    slots.set(n, slot);
  };

  const running: RunningCluster = {
    get port() {
      return port!;
    },
    workers: () => [...slots.values()].map((slot) => slot.worker).filter((worker) => !worker.isDead()),
    stop() {
      stopping ??= (async () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        // A process that died before the stop (its replacement pending) is not waited for.
        const live = [...slots.values()].filter((slot) => !slot.worker.isDead());
        for (const { worker } of live) worker.process.kill('SIGTERM');
        const clean = await Promise.all(live.map((slot) => slot.exited));
        return clean.every(Boolean);
      })();
      return stopping;
    },
  };

  return new Promise<RunningCluster>((resolve, reject) => {
    onStarted = () => {
      started = true;
      resolve(running);
    };
    onFailed = (error) => {
      void running.stop().then(() => reject(error));
    };
    for (let n = 1; n <= options.processes; n++) fork(n, []);
  });
}

/** Node types the exit signal as a string, but it is null when the process exited by itself. */
function describeExit(code: number | null, signal: string | null): string {
  return signal ?? `code ${String(code)}`;
}
