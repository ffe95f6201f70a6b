// Migration 0009: pages stored before the audit by issue existed get one issue row per distinct
// code, and final runs get their totals, so that the issues view, the `issue` filter and
// comparisons work on audits from before it.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { down, up } from '../../src/storage/migrations/0009_audit_issues.js';
import { down as downReviewFields, up as upReviewFields } from '../../src/storage/migrations/0028_audit_page_review_fields.js';
import { uuidv7 } from '../../src/support/ids.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);

describeEachDatabase('migration 0009 (audit issues)', (database) => {
  it('backfills issue rows from stored pages, and the totals of final runs', async () => {
    const db = database().handle.db;
    const r = createRepositories(db);
    const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW });
    const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now: NOW });
    const runs: string[] = [];
    for (const n of [0, 1]) {
      const job = await r.jobs.enqueue({ kind: 'audit', accountId: account.id, payload: {}, concurrencyLimit: 10, now: NOW });
      runs.push(
        (
          await r.auditRuns.create({
            id: uuidv7(NOW + n),
            projectId: project.id,
            accountId: account.id,
            seedUrl: 'https://site.example/',
            maxPages: 50,
            jobId: job.id,
            now: NOW + n,
          })
        ).id,
      );
    }
    await db.updateTable('audit_runs').set({ status: 'completed' }).where('id', '=', runs[0]!).execute();

    // Back to the schema before 0009, with pages as that version stored them (0028 first: an index
    // of it reads the depth column 0009 adds).
    await downReviewFields(db as never);
    await down(db as never);
    const issues = [
      [
        { code: 'h1_missing', severity: 'warning' },
        { code: 'structured_data_invalid', severity: 'error' },
        { code: 'structured_data_invalid', severity: 'error' },
      ],
      [{ code: 'h1_missing', severity: 'warning' }],
      [],
    ];
    for (const runId of runs) {
      for (const [i, list] of issues.entries()) {
        await db
          .insertInto('audit_pages')
          .values({
            id: uuidv7(NOW + i),
            audit_run_id: runId,
            url: `https://site.example/${runId.slice(-4)}/${i}`,
            final_url: `https://site.example/${i}`,
            status_code: 200,
            content_type: 'text/html',
            title: null,
            meta_description: null,
            lang: null,
            word_count: 10,
            geo_score: 40 + i,
            has_schema: i % 2,
            schema_types: '[]',
            checks: '[]',
            issues: JSON.stringify(list.map((x) => ({ ...x, message: 'm' }))),
            fetched_at: '2025-03-01T00:00:00.000Z',
          })
          .execute();
      }
    }
    await up(db as never);
    await upReviewFields(db as never);

    for (const runId of runs) {
      const rows = await db
        .selectFrom('audit_page_issues')
        .select(['url', 'code', 'severity', 'has_schema', 'geo_score'])
        .where('audit_run_id', '=', runId)
        .orderBy('url')
        .orderBy('code')
        .execute();
      const base = `https://site.example/${runId.slice(-4)}`;
      expect(rows).toEqual([
        { url: `${base}/0`, code: 'h1_missing', severity: 'warning', has_schema: 0, geo_score: 40 },
        { url: `${base}/0`, code: 'structured_data_invalid', severity: 'error', has_schema: 0, geo_score: 40 },
        { url: `${base}/1`, code: 'h1_missing', severity: 'warning', has_schema: 1, geo_score: 41 },
      ]);
    }
    // The completed run has its totals; the pending one is read live.
    expect(await r.auditIssues.all(runs[0]!)).toEqual([
      { code: 'structured_data_invalid', severity: 'error', pagesAffected: 1, sampleUrls: [`https://site.example/${runs[0]!.slice(-4)}/0`] },
      { code: 'h1_missing', severity: 'warning', pagesAffected: 2, sampleUrls: [0, 1].map((i) => `https://site.example/${runs[0]!.slice(-4)}/${i}`) },
    ]);
    expect(await r.auditIssues.all(runs[1]!)).toEqual([]);
    const run = await r.auditRuns.find(runs[0]!);
    expect(run).toMatchObject({ renderJavaScript: false, checkExternalLinks: false, phase: null });
  });
});
