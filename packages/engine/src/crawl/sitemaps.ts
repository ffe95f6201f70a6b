// URL discovery from XML sitemaps (sitemaps.org): `/sitemap.xml` plus those robots.txt names,
// following sitemap index files, with caps on files read and URLs taken so that a huge or
// self-referencing sitemap cannot stall or bloat the crawl. Gzipped sitemaps are inflated with
// the same byte cap. The XML is read by site/sitemap-xml.ts, as for the site findings.
import { gunzipSync } from 'node:zlib';
import type { GuardedResponse } from '../net/guarded-fetch.js';
import { parseSitemap } from '../site/sitemap-xml.js';
import { normalizeUrl } from './normalize-url.js';

export interface SitemapDiscoveryOptions {
  /** Sitemap URLs to start from, in order. */
  sitemaps: string[];
  fetch: (url: string) => Promise<GuardedResponse>;
  /** Which sitemap files may be fetched (scope, robots.txt). */
  acceptSitemap: (url: string) => boolean;
  /** Which page URLs are kept (scope). */
  acceptPage: (url: string) => boolean;
  maxSitemaps: number;
  maxUrls: number;
  maxBytes: number;
  /** Told about every sitemap read, with its text (null when it could not be fetched or read). */
  onDocument?: (url: string, text: string | null) => void;
}

export interface SitemapDiscovery {
  /** Page URLs, normalised, de-duplicated, in the order the sitemaps list them. */
  urls: string[];
  /** Sitemap files fetched, in order. */
  sitemapsRead: string[];
}

export async function discoverFromSitemaps(options: SitemapDiscoveryOptions): Promise<SitemapDiscovery> {
  const queue: string[] = [];
  const queued = new Set<string>();
  const enqueue = (raw: string, base?: string): void => {
    const url = normalizeUrl(raw, base);
    if (url !== null && !queued.has(url) && options.acceptSitemap(url)) {
      queued.add(url);
      queue.push(url);
    }
  };
  options.sitemaps.forEach((s) => enqueue(s));

  const urls: string[] = [];
  const seenUrls = new Set<string>();
  const sitemapsRead: string[] = [];
  while (queue.length > 0 && sitemapsRead.length < options.maxSitemaps && urls.length < options.maxUrls) {
    const sitemapUrl = queue.shift()!;
    sitemapsRead.push(sitemapUrl);
    const xml = sitemapText(await options.fetch(sitemapUrl), sitemapUrl, options.maxBytes);
    options.onDocument?.(sitemapUrl, xml);
    if (xml === null) continue;
    const parsed = parseSitemap(xml);
    for (const loc of parsed.locs) {
      if (parsed.kind === 'sitemapindex') {
        enqueue(loc, sitemapUrl);
        continue;
      }
      const url = normalizeUrl(loc, sitemapUrl);
      if (url === null || seenUrls.has(url) || !options.acceptPage(url)) continue;
      seenUrls.add(url);
      urls.push(url);
      if (urls.length >= options.maxUrls) break;
    }
  }
  return { urls, sitemapsRead };
}

function sitemapText(res: GuardedResponse, url: string, maxBytes: number): string | null {
  if (res.error || res.status < 200 || res.status >= 300 || res.body === null) return null;
  const gzipped = url.endsWith('.gz') || res.contentType === 'application/gzip' || res.contentType === 'application/x-gzip';
  if (!gzipped) return res.body.toString('utf8');
  try {
    return gunzipSync(res.body, { maxOutputLength: maxBytes }).toString('utf8');
  } catch {
    return null;
  }
}
