// Summaries stored before robots.txt's status was recorded (spec 1.5) read back with the new
// fields null, as the contract says; those stored since keep what they recorded.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { uuidv7 } from '../../src/support/ids.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';
import { EMPTY_SUMMARY } from '../support/audit-comparison-fixture.js';

const NOW = Date.UTC(2025, 5, 1);

describeEachDatabase('stored summaries and robots.txt status', (database) => {
  it('reads a summary stored without status, httpStatus and detail with them null, and a newer one as stored', async () => {
    const r = createRepositories(database().handle.db);
    const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW });
    const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now: NOW });
    const store = async (n: number, summary: unknown) => {
      const job = await r.jobs.enqueue({ kind: 'audit', accountId: account.id, payload: {}, concurrencyLimit: 10, now: NOW });
      const run = await r.auditRuns.create({
        id: uuidv7(NOW + n),
        projectId: project.id,
        accountId: account.id,
        seedUrl: 'https://site.example/',
        maxPages: 50,
        jobId: job.id,
        now: NOW + n,
      });
      await database()
        .handle.db.updateTable('audit_runs')
        .set({ status: 'completed', summary: JSON.stringify(summary) })
        .where('id', '=', run.id)
        .execute();
      return (await r.auditRuns.find(run.id))!.summary!.site.robotsTxt;
    };

    const before = { ...EMPTY_SUMMARY, site: { ...EMPTY_SUMMARY.site, robotsTxt: { present: true, blockedAiAgents: ['CCBot'] } } };
    expect(await store(0, before)).toEqual({ present: true, blockedAiAgents: ['CCBot'], status: null, httpStatus: null, detail: null });

    const cut = { present: true, blockedAiAgents: [], status: 'truncated', httpStatus: 200, detail: 'larger than 524288 bytes' };
    expect(await store(1, { ...EMPTY_SUMMARY, site: { ...EMPTY_SUMMARY.site, robotsTxt: cut } })).toEqual(cut);
  });
});
