// Sitemap entries: a listed URL should be a crawled page that answers 200, may be indexed, is its
// own canonical, is open to crawlers, and is linked from the site.
import { issue } from '../../score/issue-codes.js';
import { Flag } from '../record-flags.js';
import type { SiteSnapshot } from '../snapshot.js';
import type { SiteCheck } from './context.js';

/**
 * The URL id under which a sitemap lists record `r`: its own URL, or its final URL when no
 * record of its own was made for that (the crawl reached it through a redirect first); -1.
 */
export function listedAs(s: SiteSnapshot, r: number): number {
  const url = s.c.url[r]!;
  if (s.listed(url)) return url;
  const final = s.c.final[r]!;
  return s.listed(final) && s.hit(final) === r ? final : -1;
}

export const orphanPage: SiteCheck = ({ s, graph }, r) => {
  if (r === s.seed || graph.inlinks[r] !== 0 || listedAs(s, r) === -1) return null;
  return issue('orphan_page', 'Listed in a sitemap, but no other crawled page links to it with a followed link.');
};

export const sitemapUrlNot200: SiteCheck = ({ s }, r) => {
  const listed = listedAs(s, r);
  if (listed === -1 || !s.not200(listed)) return null;
  const answer = s.redirects(listed) && s.c.url[r] !== s.c.final[r] ? `redirects to ${s.finalUrlOf(r)} (${s.statusText(r)})` : `answers ${s.statusText(r)}`;
  return issue('sitemap_url_not_200', `Listed in a sitemap as ${s.c.urls.value(listed)}, which ${answer}.`);
};

export const sitemapUrlNoindex: SiteCheck = ({ s }, r) => {
  if (listedAs(s, r) === -1 || !s.has(r, Flag.Noindex)) return null;
  return issue('sitemap_url_noindex', 'Listed in a sitemap, but the page asks not to be indexed (noindex or none in its robots meta tag or X-Robots-Tag).');
};

export const sitemapUrlNotCanonical: SiteCheck = ({ s }, r) => {
  const canonical = s.c.canonical[r]!;
  if (listedAs(s, r) === -1 || canonical === -1 || canonical === s.c.final[r]) return null;
  return issue('sitemap_url_not_canonical', `Listed in a sitemap, but its canonical names another URL: ${s.c.urls.value(canonical)}.`);
};

export const sitemapUrlBlocked: SiteCheck = ({ s }, r) => {
  if (listedAs(s, r) === -1 || !s.has(r, Flag.Blocked)) return null;
  const who = s.errorOf(r) === 'robots_disallowed' ? 'this crawler' : 'every search crawler';
  return issue('sitemap_url_blocked', `Listed in a sitemap, but robots.txt disallows it for ${who}.`);
};
