// The leases of a shared crawl's URLs. A worker that renews keeps what it leased. When a lease runs
// out while its worker still fetches, the URLs go back to the queue and free their share of the
// budget for the others, so the late worker's fetch and its page no longer count; whoever leases
// the URL next fetches it again.
import { expect, it } from 'vitest';
import { openSharedCrawl } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 6, 1);
const LEASE_MS = 1_000;
const url = (path: string) => `https://site.example${path}`;
const limits = (maxPages: number) => ({ maxPages, maxOtherRecords: 100, leaseMs: LEASE_MS });
const fromStart = { seq: '0', recover: true };

describeEachDatabase('a shared crawl whose lease ran out', (database, backend) => {
  // Workers share a crawl on PostgreSQL only (AUDIT_CRAWL_WORKERS needs it).
  it.skipIf(backend !== 'postgres')('holds the page budget: a late fetch of a URL back in the queue neither counts nor stores its page', async () => {
    const { db } = database().handle;
    const { r, run } = await openSharedCrawl(db, { now: NOW, maxPages: 3 });
    await r.auditFrontier.add(run.id, ['/', '/a', '/b', '/c'].map(url), false);

    const a = await r.auditFrontier.lease(run.id, 'worker-a', 2, limits(3), NOW, fromStart);
    expect(a.urls).toEqual(['/', '/a'].map(url));
    // A's lease runs out; B's lease puts both back in the queue and takes the budget's one free place (/).
    const late = NOW + 2 * LEASE_MS;
    const b = await r.auditFrontier.lease(run.id, 'worker-b', 1, limits(3), late, fromStart);
    expect(b.urls).toEqual([url('/')]);
    // C takes the two places left, /a among them (before: A's /a and B's / held the budget's three).
    const c = await r.auditFrontier.lease(run.id, 'worker-c', 2, limits(3), late, { seq: '0', recover: false });
    expect(c.urls).toEqual(['/a', '/b'].map(url));

    // A's late fetches: / is B's now (counted, once); nothing of A's is left in the queue to count.
    await r.auditFrontier.fetched(
      run.id,
      ['/', '/a'].map((path) => ({ url: url(path), html: true, links: [] })),
      late + LEASE_MS,
    );
    await r.auditFrontier.fetched(run.id, [{ url: url('/b'), html: true, links: [] }], late + LEASE_MS);
    expect((await r.auditFrontier.counts(run.id)).htmlPages).toBe(3);

    // /c: queued, never leased. A page reported for it (a worker's stale queue) is neither counted nor stored.
    await r.auditFrontier.fetched(run.id, [{ url: url('/c'), html: true, links: [] }], late + LEASE_MS);
    expect((await r.auditFrontier.counts(run.id)).htmlPages).toBe(3);
    const stored = await db.transaction().execute((trx) =>
      r.auditFrontier.store(
        run.id,
        ['/', '/a', '/b', '/c'].map((path) => ({ url: url(path), record: '{}' })),
        trx,
      ),
    );
    expect([...(stored ?? [])].sort()).toEqual(['/', '/a', '/b'].map(url));
  });

  it.skipIf(backend !== 'postgres')('a worker that renews keeps the URLs it leased and has not stored; the others’ leases run out', async () => {
    const { r, run } = await openSharedCrawl(database().handle.db, { now: NOW, maxPages: 10 });
    await r.auditFrontier.add(run.id, ['/', '/a', '/b', '/c', '/d'].map(url), false);

    expect((await r.auditFrontier.lease(run.id, 'worker-a', 3, limits(10), NOW, fromStart)).urls).toEqual(['/', '/a', '/b'].map(url));
    expect((await r.auditFrontier.lease(run.id, 'worker-b', 1, limits(10), NOW, fromStart)).urls).toEqual([url('/c')]);
    // A writes its fetch of / (held until it is stored) and renews what it holds, well before it expires.
    await r.auditFrontier.fetched(run.id, [{ url: url('/'), html: true, links: [] }], NOW + LEASE_MS);
    await r.auditFrontier.renew(run.id, 'worker-a', NOW + LEASE_MS / 2 + LEASE_MS);

    // Past the first leases, C finds only B's URL back in the queue (and /d, never leased).
    const c = await r.auditFrontier.lease(run.id, 'worker-c', 10, limits(10), NOW + LEASE_MS + 1, fromStart);
    expect(c.urls).toEqual(['/c', '/d'].map(url));
    // Past A's renewed lease too, A's URLs come back: a worker that stopped renewing loses them.
    const later = await r.auditFrontier.lease(run.id, 'worker-c', 10, limits(10), NOW + 2 * LEASE_MS, fromStart);
    expect(later.urls.sort()).toEqual(['/', '/a', '/b'].map(url));
  });
});
