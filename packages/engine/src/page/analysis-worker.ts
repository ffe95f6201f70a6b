// The body of an analysis thread (analysis-pool.ts): pages in, their analyses out, one at a time.
// A page whose analysis throws is answered with the error, so the thread goes on with the next.
import { parentPort } from 'node:worker_threads';
import type { FetchedPage } from '../types.js';
import { analysePage } from './analyse-page.js';
import { siteContextOf, type AnalysisSite } from './page-analyser.js';

export interface AnalysisRequest {
  id: number;
  page: FetchedPage;
  site: AnalysisSite;
}

// Loaded: the pool's time limit for a page runs from here, not from the thread's start.
parentPort?.postMessage({ ready: true });

parentPort?.on('message', ({ id, page, site }: AnalysisRequest) => {
  try {
    parentPort?.postMessage({ id, ok: true, analysis: analysePage(page, siteContextOf(site)) });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
