// Migration 0036: a page's rubric checks move from its `audit_pages` row to `audit_page_checks`;
// pages stored before keep their checks, and going back puts them in the rows again.
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { down, up } from '../../src/storage/migrations/0036_audit_page_checks.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import type { NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import { uuidv7 } from '../../src/support/ids.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 6, 1);

const checks: NewAuditPage['checks'] = [
  { id: 'A1', name: 'Answers first', status: 'pass', earned: 10, max: 10, evidence: 'Answers in the first paragraph.', fix: null },
  { id: 'E2', name: 'Statistics', status: 'fail', earned: 0, max: 8, evidence: 'No statistics.', fix: 'Add figures with their sources.' },
];

function page(auditRunId: string, i: number): NewAuditPage {
  return {
    id: uuidv7(NOW + i),
    auditRunId,
    url: `https://site.example/${i}`,
    finalUrl: `https://site.example/${i}`,
    statusCode: 200,
    contentType: 'text/html',
    title: `Page ${i}`,
    metaDescription: null,
    lang: 'en',
    wordCount: 100,
    geoScore: 50,
    hasSchema: false,
    schemaTypes: [],
    checks: i === 0 ? checks : [],
    issues: [],
    fetchedAt: '2025-07-01T00:00:00.000Z',
  };
}

describeEachDatabase('migration 0036 (audit page checks)', (database) => {
  it('keeps the checks of pages stored before it, and down puts them back in the rows', async () => {
    const db = database().handle.db;
    const r = createRepositories(db);
    const run = await createAuditRun(r, { now: NOW });
    await r.auditPages.insertMany([page(run.id, 0), page(run.id, 1)]);

    await down(db as never);
    // Typed as the schema was before: the checks were a column of the page's row.
    const rows = await (db as unknown as Kysely<{ audit_pages: { id: string; checks: string; audit_run_id: string } }>)
      .selectFrom('audit_pages')
      .select(['id', 'checks'])
      .where('audit_run_id', '=', run.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => JSON.parse(row.checks) as unknown)).toEqual([checks, []]);

    await up(db as never);
    const { items } = await r.auditPages.list(run.id, {}, { page: 1, pageSize: 10 });
    expect(items.map((item) => item.checks)).toEqual([checks, []]);
  });
});
