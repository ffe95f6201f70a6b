// Migration 0030: the links an audit stored as 0027's rows (URLs as text) are read afterwards as
// they were written, both ways round, with the broken targets and the run's deletion taking them.
import { sql } from 'kysely';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { dialectOf } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { migrationProvider } from '../../src/storage/migrations/index.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);
const SITE = 'https://site.example';

describeEachDatabase('migration 0030 (links by number)', (database) => {
  it("carries 0027's links over: outlinks in document order, inlinks, and their deletion with the run", async () => {
    const db = database().handle.db;
    const schema = dialectOf(db) === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
    const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
    // The run is made with today's columns, then the schema goes back to 0029 under it: the
    // repositories write what the latest schema has.
    const r = createRepositories(db);
    const run = await createAuditRun(r, { now: NOW });
    const down = await migrator.migrateTo('0029_audit_crawl_settings');
    expect(down.error).toBeUndefined();
    const old = (source: string, position: number, target: string, anchor: string, rel = '', followed = 1) => ({
      audit_run_id: run.id,
      source_url: `${SITE}${source}`,
      position,
      target_url: target.startsWith('http') ? target : `${SITE}${target}`,
      anchor_text: anchor,
      rel,
      followed,
      internal: target.startsWith('http') ? 0 : 1,
    });
    await sql`INSERT INTO audit_links (audit_run_id, source_url, position, target_url, anchor_text, rel, followed, internal) VALUES ${sql.join(
      [
        old('/', 0, '/a', 'A'),
        old('/', 1, '/b', 'B'),
        old('/', 2, 'https://other.example/', 'Elsewhere', 'nofollow', 0),
        old('/a', 0, '/b', 'B again'),
        old('/a', 1, '/', 'Home'),
      ].map((row) => sql`(${sql.join(Object.values(row))})`),
    )}`.execute(db);

    await migrateToLatest(db);
    const outlinks = await r.auditLinks.outlinks(run.id, `${SITE}/`, { page: 1, pageSize: 10 });
    expect(outlinks).toEqual({
      total: 3,
      items: [
        { source: `${SITE}/`, target: `${SITE}/a`, anchorText: 'A', rel: [], followed: true, internal: true },
        { source: `${SITE}/`, target: `${SITE}/b`, anchorText: 'B', rel: [], followed: true, internal: true },
        { source: `${SITE}/`, target: 'https://other.example/', anchorText: 'Elsewhere', rel: ['nofollow'], followed: false, internal: false },
      ],
    });
    const inlinks = await r.auditLinks.inlinks(run.id, `${SITE}/b`, { page: 1, pageSize: 10 });
    expect(inlinks.total).toBe(2);
    expect(inlinks.items.map((l) => [l.source, l.anchorText]).sort()).toEqual([
      [`${SITE}/`, 'B'],
      [`${SITE}/a`, 'B again'],
    ]);

    await db.deleteFrom('projects').where('id', '=', run.projectId).execute();
    for (const table of ['audit_link_urls', 'audit_page_links', 'audit_inlink_keys'] as const) {
      const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
      expect(Number(rows[0]!.n), table).toBe(0);
    }
  });
});
