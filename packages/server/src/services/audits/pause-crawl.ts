// A crawl asked to pause, once it has stopped: where it stopped is saved in the audit's frontier
// tables, then the run is paused, in one transaction with its counts. A crawl on one worker saves
// the URLs it had still to fetch, its counts and its site findings, beside the site records of the
// pages it stored, which its recording saved as the engine read them out of its index
// (recording.ts); resume-crawl.ts reads them back. A shared crawl's frontier and counts are in
// storage already, and only its site findings are added. Should the run be cancelled or deleted
// first, the pause does not happen (the rows written go with the run's end).
//
// The other way to resume, rebuilding the queue from the stored pages and their links, was not
// taken: a page keeps at most 1,000 of its links, the hreflang and canonical targets a crawl
// follows are not links, and the site checks need each page's content signature, which only its
// site record holds.
import type { AuditRun } from '../../storage/repositories/audit-runs.js';
import type { TransactionHandle } from '../../storage/transaction.js';
import { emitAuditEvent } from './events.js';
import type { AuditJobDeps } from './job-deps.js';
import type { AuditRecording } from './recording.js';

/** Saves where the stopped crawl is and pauses the run; false when the run was no longer running. */
export async function pauseStoppedCrawl(deps: AuditJobDeps, run: AuditRun, recording: AuditRecording, shared: boolean): Promise<boolean> {
  const { auditFrontier, auditRuns, clock } = deps;
  const tally = await recording.finalTally();
  const siteFindings = JSON.stringify(recording.site);
  if (shared) {
    const counts = await auditFrontier.counts(run.id);
    const progress = {
      pagesCrawled: counts.htmlPages,
      pagesQueued: Math.max(0, counts.urls - counts.htmlPages - counts.otherRecords),
      pagesRecorded: counts.tally.pagesAudited,
    };
    return deps.transaction(async (trx) => {
      await auditFrontier.saveFindings(run.id, siteFindings, trx);
      return paused(deps, run.id, trx, await auditRuns.pauseStoppedCrawl(run.id, { progress, now: clock.now() }, trx));
    });
  }
  await auditFrontier.saveQueue(run.id, recording.unfinished);
  const { pagesCrawled, pagesRecorded } = recording.crawled;
  const progress = { pagesCrawled, pagesQueued: recording.unfinished.length, pagesRecorded: tally.pagesAudited };
  return deps.transaction(async (trx) => {
    await auditFrontier.saveCounts(run.id, { htmlPages: pagesCrawled, otherRecords: pagesRecorded - pagesCrawled, tally: tally.counts(), siteFindings }, trx);
    return paused(deps, run.id, trx, await auditRuns.pauseStoppedCrawl(run.id, { progress, now: clock.now() }, trx));
  });
}

/** `audit.paused` for a run the transaction paused (`changed`); whether it did. */
async function paused(deps: AuditJobDeps, runId: string, trx: TransactionHandle, changed: boolean): Promise<boolean> {
  if (changed) await emitAuditEvent(deps.webhooks, deps.auditRuns, runId, trx);
  return changed;
}
