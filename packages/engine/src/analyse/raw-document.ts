// What one pass over the HTML collects, before any interpretation. The collector fills it in
// document order; `analysePage` turns it into facts once the whole document has been seen
// (some decisions, such as which region is the main content, need the end of the document).

import type { StructuredItem } from '../types.js';

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
} as const;

export interface RawLink {
  /** `href` exactly as written (resolved later, once `<base>` is known). */
  href: string;
  /** Visible text, whitespace collapsed; falls back to the `alt` of images inside. */
  text: string;
  ariaLabel: string | null;
  rel: string[];
  /** Scope flags at the link's start tag. */
  scope: number;
}

export interface RawQuotation {
  attributed: boolean;
  scope: number;
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
   * Text of the three candidate content regions. Block boundaries appear as `\n`; heading text
   * is wrapped in HEADING_START/HEADING_END so that sentence analysis can leave it out.
   */
  bodyText: string;
  mainText: string;
  articleText: string;
  sawMain: boolean;
  sawArticle: boolean;
  links: RawLink[];
  imagesWithoutAlt: number;
  jsonLdBlocks: string[];
  /** Top-level Microdata and RDFa items. */
  inlineItems: StructuredItem[];
  quotations: RawQuotation[];
  /** Scope flags of every list (≥2 items) and table (≥2 rows). */
  listsAndTables: number[];
  timeElements: number;
  /** `<meta name="author">`, `rel="author"`, or an element classed author/byline. */
  authorHint: boolean;
  /** `<meta property="article:published_time">` or `article:modified_time`. */
  dateMetaHint: boolean;
}

export const HEADING_START = '\u0002';
export const HEADING_END = '\u0003';
