// The bench's child processes: the site, fork()ed with this process's tsx loader, and the workers,
// compiled and run on plain node. Their IPC messages are queued until asked for, because a child
// may answer before the parent starts waiting (the first message comes as soon as it listens).
import { fork, type ChildProcess } from 'node:child_process';
import { HarnessError } from './harness-error.js';

export interface Child<M> {
  process: ChildProcess;
  first: M;
  /** The next IPC message that satisfies `accept`. */
  next<T>(accept: (message: unknown) => message is T, timeoutMs: number): Promise<T>;
}

export interface ForkOptions {
  env?: NodeJS.ProcessEnv;
  execArgv?: string[];
  /** A JavaScript file run on plain node, without this process's tsx loader. */
  plain?: boolean;
  what: string;
  timeoutMs: number;
  /** Sees every message first; one it returns true for is consumed (the workers' memory samples). */
  listen?: (message: unknown) => boolean;
}

export async function forkChild<M>(file: string, args: string[], options: ForkOptions): Promise<Child<M>> {
  const child = fork(file, args, {
    env: options.env ?? process.env,
    // --expose-gc is for this process's measurements; a child is measured as it would run.
    execArgv: [...(options.plain ? [] : process.execArgv.filter((a) => a !== '--expose-gc')), ...(options.execArgv ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = inbox(child, options);
  const first = await next((m): m is M => typeof m === 'object' && m !== null, options.timeoutMs);
  return { process: child, first, next };
}

function inbox(child: ChildProcess, options: Pick<ForkOptions, 'what' | 'listen'>): Child<unknown>['next'] {
  const waiters: Array<(message: unknown) => boolean> = [];
  const backlog: unknown[] = [];
  child.on('message', (message) => {
    if (options.listen?.(message)) return;
    const index = waiters.findIndex((w) => w(message));
    if (index >= 0) waiters.splice(index, 1);
    else backlog.push(message);
  });
  return <T>(accept: (message: unknown) => message is T, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const queued = backlog.findIndex((m) => accept(m));
      if (queued >= 0) return resolve(backlog.splice(queued, 1)[0] as T);
      const timer = setTimeout(() => reject(new HarnessError(`${options.what}: no answer within ${timeoutMs} ms`)), timeoutMs);
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new HarnessError(`${options.what} exited (${code ?? 'signal'}) before answering`));
      };
      child.once('exit', onExit);
      waiters.push((message) => {
        if (!accept(message)) return false;
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(message);
        return true;
      });
    });
}

/** Asks the child to stop (a worker then writes its CPU profile); kills it if it has not in 30 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send('stop');
    else child.kill('SIGTERM');
  });
}
