// Builders for analyser and score tests.

import type { FetchedPage, SiteContext } from '../../src/types.js';
import type { PageFacts } from '../../src/analyse/facts.js';
import { titlePixelWidth } from '../../src/analyse/head/title-width.js';

export const SITE: SiteContext = { host: 'www.example.com', siteDomain: 'example.com', robots: null };

export function fetched(body: string | null, overrides: Partial<FetchedPage> = {}): FetchedPage {
  return {
    url: 'https://www.example.com/page',
    finalUrl: 'https://www.example.com/page',
    status: 200,
    contentType: 'text/html',
    headers: {},
    body,
    redirectChain: [],
    fetchedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 12,
    ttfbMs: 8,
    bodyBytes: body === null ? null : Buffer.byteLength(body),
    ...overrides,
  };
}

/** A document with `head` and `body` markup. */
export function html(body: string, head = '', htmlAttrs = ' lang="en"'): string {
  return `<!doctype html><html${htmlAttrs}><head>${head}</head><body>${body}</body></html>`;
}

/** `n` words of filler prose in sentences of 10 words (no digits, no stop-word-heavy repeats). */
export function prose(n: number): string {
  const vocabulary = [
    'river',
    'garden',
    'lantern',
    'meadow',
    'harbor',
    'window',
    'pencil',
    'orchard',
    'valley',
    'thunder',
    'candle',
    'marble',
    'forest',
    'island',
    'bridge',
    'shadow',
    'silver',
    'rocket',
    'basket',
    'castle',
    'planet',
    'winter',
    'summer',
    'meadowlark',
    'compass',
    'journey',
    'harvest',
    'mirror',
    'feather',
    'canyon',
    'glacier',
    'tunnel',
    'violin',
    'pepper',
    'saddle',
    'ribbon',
    'anchor',
    'blossom',
    'cobalt',
    'dolphin',
  ];
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    const w = vocabulary[(i * 7) % vocabulary.length]!;
    const word = i % 10 === 0 ? w[0]!.toUpperCase() + w.slice(1) : w;
    words.push(i % 10 === 9 || i === n - 1 ? `${word}.` : word);
  }
  return words.join(' ');
}

/** Facts of a healthy page; tests override what they exercise. */
export function facts(overrides: Partial<PageFacts> = {}): PageFacts {
  return {
    url: 'https://www.example.com/page',
    finalUrl: 'https://www.example.com/page',
    statusCode: 200,
    contentType: 'text/html',
    isHtml: true,
    hasBody: true,
    error: null,
    redirectChain: [],
    redirectTarget: null,
    redirectType: null,
    siteDomain: 'example.com',
    title: 'A good page title, neither too short nor too long',
    metaDescription: 'A description long enough to tell searchers what the page holds, short enough to show whole.',
    lang: 'en',
    robotsDirectives: [],
    canonicals: [],
    headings: [
      { level: 1, text: 'Title' },
      { level: 2, text: 'Section' },
    ],
    wordCount: 600,
    imagesWithoutAlt: 0,
    imagesJudged: 2,
    vagueLinkTexts: [],
    uncrawlableAnchors: [],
    hreflangs: [],
    metadataAfterHead: null,
    robotsTxtBlocksSearch: false,
    quotations: { total: 1, attributed: 1 },
    statistics: 6,
    citations: 2,
    topContentWord: { word: 'river', count: 10, share: 10 / 600 },
    readability: { english: true, fleschReadingEase: 60, meanSentenceLength: 15, sentenceCount: 40 },
    listsAndTables: 1,
    structuredData: [],
    hasSchema: false,
    authorMarked: true,
    dateMarked: true,
    aiAgentAccess: { GPTBot: true, ClaudeBot: true },
    ttfbMs: 120,
    htmlBytes: 40_000,
    viewport: 'width=device-width, initial-scale=1',
    charsetDeclaredBy: 'meta',
    openGraph: ['og:title', 'og:type', 'og:image', 'og:url'],
    mixedContent: [],
    metaRobots: null,
    xRobotsTag: null,
    h1: 'Title',
    h1Count: 1,
    h2Count: 1,
    internalOutlinks: 12,
    externalOutlinks: 2,
    responseTimeMs: 180,
    sizeBytes: 40_000,
    ...overrides,
    // Measured from the title, as the analyser does, unless a test sets it.
    titlePixelWidth:
      'titlePixelWidth' in overrides
        ? overrides.titlePixelWidth!
        : titleWidth(overrides.title === undefined ? 'A good page title, neither too short nor too long' : overrides.title),
  };
}

function titleWidth(title: string | null): number | null {
  return title === null || title.trim() === '' ? null : titlePixelWidth(title);
}
