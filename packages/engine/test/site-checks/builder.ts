// Hand-built PageAnalysis records for the site-check unit tests: only the fields the checks read
// are worth setting; the rest get neutral values.
import { expect } from 'vitest';
import type { SitePageResult } from '../../src/audit/types.js';
import type { ExternalLinkReport } from '../../src/site-checks/external-links.js';
import type { ResourceReport } from '../../src/site-checks/resources.js';
import { runSiteChecks } from '../../src/site-checks/run-site-checks.js';
import { SiteIndex } from '../../src/site-checks/site-index.js';
import type { SiteRecord } from '../../src/site-checks/site-record.js';
import type { FetchErrorCode, LinkInfo } from '../../src/types.js';
import type { PageAnalysis } from '../../src/page/analysis.js';

export const ORIGIN = 'https://www.site.test';

/** `/a` → `https://www.site.test/a`; absolute URLs stay as they are. */
export const u = (path: string): string => (path.startsWith('http') ? path : `${ORIGIN}${path}`);

export interface PageSpec {
  finalUrl?: string;
  status?: number;
  contentType?: string | null;
  error?: FetchErrorCode;
  title?: string | null;
  description?: string | null;
  canonical?: string;
  robots?: string[];
  /** Followed internal links. */
  links?: string[];
  nofollow?: string[];
  external?: string[];
  hreflangs?: string[];
  /** The content signature (64 values). */
  signature?: Uint32Array;
  /** The main content's hash (exact duplicates). */
  contentHash?: string;
  issueCodes?: string[];
  /** Where the URL's own response redirects (a record of one hop of a chain). */
  redirectTarget?: string;
  /** What the page loads (paths or absolute URLs). */
  resources?: string[];
}

export function page(path: string, spec: PageSpec = {}): PageAnalysis {
  const status = spec.status ?? (spec.error ? 0 : 200);
  const contentType = spec.contentType === undefined ? (status === 0 ? null : 'text/html') : spec.contentType;
  const link = (href: string, internal: boolean, rel: string[] = []): LinkInfo => ({ href: u(href), text: 'link', internal, rel });
  return {
    url: u(path),
    finalUrl: u(spec.finalUrl ?? path),
    statusCode: status,
    contentType,
    isHtml: contentType === 'text/html',
    title: spec.title ?? null,
    metaDescription: spec.description ?? null,
    lang: 'en',
    canonical: spec.canonical === undefined ? null : u(spec.canonical),
    robotsDirectives: spec.robots ?? [],
    headings: [],
    wordCount: 0,
    links: [
      ...(spec.links ?? []).map((h) => link(h, true)),
      ...(spec.nofollow ?? []).map((h) => link(h, true, ['nofollow'])),
      ...(spec.external ?? []).map((h) => link(h, false)),
    ],
    imagesWithoutAlt: 0,
    vagueLinkTexts: [],
    structuredData: [],
    structuredDataErrors: [],
    hasSchema: false,
    schemaTypes: [],
    quotations: 0,
    statistics: 0,
    citations: 0,
    readability: { fleschReadingEase: null, meanSentenceLength: null },
    aiAgentAccess: {},
    rubricId: 'test',
    geoScore: 0,
    checks: [],
    issues: (spec.issueCodes ?? []).map((code) => ({ code, severity: 'error', message: code })),
    fetchedAt: '2025-01-01T00:00:00.000Z',
    error: spec.error ? { code: spec.error, message: spec.error } : null,
    redirectChain: spec.finalUrl ? [u(path), u(spec.finalUrl)] : [],
    hreflangs: (spec.hreflangs ?? []).map((h, i) => ({ hreflang: `x${i}`, href: u(h) })),
    contentSignature: spec.signature ?? null,
    contentHash: spec.contentHash ?? null,
    ttfbMs: null,
    htmlBytes: null,
    rendering: null,
    resources: (spec.resources ?? []).map(u),
    metaRobots: null,
    xRobotsTag: null,
    h1: null,
    h1Count: null,
    h2Count: null,
    internalOutlinks: null,
    externalOutlinks: null,
    titlePixelWidth: null,
    responseTimeMs: null,
    sizeBytes: null,
    redirectTarget: spec.redirectTarget === undefined ? null : u(spec.redirectTarget),
    redirectType: spec.redirectTarget === undefined ? null : '301',
    indexable: status >= 200 && status < 300,
    indexabilityStatus: status >= 200 && status < 300 ? null : 'non_200',
  };
}

export interface SiteSpec {
  seed?: string;
  sitemap?: string[];
  externalLinks?: boolean;
  /** Builds the external report from the index's external URL table. */
  external?: (url: (id: number) => string, size: number) => ExternalLinkReport;
  /** Builds the resource report from the index's resource URL table. */
  resources?: (url: (id: number) => string, size: number) => ResourceReport;
}

export interface CheckedSite {
  results: SitePageResult[];
  byUrl: Map<string, SitePageResult>;
  /** Site-check codes of a page (by path), sorted. */
  codes(path: string): string[];
  message(path: string, code: string): string;
  checks: ReturnType<typeof runSiteChecks>;
}

/**
 * Runs the site checks over `pages`, three times: from an index that holds its rows in memory,
 * from one that writes them to its files after a few bytes and pages its columns (and the checks'
 * arrays) through four blocks of 16 values, and from the records read back out of that one. All
 * must agree, so every site-check test also checks the index on disk and the records a paused
 * crawl saves.
 */
export function checkSite(pages: PageAnalysis[], spec: SiteSpec = {}): CheckedSite {
  const run = (spill?: { bufferBytes: number }, records?: readonly SiteRecord[]) => {
    const index = new SiteIndex({
      seedUrl: u(spec.seed ?? '/'),
      externalLinks: spec.externalLinks ?? spec.external !== undefined,
      resources: spec.resources !== undefined,
      ...(spill ? { spill, memory: { budgetBytes: 256, blockBytes: 64 } } : {}),
    });
    index.addSitemapUrls((spec.sitemap ?? []).map(u));
    for (const p of records ?? pages) index.add(p);
    const table = index.externalUrls;
    const report = spec.external && table ? spec.external((id) => table.value(id), table.size) : null;
    const loaded = index.resourceUrls;
    const resources = spec.resources && loaded ? spec.resources((id) => loaded.value(id), loaded.size) : null;
    const checks = runSiteChecks(index, report, resources);
    const results = [...checks.results()];
    return { index, checks, results, near: checks.nearDuplicates };
  };
  const spilled = run({ bufferBytes: 16 });
  const { checks, results } = run();
  expect(spilled.results).toEqual(results);
  expect(spilled.near).toEqual(checks.nearDuplicates);
  expect(spilled.index.spilled).toBe(true);
  expect(spilled.index.paged.writes).toBeGreaterThan(0);
  // Indexed again from the records read back out of an index, through JSON (what a paused crawl
  // saves to resume from): the same findings, and the same records.
  const saved = JSON.parse(JSON.stringify([...spilled.index.records()])) as SiteRecord[];
  spilled.index.close();
  const resumed = run(undefined, saved);
  expect(resumed.results).toEqual(results);
  expect(resumed.near).toEqual(checks.nearDuplicates);
  expect([...resumed.index.records()]).toEqual(saved);
  resumed.index.close();
  const byUrl = new Map(results.map((r) => [r.url, r]));
  const get = (path: string): SitePageResult => {
    const result = byUrl.get(u(path));
    if (!result) throw new Error(`no result for ${path}`);
    return result;
  };
  return {
    results,
    byUrl,
    checks,
    codes: (path) =>
      get(path)
        .issues.map((i) => i.code)
        .sort(),
    message: (path, code) => {
      const found = get(path).issues.find((i) => i.code === code);
      if (!found) throw new Error(`${path} has no ${code}`);
      return found.message;
    },
  };
}
