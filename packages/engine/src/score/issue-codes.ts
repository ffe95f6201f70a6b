// The catalogue of page issues, in the manner of classic SEO audits. Codes are stable API values:
// add new ones, never rename. The codes that need the whole site (duplicates, broken links,
// orphans...) are found after the crawl by site-checks/; page-issues/ judges a page on its own.

import type { IssueSeverity, PageIssue } from '../types.js';

export const ISSUE_CODES = {
  /** The fetch produced no usable response (timeout, DNS, blocked address, ...). */
  fetch_failed: 'error',
  /** The analyser failed on the page (a fault of ours, logged): it scores 0 and the message says why. */
  analysis_failed: 'error',
  /** The final response status is not 2xx, nor 4xx or 5xx (those are http_status_4xx and http_status_5xx): 1xx, or a 3xx without a redirect to follow. */
  http_status: 'error',
  /** robots.txt disallows the URL for the audit's crawler, which did not fetch it (a notice: keeping crawlers out is the site's right). */
  blocked_by_robots_txt: 'notice',
  /** A 2xx response that is not HTML (not analysed). */
  not_html: 'notice',
  title_missing: 'error',
  /** Same title as another page of the audit (site-checks/). */
  title_duplicate: 'warning',
  meta_description_missing: 'warning',
  h1_missing: 'warning',
  /** Visible images without a text alternative (no alt, or an alt of spaces only; axe's image-alt). */
  images_missing_alt: 'warning',
  /** Links whose visible text is a vague phrase such as "click here" (Lighthouse's link-text lists). */
  vague_link_text: 'notice',
  /** Anchors search engines cannot follow: no href, `javascript:void(0)`, `file:`, an unparseable href. */
  uncrawlable_links: 'warning',
  /** Two or more redirects before the final URL. */
  redirect_chain: 'warning',
  /** One redirect: links should point at the final URL. */
  redirect: 'notice',
  /** noindex/none addressed to every crawler (meta robots or X-Robots-Tag). */
  noindex: 'warning',
  /** noindex/none addressed only to named crawlers (`googlebot: noindex`). */
  noindex_some_crawlers: 'warning',
  /** robots.txt disallows the page for every search crawler. */
  robots_txt_blocks_page: 'error',
  /** The head ends before head-only metadata (an element that does not belong there closes it). */
  head_closed_early: 'warning',
  /** Head-only metadata placed in the body proper. */
  metadata_in_body: 'warning',
  /** An hreflang alternate with an unknown language code or a relative URL. */
  hreflang_invalid: 'warning',
  canonical_invalid: 'error',
  canonical_conflict: 'error',
  /** No longer emitted: a canonical on another site is legitimate (it gives canonical_elsewhere). */
  canonical_other_site: 'warning',
  canonical_to_root: 'warning',
  canonical_relative: 'notice',
  canonical_elsewhere: 'notice',
  /** The canonical names another language version that hreflang lists as this page's alternate. */
  canonical_other_language: 'warning',
  /** An internal link answers 4xx/5xx or fails (site-checks/). */
  broken_internal_link: 'error',
  /** A structured-data item has errors (schema.org vocabulary, value kinds, Google's required properties). */
  structured_data_invalid: 'error',
  /** A structured-data item lacks properties Google recommends for its rich result. */
  structured_data_incomplete: 'notice',
  /** A JSON-LD block could not be read even leniently. */
  structured_data_unreadable: 'error',

  // Page-level technical checks (pageIssues).
  /** The redirects lead back to a URL already in the chain (in place of fetch_failed). */
  redirect_loop: 'error',
  /** Title longer than 60 characters (search results cut it). */
  title_too_long: 'notice',
  /** Title shorter than 30 characters. */
  title_too_short: 'notice',
  /** Meta description longer than 160 characters. */
  meta_description_too_long: 'notice',
  /** Meta description shorter than 70 characters. */
  meta_description_too_short: 'notice',
  /** More than one H1. */
  h1_multiple: 'notice',
  /** Fewer than 200 words of main content. */
  thin_content: 'warning',
  /** An HTTPS page loads subresources over plain HTTP. */
  mixed_content: 'error',
  /** No `<meta name="viewport">` with a width or initial-scale (Lighthouse's viewport audit). */
  viewport_missing: 'warning',
  /** No character encoding declared in the first 1024 bytes or the Content-Type header (Lighthouse's charset audit). */
  charset_missing: 'warning',
  /** HTML over 2 MiB. */
  html_too_large: 'warning',
  /** Time to first byte over 600 ms (Lighthouse's server-response-time threshold). */
  slow_response: 'notice',
  /** One or more of og:title, og:type, og:image, og:url missing (the Open Graph protocol's required four). */
  open_graph_incomplete: 'notice',
  /** Links to URLs longer than an audit records (MAX_URL_LENGTH): neither followed nor checked. */
  link_url_too_long: 'warning',
  /** Values of the page longer than the API returns, cut where it is stored (the server adds it). */
  values_truncated: 'notice',

  // Site-wide checks (site-checks/): computed after the crawl from every page's compact facts.
  /** Same meta description as another page of the audit. */
  meta_description_duplicate: 'warning',
  /** Main content shares at least 90% of its three-word sequences with another page (MinHash estimate): a near-duplicate cluster. */
  content_near_duplicate: 'warning',
  /** Listed in a sitemap, crawled, and no crawled page links to it. */
  orphan_page: 'warning',
  /** Listed in a sitemap but answers other than 200 (a redirect, 4xx, 5xx, a failure). */
  sitemap_url_not_200: 'warning',
  /** Listed in a sitemap but asks not to be indexed. */
  sitemap_url_noindex: 'warning',
  /** Listed in a sitemap but its canonical names another URL. */
  sitemap_url_not_canonical: 'warning',
  /** Listed in a sitemap but robots.txt disallows it. */
  sitemap_url_blocked: 'warning',
  /** More than 3 clicks from the seed. */
  crawl_depth_high: 'notice',
  /** No other crawled page links to it with a followed link (the seed and sitemap orphans excepted). */
  inlinks_none: 'warning',
  /** Exactly one other crawled page links to it. */
  inlinks_few: 'notice',
  /** Internal links whose target redirects. */
  internal_link_to_redirect: 'notice',
  /** The canonical's target names yet another URL as its canonical. */
  canonical_chain: 'warning',
  /** The canonical's target answers other than 200. */
  canonical_to_non_200: 'error',
  /** An hreflang alternate that does not list this page back. */
  hreflang_missing_return: 'warning',
  /** A page served over HTTP on a site whose seed is HTTPS. */
  http_page_on_https_site: 'warning',
  /** An external link whose target answers 4xx (but 401, 403, 429), 5xx or fails (opt-in per audit). */
  broken_external_link: 'warning',
  /**
   * The page loads images, scripts, stylesheets or other resources that answer 4xx (but 401, 403,
   * 429), 5xx or fail (opt-in per audit). An error wherever the resource is hosted: unlike a link,
   * it is loaded on every view, and the page shows or works without it.
   */
  broken_resource: 'error',
  /** Main content or internal links appear only after JavaScript runs (audits that render JavaScript). */
  content_needs_javascript: 'warning',

  // Codes split so that what is fixed apart is counted apart (the issue catalogue's changes).
  /** The final response is 4xx: a missing or refused page (http_status keeps other non-2xx statuses). */
  http_status_4xx: 'error',
  /** The final response is 5xx: the server failed. */
  http_status_5xx: 'error',
  /** Main content the same, word for word, as other pages' (content_near_duplicate then names only the nearly same). */
  content_duplicate: 'warning',
} as const satisfies Record<string, IssueSeverity>;

export type IssueCode = keyof typeof ISSUE_CODES;

export function issue(code: IssueCode, message: string): PageIssue {
  return { code, severity: ISSUE_CODES[code], message };
}
