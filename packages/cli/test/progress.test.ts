// The progress bar's total while an audit is waited for: maxPages while pages are fetched, never
// jumping with the queue, then the pages fetched once the crawl is over, so the bar ends full.
import type { AuditRun } from '@seo-geo/client';
import { describe, expect, it } from 'vitest';
import { barTotal } from '../src/progress.js';

const run = (status: AuditRun['status'], phase: AuditRun['progress']['phase'], pagesCrawled: number, pagesQueued: number) =>
  ({ status, progress: { pagesCrawled, pagesQueued, maxPages: 100, phase, elapsedSeconds: 1, estimatedSecondsRemaining: null } }) as AuditRun;

describe('barTotal', () => {
  it('stays at maxPages while crawling, whatever the queue says, then ends at the pages crawled', () => {
    const totals = [
      run('pending', null, 0, 0),
      run('running', 'crawling', 0, 1),
      run('running', 'crawling', 1, 24),
      run('running', 'crawling', 20, 3),
      run('running', 'site_checks', 24, 0),
      run('completed', null, 24, 0),
    ].map((r) => barTotal(r, 100));
    expect(totals).toEqual([100, 100, 100, 100, 24, 24]);
  });
});
