// Migration 0035: the keys SQLite gathered in audit_inlink_keys_recent, waiting to be merged, join
// the others before the table goes, so that a final run's inlinks read as they did; down brings the
// empty table back.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { down, up } from '../../src/storage/migrations/0035_audit_inlink_keys_at_end.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 6, 1);
const SITE = 'https://site.example';

describeEachDatabase('migration 0035 (inlink keys written at the end)', (database) => {
  it('moves the keys still waiting to be merged to the others, and drops their table', async () => {
    const db = database().handle.db;
    const r = createRepositories(db);
    const run = await createAuditRun(r, { now: NOW });
    await down(db as never);
    await sql`INSERT INTO audit_link_urls (audit_run_id, url) VALUES (${run.id}, ${`${SITE}/`}), (${run.id}, ${`${SITE}/a`}), (${run.id}, ${`${SITE}/b`})`.execute(
      db,
    );
    const ids = new Map(
      (await sql<{ id: number | string; url: string }>`SELECT id, url FROM audit_link_urls WHERE audit_run_id = ${run.id}`.execute(db)).rows.map((row) => [
        row.url.slice(SITE.length),
        Number(row.id),
      ]),
    );
    const id = (path: string) => ids.get(path)!;
    const row = (...targets: string[]) => JSON.stringify(targets.map((path) => [`${SITE}${path}`, `to ${path}`, '', 1, 1]));
    await sql`INSERT INTO audit_page_links (source_id, links) VALUES (${id('/')}, ${row('/a', '/b')}), (${id('/a')}, ${row('/b')}), (${id('/b')}, ${row('/a')})`.execute(
      db,
    );
    // As 0034 left a crawl: the home page's keys merged, the others' still recent.
    await sql`INSERT INTO audit_inlink_keys (target_id, source_id, position) VALUES (${id('/a')}, ${id('/')}, 0), (${id('/b')}, ${id('/')}, 1)`.execute(db);
    await sql`INSERT INTO audit_inlink_keys_recent (target_id, source_id, position) VALUES (${id('/b')}, ${id('/a')}, 0), (${id('/a')}, ${id('/b')}, 0)`.execute(
      db,
    );
    await up(db as never);

    const inlinks = async (path: string) =>
      (await r.auditLinks.inlinks(run.id, `${SITE}${path}`, { page: 1, pageSize: 10 }, { final: true })).items.map((l) => l.source.slice(SITE.length));
    expect(await inlinks('/a')).toEqual(['/', '/b']);
    expect(await inlinks('/b')).toEqual(['/', '/a']);
    await expect(sql`SELECT count(*) FROM audit_inlink_keys_recent`.execute(db)).rejects.toThrow();

    await down(db as never);
    expect(Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM audit_inlink_keys_recent`.execute(db)).rows[0]!.n)).toBe(0);
    await up(db as never);
  });
});
