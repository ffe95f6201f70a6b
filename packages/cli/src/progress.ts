// Progress of an audit being waited for: a live bar on a terminal (cli-progress), and on a pipe
// or in CI a plain line whenever the state changes, so logs stay readable.
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
        const line = `audit ${state(run)}: ${run.progress.pagesCrawled} pages crawled, ${run.progress.pagesQueued} queued`;
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
      const known = run.progress.pagesCrawled + run.progress.pagesQueued;
      bar.setTotal(Math.max(1, Math.min(maxPages, known)));
      bar.update(run.progress.pagesCrawled, { status: `${state(run)}${remaining(run.progress.estimatedSecondsRemaining)}` });
    },
    stop() {
      bar.stop();
    },
  };
}

/** `running (site_checks)`: the phase says what a long wait after the crawl is. */
function state(run: AuditRun): string {
  return run.progress.phase ? `${run.status} (${run.progress.phase.replace('_', ' ')})` : run.status;
}

function remaining(seconds: number | null): string {
  if (seconds === null) return '';
  return seconds < 90 ? `, about ${seconds}s left` : `, about ${Math.round(seconds / 60)} min left`;
}
