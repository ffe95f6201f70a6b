// An audit of heavy pages in the embedded default (in-process workers) must not hold up the API:
// pages are analysed in worker threads (ANALYSIS_THREADS), so /healthz and another account's
// calls keep answering while megabytes of deeply nested markup are analysed. With
// ANALYSIS_THREADS=0 (analysis on the event loop) the probes wait whole seconds.
import { fixtureResolver, pathologicalPage, startFixtureServer, type FixtureServer } from '@seo-geo/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const HEAVY = 'heavy.fixture.test';
/** Each about 2.5 MiB: a second or more of analysis apiece on this machine. */
const PAGE_BYTES = 2.5 * 1024 * 1024;
const PAGES = ['/a', '/b', '/c', '/d'];

let site: FixtureServer;
let server: TestServer;

beforeAll(async () => {
  const body = (kind: 'bare-divs' | 'nested-tables' | 'unclosed-divs' | 'nested-inline', next: string | null) =>
    pathologicalPage(kind, PAGE_BYTES).replace('<body>', `<body>${next ? `<a href="${next}">next</a>` : ''}`);
  const pages = {
    '/': () => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: `<html><body>${PAGES.map((p) => `<a href="${p}">${p}</a>`).join('')}</body></html>`,
    }),
    '/a': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: body('bare-divs', null) }),
    '/b': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: body('nested-tables', null) }),
    '/c': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: body('unclosed-divs', null) }),
    '/d': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: body('nested-inline', null) }),
  };
  site = await startFixtureServer({ [HEAVY]: pages });
  server = await startTestServer({ crawl: { limits: { maxBodyBytes: 5 * 1024 * 1024 }, resolver: fixtureResolver({ [HEAVY]: '127.0.0.1' }).resolve } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await site?.close();
});

describe('analysis off the event loop', () => {
  it('keeps /healthz and another account answering while heavy pages are analysed', async () => {
    const owner = await server.createKey({ plan: 'agency' });
    const other = await server.createKey();
    const project = await server.call('/projects', { key: owner, method: 'POST', json: { name: 'Heavy', primaryDomain: site.origin(HEAVY) } });
    expect(project.status).toBe(201);
    const projectId = project.body.data.id as string;
    const started = await server.call(`/projects/${projectId}/audits`, { key: owner, method: 'POST', json: { maxPages: 10 } });
    expect(started.status).toBe(202);
    const auditId = started.body.data.auditRunId as string;

    let slowest = 0;
    let probes = 0;
    const audit = await until(
      'the audit of the heavy pages to finish',
      async () => {
        for (const probe of [() => fetch(`${server.url}/healthz`), () => server.call('/me', { key: other })]) {
          const sent = performance.now();
          const response = await probe();
          expect(response.status).toBe(200);
          slowest = Math.max(slowest, performance.now() - sent);
          probes++;
        }
        const run = await server.call(`/projects/${projectId}/audits/${auditId}`, { key: owner });
        return ['completed', 'failed', 'cancelled'].includes(run.body.data.status) ? run.body.data : undefined;
      },
      120_000,
    );
    // Analysis on the event loop holds each probe for the whole of a page's analysis (seconds).
    expect(slowest).toBeLessThan(500);
    expect(audit.status).toBe('completed');
    expect(audit.summary.pagesAudited).toBe(1 + PAGES.length);
    expect(probes).toBeGreaterThan(10);
  }, 150_000);
});
