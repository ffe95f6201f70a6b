// Sitemaps read piece by piece: however the text is cut (inside a tag, an entity, a name), the
// reader tells the same entries as a whole-text parse, and the tally counts what sitemapFindings
// counts, within each sitemap or across them.
import { describe, expect, it } from 'vitest';
import { parseSitemap, sitemapFindings, SitemapTally } from '../../src/site/index.js';
import { SitemapReader, type SitemapKind } from '../../src/site/sitemap-xml.js';

function readInPieces(pieces: readonly string[]): { kind: SitemapKind | null; entries: Array<[string, SitemapKind | null]> } {
  const entries: Array<[string, SitemapKind | null]> = [];
  const reader = new SitemapReader((loc, kind) => entries.push([loc, kind]));
  for (const piece of pieces) reader.write(piece);
  reader.end();
  return { kind: reader.kind, entries };
}

describe('SitemapReader', () => {
  const xml =
    '<?xml version="1.0"?><sm:urlset xmlns:sm="x"><sm:url><sm:loc> https://e.com/a?x=1&amp;y=2 </sm:loc></sm:url>' +
    '<url><loc>https://e.com/&#x41;&#66;&lt;é</loc><image:image><image:loc>https://e.com/i.png</image:loc></image:image></url>' +
    '<url><loc><![CDATA[https://e.com/c]]></loc></url><url><loc>   </loc></url></sm:urlset>';

  it('tells the same entries wherever the text is cut, inside tags and entities included', () => {
    const whole = parseSitemap(xml);
    expect(whole.locs).toEqual(['https://e.com/a?x=1&y=2', 'https://e.com/AB<é', 'https://e.com/c']);
    for (let i = 0; i <= xml.length; i++) {
      for (let j = i; j <= xml.length; j += 7) {
        const read = readInPieces([xml.slice(0, i), xml.slice(i, j), xml.slice(j)]);
        expect(read.kind).toBe('urlset');
        expect(read.entries).toEqual(whole.locs.map((loc) => [loc, 'urlset']));
      }
    }
  });

  it('holds entries that come before the root element until it says what the file is, in order', () => {
    const early =
      '<doc><sitemap><loc>https://e.com/one.xml</loc></sitemap><sitemapindex><sitemap><loc>https://e.com/two.xml</loc></sitemap></sitemapindex></doc>';
    expect(readInPieces([early])).toEqual({
      kind: 'sitemapindex',
      entries: [
        ['https://e.com/one.xml', 'sitemapindex'],
        ['https://e.com/two.xml', 'sitemapindex'],
      ],
    });
    // Neither root: the entries are told at the end, with no kind (as parseSitemap lists them).
    expect(readInPieces(['<doc><url><loc>https://e.com/a</loc></url></doc>'])).toEqual({ kind: null, entries: [['https://e.com/a', null]] });
    expect(parseSitemap('<doc><url><loc>https://e.com/a</loc></url></doc>')).toEqual({ kind: null, locs: ['https://e.com/a'] });
  });
});

describe('SitemapTally', () => {
  const urlset = (...locs: string[]) => `<urlset>${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
  const documents = [
    { url: 'https://e.com/s1.xml', text: urlset('https://e.com/a', 'https://e.com/b', 'https://e.com/a') },
    { url: 'https://e.com/s2.xml', text: urlset('https://e.com/b', 'https://e.com/c') },
    { url: 'https://e.com/s3.xml', text: urlset() },
    { url: 'https://e.com/s4.xml', text: null },
  ];
  const tally = (distinct: 'per-sitemap' | 'across-sitemaps') => {
    const t = new SitemapTally(distinct);
    for (const doc of documents) {
      if (doc.text === null) {
        t.unreadable(doc.url);
        continue;
      }
      t.reading(doc.url);
      const reader = new SitemapReader((loc, kind) => t.entry(loc, kind));
      // In pieces of 5 characters.
      for (let at = 0; at < doc.text.length; at += 5) reader.write(doc.text.slice(at, at + 5));
      reader.end();
      t.read(reader.kind);
    }
    return t.result();
  };

  it('counts distinct URLs across sitemaps as sitemapFindings does', () => {
    expect(tally('across-sitemaps')).toEqual(sitemapFindings(documents));
    expect(tally('across-sitemaps').urlCount).toBe(3);
  });

  it('or within each sitemap, a URL two sitemaps list counting in both (the audit)', () => {
    expect(tally('per-sitemap')).toEqual({ ...sitemapFindings(documents), urlCount: 4 });
  });
});
