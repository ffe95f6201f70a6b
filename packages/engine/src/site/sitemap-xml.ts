// The one reader of sitemap XML (sitemaps.org): a `<urlset>` of `<url><loc>` entries or a
// `<sitemapindex>` of `<sitemap><loc>` entries, read with htmlparser2 in XML mode, tolerant of
// namespace prefixes. It says what a file lists and nothing more; its two callers give that their
// own meaning:
//  - crawl/sitemaps.ts, URL discovery: follows index children, takes the page URLs of urlsets
//    normalised, in scope and de-duplicated, caps the files read, the URLs taken and the bytes
//    inflated from gzip, and passes over what it cannot read;
//  - site/sitemap.ts, the site findings: every file fetched counts, entries as listed, distinct
//    page URLs across urlsets, and a problem for each file unreadable, not a sitemap, or empty.
//
// The file is read as it arrives (SitemapReader: text in pieces, each entry handed on as soon as
// it closes), so that a 50,000-URL sitemap is never one string nor one array of URLs.

import { BoundedParser } from '../markup/bounded-parser.js';

export type SitemapKind = 'urlset' | 'sitemapindex';

export interface ParsedSitemap {
  /** The root element; null when the document is neither (an HTML page, say). */
  kind: SitemapKind | null;
  /** Page URLs (urlset) or child sitemap URLs (sitemapindex), trimmed, in document order. */
  locs: string[];
}

/**
 * Told each entry of one sitemap, in document order, with what the file is: its first `<urlset>`
 * or `<sitemapindex>` (null when it has neither).
 */
export type SitemapEntry = (loc: string, kind: SitemapKind | null) => void;

/** One sitemap read piece by piece: `write` its text in any cuts (inside a tag or an entity too), then `end`. */
export class SitemapReader {
  private kindSeen: SitemapKind | null = null;
  private loc: string | null = null;
  // Only a <loc> directly inside <url>/<sitemap> names an entry; extensions such as
  // <image:image><image:loc> describe resources of the page, not pages.
  private readonly open: string[] = [];
  /**
   * Entries before the first `<urlset>` or `<sitemapindex>` (none in a sitemap: that is its
   * root), held until the file says what it is: an entry is told with the file's kind.
   */
  private early: string[] = [];
  private readonly parser: BoundedParser;

  constructor(private readonly entry: SitemapEntry) {
    this.parser = new BoundedParser(
      {
        onopentag: (rawName) => this.opened(localName(rawName)),
        ontext: (text) => {
          if (this.loc !== null) this.loc += text;
        },
        onclosetag: (rawName) => this.closed(localName(rawName)),
      },
      { xmlMode: true, decodeEntities: true },
    );
  }

  /** What the file is, as far as it has been read. */
  get kind(): SitemapKind | null {
    return this.kindSeen;
  }

  write(text: string): void {
    this.parser.write(text);
  }

  end(): void {
    this.parser.end();
    this.tellEarly();
  }

  private opened(name: string): void {
    if (this.kindSeen === null && (name === 'urlset' || name === 'sitemapindex')) {
      this.kindSeen = name;
      this.tellEarly();
    }
    const parent = this.open[this.open.length - 1];
    if (name === 'loc' && (parent === 'url' || parent === 'sitemap')) this.loc = '';
    this.open.push(name);
  }

  private closed(name: string): void {
    this.open.pop();
    if (name !== 'loc' || this.loc === null) return;
    const value = this.loc.trim();
    this.loc = null;
    if (value === '') return;
    if (this.kindSeen === null) this.early.push(value);
    else this.entry(value, this.kindSeen);
  }

  private tellEarly(): void {
    const early = this.early;
    this.early = [];
    for (const loc of early) this.entry(loc, this.kindSeen);
  }
}

/** A whole sitemap at once (tests, small files). */
export function parseSitemap(xml: string): ParsedSitemap {
  const locs: string[] = [];
  const reader = new SitemapReader((loc) => locs.push(loc));
  reader.write(xml);
  reader.end();
  return { kind: reader.kind, locs };
}

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}
