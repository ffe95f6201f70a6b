// Migration 0036: what the site checks find is kept apart until the run is final. A run live when it
// runs had its site results written into its page rows already: ranking it keeps them. Down drops
// the table.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { down, up } from '../../src/storage/migrations/0036_audit_site_results.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { pageRecord } from '../support/audit-comparison-fixture.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 6, 1);

describeEachDatabase('migration 0036 (site results kept until the run is final)', (database) => {
  it('leaves the site results a live run wrote into its rows to its ranking, and drops its table on the way down', async () => {
    const db = database().handle.db;
    const r = createRepositories(db);
    const run = await createAuditRun(r, { now: NOW });
    const pages = [pageRecord(run.id, ['/', 80, []], 0, NOW), pageRecord(run.id, ['/a', 60, []], 1, NOW), pageRecord(run.id, ['/b', 40, []], 2, NOW)];
    await r.auditPages.insertMany(pages);
    await down(db as never);
    // As 1.11's site checks left a page: written into its row.
    await sql`UPDATE audit_pages SET depth = 1, inlinks = 4 WHERE id = ${pages[1]!.id}`.execute(db);
    await up(db as never);
    // And one checked after the migration.
    await r.auditPages.applySiteResults(run.id, [{ url: pages[2]!.url, depth: 2, inlinks: 1, issues: [] }]);
    await r.auditPages.rank(run.id);

    const listed = (await r.auditPages.list(run.id, {}, { page: 1, pageSize: 10 })).items.map((p) => [p.url, p.depth, p.inlinks]);
    expect(listed).toEqual([
      [pages[0]!.url, null, null],
      [pages[1]!.url, 1, 4],
      [pages[2]!.url, 2, 1],
    ]);

    await down(db as never);
    await expect(sql`SELECT count(*) FROM audit_site_results`.execute(db)).rejects.toThrow();
    await up(db as never);
  });
});
