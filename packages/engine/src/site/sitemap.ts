// What the audit reports on the sitemaps the crawl read: which are sitemaps, how many entries
// each lists, how many distinct page URLs they list, and what is wrong with them. Parsing is
// site/sitemap-xml.ts's, shared with the crawl's URL discovery.

import { parseSitemap } from './sitemap-xml.js';

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
