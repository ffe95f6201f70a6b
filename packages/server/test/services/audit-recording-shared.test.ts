// A worker's recording in a crawl several workers share: a URL it fetched twice (its lease ran out
// while the URL waited in its queue, and it leased it again) is stored once, and counted once in the
// crawl's figures. The frontier keeps one page per URL across batches; this is within one batch.
// Then the frontier of the final run is dropped.
import { analysePage, siteRecordOf } from '@seo-geo/engine';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { AuditRecording } from '../../src/services/audits/recording.js';
import { transactionRunner } from '../../src/storage/transaction.js';
import { systemClock } from '../../src/support/clock.js';
import { openSharedCrawl } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);
const URL_FETCHED_TWICE = 'https://site.example/twice';

describeEachDatabase('a shared crawl recording', (database, backend) => {
  /** A running audit run with its crawl's counters row, as a lead opens it. */
  async function openCrawl(seedUrl: string, maxPages: number) {
    const db = database().handle.db;
    return { db, ...(await openSharedCrawl(db, { now: NOW, seedUrl, maxPages })) };
  }

  // The shared frontier is PostgreSQL's (AUDIT_CRAWL_WORKERS needs it).
  it.skipIf(backend !== 'postgres')('stores a URL fetched twice in one batch once, counts it once, and drops the frontier when final', async () => {
    const { db, r, run } = await openCrawl(URL_FETCHED_TWICE, 10);
    await r.auditFrontier.add(run.id, [URL_FETCHED_TWICE], false);
    const limits = { maxPages: 10, maxOtherRecords: 10, leaseMs: 30_000 };
    expect((await r.auditFrontier.lease(run.id, 'worker', 10, limits, NOW, { seq: '0', recover: false })).urls).toEqual([URL_FETCHED_TWICE]);

    const analysis = analysePage(
      {
        url: URL_FETCHED_TWICE,
        finalUrl: URL_FETCHED_TWICE,
        status: 200,
        contentType: 'text/html',
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><html lang="en"><head><title>Twice</title></head><body><h1>Twice</h1><p>Fetched twice.</p></body></html>',
        redirectChain: [],
        fetchedAt: new Date(NOW).toISOString(),
        durationMs: 5,
        ttfbMs: 2,
        bodyBytes: 120,
      },
      { host: 'site.example', siteDomain: 'site.example', robots: null },
    );
    const recording = new AuditRecording(
      run.id,
      { auditRuns: r.auditRuns, auditPages: r.auditPages, auditLinks: r.auditLinks, auditFrontier: r.auditFrontier, clock: systemClock },
      { crawl: { lead: false, flush: () => Promise.resolve() }, frontier: r.auditFrontier, transaction: transactionRunner(db) },
    );
    for (let fetch = 0; fetch < 2; fetch++) await recording.record({ type: 'page', analysis, siteRecord: siteRecordOf(analysis) });
    await recording.record({ type: 'store' });

    expect((await r.auditPages.list(run.id, {}, { page: 1, pageSize: 10 })).total).toBe(1);
    expect((await r.auditFrontier.counts(run.id)).tally.pagesAudited).toBe(1);

    // Once the run is final, its frontier rows go; what they showed stays, and a worker still
    // settling queues nothing more.
    expect(await r.auditFrontier.dropped(run.id)).toBeNull();
    await r.auditFrontier.drop(run.id);
    expect(await r.auditFrontier.dropped(run.id)).toEqual({ storedUrls: 1, storingWorkers: 1, unsettledUrls: 0 });
    await r.auditFrontier.add(run.id, ['https://site.example/late'], false);
    expect(await r.auditFrontier.claim(run.id, 'https://site.example/redirected')).toBe(false);
    await r.auditFrontier.fetched(run.id, [{ url: URL_FETCHED_TWICE, html: true, links: ['https://site.example/linked'] }], NOW + 1000);
    const { rows } = await sql<{ n: string }>`select count(*) as n from audit_frontier where audit_run_id = ${run.id}`.execute(db);
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await r.auditFrontier.lease(run.id, 'worker', 10, limits, NOW, { seq: '0', recover: false })).urls).toEqual([]);
  });

  it.skipIf(backend !== 'postgres')(
    'keeps the page budget with its count of leased URLs: leased, fetched, expired and re-queued, stored before its fetch was written',
    async () => {
      const { db, r, run } = await openCrawl('https://site.example/a', 3);
      const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((p) => `https://site.example/${p}`);
      await r.auditFrontier.add(run.id, [a!, b!, c!, d!, e!], false);
      const limits = { maxPages: 3, maxOtherRecords: 10, leaseMs: 30_000 };
      const lease = (worker: string, now = NOW, recover = false) => r.auditFrontier.lease(run.id, worker, 10, limits, now, { seq: '0', recover });
      const leased = async () => {
        const { rows } = await sql<{ n: number | string }>`select leased_urls as n from audit_crawls where audit_run_id = ${run.id}`.execute(db);
        return Number(rows[0]!.n);
      };

      // Three pages of budget: leased URLs may all be pages, so the second worker gets what is left.
      expect((await r.auditFrontier.lease(run.id, 'w1', 2, limits, NOW, { seq: '0', recover: false })).urls).toEqual([a, b]);
      expect((await lease('w2')).urls).toEqual([c]);
      expect(await leased()).toBe(3);
      expect(await lease('w2')).toMatchObject({ urls: [], retryInMs: expect.any(Number) });

      await r.auditFrontier.fetched(run.id, [{ url: a!, html: true, links: [] }], NOW + 60_000);
      expect(await leased()).toBe(2);
      expect(await lease('w2')).toMatchObject({ urls: [], retryInMs: expect.any(Number) });

      // w1 and w2 go silent: b and c come back once their leases expire (a, fetched, keeps its longer lease until it is stored).
      const later = NOW + 31_000;
      expect((await lease('w3', later, true)).urls).toEqual([b, c]);
      expect(await leased()).toBe(2);

      // c is stored before w3 writes its fetch: no longer leased.
      expect(await transactionRunner(db)((trx) => r.auditFrontier.store(run.id, [{ url: c!, record: 'null' }], trx))).toEqual(new Set([c]));
      expect(await leased()).toBe(1);
      await r.auditFrontier.fetched(run.id, [{ url: b!, html: false, links: [] }], later + 30_000);
      expect(await leased()).toBe(0);
      // One page (a) and one other record (b) counted; c's fetch was never written, so two pages are left.
      expect((await lease('w3', later)).urls).toEqual([d, e]);
      expect(await leased()).toBe(2);
    },
  );

  it.skipIf(backend !== 'postgres')(
    'counts a URL queued once, however often a sitemap lists it again (a restarted lead reads its sitemaps again)',
    async () => {
      const { r, run } = await openCrawl('https://site.example/', 10);
      const [home, listed, linked] = ['', 'listed', 'linked'].map((p) => `https://site.example/${p}`);
      await r.auditFrontier.add(run.id, [home!, linked!], false);
      await r.auditFrontier.add(run.id, [home!, listed!], true);
      await r.auditFrontier.add(run.id, [home!, listed!, linked!], true);
      expect((await r.auditFrontier.counts(run.id)).urls).toBe(3);
      const marked = [];
      for await (const batch of r.auditFrontier.listed(run.id)) marked.push(...batch);
      expect(marked.sort()).toEqual([home, linked, listed].sort());
    },
  );
});
