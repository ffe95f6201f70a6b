// Issues of links: links crawlers cannot follow or readers cannot read, links that lead nowhere or
// through a redirect, and pages the site's own links hardly reach.
import type { CatalogueEntries } from './entry.js';

export const LINKS = {
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
  link_url_too_long: {
    priority: 3,
    scope: 'page',
    title: 'Links to over-long URLs',
    description: 'Links to URLs longer than 4,096 characters, which the audit neither follows nor checks.',
    howToFix: 'Shorten those URLs (move state out of the query string).',
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
  broken_external_link: {
    priority: 2,
    scope: 'site',
    title: 'Broken external links',
    description: "Links to other sites' URLs that answered 4xx (but 401, 403, 429), 5xx or not at all.",
    howToFix: 'Update or remove the links.',
  },
  broken_resource: {
    priority: 1,
    scope: 'site',
    title: 'Broken resources',
    description:
      'The page loads images, scripts, stylesheets or other resources that answered 4xx (but 401, 403, 429), 5xx or not at all: visitors and search engines that render it see it without them.',
    howToFix:
      'Restore each resource at its URL, or point the page at where it now lives; drop references to what is gone. A resource used by every page is usually in a template: fix it once there.',
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
} satisfies CatalogueEntries;
