// Migration 0033: runs stored before the resource check existed read as not checking resources,
// and their summaries, which lack the check's findings, read with null; a run started with the
// option keeps it.
import { expect, it } from 'vitest';
import { down, up } from '../../src/storage/migrations/0033_audit_check_resources.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 5, 1);

describeEachDatabase('migration 0033 (check resources)', (database) => {
  it('reads the runs stored before it as not checking resources, with null findings, and keeps the option of those after', async () => {
    const db = database().handle.db;
    const r = createRepositories(db);
    await down(db as never);
    // A run and a summary as 1.9 stored them: no column, no `resources` in the site findings.
    const before = await r.accounts.create({ email: `before-${NOW}@example.com`, plan: 'agency', now: NOW });
    const project = await r.projects.create({ accountId: before.account.id, name: 'Site', primaryDomain: 'https://site.example', now: NOW });
    const job = await r.jobs.enqueue({ kind: 'audit', accountId: before.account.id, payload: {}, concurrencyLimit: 10, now: NOW });
    const summary = {
      pagesAudited: 1,
      pagesScored: 1,
      avgGeoScore: 50,
      pagesWithSchema: 0,
      issueCounts: { error: 0, warning: 0, notice: 0 },
      site: {
        robotsTxt: { present: false, blockedAiAgents: [], status: 'unavailable', httpStatus: 404, detail: null },
        sitemap: { present: false, urlCount: 0 },
        llmsTxt: { present: false, wellFormed: false },
        nearDuplicates: null,
        externalLinks: null,
      },
    };
    await db
      .insertInto('audit_runs')
      .values({
        id: 'run-before-0033',
        project_id: project.id,
        account_id: before.account.id,
        status: 'completed',
        seed_url: 'https://site.example/',
        max_pages: 10,
        job_id: job.id,
        pages_crawled: 1,
        pages_queued: 0,
        summary: JSON.stringify(summary),
        stop_reason: 'all_pages_crawled',
        error_code: null,
        error_message: null,
        created_at: new Date(NOW).toISOString(),
        started_at: new Date(NOW).toISOString(),
        finished_at: new Date(NOW).toISOString(),
      } as never)
      .execute();
    await up(db as never);

    const old = await r.auditRuns.find('run-before-0033');
    expect(old).toMatchObject({ checkResources: false, checkExternalLinks: false });
    expect(old?.summary?.site.resources).toBeNull();
    const created = await createAuditRun(r, { now: NOW + 1 });
    expect(created.checkResources).toBe(false);
    const job2 = await r.jobs.enqueue({ kind: 'audit', accountId: created.accountId, payload: {}, concurrencyLimit: 10, now: NOW });
    const checking = await r.auditRuns.create({
      id: 'run-after-0033',
      projectId: created.projectId,
      accountId: created.accountId,
      seedUrl: 'https://site.example/',
      maxPages: 10,
      checkResources: true,
      jobId: job2.id,
      now: NOW + 2,
    });
    expect(checking.checkResources).toBe(true);
    expect((await r.auditRuns.find('run-after-0033'))?.checkResources).toBe(true);
  });
});
