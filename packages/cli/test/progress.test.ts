// The progress bar's total while an audit is waited for: maxPages while pages are fetched, never
// jumping with the queue, then the pages fetched once the crawl is over, so the bar ends full; and
// the plain line a pipe or CI gets.
import type { AuditRun } from '@seo-geo/client';
import { describe, expect, it } from 'vitest';
import { auditProgress, barTotal } from '../src/progress.js';
import type { Io } from '../src/output.js';

const run = (status: AuditRun['status'], phase: AuditRun['progress']['phase'], pagesCrawled: number, pagesQueued: number) =>
  ({
    status,
    progress: { pagesCrawled, pagesQueued, pagesRecorded: pagesCrawled + 2, maxPages: 100, phase, elapsedSeconds: 1, estimatedSecondsRemaining: null },
  }) as AuditRun;

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

describe('the plain progress line', () => {
  it('names the records stored beside the HTML pages crawled, once per change', () => {
    const lines: string[] = [];
    const io = { interactive: false, env: {}, err: (line: string) => lines.push(line) } as unknown as Io;
    const progress = auditProgress(io, 100);
    for (const r of [run('running', 'crawling', 20, 3), run('running', 'crawling', 20, 3), run('completed', null, 24, 0)]) progress.update(r);
    expect(lines).toEqual(['audit running (crawling): 20 pages crawled, 22 records, 3 queued', 'audit completed: 24 pages crawled, 26 records, 0 queued']);
  });
});
