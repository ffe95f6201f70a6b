// Progress of an audit being waited for: a live bar on a terminal (cli-progress), and on a pipe
// or in CI a plain line whenever the state changes, so logs stay readable. Both count HTML pages
// against maxPages and name the records stored beside them (redirects, files, errors too), which
// is what the summary's pagesAudited counts at the end.
import cliProgress from 'cli-progress';
import type { AuditRun } from '@seo-geo/client';
import type { Io } from './output.js';

export interface AuditProgress {
  update(run: AuditRun): void;
  stop(): void;
}

export function auditProgress(io: Io, maxPages: number): AuditProgress {
  if (!io.interactive || io.env.CI) {
    let last = '';
    return {
      update(run) {
        const { pagesCrawled, pagesRecorded, pagesQueued } = run.progress;
        const line = `audit ${state(run)}: ${pagesCrawled} pages crawled, ${pagesRecorded} records, ${pagesQueued} queued`;
        if (line !== last) io.err(line);
        last = line;
      },
      stop() {},
    };
  }
  const bar = new cliProgress.SingleBar(
    { format: 'audit {bar} {value}/{total} pages | {status}', hideCursor: true, clearOnComplete: false, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  bar.start(maxPages, 0, { status: 'pending' });
  return {
    update(run) {
      bar.setTotal(barTotal(run, maxPages));
      const status = `${state(run)}, ${run.progress.pagesRecorded} records${remaining(run.progress.estimatedSecondsRemaining)}`;
      bar.update(run.progress.pagesCrawled, { status });
    },
    stop() {
      bar.stop();
    },
  };
}

/**
 * What the bar counts towards: `maxPages` while pages are still being fetched, so the total never
 * jumps about with the queue (a queue of 1 at the start, 24 a moment later); once the crawl is over
 * (a later phase, or a final state), the pages it fetched, so that the bar ends full.
 */
export function barTotal(run: AuditRun, maxPages: number): number {
  const crawling =
    run.status === 'pending' ||
    (run.status === 'running' && (run.progress.phase === null || run.progress.phase === 'crawling' || run.progress.phase === 'rendering'));
  return crawling ? Math.max(1, maxPages) : Math.max(1, run.progress.pagesCrawled);
}

/** `running (site_checks)`: the phase says what a long wait after the crawl is. */
function state(run: AuditRun): string {
  return run.progress.phase ? `${run.status} (${run.progress.phase.replace('_', ' ')})` : run.status;
}

function remaining(seconds: number | null): string {
  if (seconds === null) return '';
  return seconds < 90 ? `, about ${seconds}s left` : `, about ${Math.round(seconds / 60)} min left`;
}
