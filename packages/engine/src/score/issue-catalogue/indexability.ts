// Issues that keep a page out of the index, or blur what it asks of crawlers: noindex, robots.txt,
// head metadata that search engines ignore where it stands, and sitemaps listing URLs that are not
// to be indexed.
import type { CatalogueEntries } from './entry.js';

export const INDEXABILITY = {
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
} satisfies CatalogueEntries;
