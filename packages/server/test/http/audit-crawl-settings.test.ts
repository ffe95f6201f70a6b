// An audit's crawl settings through the API, measured where the requests land (the fixture
// server's log): include and exclude patterns, list mode, the user agent, the rate limit, and
// basic authentication for a staging site (sent to its origin only, stored sealed, never
// returned, never logged). On one worker (SQLite), and in a crawl shared through PostgreSQL.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureResolver, startFixtureServer, type FixtureServer, type Route } from '@seo-geo/engine/testing';
import { createLogger } from '../../src/http/logging.js';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const SITE = 'crawl-settings.test';
const STAGING = `staging.${SITE}`;
const OTHER = 'elsewhere.test';
const PASSWORD = 'correct horse battery staple';
const LIMITS = { requestTimeoutMs: 5_000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 };

const html = (body: string) => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<!doctype html><title>t</title>${body}` });
const a = (hrefs: string[]) => hrefs.map((href) => `<a href="${href}">${href}</a>`).join(' ');
let port = 0;
const HOSTS: Record<string, Record<string, Route>> = {
  [SITE]: {
    '/robots.txt': () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: Googlebot\nDisallow: /for-people\n' }),
    '/': () => html(a(['/blog/', '/blog/tag/x', '/about', '/for-people'])),
    '/blog/': () => html(a(['/blog/one', '/blog/tag/y'])),
    '/blog/one': () => html('<p>one</p>'),
    '/blog/tag/x': () => html('<p>x</p>'),
    '/blog/tag/y': () => html('<p>y</p>'),
    '/about': () => html('<p>about</p>'),
    '/for-people': () => html('<p>people</p>'),
  },
  [STAGING]: {
    '/': () => html(a(['/page', '/away'])),
    '/page': () => html('<p>page</p>'),
    '/away': () => ({ status: 302, headers: { location: `http://${OTHER}:${port}/landing` } }),
  },
  [OTHER]: { '/landing': () => html('<p>landing</p>') },
};

const variants: Array<{ name: string; database: 'sqlite' | 'postgres'; env: NodeJS.ProcessEnv }> = [{ name: 'one worker', database: 'sqlite', env: {} }];
if (postgresUrl()) variants.push({ name: 'a shared crawl', database: 'postgres', env: { AUDIT_CRAWL_WORKERS: '2' } });
else console.warn('SKIPPED: "crawl settings [a shared crawl]" — DATABASE_URL is not set to a postgres:// URL');

let fixture: FixtureServer;
beforeAll(async () => {
  fixture = await startFixtureServer(HOSTS);
  port = fixture.port;
});
afterAll(async () => {
  await fixture?.close();
});

describe.each(variants)('crawl settings through the API ($name)', ({ database, env }) => {
  const lines: string[] = [];
  let server: TestServer;
  let key: string;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const resolver = fixtureResolver(Object.fromEntries(Object.keys(HOSTS).map((host) => [host, '127.0.0.1']))).resolve;
    server = await startTestServer({
      database,
      env: { ...env, WEBHOOK_SECRETS_KEY: 'ab'.repeat(32) },
      crawl: { limits: LIMITS, resolver },
      logger: createLogger('debug', sink),
    });
    key = await server.createKey({ plan: 'pro' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  async function project(host: string): Promise<string> {
    const created = await server.call('/projects', { key, method: 'POST', json: { name: host, primaryDomain: fixture.origin(host) } });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }

  /** Starts an audit with `body` and waits for its end; the final run. */
  async function audit(projectId: string, body: object): Promise<any> {
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: body });
    expect(started.status).toBe(202);
    expectContract('startAudit', started);
    const auditId = started.body.data.auditRunId as string;
    return until(
      'the audit to end',
      async () => {
        const response = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
        expectContract('getAudit', response);
        return ['completed', 'failed', 'cancelled'].includes(response.body.data.status) ? response.body.data : undefined;
      },
      // Roomy: a loaded machine starts the first audit's analysis threads slowly.
      90_000,
    );
  }

  async function pagePaths(projectId: string, run: any, host: string): Promise<string[]> {
    const listed = await server.call(`/projects/${projectId}/audits/${run.id}/pages?pageSize=100`, { key });
    expectContract('listAuditPages', listed);
    return listed.body.data.map((p: any) => p.url.slice(fixture.origin(host).length)).sort();
  }

  const fetched = (host: string, from: number) =>
    fixture.log
      .slice(from)
      .filter((e) => e.host === host && e.path !== '/robots.txt' && !e.path.startsWith('/sitemap') && e.path !== '/llms.txt')
      .map((e) => e.path)
      .sort();

  it('crawls the seed and the included URLs no exclude pattern matches, as Googlebot, and shows the settings back', async () => {
    const projectId = await project(SITE);
    const from = fixture.log.length;
    const run = await audit(projectId, {
      crawl: { include: ['/blog/', '/for-people'], exclude: ['/blog/tag/'], userAgent: 'googlebot_desktop', requestsPerSecond: 10 },
    });
    expect(run.status).toBe('completed');
    expect(run.crawl).toEqual({
      include: ['/blog/', '/for-people'],
      exclude: ['/blog/tag/'],
      urls: null,
      userAgent: 'googlebot_desktop',
      userAgentString: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      requestsPerSecond: 10,
      authentication: null,
    });
    // Googlebot's robots.txt group forbids /for-people: recorded, not requested.
    expect(fetched(SITE, from)).toEqual(['/', '/blog/', '/blog/one']);
    expect(await pagePaths(projectId, run, SITE)).toEqual(['/', '/blog/', '/blog/one', '/for-people']);
    expect(
      fixture.log
        .slice(from)
        .filter((e) => e.host === SITE)
        .every((e) => e.userAgent?.includes('Googlebot/2.1')),
    ).toBe(true);
  }, 120_000);

  it('list mode audits the listed URLs only', async () => {
    const projectId = await project(SITE);
    const from = fixture.log.length;
    const urls = [`${fixture.origin(SITE)}/about`, `${fixture.origin(SITE)}/blog/one`];
    const run = await audit(projectId, { crawl: { urls, userAgent: 'custom', customUserAgent: 'ExampleQA/1.0' } });
    expect(run).toMatchObject({ status: 'completed', crawl: { urls, userAgent: 'custom', userAgentString: 'ExampleQA/1.0' } });
    expect(fetched(SITE, from)).toEqual(['/about', '/blog/one']);
    expect(await pagePaths(projectId, run, SITE)).toEqual(['/about', '/blog/one']);
  }, 120_000);

  it('sends basic authentication to the staging origin only, stores the password sealed, and never shows or logs it', async () => {
    const projectId = await project(STAGING);
    const from = fixture.log.length;
    const run = await audit(projectId, { crawl: { authentication: { username: 'preview', password: PASSWORD } } });
    expect(run.status).toBe('completed');
    expect(run.crawl.authentication).toEqual({ username: 'preview' });
    const expected = `Basic ${Buffer.from(`preview:${PASSWORD}`).toString('base64')}`;
    const staging = fixture.log.slice(from).filter((e) => e.host === STAGING);
    expect(staging.map((e) => e.path)).toEqual(expect.arrayContaining(['/robots.txt', '/', '/page', '/away']));
    for (const entry of staging) expect(entry.authorization).toBe(expected);
    // The redirect away was not followed (another site), and nothing else got the credentials.
    for (const entry of fixture.log.slice(from).filter((e) => e.host !== STAGING)) expect(entry.authorization).toBeUndefined();

    const listed = await server.call(`/projects/${projectId}/audits`, { key });
    expectContract('listAudits', listed);
    expect(JSON.stringify(listed.body)).not.toContain(PASSWORD);
    const stored = await server.database.db.selectFrom('audit_runs').select('crawl_password').where('id', '=', run.id).executeTakeFirstOrThrow();
    expect(stored.crawl_password).toMatch(/^enc:v1:/);
    expect(await server.repositories.auditRuns.crawlPassword(run.id)).toBe(PASSWORD);
    expect(lines.join('')).not.toContain(PASSWORD);
    expect(lines.join('')).not.toContain(Buffer.from(`preview:${PASSWORD}`).toString('base64'));
  }, 120_000);

  it('refuses what the schema cannot say: listed URLs off the site, a custom agent without its string, too few pages, credentials for rendering', async () => {
    const projectId = await project(SITE);
    const cases: Array<[object, string]> = [
      [{ crawl: { urls: ['https://elsewhere.example/'] } }, 'crawl.urls.0'],
      [{ crawl: { userAgent: 'custom' } }, 'crawl.customUserAgent'],
      [{ crawl: { customUserAgent: 'X/1' } }, 'crawl.customUserAgent'],
      [{ maxPages: 1, crawl: { urls: [`${fixture.origin(SITE)}/a`, `${fixture.origin(SITE)}/b`] } }, 'maxPages'],
      [{ crawl: { include: ['no-slash'] } }, 'crawl.include.0'],
      [{ crawl: { requestsPerSecond: 50 } }, 'crawl.requestsPerSecond'],
      [{ crawl: { authentication: { username: 'a:b', password: 'x' } } }, 'crawl.authentication.username'],
    ];
    for (const [body, field] of cases) {
      const response = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expectContract('startAudit', response);
      expect(response.body.error.details.map((d: any) => d.field)).toContain(field);
    }
    const listed = await server.call(`/projects/${projectId}/audits`, { key });
    expect(listed.body.data).toEqual([]);
  }, 60_000);
});
