// Page analysis in worker threads (piscina), so that however long a page takes, the thread that
// called (an API server's event loop) goes on answering. A worker that runs past the time limit
// or out of its heap is ended and replaced; its page is rejected, and the audit records it as not
// analysable. The worker loads from this folder's sources as they are run: TypeScript under tsx
// (tests, `npm start`), JavaScript once compiled.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { FetchedPage, PageAnalysis } from '../types.js';
import type { AnalysisSite, PageAnalyser } from './page-analyser.js';

export interface AnalysisPoolOptions {
  /** Worker threads; default 1: analysis then takes at most one core from the API. */
  threads?: number;
  /** Longest analysis of one page before its worker is ended (default 60 s; a 5 MiB page takes about 2 s). */
  timeoutMs?: number;
  /** Heap of one worker in MB (default 1024; a 5 MiB page nested 100,000 deep needs about 400). */
  maxHeapMb?: number;
}

export class AnalysisTimeoutError extends Error {
  override name = 'AnalysisTimeoutError';
}

export function createAnalysisPool(options: AnalysisPoolOptions = {}): PageAnalyser {
  const threads = Math.max(1, Math.min(options.threads ?? 1, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 60_000;
  const self = new URL(import.meta.url);
  const fromSources = self.pathname.endsWith('.ts');
  const pool = new Piscina<{ page: FetchedPage; site: AnalysisSite }, PageAnalysis>({
    filename: new URL(`./analysis-worker.${fromSources ? 'ts' : 'js'}`, self).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024 },
    // Under tsx the process already loads TypeScript, and workers inherit its flags; elsewhere
    // (a test runner) the worker registers tsx itself.
    execArgv: fromSources && !process.execArgv.some((flag) => flag.includes('tsx')) ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
  });
  return {
    async analyse(page, site, signal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        return await pool.run({ page, site }, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      } catch (error) {
        if (timeout.aborted) throw new AnalysisTimeoutError(`analysis took longer than ${Math.round(timeoutMs / 1000)} s`);
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}
