// Audits end to end over HTTP: a project for a fixture site on 127.0.0.1, a real crawl by the
// in-process worker, pages listed with every filter combination equal to the engine's own results,
// stats and a report snapshot; cancellation; the plan's running limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit, type PageAnalysis } from '@seo-geo/engine';
import { generatedSite } from '../../../engine/test/fixtures/site/generated.js';
import { WWW } from '../../../engine/test/fixtures/site/pages.js';
import { fixtureResolver } from '../../../engine/test/fixtures/site/resolver.js';
import { FIXTURE_ROUTES, startFixtureServer, type FixtureServer } from '../../../engine/test/fixtures/site/server.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until as pollUntil } from '../support/wait.js';

const SLOW = 'slow.fixture.test';
const LIMITS = { requestTimeoutMs: 1000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 };

let site: FixtureServer;
let server: TestServer;
let engineResults: PageAnalysis[];

/** Polls with this file's deadline (30 s). */
const until = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => pollUntil(what, probe, timeoutMs);

beforeAll(async () => {
  site = await startFixtureServer({ ...FIXTURE_ROUTES, [SLOW]: generatedSite({ pages: 300, links: [8, 12], bytes: [2000, 4000], hangMs: 100 }) });
  const resolver = fixtureResolver({ [SLOW]: '127.0.0.1' }).resolve;
  server = await startTestServer({ crawl: { limits: LIMITS, resolver } });
  // The engine's own results for the same site, to compare with what the API stores and lists.
  engineResults = [];
  for await (const event of runAudit({ seedUrl: `${site.origin(WWW)}/`, primaryDomain: site.origin(WWW), maxPages: 500, limits: LIMITS, policy: { allowLoopback: true }, resolver })) {
    if (event.type === 'page') engineResults.push(event.analysis);
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

async function createProject(key: string, origin: string) {
  const response = await server.call('/projects', { key, method: 'POST', json: { name: 'Fixture site', primaryDomain: origin } });
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

const waitForStatus = (key: string, projectId: string, auditId: string, statuses: string[]) =>
  until(`audit ${auditId} to reach ${statuses.join('/')}`, async () => {
    const response = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
    expectContract('getAudit', response);
    return statuses.includes(response.body.data.status) ? response.body.data : undefined;
  });

async function allPages(key: string, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await server.call(`${path}${separator}page=${page}&pageSize=100`, { key });
    expect(response.status).toBe(200);
    expectContract('listAuditPages', response);
    items.push(...response.body.data);
    if (!response.body.meta.hasNextPage) return items;
  }
}

describe('an audit of the fixture site', () => {
  let key: string;
  let projectId: string;
  let auditId: string;
  let finished: any;

  beforeAll(async () => {
    key = await server.createKey({ plan: 'agency' });
    projectId = await createProject(key, site.origin(WWW));
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 500 } });
    expect(started.status).toBe(202);
    expectContract('startAudit', started);
    expect(started.body.data.status).toBe('pending');
    expect(started.headers.get('location')).toBe(`/api/public/v1/projects/${projectId}/audits/${started.body.data.auditRunId}`);
    auditId = started.body.data.auditRunId;
    finished = await waitForStatus(key, projectId, auditId, ['completed', 'failed']);
  }, 60_000);

  it('completes with a summary, a stop reason and progress', () => {
    expect(finished.status).toBe('completed');
    expect(finished.stopReason).toBe('all_pages_crawled');
    expect(finished.summary.pagesAudited).toBe(engineResults.length);
    expect(finished.summary.site.robotsTxt.present).toBe(true);
    expect(finished.startedAt).not.toBeNull();
    expect(finished.finishedAt).not.toBeNull();
  });

  it('lists exactly the pages the engine found, by URL, with their scores and schema flags', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const expected = [...engineResults].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    expect(listed.map((p) => p.url)).toEqual(expected.map((p) => p.url));
    expect(listed.map((p) => [p.geoScore, p.hasSchema])).toEqual(expected.map((p) => [p.geoScore, p.hasSchema]));
  });

  it('lists each page with its rubric, its issues and its structured-data items as the engine judged them', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const engine = new Map(engineResults.map((r) => [r.url, r]));
    const items = (list: any[]) => list.map((i) => [i.syntax, i.richResult, i.errors.map((e: any) => e.code), i.warnings.map((w: any) => w.code)]);
    for (const page of listed) {
      const expected = engine.get(page.url)!;
      expect(page.rubricId).toBe(expected.rubricId);
      expect(page.issues).toEqual(expected.issues);
      expect(items(page.structuredData)).toEqual(items(expected.structuredData));
    }
    // The fixture site has items with problems, and they are among the page issues.
    const withProblems = listed.filter((p) => p.structuredData.some((i: any) => i.errors.length + i.warnings.length > 0));
    expect(withProblems.length).toBeGreaterThan(0);
    expect(withProblems.every((p) => p.issues.some((i: any) => i.code.startsWith('structured_data_')))).toBe(true);
  });

  it('filters by minGeoScore (strictly greater) and hasSchema, in every combination', async () => {
    const scores = [...new Set(engineResults.map((p) => p.geoScore))].sort((a, b) => a - b);
    const threshold = scores[Math.floor(scores.length / 2)]!;
    expect(engineResults.some((p) => p.geoScore === threshold)).toBe(true);
    const cases: Array<[string, (p: PageAnalysis) => boolean]> = [
      [`minGeoScore=${threshold}`, (p) => p.geoScore > threshold],
      ['hasSchema=true', (p) => p.hasSchema],
      ['hasSchema=false', (p) => !p.hasSchema],
      [`minGeoScore=${threshold}&hasSchema=true`, (p) => p.geoScore > threshold && p.hasSchema],
      [`minGeoScore=${threshold}&hasSchema=false`, (p) => p.geoScore > threshold && !p.hasSchema],
    ];
    for (const [query, keep] of cases) {
      const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages?${query}`);
      const expected = engineResults.filter(keep).map((p) => p.url).sort();
      expect(listed.map((p) => p.url), query).toEqual(expected);
      expect(listed.every((p) => p.geoScore !== threshold || !query.includes('minGeoScore')), query).toBe(true);
    }
  });

  it('rejects filter values that are not exactly true/false or not a number in range', async () => {
    for (const query of ['hasSchema=yes', 'hasSchema=1', 'minGeoScore=abc', 'minGeoScore=101', 'pageSize=101']) {
      const response = await server.call(`/projects/${projectId}/audits/${auditId}/pages?${query}`, { key });
      expect(response.status, query).toBe(400);
      expectContract('listAuditPages', response);
    }
  });

  it('counts every summary figure over a stated set: average × pagesScored is the sum of the listed scores', async () => {
    const listed = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    const summary = finished.summary;
    // The fixture site has records the score does not apply to: files, error statuses, robots-blocked URLs.
    const scoredUrls = new Set(engineResults.filter((r) => r.isHtml && r.statusCode >= 200 && r.statusCode < 300).map((r) => r.url));
    expect(scoredUrls.size).toBeLessThan(listed.length);
    expect(summary.pagesAudited).toBe(listed.length);
    expect(summary.pagesScored).toBe(scoredUrls.size);
    expect(listed.filter((p) => !scoredUrls.has(p.url)).every((p) => p.geoScore === 0)).toBe(true);
    const sum = listed.reduce((total, p) => total + p.geoScore, 0);
    expect(Math.abs(summary.avgGeoScore * summary.pagesScored - sum)).toBeLessThanOrEqual(0.05 * summary.pagesScored);
    expect(summary.pagesWithSchema).toBe(listed.filter((p) => p.hasSchema).length);
    const project = (await server.call(`/projects/${projectId}`, { key })).body.data;
    expect(project.stats).toMatchObject({ avgGeoScore: summary.avgGeoScore, pagesAudited: summary.pagesAudited, pagesScored: summary.pagesScored });
    const report = (await server.call(`/projects/${projectId}/reports`, { key })).body.data.at(-1);
    expect(report.metrics).toMatchObject({ avgGeoScore: summary.avgGeoScore, pagesAudited: summary.pagesAudited, pagesScored: summary.pagesScored });
    expect(report.metrics.schemaShare).toBe(Math.round((summary.pagesWithSchema / summary.pagesScored) * 1000) / 1000);
  });

  it('updates the project stats and takes a report snapshot', async () => {
    const project = await server.call(`/projects/${projectId}`, { key });
    expectContract('getProject', project);
    expect(project.body.data.stats).toMatchObject({ auditsCount: 1, pagesAudited: engineResults.length, lastAuditAt: finished.finishedAt });
    expect(project.body.data.stats.avgGeoScore).toBe(finished.summary.avgGeoScore);
    const reports = await server.call(`/projects/${projectId}/reports`, { key });
    expectContract('listReports', reports);
    expect(reports.body.data).toHaveLength(1);
    expect(reports.body.data[0]).toMatchObject({ auditRunId: auditId, change: null, metrics: { pagesAudited: engineResults.length } });
    const list = await server.call(`/projects/${projectId}/audits`, { key });
    expectContract('listAudits', list);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([auditId]);
  });

  it('a second completed audit takes a snapshot with the change since the first', async () => {
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 10 } });
    const second = await waitForStatus(key, projectId, started.body.data.auditRunId, ['completed', 'failed']);
    expect(second.status).toBe('completed');
    expect(second.stopReason).toBe('max_pages_reached');
    const reports = await server.call(`/projects/${projectId}/reports`, { key });
    expect(reports.body.data).toHaveLength(2);
    const [latest, first] = reports.body.data;
    expect(latest.change.previousSnapshotId).toBe(first.id);
    expect(latest.change.pagesAudited).toBe(latest.metrics.pagesAudited - first.metrics.pagesAudited);
    expect(latest.change.pagesScored).toBe(latest.metrics.pagesScored - first.metrics.pagesScored);
  });

  it('answers 409 INVALID_STATE when cancelling a finished audit, and the state does not change', async () => {
    const response = await server.call(`/projects/${projectId}/audits/${auditId}/cancel`, { key, method: 'POST' });
    expect(response.status).toBe(409);
    expectContract('cancelAudit', response);
    expect(response.body.error.code).toBe('INVALID_STATE');
    expect((await server.call(`/projects/${projectId}/audits/${auditId}`, { key })).body.data.status).toBe('completed');
  });

  it('builds a brief from the audit, with its first draft listed', async () => {
    const created = await server.call(`/projects/${projectId}/content/briefs`, {
      key,
      method: 'POST',
      json: { topic: 'How to choose a team for a product launch', audience: 'Founders', goal: 'consideration' },
    });
    expect(created.status).toBe(201);
    expectContract('createBrief', created);
    const brief = created.body.data;
    expect(created.headers.get('location')).toBe(`/api/public/v1/projects/${projectId}/content/briefs/${brief.id}`);
    const fetched = await server.call(`/projects/${projectId}/content/briefs/${brief.id}`, { key });
    expectContract('getBrief', fetched);
    expect(fetched.body.data).toEqual(brief);
    const drafts = await server.call(`/projects/${projectId}/drafts`, { key });
    expectContract('listDrafts', drafts);
    expect(drafts.body.data.map((d: { id: string }) => d.id)).toContain(brief.draftId);
    const draft = await server.call(`/projects/${projectId}/drafts/${brief.draftId}`, { key });
    expectContract('getDraft', draft);
    expect(draft.body.data.content).toContain('#');
    expect(draft.body.data.briefId).toBe(brief.id);
  });
});

describe('audit rules', () => {
  it('refuses a seedUrl off the project site (400) and maxPages over the plan cap (403)', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const projectId = await createProject(key, site.origin(WWW));
    const offSite = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { seedUrl: 'https://elsewhere.example/' } });
    expect(offSite.status).toBe(400);
    expectContract('startAudit', offSite);
    expect(offSite.body.error.details[0]).toMatchObject({ in: 'body', field: 'seedUrl' });
    // The same host on another port is another site (another service, often).
    const otherPort = new URL(site.origin(WWW));
    otherPort.port = String(Number(otherPort.port) + 1);
    const offPort = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { seedUrl: otherPort.href } });
    expect(offPort.status).toBe(400);
    expect(offPort.body.error.details[0].message).toContain(`on port ${new URL(site.origin(WWW)).port}`);
    const tooMany = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 501 } });
    expect(tooMany.status).toBe(403);
    expectContract('startAudit', tooMany);
    expect(tooMany.body.error.code).toBe('PLAN_LIMIT_EXCEEDED');
    const foreign = await server.call(`/projects/0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e/audits`, { key, method: 'POST', json: {} });
    expect(foreign.status).toBe(404);
    expectContract('startAudit', foreign);
  });

  it('cancels a running audit: it stops, keeps its pages, and stays cancelled', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const projectId = await createProject(key, site.origin(SLOW));
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 300 } });
    const auditId = started.body.data.auditRunId;
    await until('some pages to be stored', async () => {
      const run = (await server.call(`/projects/${projectId}/audits/${auditId}`, { key })).body.data;
      return run.status === 'running' && run.progress.pagesCrawled >= 10 ? run : undefined;
    });
    const cancelled = await server.call(`/projects/${projectId}/audits/${auditId}/cancel`, { key, method: 'POST' });
    expect(cancelled.status).toBe(200);
    expectContract('cancelAudit', cancelled);
    expect(cancelled.body.data.status).toBe('cancelled');
    const withSummary = await until('the worker to record what it kept', async () => {
      const run = (await server.call(`/projects/${projectId}/audits/${auditId}`, { key })).body.data;
      return run.summary ? run : undefined;
    });
    expect(withSummary.status).toBe('cancelled');
    expect(withSummary.summary.pagesAudited).toBeLessThan(300);
    await until('the worker to let go of the job', async () => (server.worker!.running === 0 ? true : undefined));
    const pages = await allPages(key, `/projects/${projectId}/audits/${auditId}/pages`);
    expect(pages.length).toBe(withSummary.summary.pagesAudited);
    const again = await server.call(`/projects/${projectId}/audits/${auditId}/cancel`, { key, method: 'POST' });
    expect(again.status).toBe(409);
  }, 60_000);

  it('runs one audit at a time on a starter account: the second waits in pending', async () => {
    // A starter key has 60 requests a minute and the test clock does not refill it, so the
    // waiting is watched in storage and HTTP is used only for the operations under test.
    const key = await server.createKey({ plan: 'starter' });
    const projectId = await createProject(key, site.origin(SLOW));
    const runOf = (id: string) => server.repositories.auditRuns.find(id);
    const first = (await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 300 } })).body.data.auditRunId;
    await until('the first to store pages', async () => {
      const run = await runOf(first);
      return run?.status === 'running' && run.pagesCrawled >= 5 ? run : undefined;
    });
    const second = (await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 5 } })).body.data.auditRunId;
    // Give the worker every chance to claim it (several polls); the plan, not the worker, holds it back.
    const polls = 5;
    for (let i = 0; i < polls; i++) {
      server.worker!.wake();
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect((await runOf(second))?.status).toBe('pending');
    expect((await server.call(`/projects/${projectId}/audits/${second}`, { key })).body.data.status).toBe('pending');
    await server.call(`/projects/${projectId}/audits/${first}/cancel`, { key, method: 'POST' });
    const done = await until('the second audit to finish', async () => {
      const run = await runOf(second);
      return run && ['completed', 'failed'].includes(run.status) ? run : undefined;
    });
    expect(done.status).toBe('completed');
  }, 60_000);
});
