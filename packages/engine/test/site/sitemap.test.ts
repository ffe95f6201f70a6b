import { describe, expect, it } from 'vitest';
import { parseSitemap, sitemapFindings } from '../../src/site/index.js';

const urlset = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc> ${l} </loc><lastmod>2024-01-01</lastmod></url>`).join('')}</urlset>`;

describe('parseSitemap', () => {
  it('reads a urlset, decoding entities and trimming', () => {
    expect(parseSitemap(urlset('https://e.com/a?x=1&amp;y=2', 'https://e.com/b'))).toEqual({
      kind: 'urlset',
      locs: ['https://e.com/a?x=1&y=2', 'https://e.com/b'],
    });
  });

  it('reads a sitemap index, with namespace prefixes', () => {
    const xml =
      '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://e.com/s1.xml</sm:loc></sm:sitemap></sm:sitemapindex>';
    expect(parseSitemap(xml)).toEqual({ kind: 'sitemapindex', locs: ['https://e.com/s1.xml'] });
  });

  it('reads only <loc> directly inside entries (not image:loc), and nothing from non-sitemaps', () => {
    expect(
      parseSitemap('<urlset><url><loc>https://e.com/a</loc><image:image><image:loc>https://e.com/i.png</image:loc></image:image></url></urlset>').locs,
    ).toEqual(['https://e.com/a']);
    expect(parseSitemap('<html><body>nope</body></html>')).toEqual({ kind: null, locs: [] });
  });
});

describe('sitemapFindings', () => {
  it('counts distinct page URLs across urlsets and reports problems', () => {
    const f = sitemapFindings([
      {
        url: 'https://e.com/sitemap_index.xml',
        text: '<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap><sitemap><loc>https://e.com/s2.xml</loc></sitemap></sitemapindex>',
      },
      { url: 'https://e.com/s1.xml', text: urlset('https://e.com/a', 'https://e.com/b') },
      { url: 'https://e.com/s2.xml', text: urlset('https://e.com/b', 'https://e.com/c') },
      { url: 'https://e.com/s3.xml', text: null },
      { url: 'https://e.com/s4.xml', text: '<html></html>' },
    ]);
    expect(f).toEqual({
      present: true,
      sitemaps: [
        { url: 'https://e.com/sitemap_index.xml', kind: 'sitemapindex', entries: 2 },
        { url: 'https://e.com/s1.xml', kind: 'urlset', entries: 2 },
        { url: 'https://e.com/s2.xml', kind: 'urlset', entries: 2 },
      ],
      urlCount: 3,
      problems: ['https://e.com/s3.xml could not be fetched.', 'https://e.com/s4.xml is not a sitemap (no <urlset> or <sitemapindex>).'],
    });
  });

  it('is absent when nothing could be read', () => {
    expect(sitemapFindings([{ url: 'https://e.com/sitemap.xml', text: null }])).toMatchObject({ present: false, urlCount: 0 });
    expect(sitemapFindings([])).toMatchObject({ present: false, urlCount: 0, problems: [] });
  });
});
