// Page analysis in worker threads, so that however long a page takes, the thread that called (an
// API server's event loop) goes on answering. A thread that runs past the time limit or out of
// its heap is ended and replaced; its page is rejected, and the audit records it as not
// analysable. A caller that gives up (a cancelled audit) is answered at once.
//
// Each thread is sent its next pages (up to PAGES_AHEAD) while it analyses one, so that it starts
// the next as soon as it answers, not once the calling thread, busy fetching or storing, has read
// the answer and sent another. A page still waiting when its thread is ended goes back to the
// front of the queue.
//
// Hand-written on node:worker_threads rather than piscina: under a full test run, piscina 5.3.2
// threw "Unexpected message from Worker" from its message handler when a task was aborted as its
// result arrived, an uncaught exception that ends the process. Here an answer from a thread that
// was ended, or for a task that is over, is dropped. The worker loads from this folder's sources
// as they are run: TypeScript under tsx (tests), JavaScript once compiled (`npm start`,
// scripts/compile.js).
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FetchedPage } from '../types.js';
import type { PageAnalysis } from './analysis.js';
import type { AnalysisRequest } from './analysis-worker.js';
import type { AnalysisSite, PageAnalyser } from './page-analyser.js';

export interface AnalysisPoolOptions {
  /** Threads; default 1: analysis then takes at most one core from the API. */
  threads?: number;
  /** Longest analysis of one page before its thread is ended (default 60 s; a 5 MiB page takes about 2 s). */
  timeoutMs?: number;
  /** Heap of one thread in MB (default 1024; a 5 MiB page nested 100,000 deep needs about 400). */
  maxHeapMb?: number;
}

export class AnalysisTimeoutError extends Error {
  override name = 'AnalysisTimeoutError';
}

type Answer = { ready: true } | { id: number; ok: true; analysis: PageAnalysis } | { id: number; ok: false; error: string };

interface Task {
  request: AnalysisRequest;
  signal: AbortSignal | undefined;
  /** Whether the caller has its answer (or its error) already: a late analysis is dropped. */
  settled: boolean;
  onAbort: () => void;
  resolve: (analysis: PageAnalysis) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker | null;
  /** The thread has loaded its module: the time limit runs from then, not from its start. */
  ready: boolean;
  /** The page the thread is analysing; its time limit runs. */
  task: Task | null;
  /** The pages sent after it, in order, which the thread starts once it answers `task`. */
  ahead: Task[];
  timer: NodeJS.Timeout | null;
}

/**
 * Pages a thread is sent beyond the one it analyses. While the calling thread stores a batch of
 * pages (SQLite writes on it), a thread with one page ahead soon had nothing left to do; with a
 * crawl's few pages in flight (perHostConcurrency), a few ahead keep it busy.
 */
const PAGES_AHEAD = 4;

export function createAnalysisPool(options: AnalysisPoolOptions = {}): PageAnalyser {
  const threads = Math.max(1, Math.min(options.threads ?? 1, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const code = bootstrap(workerFile());
  const slots: Slot[] = Array.from({ length: threads }, () => ({ worker: null, ready: false, task: null, ahead: [], timer: null }));
  const queue: Task[] = [];
  let nextId = 0;
  let closed = false;

  const settle = (task: Task, outcome: { analysis: PageAnalysis } | { error: unknown }): void => {
    if (task.settled) return;
    task.settled = true;
    task.signal?.removeEventListener('abort', task.onAbort);
    if ('analysis' in outcome) task.resolve(outcome.analysis);
    else task.reject(outcome.error);
  };

  /** The slot's task is over (answered, failed, or its thread ended): the first page ahead, if any, takes its place. */
  const release = (slot: Slot): Task | null => {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = slot.ahead.shift() ?? null;
    slot.timer = null;
    if (slot.task && slot.ready) startTimer(slot);
    return task;
  };

  /** The slot's thread is gone: its task is over, and the pages it had not started wait for another. */
  const releaseAll = (slot: Slot): Task | null => {
    queue.unshift(...slot.ahead);
    slot.ahead = [];
    return release(slot);
  };

  const startTimer = (slot: Slot): void => {
    slot.timer = setTimeout(() => end(slot, new AnalysisTimeoutError(`analysis took longer than ${timeoutMs} ms`)), timeoutMs);
  };

  const spawn = (slot: Slot): Worker => {
    const worker = new Worker(code, { eval: true, resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 } });
    // Idle threads do not keep a process alive; a task in flight is awaited by its caller.
    worker.unref();
    slot.ready = false;
    worker.on('message', (answer: Answer) => {
      if (slot.worker !== worker) return;
      if ('ready' in answer) {
        slot.ready = true;
        if (slot.task) startTimer(slot);
        dispatch();
        return;
      }
      if (slot.task?.request.id !== answer.id) return;
      const task = release(slot)!;
      settle(task, answer.ok ? { analysis: answer.analysis } : { error: new Error(answer.error) });
      dispatch();
    });
    const lost = (error: Error): void => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      const task = releaseAll(slot);
      if (task) settle(task, { error });
      dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (exitCode) => lost(new Error(`the analysis thread stopped (exit code ${exitCode})`)));
    return worker;
  };

  /** Ends the slot's thread (a new one starts for the next page) and fails its task with `error`. */
  const end = (slot: Slot, error: unknown): void => {
    const worker = slot.worker;
    slot.worker = null;
    if (worker) void worker.terminate();
    const task = releaseAll(slot);
    if (task) settle(task, { error });
    dispatch();
  };

  const waiting = (): Task | undefined => {
    let task = queue.shift();
    while (task?.settled) task = queue.shift();
    return task;
  };

  // Idle threads are given a page first; then each busy thread that has loaded, its pages ahead.
  const dispatch = (): void => {
    if (closed) return;
    for (const slot of slots) {
      if (slot.task !== null) continue;
      const task = waiting();
      if (task === undefined) return;
      if (slot.worker === null) slot.worker = spawn(slot);
      slot.task = task;
      if (slot.ready) startTimer(slot);
      slot.worker.postMessage(task.request);
    }
    // A page ahead for each thread in turn, so that one thread is not given all that waits.
    for (let depth = 0; depth < PAGES_AHEAD; depth++) {
      for (const slot of slots) {
        if (slot.worker === null || !slot.ready || slot.ahead.length > depth) continue;
        const task = waiting();
        if (task === undefined) return;
        slot.ahead.push(task);
        slot.worker.postMessage(task.request);
      }
    }
  };

  return {
    analyse(page: FetchedPage, site: AnalysisSite, signal?: AbortSignal) {
      if (closed) return Promise.reject(new Error('the analysis threads are closed'));
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return new Promise<PageAnalysis>((resolve, reject) => {
        // A caller that gives up is answered at once; a page already in a thread runs to its
        // end there (within the time limit) and its analysis is dropped, which costs less than
        // ending the thread and starting another.
        const task: Task = {
          request: { id: ++nextId, page, site },
          signal,
          settled: false,
          resolve,
          reject,
          onAbort: () => settle(task, { error: signal?.reason }),
        };
        signal?.addEventListener('abort', task.onAbort, { once: true });
        queue.push(task);
        dispatch();
      });
    },
    async close() {
      closed = true;
      const ending = slots.map((slot) => {
        const worker = slot.worker;
        end(slot, new Error('the analysis threads are closed'));
        return worker ? worker.terminate() : Promise.resolve(0);
      });
      // After the threads: a page a thread had not started is back in the queue by now.
      for (const task of queue.splice(0)) settle(task, { error: new Error('the analysis threads are closed') });
      await Promise.all(ending);
    },
  };
}

/** The worker's module next to this one: TypeScript when this runs from the sources. */
function workerFile(): URL {
  const self = new URL(import.meta.url);
  return new URL(`./analysis-worker.${self.pathname.endsWith('.ts') ? 'ts' : 'js'}`, self);
}

/**
 * What a thread runs first: tsx's loader when the worker is TypeScript (a thread does not inherit
 * the loader its process was started with), then the worker module.
 */
function bootstrap(worker: URL): string {
  // Resolved here, where the package is found (the thread's own resolution starts elsewhere).
  // tsx's ESM entry (the CommonJS one is what `require.resolve` names, and it cannot register in a thread).
  const tsx = worker.pathname.endsWith('.ts')
    ? pathToFileURL(
        createRequire(import.meta.url)
          .resolve('tsx/esm/api')
          .replace(/\.cjs$/, '.mjs'),
      ).href
    : null;
  const steps = tsx ? [`(await import(${JSON.stringify(tsx)})).register();`] : [];
  steps.push(`await import(${JSON.stringify(worker.href)});`);
  return `(async () => { ${steps.join(' ')} })();`;
}
