// The issues of a page judged on its own, one check per module of page-issues/, in the order they
// are listed (issue-codes.ts lists every code; the ones that need the whole site are found after
// the crawl by site-checks/).

import { isScorable } from '../analyse/facts.js';
import type { PageFacts } from '../analyse/facts.js';
import type { PageIssue } from '../types.js';
import { canonical } from './page-issues/canonical.js';
import { charset } from './page-issues/charset.js';
import { documentTitle } from './page-issues/document-title.js';
import { h1Headings } from './page-issues/h1.js';
import { metadataOutsideHead } from './page-issues/head-metadata.js';
import { hreflangInvalid } from './page-issues/hreflang.js';
import { htmlTooLarge } from './page-issues/html-size.js';
import { imageAlt } from './page-issues/image-alt.js';
import { noindex, robotsTxtBlocksPage } from './page-issues/indexing.js';
import { metaDescription } from './page-issues/meta-description.js';
import { mixedContent } from './page-issues/mixed-content.js';
import { openGraph } from './page-issues/open-graph.js';
import type { PageCheck } from './page-issues/page-check.js';
import { redirects } from './page-issues/redirects.js';
import { slowResponse } from './page-issues/slow-response.js';
import { thinContent } from './page-issues/thin-content.js';
import { uncrawlableLinks } from './page-issues/uncrawlable-links.js';
import { unusableResponse } from './page-issues/unusable-response.js';
import { vagueLinkText } from './page-issues/vague-link-text.js';
import { viewport } from './page-issues/viewport.js';

/** What the fetch met on its way to the page: judged for every record. */
const RESPONSE_CHECKS: readonly PageCheck[] = [redirects, unusableResponse];

/** The document itself, after the response's checks: judged only when there is one to judge. */
const DOCUMENT_CHECKS: readonly PageCheck[] = [
  documentTitle,
  metaDescription,
  h1Headings,
  thinContent,
  imageAlt,
  vagueLinkText,
  uncrawlableLinks,
  noindex,
  robotsTxtBlocksPage,
  metadataOutsideHead,
  hreflangInvalid,
  canonical,
  mixedContent,
  viewport,
  charset,
  htmlTooLarge,
  slowResponse,
  openGraph,
];

const ALL_CHECKS: readonly PageCheck[] = [...RESPONSE_CHECKS, ...DOCUMENT_CHECKS];

export function pageIssues(f: PageFacts): PageIssue[] {
  // Without a 2xx HTML body there is no document to judge, and unusableResponse has said why.
  const checks = isScorable(f) ? ALL_CHECKS : RESPONSE_CHECKS;
  const issues: PageIssue[] = [];
  for (const check of checks) {
    const found = check(f);
    if (found !== null) issues.push(found);
  }
  return issues;
}
