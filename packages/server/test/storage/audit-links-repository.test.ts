// The link graph of an audit: each page's links stored with it, read either way round in their
// documented order and paginated, and the broken and redirecting targets with the distinct pages
// linking to each, the same while the run is live and once they are finalised; the broken resources
// as the engine counted them, kept through finalising; all gone with the run.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { uuidv7 } from '../../src/support/ids.js';
import type { NewAuditPage } from '../../src/storage/repositories/audit-pages.js';
import { writeInlinkKeys, type StoredLink } from '../../src/storage/repositories/audit-link-store.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createAuditLinksRepository } from '../../src/storage/repositories/audit-links.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);
const SITE = 'https://site.example';

const link = (target: string, extra: Partial<StoredLink> = {}): StoredLink => ({
  target,
  anchorText: `to ${target}`,
  rel: [],
  followed: true,
  internal: true,
  ...extra,
});

function page(auditRunId: string, i: number, path: string, statusCode: number, issues: string[], links: StoredLink[]): NewAuditPage {
  return {
    id: uuidv7(NOW + i),
    auditRunId,
    url: `${SITE}${path}`,
    finalUrl: `${SITE}${path}`,
    statusCode,
    contentType: 'text/html',
    title: null,
    metaDescription: null,
    lang: null,
    wordCount: 0,
    geoScore: 0,
    hasSchema: false,
    schemaTypes: [],
    structuredData: [],
    rubricId: 'geo-2026.1',
    checks: [],
    issues: issues.map((code) => ({ code, severity: 'error' as const, message: code })),
    fetchedAt: '2025-03-01T00:00:00.000Z',
    links,
  };
}

/** Ten product pages of one template, all linking a missing care guide and a moved page; the home page links them all. */
function site(auditRunId: string): NewAuditPage[] {
  const products = Array.from({ length: 10 }, (_, i) =>
    page(
      auditRunId,
      i + 10,
      `/shop/p${i}`,
      200,
      [],
      [
        link(`${SITE}/`, { anchorText: 'Home' }),
        link(`${SITE}/care-guide`, { anchorText: 'Care guide' }),
        link(`${SITE}/moved`),
        ...(i === 0 ? [link('https://social.example/us', { rel: ['nofollow', 'noopener'], followed: false, internal: false, anchorText: '' })] : []),
      ],
    ),
  );
  return [
    page(auditRunId, 0, '/', 200, [], [...products.map((p) => link(p.url)), link(`${SITE}/gone`), link(`${SITE}/`)]),
    ...products,
    page(auditRunId, 1, '/care-guide', 404, ['http_status_4xx'], []),
    page(auditRunId, 2, '/gone', 0, ['fetch_failed'], []),
    page(auditRunId, 3, '/moved', 301, ['redirect'], []),
    // A body that was too large is no broken target: it answered.
    page(auditRunId, 4, '/huge', 200, ['fetch_failed'], []),
  ];
}

describeEachDatabase('audit links repository', (database, backend) => {
  const repos = () => createRepositories(database().handle.db);

  it("lists a URL's inlinks in the order the audit met the linking pages and a page's outlinks in document order, paginated", async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    await r.auditPages.insertMany(site(run.id));

    const inlinks = await r.auditLinks.inlinks(run.id, `${SITE}/care-guide`, { page: 1, pageSize: 4 });
    expect(inlinks.total).toBe(10);
    expect(inlinks.items.map((l) => l.source)).toEqual([0, 1, 2, 3].map((i) => `${SITE}/shop/p${i}`));
    expect(inlinks.items[0]).toEqual({
      source: `${SITE}/shop/p0`,
      target: `${SITE}/care-guide`,
      anchorText: 'Care guide',
      rel: [],
      followed: true,
      internal: true,
    });
    const last = await r.auditLinks.inlinks(run.id, `${SITE}/care-guide`, { page: 3, pageSize: 4 });
    expect(last.items.map((l) => l.source)).toEqual([8, 9].map((i) => `${SITE}/shop/p${i}`));
    expect(await r.auditLinks.inlinks(run.id, `${SITE}/care-guide`, { page: 4, pageSize: 4 })).toEqual({ items: [], total: 10 });
    expect(await r.auditLinks.inlinks(run.id, `${SITE}/nowhere`, { page: 1, pageSize: 20 })).toEqual({ items: [], total: 0 });

    const outlinks = await r.auditLinks.outlinks(run.id, `${SITE}/shop/p0`, { page: 1, pageSize: 20 });
    expect(outlinks.total).toBe(4);
    expect(outlinks.items.map((l) => l.target)).toEqual([`${SITE}/`, `${SITE}/care-guide`, `${SITE}/moved`, 'https://social.example/us']);
    expect(outlinks.items[3]).toMatchObject({ rel: ['nofollow', 'noopener'], followed: false, internal: false, anchorText: '' });
  });

  it('lists the same inlinks while the run is live (read from its pages) as once it is final (read from its keys)', async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    await r.auditPages.insertMany(site(run.id));
    const read = async (final: boolean) => {
      const lists = [];
      for (const url of [`${SITE}/`, `${SITE}/care-guide`, `${SITE}/moved`, `${SITE}/shop/p3`, 'https://social.example/us', `${SITE}/nowhere`])
        for (const pageSize of [1, 3, 20])
          for (let page = 1; page <= 4; page++) lists.push(await r.auditLinks.inlinks(run.id, url, { page, pageSize }, { final }));
      return lists;
    };
    const live = await read(false);
    expect(live.filter((list) => list.items.length > 0).length).toBeGreaterThan(20);
    // No key is written before the run is final; then every link has one.
    const keys = async () =>
      Number(
        (
          await sql<{ n: number | string }>`
            SELECT count(*) AS n FROM audit_inlink_keys k JOIN audit_link_urls u ON u.id = k.target_id WHERE u.audit_run_id = ${run.id}`.execute(
            database().handle.db,
          )
        ).rows[0]!.n,
      );
    expect(await keys()).toBe(0);
    await r.auditLinks.finalise(run.id);
    expect(await keys()).toBe(site(run.id).reduce((n, p) => n + (p.links?.length ?? 0), 0));
    expect(await read(true)).toEqual(live);
    // Finalised again (a cancelled run's pages made final after a retry), the keys stay one a link.
    await r.auditLinks.finalise(run.id);
    expect(await read(true)).toEqual(live);
  });

  it('finalises the same with its keys written ahead (PostgreSQL), and with a finalise that runs as they are written', async () => {
    const r = repos();
    const runs = [await createAuditRun(r, { now: NOW }), await createAuditRun(r, { now: NOW })];
    for (const run of runs) await r.auditPages.insertMany(site(run.id));
    const lists = async (runId: string) => {
      const found = [];
      for (const url of [`${SITE}/`, `${SITE}/care-guide`, `${SITE}/moved`, `${SITE}/shop/p3`])
        found.push(await r.auditLinks.inlinks(runId, url, { page: 1, pageSize: 20 }, { final: true }));
      found.push(await r.auditLinks.targets(runId, 'broken', { page: 1, pageSize: 20 }, { final: true }));
      return found.map((list) => ({ ...list, items: list.items.map((item) => JSON.stringify(item).replaceAll(runId, 'RUN')) }));
    };
    const [ahead, plain] = runs.map((run) => run.id) as [string, string];
    await r.auditLinks.finalise(plain);
    const written = await r.auditLinks.writeKeysAhead(ahead);
    expect(written).toBe(database().backend === 'postgres');
    await r.auditLinks.finalise(ahead, undefined, { keysWritten: written });
    expect(await lists(ahead)).toEqual(await lists(plain));
    expect((await lists(plain))[1]!.total).toBe(10);
  });

  it.skipIf(backend !== 'postgres')(
    "writes a run's keys in one transaction while another is writing them (a finalise and the keys written ahead): the second waits, then replaces them",
    async () => {
      const r = repos();
      const db = database().handle.db;
      const run = await createAuditRun(r, { now: NOW });
      await r.auditPages.insertMany(site(run.id));
      const keys = async () =>
        (
          await sql<{ n: string }>`
            SELECT count(*) AS n FROM audit_inlink_keys k JOIN audit_link_urls u ON u.id = k.target_id WHERE u.audit_run_id = ${run.id}`.execute(db)
        ).rows[0]!.n;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const firstWrote = new Promise<void>((resolve) => (written = resolve));
      const first = db.transaction().execute(async (trx) => {
        await writeInlinkKeys(trx, run.id);
        written();
        await held;
      });
      await firstWrote;
      const second = db.transaction().execute((trx) => writeInlinkKeys(trx, run.id));
      // Released once the second is seen waiting for a lock (without turns, it waits on the first's keys and then fails on them).
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_locks WHERE NOT granted`.execute(db);
        if (Number(rows[0]!.n) > 0) break;
        if (Date.now() > deadline) throw new Error('the second transaction never waited');
        await new Promise((resolve) => setImmediate(resolve));
      }
      release();
      await first;
      await second;
      expect(Number(await keys())).toBe(site(run.id).reduce((n, p) => n + (p.links?.length ?? 0), 0));
    },
  );

  it('writes every link of a page whose URLs this process numbered before and the database lost since (a rolled-back store)', async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    const [home, ...rest] = site(run.id);
    await r.auditPages.insertMany([home!]);
    // As if the store had been rolled back after numbering the URLs: the rows are gone, this process remembers them.
    await database().handle.db.deleteFrom('audit_link_urls').where('audit_run_id', '=', run.id).execute();
    await r.auditPages.insertMany(rest);
    expect((await r.auditLinks.outlinks(run.id, `${SITE}/shop/p0`, { page: 1, pageSize: 20 })).total).toBe(4);
    expect((await r.auditLinks.inlinks(run.id, `${SITE}/care-guide`, { page: 1, pageSize: 20 })).total).toBe(10);
  });

  it("lists a final run's inlinks of a much-linked URL through its blocks: the same pages and totals as read live", async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    await r.auditPages.insertMany(site(run.id));
    // Blocks of 3: the care guide's 10 inlinks make 4 blocks, as do the moved page's and the home page's 11 (its own link to itself included); the others have none.
    const links = createAuditLinksRepository(database().handle.db, 3);
    const live = [];
    for (const pageSize of [1, 2, 3, 4, 7])
      for (let page = 1; page <= 11; page++)
        live.push([pageSize, page, await links.inlinks(run.id, `${SITE}/care-guide`, { page, pageSize }, { final: false })] as const);
    await links.finalise(run.id);
    const blocks = await database()
      .handle.db.selectFrom('audit_inlink_blocks as b')
      .innerJoin('audit_link_urls as u', 'u.id', 'b.target_id')
      .select(['u.url as target_url', 'b.block', 'b.links'])
      .where('u.audit_run_id', '=', run.id)
      .orderBy('u.url')
      .orderBy('b.block')
      .execute();
    expect(blocks.map((b) => [b.target_url, b.block, b.links])).toEqual([
      [`${SITE}/`, 0, 11],
      [`${SITE}/`, 1, null],
      [`${SITE}/`, 2, null],
      [`${SITE}/`, 3, null],
      [`${SITE}/care-guide`, 0, 10],
      [`${SITE}/care-guide`, 1, null],
      [`${SITE}/care-guide`, 2, null],
      [`${SITE}/care-guide`, 3, null],
      [`${SITE}/moved`, 0, 10],
      [`${SITE}/moved`, 1, null],
      [`${SITE}/moved`, 2, null],
      [`${SITE}/moved`, 3, null],
    ]);
    for (const [pageSize, page, expected] of live)
      expect(await links.inlinks(run.id, `${SITE}/care-guide`, { page, pageSize }, { final: true }), `page ${page} of ${pageSize}`).toEqual(expected);
    expect(await links.inlinks(run.id, `${SITE}/shop/p3`, { page: 1, pageSize: 20 }, { final: true })).toEqual(
      await links.inlinks(run.id, `${SITE}/shop/p3`, { page: 1, pageSize: 20 }, { final: false }),
    );
  });

  it('lists the broken and redirecting targets with the distinct pages linking to each, live and once final', async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    await r.auditPages.insertMany(site(run.id));
    const expected = {
      broken: [
        { url: `${SITE}/care-guide`, statusCode: 404, linkingPages: 10 },
        { url: `${SITE}/gone`, statusCode: 0, linkingPages: 1 },
      ],
      redirect: [{ url: `${SITE}/moved`, statusCode: 301, linkingPages: 10 }],
    };
    for (const final of [false, true]) {
      if (final) await r.auditLinks.finalise(run.id);
      for (const kind of ['broken', 'redirect'] as const) {
        const all = await r.auditLinks.targets(run.id, kind, { page: 1, pageSize: 20 }, { final });
        expect(all, `${kind}, final ${final}`).toEqual({ items: expected[kind], total: expected[kind].length });
      }
      const second = await r.auditLinks.targets(run.id, 'broken', { page: 2, pageSize: 1 }, { final });
      expect(second).toEqual({ items: [expected.broken[1]], total: 2 });
      expect(await r.auditLinks.targetCounts(run.id, { final })).toEqual({ broken: 2, redirect: 1, resource: 0 });
    }
    // Counted once, when the run was finalised: the issues view reads the counts, not the targets.
    const db = database().handle.db;
    const counted = await sql<{ kind: string; targets: number | string }>`
      SELECT kind, targets FROM audit_link_target_counts WHERE audit_run_id = ${run.id} ORDER BY kind`.execute(db);
    expect(counted.rows.map((row) => [row.kind, Number(row.targets)])).toEqual([
      ['broken', 2],
      ['redirect', 1],
    ]);
    // A run finalised before they were counted counts its targets.
    await sql`DELETE FROM audit_link_target_counts WHERE audit_run_id = ${run.id}`.execute(db);
    expect(await r.auditLinks.targetCounts(run.id, { final: true })).toEqual({ broken: 2, redirect: 1, resource: 0 });
  });

  it('keeps the broken resources written when the check ended, live and through finalising; a second write replaces them', async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    await r.auditPages.insertMany(site(run.id));
    await r.auditLinks.recordResources(run.id, [{ url: `${SITE}/old.png`, statusCode: 404, pages: 1 }]);
    const resources = [
      { url: `${SITE}/logo.svg`, statusCode: 404, pages: 11 },
      { url: 'https://cdn.example/app.js', statusCode: 0, pages: 3 },
      { url: `${SITE}/a.css`, statusCode: 500, pages: 3 },
    ];
    await r.auditLinks.recordResources(run.id, [...resources].reverse());
    const expected = resources.map(({ url, statusCode, pages }) => ({ url, statusCode, linkingPages: pages }));
    // Most used first, then by URL (the CDN's before the site's).
    const order = [expected[0], expected[1], expected[2]];
    for (const final of [false, true]) {
      if (final) await r.auditLinks.finalise(run.id);
      expect(await r.auditLinks.targets(run.id, 'resource', { page: 1, pageSize: 20 }, { final }), `final ${final}`).toEqual({ items: order, total: 3 });
      expect(await r.auditLinks.targets(run.id, 'resource', { page: 2, pageSize: 2 }, { final })).toEqual({ items: [order[2]], total: 3 });
      expect(await r.auditLinks.targetCounts(run.id, { final })).toEqual({ broken: 2, redirect: 1, resource: 3 });
    }
    // Finalising again (a cancelled run's kept pages) rewrites the link kinds and leaves the resources.
    await r.auditLinks.finalise(run.id);
    expect((await r.auditLinks.targets(run.id, 'resource', { page: 1, pageSize: 20 }, { final: true })).total).toBe(3);
    await r.auditLinks.recordResources(run.id, []);
    expect(await r.auditLinks.targetCounts(run.id, { final: true })).toEqual({ broken: 2, redirect: 1, resource: 0 });
  });

  it("goes with the run's pages when a run starts over, and with the run", async () => {
    const r = repos();
    const run = await createAuditRun(r, { now: NOW });
    await r.auditPages.insertMany(site(run.id));
    await r.auditLinks.finalise(run.id);
    await r.auditPages.deleteForRun(run.id);
    expect((await r.auditLinks.outlinks(run.id, `${SITE}/`, { page: 1, pageSize: 20 })).total).toBe(0);
    expect((await r.auditLinks.targets(run.id, 'broken', { page: 1, pageSize: 20 }, { final: true })).total).toBe(0);

    await r.auditPages.insertMany(site(run.id));
    await r.auditLinks.finalise(run.id);
    await database().handle.db.deleteFrom('projects').where('id', '=', run.projectId).execute();
    const db = database().handle.db;
    for (const table of ['audit_link_urls', 'audit_link_targets'] as const) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('audit_run_id', '=', run.id)
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(0);
    }
    // A page's links and their keys are kept by their URLs' rows: none is left without one.
    for (const [table, column] of [
      ['audit_page_links', 'source_id'],
      ['audit_inlink_keys', 'target_id'],
    ] as const) {
      const { rows } = await sql<{ n: number | string }>`
        SELECT count(*) AS n FROM ${sql.table(table)} l LEFT JOIN audit_link_urls u ON u.id = l.${sql.ref(column)} WHERE u.id IS NULL`.execute(db);
      expect(Number(rows[0]!.n), table).toBe(0);
    }
  });
});
