// The life of an audit run as the repository lives it: from every status, each way of changing a
// run happens exactly when the lifecycle table (domain/audit-lifecycle.ts) lists that status among
// its starting states, and ends in the table's state; from any other status it changes nothing.
// Together the cases show that every transition in the table happens and that no other can.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { AUDIT_LIFECYCLE, AUDIT_STATUSES, isFinalAuditStatus, type AuditStatus, type AuditTrigger } from '../../src/domain/audit-lifecycle.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import { EMPTY_SUMMARY } from '../support/audit-comparison-fixture.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/storage/schema.js';

const NOW = Date.UTC(2026, 10, 1);

const REQUESTED = { reason: 'requested', message: null, figures: null } as const;

/** The repository's call for each trigger; true when it changed the run. */
const FIRE: { [trigger in AuditTrigger]: (r: Repositories, id: string, db: Kysely<Database>) => Promise<boolean> } = {
  start: (r, id) => r.auditRuns.markRunning(id, NOW + 1),
  progress: async (r, id) => {
    const counted = await r.auditRuns.recordProgress(id, { pagesCrawled: 3, pagesQueued: 2, pagesRecorded: 4 });
    const phased = await r.auditRuns.recordPhase(id, 'finalising');
    expect(phased, 'a phase is recorded exactly when progress is').toBe(counted);
    return counted;
  },
  complete: (r, id) => r.auditRuns.complete(id, { summary: EMPTY_SUMMARY, stopReason: 'all_pages_crawled', now: NOW + 2 }),
  fail: (r, id) => r.auditRuns.fail(id, { code: 'internal_error', message: 'broken', now: NOW + 2 }),
  cancel: (r, id) => r.auditRuns.cancel(id, NOW + 2),
  keep_cancelled_pages: (r, id) => r.auditRuns.recordCancelledSummary(id, EMPTY_SUMMARY),
  pause: (r, id) => r.auditRuns.pause(id, NOW + 2),
  ask_pause: (r, id) => r.auditRuns.askPause(id, REQUESTED),
  // Its condition first: a pause asked for (which changes nothing where the run is not running).
  pause_stopped_crawl: async (r, id) => {
    await r.auditRuns.askPause(id, REQUESTED);
    return r.auditRuns.pauseStoppedCrawl(id, { progress: { pagesCrawled: 3, pagesQueued: 2, pagesRecorded: 4 }, now: NOW + 2 });
  },
  resume: (r, id, db) => db.transaction().execute((trx) => r.auditRuns.resume(id, { jobId: 'job-of-the-resume', now: NOW + 3 }, trx)),
};

describeEachDatabase('the life of an audit run', (database) => {
  const repos = () => createRepositories(database().handle.db);

  /** A run put straight into `status`, as the transitions before it would have left it (no summary). */
  async function runIn(status: AuditStatus): Promise<string> {
    const run = await createAuditRun(repos(), { now: NOW });
    await database().handle.db.updateTable('audit_runs').set({ status }).where('id', '=', run.id).execute();
    return run.id;
  }

  for (const [trigger, transition] of Object.entries(AUDIT_LIFECYCLE) as [AuditTrigger, (typeof AUDIT_LIFECYCLE)[AuditTrigger]][]) {
    for (const status of AUDIT_STATUSES) {
      const allowed = transition.from.includes(status);
      it(`${trigger} from ${status} ${allowed ? `leads to ${transition.to}` : 'changes nothing'}`, async () => {
        const id = await runIn(status);
        const before = await repos().auditRuns.find(id);
        expect(await FIRE[trigger](repos(), id, database().handle.db)).toBe(allowed);
        const after = (await repos().auditRuns.find(id))!;
        expect(after.status).toBe(allowed ? transition.to : status);
        if (!allowed) expect(after).toEqual(before);
      });
    }
  }

  it('records a cancelled run’s kept pages once', async () => {
    const id = await runIn('cancelled');
    expect(await FIRE.keep_cancelled_pages(repos(), id, database().handle.db)).toBe(true);
    expect(await FIRE.keep_cancelled_pages(repos(), id, database().handle.db)).toBe(false);
  });

  it('asks a running run to pause once, and then takes no progress from it', async () => {
    const id = await runIn('running');
    expect(await FIRE.ask_pause(repos(), id, database().handle.db)).toBe(true);
    expect(await FIRE.ask_pause(repos(), id, database().handle.db)).toBe(false);
    expect(await FIRE.progress(repos(), id, database().handle.db)).toBe(false);
    expect((await repos().auditRuns.find(id))!.pause).toEqual(REQUESTED);
  });

  it('pauses a running run only once a pause was asked for, and resumes it as its new job’s', async () => {
    const id = await runIn('running');
    const progress = { pagesCrawled: 3, pagesQueued: 2, pagesRecorded: 4 };
    expect(await repos().auditRuns.pauseStoppedCrawl(id, { progress, now: NOW + 2 })).toBe(false);
    expect(await FIRE.pause_stopped_crawl(repos(), id, database().handle.db)).toBe(true);
    const paused = (await repos().auditRuns.find(id))!;
    expect(paused).toMatchObject({ status: 'paused', pagesCrawled: 3, pagesQueued: 2, pagesRecorded: 4, pause: REQUESTED });
    expect(await FIRE.resume(repos(), id, database().handle.db)).toBe(true);
    const resumed = (await repos().auditRuns.find(id))!;
    expect(resumed).toMatchObject({ status: 'pending', jobId: 'job-of-the-resume', pause: null, pausedAt: null, pagesCrawled: 3 });
    expect(resumed.resumedAt).not.toBeNull();
  });
});

it('leaves no way out of a final state, and one into each', () => {
  expect(AUDIT_STATUSES.filter(isFinalAuditStatus)).toEqual(['completed', 'failed', 'cancelled']);
  const reached = new Set(Object.values(AUDIT_LIFECYCLE).map((transition) => transition.to));
  expect([...reached].sort()).toEqual(['cancelled', 'completed', 'failed', 'paused', 'pending', 'running']);
});

it('is the table the README prints under "The life of an audit"', () => {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## The life of an audit'), readme.indexOf('## Changing the API'));
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map(cells);
  expect(rows).toEqual(
    Object.entries(AUDIT_LIFECYCLE).map(([trigger, t]) => [trigger.replaceAll('_', ' '), t.from.join(', '), t.to, t.trigger, t.condition ?? '—', t.effects]),
  );
});
