// The real-page corpus (pages nobody here wrote, each with ground truth from an independent tool:
// Mozilla Readability, extruct, Lighthouse, hand labels). It lives beside the project, in
// `../shared/corpus`, and is absent on some machines (see `describeCorpus` in corpus.ts).
// This file has no test-runner import, so scripts can measure with it too (`npx tsx`).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measurePage } from '../../src/analyse/measure-page.js';
import { analysePage } from '../../src/page/analyse-page.js';
import { getDomain } from 'tldts';
import type { FetchedPage, SiteContext } from '../../src/types.js';
import type { PageAnalysis } from '../../src/page/analysis.js';

const here = dirname(fileURLToPath(import.meta.url));
/** `<project>/../shared/corpus`; CORPUS_DIR overrides it (the kept-aside set has the same layout). */
export const CORPUS_DIR = process.env.CORPUS_DIR ?? resolve(here, '../../../../../shared/corpus');

export function corpusAvailable(): boolean {
  return existsSync(join(CORPUS_DIR, 'README.md'));
}

export function corpusText(relativePath: string): string {
  return readFileSync(join(CORPUS_DIR, relativePath), 'utf8');
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed loader: the caller names what the fixture file holds
export function corpusJson<T>(relativePath: string): T {
  return JSON.parse(corpusText(relativePath)) as T;
}

export interface ReadabilityMetadata {
  title?: string | null;
  byline?: string | null;
  excerpt?: string | null;
  siteName?: string | null;
  lang?: string | null;
  publishedTime?: string | null;
  dir?: string | null;
  readerable?: boolean;
}

export interface ReadabilityPage {
  name: string;
  source: string;
  expected: string;
  metadata: ReadabilityMetadata;
}

/** The Readability test pages, in INDEX.txt order. */
export function readabilityPages(): ReadabilityPage[] {
  return corpusText('readability/INDEX.txt')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((name) => ({
      name,
      source: corpusText(`readability/${name}/source.html`),
      expected: corpusText(`readability/${name}/expected.html`),
      metadata: corpusJson<ReadabilityMetadata>(`readability/${name}/expected-metadata.json`),
    }));
}

/**
 * The URL a saved page is analysed under: its own canonical or og:url when it names one (so the
 * page's own site is the site, as when it is crawled there), else Readability's test address.
 */
export function pageUrlOf(html: string): string {
  const canonical = /<link\b[^>]*\brel=["']?canonical["']?[^>]*>/i.exec(html)?.[0];
  const og = /<meta\b[^>]*\bproperty=["']og:url["'][^>]*>/i.exec(html)?.[0];
  for (const tag of [canonical, og]) {
    const url = tag && /\b(?:href|content)=["']([^"']+)["']/i.exec(tag)?.[1];
    if (url && /^https?:\/\/[^/]+/i.test(url)) {
      try {
        const u = new URL(url.replace(/&amp;/g, '&'));
        u.hash = '';
        return u.href;
      } catch {
        /* not a URL: try the next */
      }
    }
  }
  return 'http://fakehost/test/page.html';
}

export function corpusSite(url: string): SiteContext {
  const host = new URL(url).hostname;
  return { host, siteDomain: getDomain(host) ?? host, robots: null };
}

export function corpusFetched(html: string, url: string, status = 200): FetchedPage {
  return {
    url,
    finalUrl: url,
    status,
    contentType: 'text/html',
    headers: {},
    body: html,
    redirectChain: [],
    fetchedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 0,
    ttfbMs: null,
    bodyBytes: Buffer.byteLength(html),
  };
}

/** Analyses a saved page as if fetched from `url` (default: `pageUrlOf(html)`). */
export function analyseCorpusPage(html: string, url = pageUrlOf(html), status = 200): PageAnalysis {
  return analysePage(corpusFetched(html, url, status), corpusSite(url));
}

export function measureCorpusPage(html: string, url = pageUrlOf(html), status = 200) {
  return measurePage(corpusFetched(html, url, status), corpusSite(url));
}

/** Prints one figure line so that it stands out in CI logs: `REAL PAGES | <what> | <figure>`. */
export function report(what: string, figure: string): void {
  console.log(`REAL PAGES | ${what} | ${figure}`);
}
