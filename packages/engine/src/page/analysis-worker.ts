// The body of an analysis worker thread (analysis-pool.ts): one page in, its analysis out.
import type { FetchedPage, PageAnalysis } from '../types.js';
import { analysePage } from './analyse-page.js';
import { siteContextOf, type AnalysisSite } from './page-analyser.js';

export default function analyseInWorker(task: { page: FetchedPage; site: AnalysisSite }): PageAnalysis {
  return analysePage(task.page, siteContextOf(task.site));
}
