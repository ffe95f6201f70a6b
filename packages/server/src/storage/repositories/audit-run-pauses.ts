// The pause and resume of audit runs, each one conditional update taken from the lifecycle table
// (domain/audit-lifecycle.ts), like the other status changes of audit-runs.ts. A pending run is
// paused at once; a running one is asked to pause, and its worker, once its crawl has stopped and
// its state is saved, pauses it; a paused run is resumed with the job that will continue it.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type { AuditPauseReason } from '../schema-audits.js';
import { toTimestamp } from '../timestamps.js';
import { AUDIT_LIFECYCLE } from '../../domain/audit-lifecycle.js';
import { changed } from './updated-rows.js';

/** What the worker records as the crawl goes: HTML pages crawled, URLs waiting, records stored. */
export interface AuditRunProgress {
  pagesCrawled: number;
  pagesQueued: number;
  pagesRecorded: number;
}

/** Why a run pauses: on request, or the crawl's safeguard with what it measured. */
export interface AuditPause {
  reason: AuditPauseReason;
  /** The safeguard's measure in words; null on request. */
  message: string | null;
  /** The safeguard's window: its failures among its fetches; null on request. */
  figures: { failures: number; fetches: number } | null;
}

export interface AuditRunPauses {
  /** pending → paused, on request, in the caller's transaction if any; false when the run is not pending. */
  pause(id: string, now: number, trx?: Transaction<Database>): Promise<boolean>;
  /** Asks a running run to pause (its crawl stops at its next progress); false when it is not running or already asked. */
  askPause(id: string, pause: AuditPause): Promise<boolean>;
  /**
   * running, asked to pause → paused, by its worker once the crawl has stopped and is saved, with
   * the progress it stopped at, in the caller's transaction.
   */
  pauseStoppedCrawl(id: string, input: { progress: AuditRunProgress; now: number }, trx?: Transaction<Database>): Promise<boolean>;
  /** paused → pending, carried by `jobId` from now on, in the caller's transaction (which queued that job). */
  resume(id: string, input: { jobId: string; now: number }, trx: Transaction<Database>): Promise<boolean>;
}

/** The columns a run that is no longer paused nor pausing has. */
export const NOT_PAUSED = { pause_reason: null, pause_message: null, pause_figures: null, paused_at: null } as const;

export function createAuditRunPauses(db: Kysely<Database>): AuditRunPauses {
  return {
    async pause(id, now, trx) {
      const result = await (trx ?? db)
        .updateTable('audit_runs')
        .set({ status: AUDIT_LIFECYCLE.pause.to, pause_reason: 'requested', pause_message: null, pause_figures: null, paused_at: toTimestamp(now) })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.pause.from)
        .executeTakeFirst();
      return changed(result);
    },
    async askPause(id, { reason, message, figures }) {
      const result = await db
        .updateTable('audit_runs')
        .set({ pause_reason: reason, pause_message: message, pause_figures: figures === null ? null : JSON.stringify(figures) })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.ask_pause.from)
        .where('pause_reason', 'is', null)
        .executeTakeFirst();
      return changed(result);
    },
    async pauseStoppedCrawl(id, { progress, now }, trx) {
      const result = await (trx ?? db)
        .updateTable('audit_runs')
        .set({
          status: AUDIT_LIFECYCLE.pause_stopped_crawl.to,
          paused_at: toTimestamp(now),
          phase: null,
          pages_crawled: progress.pagesCrawled,
          pages_queued: progress.pagesQueued,
          pages_recorded: progress.pagesRecorded,
        })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.pause_stopped_crawl.from)
        .where('pause_reason', 'is not', null)
        .executeTakeFirst();
      return changed(result);
    },
    async resume(id, { jobId, now }, trx) {
      const result = await trx
        .updateTable('audit_runs')
        .set({ status: AUDIT_LIFECYCLE.resume.to, job_id: jobId, resumed_at: toTimestamp(now), ...NOT_PAUSED })
        .where('id', '=', id)
        .where('status', 'in', AUDIT_LIFECYCLE.resume.from)
        .executeTakeFirst();
      return changed(result);
    },
  };
}
