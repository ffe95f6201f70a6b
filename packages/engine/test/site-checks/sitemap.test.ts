// Sitemap entries and orphans: URLs a sitemap lists, judged by the record crawled for them.
import { describe, expect, it } from 'vitest';
import { checkSite, page, u } from './builder.js';

const SITEMAP_CODES = ['orphan_page', 'sitemap_url_not_200', 'sitemap_url_noindex', 'sitemap_url_not_canonical', 'sitemap_url_blocked'];
const sitemapCodes = (codes: string[]): string[] => codes.filter((c) => SITEMAP_CODES.includes(c));

describe('sitemap entries', () => {
  const pages = [
    page('/', { links: ['/ok', '/404', '/moved', '/noindex', '/canonical-elsewhere', '/self-canonical', '/blocked-search', '/failed', '/unlisted-404'] }),
    page('/ok'),
    page('/404', { status: 404 }),
    page('/moved', { finalUrl: '/moved-here' }),
    page('/noindex', { robots: ['noindex', 'nofollow'] }),
    page('/none', { robots: ['none'] }),
    page('/googlebot-noindex', { robots: ['googlebot: noindex'] }),
    page('/canonical-elsewhere', { canonical: '/ok' }),
    page('/self-canonical', { canonical: '/self-canonical' }),
    page('/disallowed', { error: 'robots_disallowed' }),
    page('/blocked-search', { issueCodes: ['robots_txt_blocks_page'] }),
    page('/failed', { error: 'timeout' }),
    page('/orphan'),
    page('/unlisted-404', { status: 404 }),
    page('/via-redirect', { finalUrl: '/listed-final' }),
  ];
  const listed = [
    '/',
    '/ok',
    '/404',
    '/moved',
    '/noindex',
    '/none',
    '/googlebot-noindex',
    '/canonical-elsewhere',
    '/self-canonical',
    '/disallowed',
    '/blocked-search',
    '/failed',
    '/orphan',
    '/listed-final',
  ];
  const site = checkSite(pages, { sitemap: listed });

  it('gives each listed URL the codes its record calls for', () => {
    const got = Object.fromEntries(pages.map((p) => [new URL(p.url).pathname, sitemapCodes(site.codes(new URL(p.url).pathname))]));
    expect(got).toEqual({
      '/': [],
      '/ok': [],
      '/404': ['sitemap_url_not_200'],
      '/moved': ['sitemap_url_not_200'],
      '/noindex': ['sitemap_url_noindex'],
      '/none': ['orphan_page', 'sitemap_url_noindex'],
      '/googlebot-noindex': ['orphan_page'],
      '/canonical-elsewhere': ['sitemap_url_not_canonical'],
      '/self-canonical': [],
      '/disallowed': ['orphan_page', 'sitemap_url_blocked', 'sitemap_url_not_200'],
      '/blocked-search': ['sitemap_url_blocked'],
      '/failed': ['sitemap_url_not_200'],
      '/orphan': ['orphan_page'],
      '/unlisted-404': [],
      // Listed under the URL its redirect ended at: judged by the final response (200), not the redirect.
      '/via-redirect': ['orphan_page'],
    });
  });

  it('names the evidence', () => {
    expect(site.message('/404', 'sitemap_url_not_200')).toBe(`Listed in a sitemap as ${u('/404')}, which answers 404.`);
    expect(site.message('/moved', 'sitemap_url_not_200')).toBe(`Listed in a sitemap as ${u('/moved')}, which redirects to ${u('/moved-here')} (200).`);
    expect(site.message('/failed', 'sitemap_url_not_200')).toBe(`Listed in a sitemap as ${u('/failed')}, which answers failed: timeout.`);
    expect(site.message('/canonical-elsewhere', 'sitemap_url_not_canonical')).toBe(`Listed in a sitemap, but its canonical names another URL: ${u('/ok')}.`);
    expect(site.message('/disallowed', 'sitemap_url_blocked')).toBe('Listed in a sitemap, but robots.txt disallows it for this crawler.');
    expect(site.message('/blocked-search', 'sitemap_url_blocked')).toBe('Listed in a sitemap, but robots.txt disallows it for every search crawler.');
  });

  it('calls no page an orphan for being the seed, and no unlisted page an orphan', () => {
    const lone = checkSite([page('/'), page('/lost')], { sitemap: ['/'] });
    expect(lone.codes('/')).toEqual([]);
    expect(lone.codes('/lost')).toEqual(['inlinks_none']);
  });

  it('calls a page linked only with nofollow an orphan', () => {
    const site2 = checkSite([page('/', { nofollow: ['/a'] }), page('/a')], { sitemap: ['/a'] });
    expect(site2.codes('/a')).toEqual(['orphan_page']);
  });
});
