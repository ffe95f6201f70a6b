// Migration 0008: summaries and report snapshots stored before `pagesScored` existed gain it,
// counted from the audit's stored pages, with the schema share and the changes recomputed.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { up } from '../../src/storage/migrations/0008_pages_scored.js';
import { uuidv7 } from '../../src/support/ids.js';
import type { NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);

const record = (auditRunId: string, i: number, statusCode: number, contentType: string | null, geoScore: number, hasSchema = false): NewAuditPage => ({
  id: uuidv7(NOW + i),
  auditRunId,
  url: `https://site.example/${auditRunId.slice(-6)}/${i}`,
  finalUrl: `https://site.example/${auditRunId.slice(-6)}/${i}`,
  statusCode,
  contentType,
  title: null,
  metaDescription: null,
  lang: null,
  wordCount: 0,
  geoScore,
  hasSchema,
  schemaTypes: hasSchema ? ['Article'] : [],
  structuredData: [],
  rubricId: 'geo-2026.1',
  checks: [],
  issues: [],
  fetchedAt: '2025-03-01T00:00:00.000Z',
});

describeEachDatabase('migration 0008 (pagesScored)', (database) => {
  it('backfills summaries and snapshots from the stored pages', async () => {
    const r = createRepositories(database().handle.db);
    const { account } = await r.accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW });
    const project = await r.projects.create({ accountId: account.id, name: 'Site', primaryDomain: 'https://site.example', now: NOW });
    const runs: string[] = [];
    for (const [n, pages] of [
      [0, 4],
      [1, 6],
    ] as const) {
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
      // pages - 2 scored HTML pages (one with schema), a PDF and a 404.
      const stored = [
        ...Array.from({ length: pages - 2 }, (_, i) => record(run.id, i, 200, 'text/html', 50, i === 0)),
        record(run.id, 100, 200, 'application/pdf', 0),
        record(run.id, 101, 404, 'text/html', 0),
      ];
      await r.auditPages.insertMany(stored);
      // As summaries and snapshots were stored before: no pagesScored, the share over every record.
      const summary = { pagesAudited: pages, avgGeoScore: 50, pagesWithSchema: 1, issueCounts: { error: 0, warning: 0, notice: 0 }, site: {} };
      await database()
        .handle.db.updateTable('audit_runs')
        .set({ status: 'completed', summary: JSON.stringify(summary) })
        .where('id', '=', run.id)
        .execute();
      const report = await r.reports.create({
        projectId: project.id,
        auditRunId: run.id,
        metrics: { avgGeoScore: 50, pagesAudited: pages, pagesScored: pages, schemaShare: 1 / pages, issueCounts: summary.issueCounts },
        change: null,
        now: NOW + n,
      });
      const oldMetrics = { avgGeoScore: 50, pagesAudited: pages, schemaShare: 1 / pages, issueCounts: summary.issueCounts };
      await database()
        .handle.db.updateTable('reports')
        .set({ metrics: JSON.stringify(oldMetrics) })
        .where('id', '=', report.id)
        .execute();
      runs.push(run.id);
    }

    await up(database().handle.db as never);

    const summaries = await Promise.all(runs.map(async (id) => (await r.auditRuns.find(id))!.summary as { pagesScored: number }));
    expect(summaries.map((s) => s.pagesScored)).toEqual([2, 4]);
    const [latest, first] = (await r.reports.listForProject(project.id, { page: 1, pageSize: 10 })).items as Array<{ id: string; metrics: any; change: any }>;
    expect(first!.metrics).toMatchObject({ pagesScored: 2, schemaShare: 0.5 });
    expect(first!.change).toBeNull();
    expect(latest!.metrics).toMatchObject({ pagesScored: 4, schemaShare: 0.25 });
    expect(latest!.change).toMatchObject({ previousSnapshotId: first!.id, pagesAudited: 2, pagesScored: 2, schemaShare: -0.25 });
    // Run again (a second server starting): nothing changes.
    await up(database().handle.db as never);
    expect(((await r.auditRuns.find(runs[0]!))!.summary as { pagesScored: number }).pagesScored).toBe(2);
  });
});
