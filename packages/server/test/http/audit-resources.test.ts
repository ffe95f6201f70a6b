// The resource check over HTTP, on SQLite and PostgreSQL: an audit of the resources fixture site
// with checkResources, its run echoing the option with the check's findings in its summary,
// broken_resource on exactly the pages that load a broken resource, the broken resources once each
// in the link targets (`kind=resource`) with the issues view's count of them; and an audit without
// the option requesting no resource at all (counted on the fixture server). Every response is
// checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CDN_RESOURCES,
  expectedBroken,
  fixtureResolver,
  RESOURCES_CDN_HOST,
  RESOURCES_HOST,
  resourcesCdnRoutes,
  resourcesRoutes,
  SITE_RESOURCES,
  startFixtureServer,
  type FixtureServer,
} from '@seo-geo/engine/testing';
import { expectContract, listAll, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { postgresUrl } from '../support/databases.js';

const LIMITS = { requestTimeoutMs: 5_000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 };
const databases = ['sqlite', ...(postgresUrl() ? ['postgres' as const] : [])] as const;
if (!postgresUrl()) console.warn('SKIPPED: "the resource check of an audit (postgres)" — DATABASE_URL is not set to a postgres:// URL');

/** What only the resource check requests: the resources of either host and the missing ones. */
const RESOURCE_PATHS = new Set([...Object.keys(SITE_RESOURCES), ...Object.keys(CDN_RESOURCES), '/missing.png', '/img/hero-2x.png']);

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer({ [RESOURCES_HOST]: resourcesRoutes, [RESOURCES_CDN_HOST]: resourcesCdnRoutes });
});
afterAll(async () => {
  await site?.close();
});

describe.each(databases)('the resource check of an audit (%s)', (database) => {
  let server: TestServer;
  let key: string;
  let projectId: string;

  /** Starts an audit with `options` and waits for it; the requests of resources the fixture server saw meanwhile. */
  async function audit(options: Record<string, unknown>): Promise<{ run: any; base: string; resourceRequests: string[] }> {
    const from = site.log.length;
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 50, ...options } });
    expect(started.status).toBe(202);
    expectContract('startAudit', started);
    const base = `/projects/${projectId}/audits/${started.body.data.auditRunId}`;
    const run = await until(
      'the audit to finish',
      async () => {
        const response = await server.call(base, { key });
        expectContract('getAudit', response);
        return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
      },
      60_000,
    );
    expect(run.status, JSON.stringify(run.error)).toBe('completed');
    const resourceRequests = site.log
      .slice(from)
      .filter((entry) => RESOURCE_PATHS.has(entry.path) || entry.path.startsWith('/private/'))
      .map((entry) => `${entry.method} ${entry.host}${entry.path}`);
    return { run, base, resourceRequests };
  }

  beforeAll(async () => {
    server = await startTestServer({
      database,
      crawl: { limits: LIMITS, resolver: fixtureResolver({ [RESOURCES_HOST]: '127.0.0.1', [RESOURCES_CDN_HOST]: '127.0.0.1' }).resolve },
    });
    key = await server.createKey({ plan: 'agency' });
    const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Resources', primaryDomain: site.origin(RESOURCES_HOST) } });
    projectId = project.body.data.id;
  }, 30_000);
  afterAll(async () => {
    await server?.close();
  });

  describe('with checkResources', () => {
    let run: any;
    let base: string;
    let resourceRequests: string[];

    beforeAll(async () => {
      ({ run, base, resourceRequests } = await audit({ checkResources: true }));
    }, 90_000);

    it('echoes the option and gives what the check found in the summary, each resource requested once', () => {
      expect(run).toMatchObject({ checkResources: true, checkExternalLinks: false });
      // Nine distinct resources: eight requested, the one robots.txt disallows not.
      expect(run.summary.site.resources).toEqual({ checked: 8, broken: 4, notChecked: 1 });
      expect(resourceRequests.length).toBe(8);
      expect(new Set(resourceRequests).size).toBe(8);
    });

    it('gives broken_resource, an error, to exactly the pages that load a broken resource, naming each', async () => {
      const pages = await listAll(server, key, 'listAuditPages', `${base}/pages?issue=broken_resource`);
      const origin = site.origin(RESOURCES_HOST);
      const expected = expectedBroken(site.port);
      expect(pages.map((p) => p.url.slice(origin.length)).sort()).toEqual(Object.keys(expected).sort());
      for (const page of pages) {
        const issue = page.issues.find((i: { code: string }) => i.code === 'broken_resource');
        const found = expected[page.url.slice(origin.length)]!;
        expect(issue).toEqual({ code: 'broken_resource', severity: 'error', message: `The page loads ${found.length} broken resources: ${found.join(', ')}.` });
      }
    });

    it('lists the broken resources once each with the pages loading them, most used first, and counts them on the issue', async () => {
      const targets = await listAll(server, key, 'listAuditLinkTargets', `${base}/link-targets?kind=resource`);
      const origin = site.origin(RESOURCES_HOST);
      expect(targets).toEqual([
        { url: `${origin}/missing.png`, statusCode: 404, linkingPages: 2 },
        { url: `http://${RESOURCES_CDN_HOST}:${site.port}/gone.jpg`, statusCode: 410, linkingPages: 1 },
        { url: `${origin}/img/hero-2x.png`, statusCode: 404, linkingPages: 1 },
        { url: `${origin}/styles/site.css`, statusCode: 500, linkingPages: 1 },
      ]);
      const issues = await listAll(server, key, 'listAuditIssues', `${base}/issues`);
      expect(issues.find((i) => i.code === 'broken_resource')).toMatchObject({ severity: 'error', pagesAffected: 2, distinctTargets: 4, priority: 1 });
      // The link kinds are the pages': a resource is neither.
      const broken = await listAll(server, key, 'listAuditLinkTargets', `${base}/link-targets?kind=broken`);
      expect(broken.map((t) => t.url)).toEqual([`${origin}/gone-page`]);
    });
  });

  it('requests no resource without the option, and has neither findings nor broken resources for them', async () => {
    const { run, base, resourceRequests } = await audit({});
    expect(resourceRequests).toEqual([]);
    expect(run.checkResources).toBe(false);
    expect(run.summary.site.resources).toBeNull();
    expect(await listAll(server, key, 'listAuditLinkTargets', `${base}/link-targets?kind=resource`)).toEqual([]);
    const issues = await listAll(server, key, 'listAuditIssues', `${base}/issues`);
    expect(issues.some((i) => i.code === 'broken_resource')).toBe(false);
  }, 90_000);

  it('refuses a checkResources that is no boolean and an unknown kind with the error envelope', async () => {
    const bad = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { checkResources: 'yes' } });
    expect(bad.status).toBe(400);
    expectContract('startAudit', bad);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'checkResources' })] });
    const runs = await server.call(`/projects/${projectId}/audits`, { key });
    const anyRun = runs.body.data[0].id;
    const kind = await server.call(`/projects/${projectId}/audits/${anyRun}/link-targets?kind=resources`, { key });
    expect(kind.status).toBe(400);
    expectContract('listAuditLinkTargets', kind);
    expect(kind.body.error.code).toBe('VALIDATION_ERROR');
  });
});
