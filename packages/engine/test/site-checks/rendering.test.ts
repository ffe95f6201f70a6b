// JavaScript rendering with a fake browser: the raw page is scored, the rendered one compared,
// and links that only scripts add are crawled and indexed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentNeedsJavascript, type RenderOutcome } from '../../src/audit/rendering.js';
import { runAudit } from '../../src/audit/run-audit.js';
import { scoreOf } from '../../src/score/score.js';
import type { AuditEvent, SitePageResult } from '../../src/audit/types.js';
import type { PageRenderer, RenderedPage } from '../../src/render/types.js';
import type { RenderingComparison } from '../../src/types.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { TEST_UA } from '../crawl/helpers.js';
import type { FixtureResponse, Route } from '../fixtures/site/pages.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';

const HOST = 'www.rendering.test';
const html = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
const page = (title: string, body: string): FixtureResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: html(title, body),
});
const nav = (hrefs: string[]): string => `<nav>${hrefs.map((h) => `<a href="${h}">${h}</a>`).join(' ')}</nav>`;
const RAW_NAV = ['/about', '/broken-render', '/report.pdf'];
/** Forty words, said once per paragraph the scripts add. */
const FORTY =
  'Every boot we make is cut stitched and finished by hand in our workshop and each pair is tested on the hill behind it before we send it out so that you get boots that fit well and last long';

const routes: Record<string, Route> = {
  '/': () => page('Shop', `${nav(RAW_NAV)}<main><h1>Shop</h1><p>Loading the catalogue</p></main>`),
  '/about': () => page('About', `${nav(['/'])}<main><h1>About</h1><p>We make boots.</p></main>`),
  '/broken-render': () => page('Broken render', '<main><h1>Broken</h1><p>The browser gives up here.</p></main>'),
  '/report.pdf': () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' }),
  '/js-only': () => page('Only linked by scripts', '<main><h1>Hidden from raw HTML</h1></main>'),
  '/js-only-2': () => page('Also only linked by scripts', '<main><h1>Second</h1></main>'),
};

/** What the scripts of `/` build: three paragraphs in place of "Loading", and two more links. */
const RENDERED_HOME = html('Shop', `${nav([...RAW_NAV, '/js-only', '/js-only-2'])}<main><h1>Shop</h1><p>${FORTY}.</p><p>${FORTY}.</p><p>${FORTY}.</p></main>`);

/** A browser stand-in: `/` gains content and links, `/broken-render` fails, others render as served. */
class FakeRenderer implements PageRenderer {
  readonly calls: string[] = [];
  constructor(private readonly port: () => number) {}

  async render(url: string): Promise<RenderedPage> {
    this.calls.push(url);
    const path = new URL(url).pathname;
    if (path === '/broken-render') return { finalUrl: url, html: null, error: 'Navigation timeout of 10000 ms exceeded', blockedRequests: [] };
    const served = routes[path]?.({ port: this.port(), path, query: '' });
    const body = path === '/' ? RENDERED_HOME : String(served?.body ?? '');
    return { finalUrl: url, html: body, error: null, blockedRequests: [] };
  }

  async close(): Promise<void> {}
}

async function audit(origin: string, port: number, renderer?: PageRenderer): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  const deadline = Date.now() + 20_000;
  for await (const event of runAudit({
    seedUrl: `${origin}/`,
    primaryDomain: HOST,
    maxPages: 50,
    limits: { requestTimeoutMs: 2000, perHostConcurrency: 2 },
    policy: { allowLoopback: true },
    userAgent: TEST_UA,
    resolver: fixtureResolver({ [HOST]: '127.0.0.1' }).resolve,
    ...(renderer ? { renderer } : {}),
  })) {
    events.push(event);
    if (Date.now() > deadline) throw new Error(`audit did not finish in time (port ${port})`);
  }
  return events;
}

describe('rendering JavaScript with a (fake) browser', () => {
  let server: FixtureServer;
  let origin: string;
  let renderer: FakeRenderer;
  let events: AuditEvent[];
  let pages: Map<string, PageAnalysis>;
  let results: Map<string, SitePageResult>;
  let rawPages: Map<string, PageAnalysis>;

  const byPath = <T>(list: Array<[string, T]>): Map<string, T> => new Map(list.map(([url, v]) => [url.slice(origin.length), v]));

  beforeAll(async () => {
    server = await startFixtureServer({ [HOST]: routes });
    origin = server.origin(HOST);
    renderer = new FakeRenderer(() => server.port);
    events = await audit(origin, server.port, renderer);
    pages = byPath(events.flatMap((e) => (e.type === 'page' ? [[e.analysis.url, e.analysis] as [string, PageAnalysis]] : [])));
    results = byPath(events.flatMap((e) => (e.type === 'site-page' ? [[e.result.url, e.result] as [string, SitePageResult]] : [])));
    const raw = await audit(origin, server.port);
    rawPages = byPath(raw.flatMap((e) => (e.type === 'page' ? [[e.analysis.url, e.analysis] as [string, PageAnalysis]] : [])));
  });
  afterAll(() => server.close());

  it('announces the rendering phase and renders each scored page once, at its final URL', () => {
    expect(events[0]).toEqual({ type: 'phase', phase: 'rendering' });
    expect([...renderer.calls].sort()).toEqual(['/', '/about', '/broken-render', '/js-only', '/js-only-2'].map((p) => origin + p).sort());
  });

  it('measures the raw and the rendered page with the same analyser', () => {
    expect(pages.get('/')!.rendering).toEqual({
      status: 'rendered',
      error: null,
      rawWordCount: 4,
      renderedWordCount: 121,
      rawInternalLinks: 3,
      renderedInternalLinks: 5,
      internalLinksOnlyRendered: 2,
    } satisfies RenderingComparison);
    expect(pages.get('/about')!.rendering).toMatchObject({ status: 'rendered', rawWordCount: 4, renderedWordCount: 4, internalLinksOnlyRendered: 0 });
    expect(pages.get('/report.pdf')!.rendering).toBeNull();
  });

  it('reports content_needs_javascript with the word counts and the links only scripts add', () => {
    const found = pages.get('/')!.issues.filter((i) => i.code === 'content_needs_javascript');
    expect(found).toEqual([
      {
        code: 'content_needs_javascript',
        severity: 'warning',
        message:
          `The main content has 121 words after JavaScript runs but 4 in the HTML as fetched; 2 internal links appear only after rendering: ${origin}/js-only, ${origin}/js-only-2. ` +
          'Answer-engine crawlers (GPTBot, ClaudeBot, PerplexityBot) do not run JavaScript: they read only the HTML as fetched.',
      },
    ]);
    expect(pages.get('/about')!.issues.some((i) => i.code === 'content_needs_javascript')).toBe(false);
  });

  it('keeps the other checks and issues of the raw HTML; only A3 follows what rendering measured', () => {
    for (const [path, raw] of rawPages) {
      const rendered = pages.get(path)!;
      const notA3 = (checks: PageAnalysis['checks']) => checks.filter((c) => c.id !== 'A3');
      expect(notA3(rendered.checks), path).toEqual(notA3(raw.checks));
      expect(rendered.geoScore, path).toBe(scoreOf(rendered.checks));
      expect(
        rendered.issues.filter((i) => i.code !== 'content_needs_javascript'),
        path,
      ).toEqual(raw.issues);
      expect(rendered.wordCount, path).toBe(raw.wordCount);
    }
  });

  it('crawls and indexes the pages only the rendered HTML links to', () => {
    expect(rawPages.has('/js-only')).toBe(false);
    expect(pages.has('/js-only')).toBe(true);
    expect(pages.has('/js-only-2')).toBe(true);
    expect(results.get('/js-only')).toMatchObject({ depth: 1, inlinks: 1 });
  });

  it('records a failed render as failed, with the raw figures standing alone', () => {
    expect(pages.get('/broken-render')!.rendering).toEqual({
      status: 'failed',
      error: 'Navigation timeout of 10000 ms exceeded',
      rawWordCount: 6,
      renderedWordCount: null,
      rawInternalLinks: 0,
      renderedInternalLinks: null,
      internalLinksOnlyRendered: null,
    } satisfies RenderingComparison);
    expect(pages.get('/broken-render')!.issues.some((i) => i.code === 'content_needs_javascript')).toBe(false);
  });
});

describe('content_needs_javascript thresholds', () => {
  const outcome = (raw: number, rendered: number, onlyRendered = 0): RenderOutcome => ({
    comparison: {
      status: 'rendered',
      error: null,
      rawWordCount: raw,
      renderedWordCount: rendered,
      rawInternalLinks: 0,
      renderedInternalLinks: onlyRendered,
      internalLinksOnlyRendered: onlyRendered,
    },
    renderedOnlyLinks: Array.from({ length: onlyRendered }, (_, i) => ({ href: `https://x.test/${i}`, text: '', internal: true, rel: [] })),
  });

  it('needs at least 50 more words and under 80% of them in the raw HTML', () => {
    expect(contentNeedsJavascript(outcome(10, 60))).not.toBeNull();
    expect(contentNeedsJavascript(outcome(10, 59))).toBeNull();
    expect(contentNeedsJavascript(outcome(199, 250))).not.toBeNull();
    expect(contentNeedsJavascript(outcome(200, 250))).toBeNull();
    expect(contentNeedsJavascript(outcome(1000, 1100))).toBeNull();
  });

  it('is raised by a single link only the rendered page has, showing five links at most', () => {
    expect(contentNeedsJavascript(outcome(100, 100, 1))?.message).toMatch(/^1 internal link appears only after rendering: https:\/\/x\.test\/0\. /);
    expect(contentNeedsJavascript(outcome(100, 100, 7))?.message).toContain('https://x.test/4, and 2 more.');
  });
});
