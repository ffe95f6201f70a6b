// The link graph over HTTP, on SQLite and PostgreSQL: a real crawl of the fixture site, then its
// inlinks, outlinks and broken and redirecting targets, each agreeing with the others and with the
// pages list; the issues view's titles, priorities and distinct targets; the issue catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_CODES } from '@seo-geo/engine';
import { WWW, FIXTURE_ROUTES, fixtureResolver, startFixtureServer, type FixtureServer } from '@seo-geo/engine/testing';
import { expectContract, listAll, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { postgresUrl } from '../support/databases.js';

const LIMITS = { requestTimeoutMs: 10_000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 };
const databases = ['sqlite', ...(postgresUrl() ? ['postgres' as const] : [])] as const;
if (!postgresUrl()) console.warn('SKIPPED: "the link graph of an audit (postgres)" — DATABASE_URL is not set to a postgres:// URL');

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer(FIXTURE_ROUTES);
});
afterAll(async () => {
  await site?.close();
});

describe.each(databases)('the link graph of an audit (%s)', (database) => {
  let server: TestServer;
  let key: string;
  let base: string;
  let pages: Array<{ url: string; statusCode: number; issues: Array<{ code: string }> }>;

  beforeAll(async () => {
    server = await startTestServer({ database, crawl: { limits: LIMITS, resolver: fixtureResolver().resolve } });
    key = await server.createKey({ plan: 'agency' });
    const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Fixture site', primaryDomain: site.origin(WWW) } });
    const started = await server.call(`/projects/${project.body.data.id}/audits`, { key, method: 'POST', json: { maxPages: 500 } });
    base = `/projects/${project.body.data.id}/audits/${started.body.data.auditRunId}`;
    const finished = await until(
      'the audit to finish',
      async () => {
        const run = (await server.call(base, { key })).body.data;
        return ['completed', 'failed'].includes(run.status) ? run : undefined;
      },
      60_000,
    );
    expect(finished.status, JSON.stringify(finished.error)).toBe('completed');
    pages = await listAll(server, key, 'listAuditPages', `${base}/pages`);
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it("lists a page's outlinks in document order, and each internal target's inlinks include that page", async () => {
    const seed = `${site.origin(WWW)}/`;
    const outlinks = await listAll(server, key, 'listAuditOutlinks', `${base}/outlinks?url=${encodeURIComponent(seed)}`);
    expect(outlinks.length).toBeGreaterThan(3);
    expect(outlinks.every((l) => l.source === seed)).toBe(true);
    expect(new Set(outlinks.map((l) => l.target)).size).toBe(outlinks.length);
    for (const link of outlinks.filter((l) => l.internal).slice(0, 5)) {
      const inlinks = await listAll(server, key, 'listAuditInlinks', `${base}/inlinks?url=${encodeURIComponent(link.target)}`);
      expect(inlinks.map((l) => l.source)).toContain(seed);
      expect(inlinks.every((l) => l.target === link.target)).toBe(true);
      const sources = inlinks.map((l) => l.source as string);
      expect(sources).toEqual([...sources].sort());
    }
  });

  it('lists the broken and redirecting targets, each with the distinct pages its inlinks come from, most linked first', async () => {
    for (const kind of ['broken', 'redirect'] as const) {
      const targets = await listAll(server, key, 'listAuditLinkTargets', `${base}/link-targets?kind=${kind}`);
      expect(targets.length, kind).toBeGreaterThan(0);
      for (let i = 1; i < targets.length; i++) expect(targets[i - 1].linkingPages).toBeGreaterThanOrEqual(targets[i].linkingPages);
      for (const target of targets) {
        const stored = pages.find((p) => p.url === target.url)!;
        expect(stored.statusCode, target.url).toBe(target.statusCode);
        if (kind === 'broken') {
          const loops = stored.issues.some((i) => i.code === 'redirect_loop');
          expect(loops || stored.statusCode === 0 || stored.statusCode >= 400, target.url).toBe(true);
        }
        const inlinks = await listAll(server, key, 'listAuditInlinks', `${base}/inlinks?url=${encodeURIComponent(target.url)}`);
        expect(new Set(inlinks.map((l) => l.source).filter((s) => s !== target.url)).size, target.url).toBe(target.linkingPages);
      }
    }
  });

  it("gives every issue its catalogue title and priority, and the broken and redirect codes their targets' count", async () => {
    const issues = await listAll(server, key, 'listAuditIssues', `${base}/issues`);
    for (const issue of issues) {
      expect(issue.title, issue.code).toEqual(expect.any(String));
      expect([1, 2, 3]).toContain(issue.priority);
    }
    for (const [code, kind] of [
      ['broken_internal_link', 'broken'],
      ['internal_link_to_redirect', 'redirect'],
    ] as const) {
      const targets = await server.call(`${base}/link-targets?kind=${kind}&pageSize=1`, { key });
      expect(issues.find((i) => i.code === code)?.distinctTargets, code).toBe(targets.body.meta.total);
    }
    expect(issues.filter((i) => i.distinctTargets !== undefined)).toHaveLength(2);
  });

  it('refuses a missing or malformed url and an unknown kind with 400, and answers 404 for an audit of another account', async () => {
    for (const path of [`${base}/inlinks`, `${base}/outlinks?url=not%20a%20url`, `${base}/link-targets`, `${base}/link-targets?kind=gone`]) {
      const response = await server.call(path, { key });
      expect(response.status, path).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    const other = await server.createKey();
    const response = await server.call(`${base}/inlinks?url=${encodeURIComponent(site.origin(WWW))}`, { key: other });
    expect(response.status).toBe(404);
    expectContract('listAuditInlinks', response);
  });

  it('lists the issue catalogue: every code once, with its severity, by priority', async () => {
    const catalogue = await listAll(server, key, 'listIssueCodes', '/issue-codes');
    expect(catalogue.map((d) => d.code).sort()).toEqual(Object.keys(ISSUE_CODES).sort());
    for (const definition of catalogue) expect(definition.severity, definition.code).toBe(ISSUE_CODES[definition.code as keyof typeof ISSUE_CODES]);
    for (let i = 1; i < catalogue.length; i++) expect(catalogue[i - 1].priority).toBeLessThanOrEqual(catalogue[i].priority);
    expect(catalogue.find((d) => d.code === 'canonical_other_site')?.emitted).toBe(false);
    const unauthenticated = await server.call('/issue-codes');
    expect(unauthenticated.status).toBe(401);
  });
});
