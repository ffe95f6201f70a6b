// Sitemap entries: a listed URL should be a crawled page that answers 200, may be indexed, is its
// own canonical, is open to crawlers, and is linked from the site.
import { issue } from '../../score/issue-codes.js';
import { Flag } from '../record-flags.js';
import type { SiteSnapshot } from '../snapshot.js';
import type { SiteCheck } from './context.js';

/**
 * The URL id under which a sitemap lists record `record`: its own URL, or its final URL when no
 * record of its own was made for that (the crawl reached it through a redirect first); -1.
 */
export function listedAs(site: SiteSnapshot, record: number): number {
  const url = site.columns.url.get(record);
  if (site.listed(url)) return url;
  const final = site.columns.final.get(record);
  return site.listed(final) && site.hit(final) === record ? final : -1;
}

export const orphanPage: SiteCheck = ({ site, graph }, record) => {
  if (record === site.seed || graph.inlinks.get(record) !== 0 || listedAs(site, record) === -1) return null;
  return issue('orphan_page', 'Listed in a sitemap, but no other crawled page links to it with a followed link.');
};

export const sitemapUrlNot200: SiteCheck = ({ site }, record) => {
  const listed = listedAs(site, record);
  if (listed === -1 || !site.not200(listed)) return null;
  const answer =
    site.redirects(listed) && site.columns.url.get(record) !== site.columns.final.get(record)
      ? `redirects to ${site.finalUrlOf(record)} (${site.statusText(record)})`
      : `answers ${site.statusText(record)}`;
  return issue('sitemap_url_not_200', `Listed in a sitemap as ${site.columns.urls.value(listed)}, which ${answer}.`);
};

export const sitemapUrlNoindex: SiteCheck = ({ site }, record) => {
  if (listedAs(site, record) === -1 || !site.has(record, Flag.Noindex)) return null;
  return issue('sitemap_url_noindex', 'Listed in a sitemap, but the page asks not to be indexed (noindex or none in its robots meta tag or X-Robots-Tag).');
};

export const sitemapUrlNotCanonical: SiteCheck = ({ site }, record) => {
  const canonical = site.columns.canonical.get(record);
  if (listedAs(site, record) === -1 || canonical === -1 || canonical === site.columns.final.get(record)) return null;
  return issue('sitemap_url_not_canonical', `Listed in a sitemap, but its canonical names another URL: ${site.columns.urls.value(canonical)}.`);
};

export const sitemapUrlBlocked: SiteCheck = ({ site }, record) => {
  if (listedAs(site, record) === -1 || !site.has(record, Flag.Blocked)) return null;
  const who = site.errorOf(record) === 'robots_disallowed' ? 'this crawler' : 'every search crawler';
  return issue('sitemap_url_blocked', `Listed in a sitemap, but robots.txt disallows it for ${who}.`);
};
