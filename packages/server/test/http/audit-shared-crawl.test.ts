// One audit crawled by several worker processes (AUDIT_CRAWL_WORKERS) on PostgreSQL, for real:
// `npm run worker` processes (src/processes/worker.ts) share a generated site's frontier. Every URL is
// stored exactly once, the site-wide findings equal those of one crawler on its own, the site
// never sees more requests at once than one crawler's per-host limit, and a worker SIGKILLed
// mid-crawl (the lead itself) loses and duplicates nothing. Waits poll with a deadline.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CRAWL_LIMITS, runAudit, type SitePageResult } from '@seo-geo/engine';
import { generatedSite, startFixtureServer, type FixtureServer } from '@seo-geo/engine/testing';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { until as pollUntil } from '../support/wait.js';
import { killWorkers, spawnWorkerProcesses, type WorkerProcess } from '../support/worker-process.js';

const LEASE_MS = 2_000;
const PAGES = 150;

const url = postgresUrl();
if (!url) console.warn('SKIPPED: "one audit, several workers" — DATABASE_URL is not set to a postgres:// URL');

const until = <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => pollUntil(what, probe, 60_000);

describe.skipIf(!url)('one audit, several workers (AUDIT_CRAWL_WORKERS)', () => {
  const schema = randomSchemaName();
  let site: FixtureServer;
  let api: TestServer;
  let workers: WorkerProcess[] = [];

  /** Three `npm run worker` processes, each crawling with AUDIT_CRAWL_WORKERS=3. */
  function spawnWorkers(leaseMs = LEASE_MS): Promise<WorkerProcess[]> {
    const env = {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
      AUDIT_CRAWL_WORKERS: '3',
      WORKER_LEASE_MS: String(leaseMs),
      WORKER_POLL_MS: '50',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    };
    return spawnWorkerProcesses([env, env, env]);
  }

  async function stopWorkers(): Promise<void> {
    await killWorkers(workers);
    workers = [];
  }

  beforeAll(async () => {
    site = await startFixtureServer({ '127.0.0.1': generatedSite({ pages: PAGES, links: [6, 10], bytes: [2000, 4000], hangMs: 15 }) });
    api = await startTestServer({ database: 'postgres', databaseSchema: schema, env: { IN_PROCESS_WORKERS: 'false' } });
  }, 60_000);

  afterEach(stopWorkers);

  afterAll(async () => {
    await stopWorkers();
    await api?.close();
    await site?.close();
    if (url) await dropSchema(url, schema);
  });

  const origin = () => `http://127.0.0.1:${site.port}`;
  const runOf = (id: string) => api.repositories.auditRuns.find(id);

  async function startAudit(maxPages = 1000, crawl?: { requestsPerSecond: number }): Promise<string> {
    const key = await api.createKey({ plan: 'agency' });
    const projectId = (await api.call('/projects', { key, method: 'POST', json: { name: 'Shared', primaryDomain: origin() } })).body.data.id;
    const started = await api.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages, ...(crawl ? { crawl } : {}) } });
    expect(started.status).toBe(202);
    return started.body.data.auditRunId as string;
  }

  const finished = (id: string) =>
    until('the audit to finish', async () => {
      const run = await runOf(id);
      return run && run.status !== 'pending' && run.status !== 'running' ? run : undefined;
    });

  /** Each stored page's site-wide result, by URL: depth, inlinks and the site checks' issue codes. */
  async function storedSiteResults(id: string): Promise<Map<string, string>> {
    const results = new Map<string, string>();
    for await (const batch of api.repositories.auditPages.iterate(id, {}, { batchSize: 500 })) {
      for (const page of batch) results.set(page.url, siteResultKey(page));
    }
    return results;
  }

  /** What one crawler on its own finds on the same site. */
  async function singleCrawlerResults(): Promise<Map<string, string>> {
    const results = new Map<string, string>();
    for await (const event of runAudit({ seedUrl: `${origin()}/`, primaryDomain: origin(), maxPages: 1000, policy: { allowCidrs: ['127.0.0.0/8'] } })) {
      if (event.type === 'site-page') results.set(event.result.url, siteResultKey(event.result));
    }
    return results;
  }

  function siteResultKey(page: { depth: number | null; inlinks: number | null; issues: SitePageResult['issues'] }): string {
    const siteCodes = page.issues.map((i) => i.code).filter((code) => SITE_CODES.has(code));
    return JSON.stringify({ depth: page.depth, inlinks: page.inlinks, issues: siteCodes.sort() });
  }

  /** What the frontier showed when the lead dropped it, just after the run went final; its rows are gone then. */
  const frontierOf = async (id: string) => {
    const dropped = await until('the frontier to be dropped', async () => (await api.repositories.auditFrontier.dropped(id)) ?? undefined);
    const { rows } = await sql<{ n: string }>`select count(*) as n from audit_frontier where audit_run_id = ${id}`.execute(api.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
    return dropped;
  };

  it('three workers share one audit: each URL stored once, the site checks as one crawler finds them, the host never over its limit', async () => {
    workers = await spawnWorkers();
    const id = await startAudit();
    const run = await finished(id);
    // Read before the single crawler below runs: a worker may still fetch a URL whose lease ran
    // out (another fetched and stored it), and its request would count beside the single crawler's.
    const sharedPeak = site.peakInFlight.get('127.0.0.1');
    expect(run.status).toBe('completed');
    expect(run.pagesCrawled).toBe(PAGES);

    const frontier = await frontierOf(id);
    expect(frontier.storedUrls).toBe(PAGES);
    // More than one worker stored pages (the one that stored a page is the one that fetched it).
    expect(frontier.storingWorkers).toBeGreaterThan(1);
    expect(frontier.unsettledUrls).toBe(0);

    const shared = await storedSiteResults(id);
    expect(shared.size).toBe(PAGES);
    expect((run.summary as { pagesAudited: number }).pagesAudited).toBe(PAGES);
    const alone = await singleCrawlerResults();
    expect(alone.size).toBe(PAGES);
    for (const [pageUrl, result] of alone) expect(shared.get(pageUrl), pageUrl).toBe(result);

    // Three crawlers, each allowed perHostConcurrency requests to a host on its own, kept to that
    // limit together.
    expect(sharedPeak).toBeLessThanOrEqual(DEFAULT_CRAWL_LIMITS.perHostConcurrency);
  }, 120_000);

  it('the page budget holds across workers: exactly maxPages pages, however many workers fetch', async () => {
    workers = await spawnWorkers();
    const id = await startAudit(60);
    const run = await finished(id);
    expect(run.status).toBe('completed');
    expect(run.stopReason).toBe('max_pages_reached');
    expect(run.pagesCrawled).toBe(60);
    expect((await frontierOf(id)).storedUrls).toBe(60);
    expect((await api.repositories.auditPages.list(id, {}, { page: 1, pageSize: 100 })).total).toBe(60);
  }, 120_000);

  it('a polite crawl whose workers lease more than they fetch in a lease’s time: each page is fetched once', async () => {
    // Renewed every 2 s, a worker's URLs outlive a loaded machine's pauses.
    workers = await spawnWorkers(6_000);
    const since = site.log.length;
    // 5 requests a second for the three: each worker fetches one every 600 ms, and the URLs it
    // leases ahead (16 a request in flight) take it some 20 s, well past its 6 s lease.
    const id = await startAudit(60, { requestsPerSecond: 5 });
    const run = await finished(id);
    expect(run.status).toBe('completed');
    expect(run.pagesCrawled).toBe(60);
    const fetches = new Map<string, number>();
    // Each worker reads robots.txt for itself.
    for (const entry of site.log.slice(since))
      if (entry.method === 'GET' && entry.path !== '/robots.txt') fetches.set(entry.path, (fetches.get(entry.path) ?? 0) + 1);
    expect([...fetches].filter(([, n]) => n > 1)).toEqual([]);
  }, 120_000);

  it('the lead SIGKILLed mid-crawl: another worker resumes it, and nothing is lost or stored twice', async () => {
    workers = await spawnWorkers();
    const id = await startAudit();
    const lead = await until('the crawl to be under way', async () => {
      const run = await runOf(id);
      const job = run ? await api.repositories.jobs.get(run.jobId) : null;
      return run?.status === 'running' && run.pagesCrawled >= 20 && job?.leaseOwner ? job.leaseOwner : undefined;
    });
    const victim = workers.find((w) => w.workerId === lead)!;
    expect(victim).toBeDefined();
    victim.child.kill('SIGKILL');
    await victim.exited;

    const run = await finished(id);
    expect(run.status).toBe('completed');
    expect(run.pagesCrawled).toBe(PAGES);
    const job = await api.repositories.jobs.get(run.jobId);
    expect(job!.attempts).toBe(2);
    expect((await frontierOf(id)).storedUrls).toBe(PAGES);
    const pages = await api.repositories.auditPages.list(id, {}, { page: 1, pageSize: 100 });
    expect(pages.total).toBe(PAGES);
    expect((run.summary as { pagesAudited: number }).pagesAudited).toBe(PAGES);
    const shared = await storedSiteResults(id);
    const alone = await singleCrawlerResults();
    for (const [pageUrl, result] of alone) expect(shared.get(pageUrl), pageUrl).toBe(result);
  }, 120_000);
});

/** The issue codes only the site checks report (site-checks/run-site-checks.ts). */
const SITE_CODES = new Set([
  'title_duplicate',
  'meta_description_duplicate',
  'content_near_duplicate',
  'orphan_page',
  'sitemap_url_not_200',
  'sitemap_url_noindex',
  'sitemap_url_not_canonical',
  'sitemap_url_blocked',
  'crawl_depth_high',
  'inlinks_none',
  'inlinks_few',
  'internal_link_to_redirect',
  'broken_internal_link',
  'canonical_chain',
  'canonical_to_non_200',
  'hreflang_missing_return',
  'http_page_on_https_site',
  'broken_external_link',
]);
