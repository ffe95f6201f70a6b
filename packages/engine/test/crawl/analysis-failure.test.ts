// A page the analyser fails on (a fault of ours) is still recorded, scored 0, with an issue that
// says the analysis failed, not that the fetch did, and the crawl goes on through its links.
import { describe, expect, it, vi } from 'vitest';
import type { PageAnalysis } from '../../src/page/analysis.js';

vi.mock('../../src/page/analyse-page.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/page/analyse-page.js')>();
  return {
    ...original,
    analysePage: (page: Parameters<typeof original.analysePage>[0], site: Parameters<typeof original.analysePage>[1]) => {
      if (page.body?.includes('id="trips-the-analyser"')) throw new Error('analyser fault');
      return original.analysePage(page, site);
    },
  };
});

const { runAudit } = await import('../../src/audit/run-audit.js');
const { startFixtureServer } = await import('../fixtures/site/server.js');
const { TEST_UA } = await import('./helpers.js');
const { fixtureResolver } = await import('../fixtures/site/resolver.js');

describe('a page the analyser fails on', () => {
  it('is scored 0 with analysis_failed (not fetch_failed), and its links are still followed', async () => {
    const html = (body: string) => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html lang="en"><head><title>Fixture page</title></head><body>${body}</body></html>`,
    });
    const server = await startFixtureServer({
      'fail.fixture.test': {
        '/': () => html('<p id="trips-the-analyser">x</p><a href="/next">next</a>'),
        '/next': () => html('<h1>Next</h1><p>Reached through the failed page.</p>'),
        '/robots.txt': () => ({ status: 404, headers: {}, body: '' }),
      },
    });
    try {
      const pages: PageAnalysis[] = [];
      const origin = server.origin('fail.fixture.test');
      for await (const event of runAudit({
        seedUrl: `${origin}/`,
        primaryDomain: origin,
        maxPages: 10,
        limits: { requestTimeoutMs: 1000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 },
        policy: { allowLoopback: true },
        userAgent: TEST_UA,
        resolver: fixtureResolver({ 'fail.fixture.test': '127.0.0.1' }).resolve,
      }))
        if (event.type === 'page') pages.push(event.analysis);
      const failed = pages.find((p) => p.url === `${origin}/`)!;
      expect(failed.geoScore).toBe(0);
      expect(failed.issues.map((i) => [i.code, i.severity])).toEqual([['analysis_failed', 'error']]);
      expect(failed.issues[0]!.message).toContain('analyser fault');
      expect(pages.map((p) => p.url)).toContain(`${origin}/next`);
    } finally {
      await server.close();
    }
  });
});
