// The one reader of sitemap XML (sitemaps.org): a `<urlset>` of `<url><loc>` entries or a
// `<sitemapindex>` of `<sitemap><loc>` entries, read with htmlparser2 in XML mode, tolerant of
// namespace prefixes. It says what a file lists and nothing more; its two callers give that their
// own meaning:
//  - crawl/sitemaps.ts, URL discovery: follows index children, takes the page URLs of urlsets
//    normalised, in scope and de-duplicated, caps the files read, the URLs taken and the bytes
//    inflated from gzip, and passes over what it cannot read;
//  - site/sitemap.ts, the site findings: every file fetched counts, entries as listed, distinct
//    page URLs across urlsets, and a problem for each file unreadable, not a sitemap, or empty.

import { BoundedParser } from '../markup/bounded-parser.js';

export interface ParsedSitemap {
  /** The root element; null when the document is neither (an HTML page, say). */
  kind: 'urlset' | 'sitemapindex' | null;
  /** Page URLs (urlset) or child sitemap URLs (sitemapindex), trimmed, in document order. */
  locs: string[];
}

export function parseSitemap(xml: string): ParsedSitemap {
  let kind: ParsedSitemap['kind'] = null;
  const locs: string[] = [];
  let loc: string | null = null;
  // Only a <loc> directly inside <url>/<sitemap> names an entry; extensions such as
  // <image:image><image:loc> describe resources of the page, not pages.
  const open: string[] = [];
  const parser = new BoundedParser(
    {
      onopentag(rawName) {
        const name = localName(rawName);
        if (kind === null && (name === 'urlset' || name === 'sitemapindex')) kind = name;
        const parent = open[open.length - 1];
        if (name === 'loc' && (parent === 'url' || parent === 'sitemap')) loc = '';
        open.push(name);
      },
      ontext(text) {
        if (loc !== null) loc += text;
      },
      onclosetag(rawName) {
        open.pop();
        if (localName(rawName) === 'loc' && loc !== null) {
          const value = loc.trim();
          if (value !== '') locs.push(value);
          loc = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return { kind, locs };
}

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}
