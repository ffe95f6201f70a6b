// Issues of fetching a URL and reading its response: no answer, a redirect, a status that is no
// page, a slow or oversized response, a plain-HTTP page or resource on an HTTPS site, and the
// audit's own limits (a page it could not analyse, values it cut).
import type { CatalogueEntries } from './entry.js';

export const FETCHING = {
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
  http_page_on_https_site: {
    priority: 2,
    scope: 'site',
    title: 'HTTP page on an HTTPS site',
    description: 'The audit started on HTTPS and this page is served over plain HTTP.',
    howToFix: 'Serve it over HTTPS and redirect the HTTP URL.',
  },
  mixed_content: {
    priority: 2,
    scope: 'page',
    title: 'Mixed content',
    description: 'An HTTPS page loads images, scripts, stylesheets, frames or media over plain HTTP; browsers block or flag them.',
    howToFix: 'Load every resource over HTTPS.',
  },
  values_truncated: {
    priority: 3,
    scope: 'page',
    title: "Values cut to the API's bounds",
    description: 'A value of the page is longer than the API returns and is stored cut; the checks still judged the whole value.',
    howToFix: 'Usually nothing; a value that long (a title of thousands of characters) is often a template fault worth fixing.',
  },
} satisfies CatalogueEntries;
