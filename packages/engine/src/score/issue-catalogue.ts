// What each issue code means to a site owner: a title, what it says, how to clear it, and a
// priority (1, fix first; 2, fix soon; 3, improve when convenient). Keyed by IssueCode, so a code
// added to ISSUE_CODES without its entry here does not compile. The priority ranks the effect on
// being crawled, indexed and cited, which severity alone does not: a missing title is an error of
// the page, a page search engines cannot reach is worse.
import { ISSUE_CODES, type IssueCode } from './issue-codes.js';
import type { IssueSeverity } from '../types.js';

export type IssuePriority = 1 | 2 | 3;

export interface IssueDefinition {
  code: IssueCode;
  severity: IssueSeverity;
  priority: IssuePriority;
  /** `page`: judged on the page alone; `site`: found after the crawl from every page (site-checks/). */
  scope: 'page' | 'site';
  title: string;
  description: string;
  howToFix: string;
  /** False for a code audits no longer give. */
  emitted: boolean;
}

type Entry = Omit<IssueDefinition, 'code' | 'severity' | 'emitted'> & { emitted?: false };

const CATALOGUE: Record<IssueCode, Entry> = {
  // Fetching and status
  fetch_failed: {
    priority: 1,
    scope: 'page',
    title: 'Page could not be fetched',
    description:
      'The crawler got no usable response (a timeout, a DNS failure, a refused address, a body over the size limit…), so nothing of the page was analysed.',
    howToFix: 'Make the URL answer reliably with its HTML within a few seconds; if it should not exist, remove the links and sitemap entries that lead to it.',
  },
  redirect_loop: {
    priority: 1,
    scope: 'page',
    title: 'Redirect loop',
    description: 'The redirects lead back to a URL already in the chain, so neither visitors nor crawlers ever reach a page.',
    howToFix: 'Fix the redirect rules so that the URL redirects once, straight to a page that answers 200.',
  },
  http_status: {
    priority: 1,
    scope: 'page',
    title: 'Unexpected status',
    description:
      'The final response status is not 2xx, and neither 4xx nor 5xx: a 1xx, or a 3xx without a redirect to follow (a 304 to a request that asked for none). The page is not indexed.',
    howToFix: 'Make the URL answer 200 with its page, or redirect it with a Location header.',
  },
  http_status_4xx: {
    priority: 1,
    scope: 'page',
    title: 'Page not found or refused (4xx)',
    description: 'The final response is 4xx (404 not found, 410 gone, 403 forbidden…): the page is not indexed and the links to it are dead ends.',
    howToFix:
      "Restore the page or redirect it (301) to its replacement; for a page gone for good, remove the links and sitemap entries that lead to it. The audit's inlinks list the pages linking to it.",
  },
  http_status_5xx: {
    priority: 1,
    scope: 'page',
    title: 'Server error (5xx)',
    description: 'The final response is 5xx: the server failed. Search engines retry, but slow their crawl of the site and drop pages that keep failing.',
    howToFix: "Find the failure in the server's logs and fix it; answer 503 with Retry-After during planned maintenance.",
  },
  not_html: {
    priority: 3,
    scope: 'page',
    title: 'Not an HTML page',
    description: 'A 2xx response that is not HTML (a PDF, an image, a feed…). It is recorded but not analysed or scored.',
    howToFix: 'Nothing, if the file is meant to be linked. Otherwise link to an HTML page instead.',
  },
  analysis_failed: {
    priority: 3,
    scope: 'page',
    title: 'Page could not be analysed',
    description: 'The analyser failed on the page, a fault of the service (it is logged). The page scores 0.',
    howToFix: 'Nothing on the site; run the audit again later, and report it if it persists.',
  },
  redirect: {
    priority: 3,
    scope: 'page',
    title: 'Redirect',
    description: 'The URL redirects once before the final page. Each redirect costs a round trip and crawl budget.',
    howToFix: 'Link to the final URL directly, and list the final URL in sitemaps.',
  },
  redirect_chain: {
    priority: 2,
    scope: 'page',
    title: 'Redirect chain',
    description: 'Two or more redirects before the final URL: slower for visitors, and crawlers may stop following before the end.',
    howToFix: 'Redirect the first URL straight to the final one, and link to the final URL.',
  },
  slow_response: {
    priority: 3,
    scope: 'page',
    title: 'Slow server response',
    description: "The time to first byte was over 600 ms, Lighthouse's server-response-time threshold.",
    howToFix: 'Cache the page or speed up what the server does before it answers (queries, rendering, upstream calls).',
  },
  html_too_large: {
    priority: 2,
    scope: 'page',
    title: 'HTML over 2 MiB',
    description: 'The HTML is over 2 MiB; crawlers may read only its beginning, and it is slow to load.',
    howToFix: 'Move inline data, scripts and styles out of the HTML, and paginate very long lists.',
  },

  // The page itself
  title_missing: {
    priority: 1,
    scope: 'page',
    title: 'Title missing',
    description: 'No <title>, or an empty one: search results and answer engines have no name for the page.',
    howToFix: 'Add a unique, descriptive <title> of 30 to 60 characters to the head.',
  },
  title_too_long: {
    priority: 3,
    scope: 'page',
    title: 'Title too long',
    description: 'The title is over 60 characters, so search results cut it.',
    howToFix: 'Shorten the title to 60 characters or fewer, the important words first.',
  },
  title_too_short: {
    priority: 3,
    scope: 'page',
    title: 'Title too short',
    description: 'The title is under 30 characters and probably says too little about the page.',
    howToFix: "Lengthen the title to describe the page's subject in 30 to 60 characters.",
  },
  meta_description_missing: {
    priority: 2,
    scope: 'page',
    title: 'Meta description missing',
    description: 'No meta description in the head, or an empty one: search engines make up a snippet from the page.',
    howToFix: 'Add a <meta name="description"> of 70 to 160 characters summarising the page.',
  },
  meta_description_too_long: {
    priority: 3,
    scope: 'page',
    title: 'Meta description too long',
    description: 'The meta description is over 160 characters, so search results cut it.',
    howToFix: 'Shorten the meta description to 160 characters or fewer.',
  },
  meta_description_too_short: {
    priority: 3,
    scope: 'page',
    title: 'Meta description too short',
    description: 'The meta description is under 70 characters and probably says too little.',
    howToFix: 'Lengthen the meta description to 70 to 160 characters.',
  },
  h1_missing: {
    priority: 2,
    scope: 'page',
    title: 'H1 missing',
    description: 'No <h1> on the page: readers and machines lack its main heading.',
    howToFix: "Add one <h1> that names the page's subject.",
  },
  h1_multiple: {
    priority: 3,
    scope: 'page',
    title: 'Several H1 headings',
    description: "More than one <h1>, which blurs what the page's main heading is.",
    howToFix: 'Keep one <h1> and make the others <h2> or lower.',
  },
  thin_content: {
    priority: 2,
    scope: 'page',
    title: 'Thin content',
    description: 'Fewer than 200 words of main content: little for search and answer engines to rank or quote.',
    howToFix: 'Add substantive content, or merge the page with a related one and redirect it.',
  },
  images_missing_alt: {
    priority: 3,
    scope: 'page',
    title: 'Images without alt text',
    description: 'Visible images without a text alternative, which screen readers and image search need.',
    howToFix: 'Give each informative image an alt text that describes it; give decorative images alt="".',
  },
  vague_link_text: {
    priority: 3,
    scope: 'page',
    title: 'Vague link text',
    description: 'Links whose text is only a vague phrase such as "click here" or "read more", which tells nobody where they lead.',
    howToFix: 'Write link text that names the target ("our pricing", "the 2025 report").',
  },
  uncrawlable_links: {
    priority: 2,
    scope: 'page',
    title: 'Links crawlers cannot follow',
    description: 'Anchors without a usable href (a script handler, javascript:void(0), a file: URL, an invalid URL), so crawlers cannot reach their targets.',
    howToFix: 'Give every link a real <a href> to an http(s) URL; keep scripts as an enhancement.',
  },
  noindex: {
    priority: 1,
    scope: 'page',
    title: 'Page asks not to be indexed',
    description: 'A noindex or none directive addressed to all crawlers (robots meta tag or X-Robots-Tag): the page stays out of search results and answers.',
    howToFix: 'Remove the directive if the page should be found; otherwise also drop it from sitemaps.',
  },
  noindex_some_crawlers: {
    priority: 2,
    scope: 'page',
    title: 'Page asks some crawlers not to index it',
    description: 'noindex or none addressed only to named crawlers (googlebot: noindex), so those engines leave it out.',
    howToFix: 'Remove the crawler-specific directive unless excluding that engine is intended.',
  },
  blocked_by_robots_txt: {
    priority: 3,
    scope: 'page',
    title: 'Not crawled: blocked by robots.txt',
    description:
      "robots.txt disallows the URL for the audit's crawler, so it was not fetched. Keeping crawlers out of carts, checkouts and account pages is normal; the URL is listed so the audit says what it did not read.",
    howToFix:
      'Nothing, if the URL should stay out of search. If it should be found, narrow the Disallow rule that matches it; if a sitemap lists it, sitemap_url_blocked says so.',
  },
  robots_txt_blocks_page: {
    priority: 1,
    scope: 'page',
    title: 'Blocked by robots.txt',
    description: 'robots.txt disallows the page for every search crawler, so search and answer engines do not read it.',
    howToFix: 'If the page should be found, remove or narrow the Disallow rule that matches it in robots.txt.',
  },
  head_closed_early: {
    priority: 2,
    scope: 'page',
    title: 'Head closed early',
    description: 'An element that does not belong in the head ends it early, and the robots, description, canonical or hreflang tags after it are ignored.',
    howToFix: "Move the offending element (often an <img>, <div> or stray text) into the body, after the head's metadata.",
  },
  metadata_in_body: {
    priority: 2,
    scope: 'page',
    title: 'Head metadata in the body',
    description: 'Robots, description, canonical or hreflang tags are in the body, where search engines ignore them.',
    howToFix: 'Move the tags into the <head>.',
  },
  viewport_missing: {
    priority: 2,
    scope: 'page',
    title: 'Viewport missing',
    description: 'No <meta name="viewport"> with a width or initial-scale: the page is not laid out for phones.',
    howToFix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the head.',
  },
  charset_missing: {
    priority: 3,
    scope: 'page',
    title: 'Character encoding not declared',
    description: 'No encoding in the Content-Type header, a byte-order mark or a <meta charset> in the first 1024 bytes, so text may be misread.',
    howToFix: 'Send charset=utf-8 in the Content-Type header, or put <meta charset="utf-8"> first in the head.',
  },
  mixed_content: {
    priority: 2,
    scope: 'page',
    title: 'Mixed content',
    description: 'An HTTPS page loads images, scripts, stylesheets, frames or media over plain HTTP; browsers block or flag them.',
    howToFix: 'Load every resource over HTTPS.',
  },
  open_graph_incomplete: {
    priority: 3,
    scope: 'page',
    title: 'Open Graph incomplete',
    description: 'One or more of og:title, og:type, og:image and og:url is missing, so shares of the page look bare.',
    howToFix: 'Add the four required Open Graph properties to the head.',
  },
  link_url_too_long: {
    priority: 3,
    scope: 'page',
    title: 'Links to over-long URLs',
    description: 'Links to URLs longer than 4,096 characters, which the audit neither follows nor checks.',
    howToFix: 'Shorten those URLs (move state out of the query string).',
  },
  values_truncated: {
    priority: 3,
    scope: 'page',
    title: "Values cut to the API's bounds",
    description: 'A value of the page is longer than the API returns and is stored cut; the checks still judged the whole value.',
    howToFix: 'Usually nothing; a value that long (a title of thousands of characters) is often a template fault worth fixing.',
  },
  hreflang_invalid: {
    priority: 2,
    scope: 'page',
    title: 'Invalid hreflang',
    description: 'An hreflang alternate whose value is not a language code or x-default, or whose URL is not absolute; search engines ignore it.',
    howToFix: 'Use BCP 47 codes (en, en-GB) or x-default, and absolute URLs.',
  },
  canonical_invalid: {
    priority: 1,
    scope: 'page',
    title: 'Invalid canonical',
    description: 'The canonical is not a valid http(s) URL, so search engines ignore it.',
    howToFix: 'Set the canonical to the absolute URL of the preferred version of the page.',
  },
  canonical_relative: {
    priority: 3,
    scope: 'page',
    title: 'Relative canonical',
    description: 'The canonical is written as a relative URL; search engines resolve it, but a wrong base breaks it easily.',
    howToFix: 'Write the canonical as an absolute URL.',
  },
  canonical_conflict: {
    priority: 1,
    scope: 'page',
    title: 'Conflicting canonicals',
    description: 'Several different canonicals (in the HTML and the Link header together), so search engines may ignore them all.',
    howToFix: 'Keep one canonical, in one place.',
  },
  canonical_other_language: {
    priority: 2,
    scope: 'page',
    title: 'Canonical to another language',
    description: "The canonical names another language version that hreflang lists as this page's alternate, which hides this version.",
    howToFix: 'Make each language version canonical to itself.',
  },
  canonical_to_root: {
    priority: 2,
    scope: 'page',
    title: 'Canonical to the home page',
    description: 'The canonical of a deeper page names the site root, a common template fault that hides the page.',
    howToFix: "Set the canonical to the page's own URL.",
  },
  canonical_elsewhere: {
    priority: 3,
    scope: 'page',
    title: 'Canonical names another URL',
    description: 'The canonical names another URL; engines will index and cite that URL rather than this page.',
    howToFix: "Nothing if intended; otherwise set the canonical to the page's own URL.",
  },
  canonical_other_site: {
    priority: 3,
    scope: 'page',
    title: 'Canonical on another site',
    description: 'No longer given: a canonical on another site now gives canonical_elsewhere.',
    howToFix: 'See canonical_elsewhere.',
    emitted: false,
  },
  structured_data_invalid: {
    priority: 2,
    scope: 'page',
    title: 'Invalid structured data',
    description: 'A structured-data item has errors, so it is not eligible for rich results and may be misread.',
    howToFix: 'Fix the problems listed for the item (types, value kinds, required properties).',
  },
  structured_data_incomplete: {
    priority: 3,
    scope: 'page',
    title: 'Structured data incomplete',
    description: 'A structured-data item lacks properties Google recommends for its rich result.',
    howToFix: 'Add the recommended properties the issue names.',
  },
  structured_data_unreadable: {
    priority: 2,
    scope: 'page',
    title: 'Unreadable JSON-LD',
    description: 'JSON-LD blocks that are empty, not JSON, or hold no node with an @type, so they are ignored.',
    howToFix: 'Make each JSON-LD block valid JSON with an @context and @type.',
  },

  // Across the site
  title_duplicate: {
    priority: 2,
    scope: 'site',
    title: 'Duplicate title',
    description: 'Another page has the same title, so search results cannot tell the pages apart.',
    howToFix: 'Give each page a title that says what is particular to it.',
  },
  meta_description_duplicate: {
    priority: 3,
    scope: 'site',
    title: 'Duplicate meta description',
    description: 'Another page has the same meta description.',
    howToFix: 'Write a description particular to each page.',
  },
  content_duplicate: {
    priority: 2,
    scope: 'site',
    title: 'Duplicate content',
    description:
      'The main content is the same, word for word, as that of other pages (the same page under several URLs, or a template without its content). Engines index and cite one of them, not necessarily the one you want.',
    howToFix: 'Keep one URL: redirect the others to it or point their canonicals at it; or give each page its own content.',
  },
  content_near_duplicate: {
    priority: 2,
    scope: 'site',
    title: 'Near-duplicate content',
    description: 'The main content is nearly that of other pages (90% or more shared), so engines pick one and skip the rest.',
    howToFix: 'Merge the pages, make each distinct, or point their canonicals at the one to keep.',
  },
  broken_internal_link: {
    priority: 1,
    scope: 'site',
    title: 'Broken internal links',
    description:
      "The page links to pages of the site that answered 4xx or 5xx or could not be fetched. Visitors and crawlers reach a dead end, and the link's value is lost.",
    howToFix:
      "Point each link at a page that answers 200, or restore or redirect the missing target. List the broken targets with the audit's link targets (kind=broken) and fix the most linked first.",
  },
  internal_link_to_redirect: {
    priority: 3,
    scope: 'site',
    title: 'Internal links to redirects',
    description: 'The page links to pages of the site that redirect, which costs a round trip and crawl budget each time.',
    howToFix: "Link to the final URLs. The audit's link targets (kind=redirect) list the redirecting URLs, most linked first.",
  },
  orphan_page: {
    priority: 2,
    scope: 'site',
    title: 'Orphan page',
    description: 'Listed in a sitemap, but no audited page links to it, so crawlers and visitors hardly find it.',
    howToFix: 'Link to it from related pages, or drop it from the sitemap if it is obsolete.',
  },
  inlinks_none: {
    priority: 2,
    scope: 'site',
    title: 'No internal links to the page',
    description: 'No other audited page links to it with a followed link.',
    howToFix: 'Link to it from related pages and the navigation.',
  },
  inlinks_few: {
    priority: 3,
    scope: 'site',
    title: 'Only one internal link to the page',
    description: 'Exactly one other audited page links to it, which signals little importance.',
    howToFix: 'Link to it from more related pages.',
  },
  crawl_depth_high: {
    priority: 3,
    scope: 'site',
    title: 'Deep in the site',
    description: 'More than 3 clicks from the start page; deep pages are crawled less often.',
    howToFix: 'Link to it from pages closer to the home page (categories, hubs, related content).',
  },
  sitemap_url_not_200: {
    priority: 2,
    scope: 'site',
    title: 'Sitemap URL does not answer 200',
    description: 'Listed in a sitemap, but it redirects, answers 4xx or 5xx, or could not be fetched.',
    howToFix: 'List only final URLs that answer 200.',
  },
  sitemap_url_noindex: {
    priority: 2,
    scope: 'site',
    title: 'Sitemap URL not indexable',
    description: 'Listed in a sitemap, but it asks not to be indexed: a contradiction.',
    howToFix: 'Remove it from the sitemap, or remove its noindex.',
  },
  sitemap_url_not_canonical: {
    priority: 2,
    scope: 'site',
    title: 'Sitemap URL not canonical',
    description: 'Listed in a sitemap, but its canonical names another URL.',
    howToFix: 'List the canonical URL in the sitemap instead.',
  },
  sitemap_url_blocked: {
    priority: 2,
    scope: 'site',
    title: 'Sitemap URL blocked by robots.txt',
    description: 'Listed in a sitemap, but robots.txt disallows it.',
    howToFix: 'Remove it from the sitemap, or allow it in robots.txt.',
  },
  canonical_chain: {
    priority: 2,
    scope: 'site',
    title: 'Canonical chain',
    description: "The canonical's target names yet another URL as its canonical, so engines may ignore the hint.",
    howToFix: 'Point the canonical straight at the final preferred URL.',
  },
  canonical_to_non_200: {
    priority: 1,
    scope: 'site',
    title: 'Canonical to a page that does not answer 200',
    description: "The canonical's target redirects, answers 4xx or 5xx, or could not be fetched.",
    howToFix: 'Point the canonical at a URL that answers 200.',
  },
  hreflang_missing_return: {
    priority: 2,
    scope: 'site',
    title: 'Missing hreflang return link',
    description: 'An hreflang alternate that was audited does not name this page back, so engines ignore the pair.',
    howToFix: 'Make every language version list all the others, itself included.',
  },
  http_page_on_https_site: {
    priority: 2,
    scope: 'site',
    title: 'HTTP page on an HTTPS site',
    description: 'The audit started on HTTPS and this page is served over plain HTTP.',
    howToFix: 'Serve it over HTTPS and redirect the HTTP URL.',
  },
  broken_external_link: {
    priority: 2,
    scope: 'site',
    title: 'Broken external links',
    description: "Links to other sites' URLs that answered 4xx (but 401, 403, 429), 5xx or not at all.",
    howToFix: 'Update or remove the links.',
  },
  content_needs_javascript: {
    priority: 2,
    scope: 'site',
    title: 'Content needs JavaScript',
    description: 'Main content or internal links appear only after scripts run, so answer-engine crawlers, which do not run scripts, miss them.',
    howToFix: 'Render the content and links on the server (server-side rendering or prerendering).',
  },
};

const SEVERITY_ORDER: Record<IssueSeverity, number> = { error: 0, warning: 1, notice: 2 };

/** Every code with its text, by priority, then severity, then code. */
export const ISSUE_CATALOGUE: readonly IssueDefinition[] = (Object.keys(CATALOGUE) as IssueCode[])
  .map((code): IssueDefinition => {
    const { emitted, ...entry } = CATALOGUE[code];
    return { code, severity: ISSUE_CODES[code], ...entry, emitted: emitted ?? true };
  })
  .sort((a, b) => a.priority - b.priority || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.code < b.code ? -1 : 1));

const BY_CODE = new Map<string, IssueDefinition>(ISSUE_CATALOGUE.map((d) => [d.code, d]));

/** The catalogue's entry of a code; undefined for a code this version does not know. */
export function issueDefinition(code: string): IssueDefinition | undefined {
  return BY_CODE.get(code);
}
