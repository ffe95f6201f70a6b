// Everything the GEO rubric and the page issues look at, measured once by measurePage. They live
// with the measuring, below the scoring, so that the checks are pure functions of these facts
// (each testable with a hand-made object) and measuring never depends on how it is judged.

import type { FetchError, RedirectType, StructuredItem } from '../types.js';
import type { HreflangDeclaration } from './head/canonical.js';
import type { CharsetDeclaration } from './head/charset-declaration.js';

export interface CanonicalFact {
  href: string;
  resolved: string | null;
  absolute: boolean;
  source: 'html' | 'header';
}

export interface PageFacts {
  url: string;
  finalUrl: string;
  statusCode: number;
  contentType: string | null;
  isHtml: boolean;
  /** False when the HTML body was not available (fetch error, body over the cap). */
  hasBody: boolean;
  error: FetchError | null;
  /** Every hop's URL as the crawler recorded it (see FetchedPage.redirectChain). */
  redirectChain: string[];
  /** Where this URL's own response redirects (FetchedPage.redirectTarget); null when it does not. */
  redirectTarget: string | null;
  /** How: the 3xx status as text, or `meta_refresh` (FetchedPage.redirectType); null when it does not redirect. */
  redirectType: RedirectType | null;
  siteDomain: string;

  title: string | null;
  metaDescription: string | null;
  lang: string | null;
  robotsDirectives: string[];
  canonicals: CanonicalFact[];
  headings: Array<{ level: number; text: string }>;
  /** Words of the main content. */
  wordCount: number;
  /** Rendered, visible images without a text alternative (axe's image-alt rule). */
  imagesWithoutAlt: number;
  /** Rendered, visible images judged for a text alternative (0: the judgement does not apply). */
  imagesJudged: number;
  /** Texts of the links that say nothing of their target (Lighthouse's link-text rules). */
  vagueLinkTexts: string[];
  /** Snippets of the anchors search engines cannot follow (see analyse/links/crawlable-anchors.ts). */
  uncrawlableAnchors: string[];
  /** hreflang alternates from the head and the Link header. */
  hreflangs: HreflangDeclaration[];
  /**
   * Head-only metadata the page places after the head's end (ignored by search engines), and
   * the element that ended the head ('#text' for text; 'body' when it is in the body proper).
   */
  metadataAfterHead: { endedBy: string; kinds: string[] } | null;
  /** robots.txt blocks every major search crawler (and `*`) from this URL. */
  robotsTxtBlocksSearch: boolean;
  /** Quotations in the main content, and how many of them are attributed. */
  quotations: { total: number; attributed: number };
  statistics: number;
  citations: number;
  /** Most frequent content word of the main content and its share of all words. */
  topContentWord: { word: string; count: number; share: number } | null;
  readability: {
    english: boolean;
    fleschReadingEase: number | null;
    meanSentenceLength: number | null;
    sentenceCount: number;
  };
  /** Lists (≥2 items) and tables (≥2 rows) in the main content. */
  listsAndTables: number;
  structuredData: StructuredItem[];
  hasSchema: boolean;
  /** An author is named in markup (schema.org author, meta author, <a rel=author>, byline class). */
  authorMarked: boolean;
  /** A date is given in markup (schema.org date properties, article:published_time, <time>). */
  dateMarked: boolean;
  aiAgentAccess: Record<string, boolean>;

  // Technical checks (the page issues only: they do not enter the GEO score).
  /** Time to first byte of the last hop, ms (FetchedPage.ttfbMs); null when no response arrived. */
  ttfbMs: number | null;
  /** Bytes of the HTML body (FetchedPage.bodyBytes); null when none was read. */
  htmlBytes: number | null;
  /** Content of the first `<meta name="viewport">` in the head ('' without one); null when none. */
  viewport: string | null;
  /** Where the page declares its character encoding (analyse/head/charset-declaration.ts); null: nowhere. */
  charsetDeclaredBy: CharsetDeclaration | null;
  /** Open Graph properties set with content, lower-cased, distinct (analyse/head/open-graph.ts). */
  openGraph: string[];
  /** What an https page loads over plain http: resolved URLs, distinct, in document order ([] on http pages). */
  mixedContent: string[];

  // What a technical-SEO review filters on, reported as measured (the page issues judge the rest).
  /** The robots meta tags' contents as written, `googlebot: …` for a crawler's, joined by `; `; null: none (or no HTML). */
  metaRobots: string | null;
  /** The X-Robots-Tag header as received; null without one. */
  xRobotsTag: string | null;
  /** Text of the first visible h1; null: none (or no HTML). */
  h1: string | null;
  /** Visible h1 and h2 elements; null without an HTML page. */
  h1Count: number | null;
  h2Count: number | null;
  /** Distinct link targets on the site and elsewhere; null without an HTML page. */
  internalOutlinks: number | null;
  externalOutlinks: number | null;
  /** The title's width in a search result (analyse/head/title-width.ts); null without a title. */
  titlePixelWidth: number | null;
  /** Request start to the end of what was read (FetchedPage.durationMs); null when no response arrived. */
  responseTimeMs: number | null;
  /** Bytes of the HTML body as received, or another file's declared Content-Length; null when not known. */
  sizeBytes: number | null;
}

/**
 * The facts a page's analysis (PageAnalysis) reports as they were measured; the others are read only
 * by the rubric and the page issues. A fact listed here reaches the audit's stored page wherever the
 * server stores a field of that name.
 */
export const REPORTED_FACTS = [
  'url',
  'finalUrl',
  'statusCode',
  'contentType',
  'isHtml',
  'title',
  'metaDescription',
  'lang',
  'robotsDirectives',
  'headings',
  'wordCount',
  'imagesWithoutAlt',
  'vagueLinkTexts',
  'structuredData',
  'hasSchema',
  'statistics',
  'citations',
  'aiAgentAccess',
  'error',
  'redirectChain',
  'redirectTarget',
  'redirectType',
  'ttfbMs',
  'htmlBytes',
  'metaRobots',
  'xRobotsTag',
  'h1',
  'h1Count',
  'h2Count',
  'internalOutlinks',
  'externalOutlinks',
  'titlePixelWidth',
  'responseTimeMs',
  'sizeBytes',
] as const satisfies readonly (keyof PageFacts)[];
export type ReportedFact = (typeof REPORTED_FACTS)[number];

/** True when the page is a 2xx HTML response with a body: only those are scored. */
export function isScorable(facts: PageFacts): boolean {
  return facts.error === null && facts.statusCode >= 200 && facts.statusCode < 300 && facts.isHtml && facts.hasBody;
}
