// What finds each issue code, keyed by code: a new code does not compile until it names its
// finder. A page check (page-issues/) judges one page on its own; issues.ts runs every page check
// named here, in the order they first appear, so the response's checks come first. The other
// finders run elsewhere: the site checks after the crawl (site-checks/), the audit itself, the
// structured-data reader, the link recorder and the server that stores the page.
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
import type { IssueCode } from './issue-codes.js';

/** Finders other than a page check; `retired` codes are no longer emitted but stay in the API. */
export type OtherFinder = 'site-check' | 'audit' | 'rendering' | 'structured-data' | 'link-urls' | 'server' | 'retired';

export const ISSUE_FINDERS: { readonly [code in IssueCode]: PageCheck | OtherFinder } = {
  // What the fetch met on its way to the page: judged for every record.
  redirect_loop: redirects,
  redirect_chain: redirects,
  redirect: redirects,
  fetch_failed: unusableResponse,
  blocked_by_robots_txt: unusableResponse,
  not_html: unusableResponse,
  http_status: unusableResponse,
  http_status_4xx: unusableResponse,
  http_status_5xx: unusableResponse,
  // The document itself: judged only when there is one.
  title_missing: documentTitle,
  title_too_long: documentTitle,
  title_too_short: documentTitle,
  meta_description_missing: metaDescription,
  meta_description_too_long: metaDescription,
  meta_description_too_short: metaDescription,
  h1_missing: h1Headings,
  h1_multiple: h1Headings,
  thin_content: thinContent,
  images_missing_alt: imageAlt,
  vague_link_text: vagueLinkText,
  uncrawlable_links: uncrawlableLinks,
  noindex: noindex,
  noindex_some_crawlers: noindex,
  robots_txt_blocks_page: robotsTxtBlocksPage,
  head_closed_early: metadataOutsideHead,
  metadata_in_body: metadataOutsideHead,
  hreflang_invalid: hreflangInvalid,
  canonical_invalid: canonical,
  canonical_conflict: canonical,
  canonical_to_root: canonical,
  canonical_relative: canonical,
  canonical_elsewhere: canonical,
  canonical_other_language: canonical,
  mixed_content: mixedContent,
  viewport_missing: viewport,
  charset_missing: charset,
  html_too_large: htmlTooLarge,
  slow_response: slowResponse,
  open_graph_incomplete: openGraph,
  // Found elsewhere.
  analysis_failed: 'audit',
  content_needs_javascript: 'rendering',
  structured_data_invalid: 'structured-data',
  structured_data_incomplete: 'structured-data',
  structured_data_unreadable: 'structured-data',
  link_url_too_long: 'link-urls',
  values_truncated: 'server',
  canonical_other_site: 'retired',
  title_duplicate: 'site-check',
  meta_description_duplicate: 'site-check',
  content_duplicate: 'site-check',
  content_near_duplicate: 'site-check',
  broken_internal_link: 'site-check',
  broken_external_link: 'site-check',
  broken_resource: 'site-check',
  internal_link_to_redirect: 'site-check',
  orphan_page: 'site-check',
  sitemap_url_not_200: 'site-check',
  sitemap_url_noindex: 'site-check',
  sitemap_url_not_canonical: 'site-check',
  sitemap_url_blocked: 'site-check',
  crawl_depth_high: 'site-check',
  inlinks_none: 'site-check',
  inlinks_few: 'site-check',
  canonical_chain: 'site-check',
  canonical_to_non_200: 'site-check',
  hreflang_missing_return: 'site-check',
  http_page_on_https_site: 'site-check',
};

/** The page checks in the order they first appear above. */
export const PAGE_CHECKS: readonly PageCheck[] = [
  ...new Set(Object.values(ISSUE_FINDERS).filter((finder): finder is PageCheck => typeof finder === 'function')),
];
