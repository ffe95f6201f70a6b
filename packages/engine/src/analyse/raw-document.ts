// What one pass over the HTML collects, before any interpretation. The pass (collector.ts) and its
// collectors (collectors/) fill it in document order; `analysePage` turns it into facts once the
// whole document has been seen (some decisions, such as which region is the main content, need
// the end of the document).

import type { StructuredItem } from '../types.js';
import type { ContentTree } from './main-content/index.js';
import type { RawSubresource } from './resources/mixed-content.js';

/** Bit flags describing where in the document a node sits. */
export const Scope = {
  /** Inside `<main>` or `role="main"`. */
  Main: 1,
  /** Inside `<article>`. */
  Article: 2,
  /** Inside chrome or non-content: nav, aside, site header/footer, script, style, hidden... */
  Excluded: 4,
  /** Inside main, article or section: a `<header>`/`<footer>` there belongs to the content. */
  Sectioning: 8,
  /** Inside `<noscript>` or `<template>`: not rendered for visitors with JavaScript. */
  NotRendered: 16,
  /**
   * Hidden from every visitor and from assistive technology: the `hidden` attribute, an inline
   * `display:none` or `visibility:hidden`, or `aria-hidden="true"` (as Readability, Lighthouse and
   * axe leave such elements out). Always set together with Excluded.
   */
  Hidden: 32,
} as const;

export interface RawLink {
  /** `href` exactly as written (resolved later, once `<base>` is known). */
  href: string;
  /** Visible text, whitespace collapsed; falls back to the `alt` of images inside. */
  text: string;
  rel: string[];
  /** Scope flags at the link's start tag. */
  scope: number;
  /** The element the link opens in, in the content tree (MainContent.contains). */
  node: number;
  /**
   * The text a browser renders for the link (its `innerText`): no image `alt`, no text of elements
   * hidden inside it. The link-text judgement reads this, as Lighthouse does.
   */
  visibleText: string;
  /** The `lang` in effect at the link ('' when declared empty), null when none is declared. */
  lang: string | null;
  /** A rendered, non-exempt anchor whose href must still be checked to parse (links/crawlable-anchors.ts). */
  checkUrl: boolean;
}

export interface RawQuotation {
  /** Attributed by its markup (cite, figcaption, a dash line: see collectors/quotations.ts). */
  attributed: boolean;
  scope: number;
  /** The element the quotation opens in, in the content tree (MainContent.contains). */
  node: number;
  /** Its text, whitespace collapsed. */
  text: string;
  /** The end (up to 300 characters) of the block of text right before it ("Jane wrote:"). */
  leadIn: string;
}

export interface RawMetaRobots {
  /** Lower-cased crawler name from `<meta name>`; null for the generic `robots`. */
  agent: string | null;
  content: string;
}

export interface RawDocument {
  htmlLang: string | null;
  baseHref: string | null;
  title: string | null;
  metaDescription: string | null;
  metaRobots: RawMetaRobots[];
  canonicalHrefs: string[];
  headings: Array<{ level: number; text: string }>;
  /**
   * The elements and their visible text chunks, chrome (nav, aside, site header/footer...) left
   * out; block boundaries appear as `\n` and heading text is wrapped in HEADING_START/HEADING_END
   * (null until collected). The main content is chosen from it.
   */
  contentTree: ContentTree | null;
  sawMain: boolean;
  sawArticle: boolean;
  links: RawLink[];
  /** Rendered, visible images without a text alternative (see resources/image-alt.ts). */
  imagesWithoutAlt: number;
  /** Rendered, visible `<img>` elements: the images that judgement applies to. */
  imagesJudged: number;
  /** Rendered anchors search engines cannot follow (links/crawlable-anchors.ts), as short snippets. */
  uncrawlableAnchors: string[];
  /** `<link rel="alternate" hreflang>` in the head, as written (href '' when absent). */
  hreflangLinks: Array<{ hreflang: string; href: string }>;
  /** What implicitly ended the head (see head/head-end.ts): a tag name, or '#text'; null while in it. */
  headEndedBy: string | null;
  /**
   * Head-only metadata met after the head ended, which search engines ignore: 'meta description',
   * 'robots meta tag', 'canonical', 'hreflang' (each once, in order of appearance).
   */
  metadataAfterHead: string[];
  jsonLdBlocks: string[];
  /** Top-level Microdata and RDFa items. */
  inlineItems: StructuredItem[];
  quotations: RawQuotation[];
  /** Every list (≥2 items) and table (≥2 rows): its scope flags and content-tree node. */
  listsAndTables: Array<{ scope: number; node: number }>;
  timeElements: number;
  /** `<meta name="author">`, `rel="author"`, or an element classed author/byline. */
  authorHint: boolean;
  /** `<meta property="article:published_time">` or `article:modified_time`. */
  dateMetaHint: boolean;
  /** Content of the first `<meta name="viewport">` in the head ('' without one); null when none. */
  viewport: string | null;
  /** Content of the first `<meta http-equiv="refresh">` in the head ('' without one); null when none. */
  metaRefresh: string | null;
  /** A charset meta ends within the first CHARSET_SCAN_LIMIT characters (head/charset-declaration.ts). */
  earlyCharsetMeta: boolean;
  /** Open Graph properties set with content (head/open-graph.ts), distinct, in order of appearance. */
  openGraph: string[];
  /** What rendered elements load (resources/mixed-content.ts), as written, in document order. */
  subresources: RawSubresource[];
}

/** A document before the pass: nothing seen yet. */
export function emptyRawDocument(): RawDocument {
  return {
    htmlLang: null,
    baseHref: null,
    title: null,
    metaDescription: null,
    metaRobots: [],
    canonicalHrefs: [],
    headings: [],
    contentTree: null,
    sawMain: false,
    sawArticle: false,
    links: [],
    imagesWithoutAlt: 0,
    imagesJudged: 0,
    uncrawlableAnchors: [],
    hreflangLinks: [],
    headEndedBy: null,
    metadataAfterHead: [],
    jsonLdBlocks: [],
    inlineItems: [],
    quotations: [],
    listsAndTables: [],
    timeElements: 0,
    authorHint: false,
    dateMetaHint: false,
    viewport: null,
    metaRefresh: null,
    earlyCharsetMeta: false,
    openGraph: [],
    subresources: [],
  };
}

export const HEADING_START = '\u0002';
export const HEADING_END = '\u0003';
/**
 * Around the text of `pre` and `samp` (outermost only): code blocks and a program's output. Words
 * like any other, but their numbers are a program's values, not statistics (see the spec's
 * *Evidence, defined*). Inline `code` in a sentence is prose: "10^5 × 300 = 30,000,000 lists".
 */
export const CODE_START = '\u0004';
export const CODE_END = '\u0005';
