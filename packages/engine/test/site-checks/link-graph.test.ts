// Depth and inlinks: followed links between crawled pages, each linking page counted once.
import { describe, expect, it } from 'vitest';
import { checkSite, page, u } from './builder.js';

describe('depth and inlinks', () => {
  it('counts distinct other pages with a followed link, by breadth-first depth from the seed', () => {
    const site = checkSite([
      page('/', { links: ['/a', '/b', '/a', '/'] }),
      page('/a', { links: ['/b', '/c'] }),
      page('/b', { links: ['/a', '/b'] }),
      page('/c', { links: ['/d'] }),
      page('/d', { links: ['/'] }),
    ]);
    const got = Object.fromEntries(site.results.map((r) => [new URL(r.url).pathname, [r.depth, r.inlinks]]));
    expect(got).toEqual({ '/': [0, 1], '/a': [1, 2], '/b': [1, 2], '/c': [2, 1], '/d': [3, 1] });
  });

  it('does not count self-links, nor a link repeated on one page twice', () => {
    const site = checkSite([page('/', { links: ['/a'] }), page('/a', { links: ['/a', '/a', '/b', '/b', '/b'] }), page('/b')]);
    expect(site.byUrl.get(u('/a'))).toMatchObject({ inlinks: 1 });
    expect(site.byUrl.get(u('/b'))).toMatchObject({ inlinks: 1, depth: 2 });
  });

  it('does not follow or count nofollow links: a page reached only through them is unreachable', () => {
    const site = checkSite([page('/', { links: ['/a'], nofollow: ['/hidden'] }), page('/a', { nofollow: ['/hidden'] }), page('/hidden')]);
    expect(site.byUrl.get(u('/hidden'))).toMatchObject({ depth: null, inlinks: 0 });
    expect(site.codes('/hidden')).toContain('inlinks_none');
  });

  it('a link to where a redirect ends hits the redirected record (by its final URL)', () => {
    const site = checkSite([
      page('/', { links: ['/new', '/a'] }),
      page('/a', { links: ['/old', '/new'] }),
      // Queued as /old, fetched at /new: no record is queued under /new.
      page('/old', { finalUrl: '/new', links: ['/deep'] }),
      page('/deep'),
    ]);
    // / and /a link to it (/a twice, by both URLs: once).
    expect(site.byUrl.get(u('/old'))).toMatchObject({ depth: 1, inlinks: 2 });
    expect(site.byUrl.get(u('/deep'))).toMatchObject({ depth: 2, inlinks: 1 });
    // Linking to the final URL is right; linking to the queued one goes through the redirect.
    expect(site.codes('/')).not.toContain('internal_link_to_redirect');
    expect(site.message('/a', 'internal_link_to_redirect')).toBe(`1 internal link points at a redirect; link to the final URL: ${u('/old')} → ${u('/new')}.`);
  });

  it('prefers the record queued under a URL to one whose redirect ended there', () => {
    const site = checkSite([page('/', { links: ['/about'] }), page('/about'), page('/to-about', { finalUrl: '/about', status: 301 })]);
    expect(site.byUrl.get(u('/about'))).toMatchObject({ inlinks: 1, depth: 1 });
    expect(site.byUrl.get(u('/to-about'))).toMatchObject({ inlinks: 0, depth: null });
  });

  it('does not take a redirect that stopped on its 3xx as the answer of its target', () => {
    // /stop was not followed to /queued (already queued, never crawled): nothing is known of /queued.
    const site = checkSite([page('/', { links: ['/a', '/stop'] }), page('/a', { links: ['/queued'] }), page('/stop', { finalUrl: '/queued', status: 301 })]);
    expect(site.byUrl.get(u('/stop'))).toMatchObject({ inlinks: 1 });
    expect(site.codes('/a')).toEqual(['inlinks_few']);
    expect(site.message('/', 'internal_link_to_redirect')).toBe(
      `1 internal link points at a redirect; link to the final URL: ${u('/stop')} → ${u('/queued')}.`,
    );
  });

  it('gives every record one result, in recording order, issues or not', () => {
    const pages = [page('/'), page('/x', { status: 404 }), page('/y', { contentType: 'application/pdf' })];
    expect(checkSite(pages).results.map((r) => r.url)).toEqual(pages.map((p) => p.url));
  });

  it('has no depth at all when the seed was not recorded', () => {
    const site = checkSite([page('/a', { links: ['/b'] }), page('/b', { links: ['/a'] })]);
    expect(site.results.map((r) => r.depth)).toEqual([null, null]);
    expect(site.results.map((r) => r.inlinks)).toEqual([1, 1]);
  });
});
