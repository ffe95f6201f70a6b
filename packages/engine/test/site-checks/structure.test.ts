// Click depth, inlinks and the page's scheme.
import { describe, expect, it } from 'vitest';
import { checkSite, page, u } from './builder.js';

describe('crawl_depth_high, inlinks_none, inlinks_few', () => {
  const site = checkSite(
    [
      page('/', { links: ['/1', '/hub'] }),
      page('/1', { links: ['/2'] }),
      page('/2', { links: ['/3'] }),
      page('/3', { links: ['/4', '/deep-404'] }),
      page('/4', { links: ['/hub'] }),
      page('/deep-404', { status: 404 }),
      page('/hub'),
      page('/lost'),
      page('/listed'),
      page('/lost-pdf', { contentType: 'application/pdf' }),
    ],
    { sitemap: ['/listed'] },
  );

  it('flags scored pages more than 3 clicks deep, naming the page one click closer', () => {
    expect(site.byUrl.get(u('/4'))).toMatchObject({ depth: 4 });
    expect(site.message('/4', 'crawl_depth_high')).toBe(`4 clicks from the start page (more than 3); the shortest path comes through ${u('/3')}.`);
    expect(site.codes('/3')).not.toContain('crawl_depth_high');
    expect(site.byUrl.get(u('/deep-404'))).toMatchObject({ depth: 4 });
    expect(site.codes('/deep-404')).not.toContain('crawl_depth_high');
  });

  it('flags scored pages with no inlinks that no sitemap lists, and pages with one', () => {
    expect(site.codes('/lost')).toEqual(['inlinks_none']);
    expect(site.codes('/listed')).toEqual(['orphan_page']);
    expect(site.codes('/lost-pdf')).toEqual([]);
    expect(site.codes('/')).toEqual([]);
    expect(site.codes('/hub')).toEqual([]);
    expect(site.message('/2', 'inlinks_few')).toBe(`Only one other crawled page links to this page: ${u('/1')}.`);
  });
});

describe('http_page_on_https_site', () => {
  // Served only over plain http by the fixture server, so the https case lives here.
  const pages = [
    page('https://www.site.test/', { links: ['http://www.site.test/plain', 'https://www.site.test/moved', 'http://www.site.test/404'] }),
    page('http://www.site.test/plain'),
    page('https://www.site.test/moved', { finalUrl: 'http://www.site.test/moved' }),
    page('http://www.site.test/404', { status: 404 }),
  ];

  it('flags scored pages whose final URL is http when the seed is https', () => {
    const site = checkSite(pages, { seed: 'https://www.site.test/' });
    expect(site.message('http://www.site.test/plain', 'http_page_on_https_site')).toBe(
      'Served over plain HTTP (http://www.site.test/plain) on a site whose start page is HTTPS (https://www.site.test/).',
    );
    expect(site.codes('https://www.site.test/moved')).toContain('http_page_on_https_site');
    expect(site.codes('http://www.site.test/404')).not.toContain('http_page_on_https_site');
    expect(site.codes('https://www.site.test/')).not.toContain('http_page_on_https_site');
  });

  it('says nothing when the seed is http', () => {
    const site = checkSite(pages, { seed: 'http://www.site.test/plain' });
    expect(site.results.every((r) => !r.issues.some((i) => i.code === 'http_page_on_https_site'))).toBe(true);
  });
});
