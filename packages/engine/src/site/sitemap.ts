// XML sitemaps (sitemaps.org): a `<urlset>` of `<url><loc>` entries or a `<sitemapindex>` of
// `<sitemap><loc>` entries. Read with htmlparser2 in XML mode, tolerant of namespace prefixes.

import { Parser } from 'htmlparser2';

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex' | null;
  /** Page URLs (urlset) or child sitemap URLs (sitemapindex), trimmed, in order. */
  locs: string[];
}

export function parseSitemap(xml: string): ParsedSitemap {
  let kind: ParsedSitemap['kind'] = null;
  const locs: string[] = [];
  let loc: string | null = null;
  // Only a <loc> directly inside <url>/<sitemap> names an entry; extensions such as
  // <image:image><image:loc> describe resources of the page, not pages.
  const open: string[] = [];
  const parser = new Parser(
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
  const colon = name.indexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}

export interface SitemapDocument {
  url: string;
  /** Body as text; null when it could not be fetched (404, error). */
  text: string | null;
}

export interface SitemapFindings {
  /** At least one sitemap was fetched and is a urlset or sitemap index. */
  present: boolean;
  /** Sitemaps fetched and recognised, by URL. */
  sitemaps: Array<{ url: string; kind: 'urlset' | 'sitemapindex'; entries: number }>;
  /** Page URLs listed across all urlsets (duplicates counted once). */
  urlCount: number;
  problems: string[];
}

/** Findings over every sitemap the audit fetched (robots.txt's, /sitemap.xml, index children). */
export function sitemapFindings(documents: readonly SitemapDocument[]): SitemapFindings {
  const sitemaps: SitemapFindings['sitemaps'] = [];
  const urls = new Set<string>();
  const problems: string[] = [];
  for (const doc of documents) {
    if (doc.text === null) {
      problems.push(`${doc.url} could not be fetched.`);
      continue;
    }
    const parsed = parseSitemap(doc.text);
    if (parsed.kind === null) {
      problems.push(`${doc.url} is not a sitemap (no <urlset> or <sitemapindex>).`);
      continue;
    }
    sitemaps.push({ url: doc.url, kind: parsed.kind, entries: parsed.locs.length });
    if (parsed.kind === 'urlset') for (const loc of parsed.locs) urls.add(loc);
    if (parsed.locs.length === 0) problems.push(`${doc.url} lists no URLs.`);
  }
  return { present: sitemaps.length > 0, sitemaps, urlCount: urls.size, problems };
}
