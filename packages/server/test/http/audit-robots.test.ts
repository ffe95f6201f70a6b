// robots.txt as RFC 9309 says, through the API: a file over the parsing limit is read up to it and
// the audit completes saying it was cut; a 4xx lets the audit crawl everything and the findings say
// the file was unavailable; a robots.txt that answers 5xx or not in time fails the audit as
// robots_unreachable (not seed_unreachable), and the seed's record says why it was not requested.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureResolver, oversizedRobotsTxt, ROBOTS_CAP, startFixtureServer, type FixtureServer, type Route } from '@seo-geo/engine/testing';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const TIMEOUT_MS = 2000;
const LIMITS = { requestTimeoutMs: TIMEOUT_MS, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 };

const html = (body: string) => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<!doctype html><title>t</title>${body}` });
const site = (robots: Route): Record<string, Route> => ({
  '/robots.txt': robots,
  '/': () => html('<a href="/early">early</a> <a href="/late">late</a>'),
  '/early': () => html('<p>early</p>'),
  '/late': () => html('<p>late</p>'),
});
const plain = { 'content-type': 'text/plain' };
const HOSTS: Record<string, Record<string, Route>> = {
  'oversized.robots.test': site(() => ({ status: 200, headers: plain, body: oversizedRobotsTxt() })),
  'hanging.robots.test': site(() => ({ status: 200, headers: plain, body: 'User-agent: *\nAllow: /\n', hangMs: 20_000 })),
  'failing.robots.test': site(() => ({ status: 503, headers: plain, body: 'down for maintenance' })),
  'missing.robots.test': site(() => ({ status: 404, headers: plain, body: 'not found' })),
};

let fixture: FixtureServer;
let server: TestServer;
let key: string;

beforeAll(async () => {
  fixture = await startFixtureServer(HOSTS);
  const resolver = fixtureResolver(Object.fromEntries(Object.keys(HOSTS).map((host) => [host, '127.0.0.1']))).resolve;
  server = await startTestServer({ crawl: { limits: LIMITS, resolver } });
  key = await server.createKey({ plan: 'pro' });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await fixture?.close();
});

/** Audits the host's site through the API; the final run, and its pages by path. */
async function audit(host: string): Promise<{ run: any; pages: Map<string, any> }> {
  const origin = fixture.origin(host);
  const project = await server.call('/projects', { key, method: 'POST', json: { name: host, primaryDomain: origin } });
  expect(project.status).toBe(201);
  const projectId = project.body.data.id as string;
  const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 10 } });
  expect(started.status).toBe(202);
  const auditId = started.body.data.auditRunId as string;
  const run = await until(
    `the audit of ${host} to end`,
    async () => {
      const response = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
      expectContract('getAudit', response);
      return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
    },
    30_000,
  );
  const listed = await server.call(`/projects/${projectId}/audits/${auditId}/pages?pageSize=100`, { key });
  expect(listed.status).toBe(200);
  expectContract('listAuditPages', listed);
  return { run, pages: new Map(listed.body.data.map((p: any) => [p.url.slice(origin.length), p])) };
}

const requested = (host: string) => fixture.log.filter((e) => e.host === host).map((e) => e.path);

describe('robots.txt as RFC 9309 says, through the API', () => {
  it('completes an audit whose robots.txt is over 512 KiB: the rules read are obeyed and the findings say it was cut', async () => {
    const { run, pages } = await audit('oversized.robots.test');
    expect(run.status).toBe('completed');
    expect(pages.get('/')).toMatchObject({ statusCode: 200, scored: true });
    expect(pages.get('/early')).toMatchObject({ statusCode: 0, notScoredReason: 'no_response' });
    expect(pages.get('/late')).toMatchObject({ statusCode: 200, scored: true });
    expect(run.summary.site.robotsTxt).toMatchObject({ present: true, status: 'truncated', httpStatus: 200 });
    expect(run.summary.site.robotsTxt.detail).toContain(`${ROBOTS_CAP} bytes`);
  }, 60_000);

  it('completes an audit whose robots.txt answers 404: everything is crawled and the findings say unavailable', async () => {
    const { run, pages } = await audit('missing.robots.test');
    expect(run.status).toBe('completed');
    expect([...pages.values()].map((p) => p.statusCode)).toEqual([200, 200, 200]);
    expect(run.summary.site.robotsTxt).toEqual({ present: false, blockedAiAgents: [], status: 'unavailable', httpStatus: 404, detail: 'HTTP 404' });
  }, 60_000);

  it('fails an audit whose robots.txt answers 503 as robots_unreachable, and the seed says robots.txt was unreachable', async () => {
    const host = 'failing.robots.test';
    const { run, pages } = await audit(host);
    expect(run).toMatchObject({ status: 'failed', summary: null, error: { code: 'robots_unreachable' } });
    expect(run.error.message).toContain(`${fixture.origin(host)}/robots.txt`);
    expect(run.error.message).toContain('HTTP 503');
    expect(run.error.message).toContain('RFC 9309 §2.3.1.4');
    expect(requested(host)).not.toContain('/');
    expect([...pages.keys()]).toEqual(['/']);
    expect(pages.get('/').issues[0].message).toMatch(/robots\.txt .*unreachable \(HTTP 503\)/);
  }, 60_000);

  it('fails an audit whose robots.txt does not answer in time as robots_unreachable, naming the timeout', async () => {
    const host = 'hanging.robots.test';
    const { run, pages } = await audit(host);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'robots_unreachable' } });
    expect(run.error.message).toContain(`${TIMEOUT_MS} ms`);
    expect(run.error.message).toContain('RFC 9309 §2.3.1.4');
    expect(requested(host)).not.toContain('/');
    expect(pages.get('/').issues[0].message).toMatch(new RegExp(`robots\\.txt .*unreachable .*${TIMEOUT_MS} ms`));
  }, 60_000);
});
