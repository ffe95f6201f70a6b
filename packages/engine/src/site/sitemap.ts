// What the audit reports on the sitemaps the crawl read: which are sitemaps, how many entries
// each lists, how many distinct page URLs they list, and what is wrong with them. Parsing is
// site/sitemap-xml.ts's, shared with the crawl's URL discovery, which tells a SitemapTally each
// sitemap entry by entry as it reads it: the findings are counts, and distinct URLs are counted
// by fingerprint (compact/string-ids.ts: 17 to 34 bytes a URL in paged memory, not the URL).

import { PagedMemory } from '../compact/paged-memory.js';
import { StringIds } from '../compact/string-ids.js';
import { SitemapReader, type SitemapKind } from './sitemap-xml.js';

export interface SitemapDocument {
  url: string;
  /** Body as text; null when it could not be fetched (404, error). */
  text: string | null;
}

export interface SitemapFindings {
  /** At least one sitemap was fetched and is a urlset or sitemap index. */
  present: boolean;
  /** Sitemaps fetched and recognised, by URL. */
  sitemaps: Array<{ url: string; kind: SitemapKind; entries: number }>;
  /** Page URLs listed across all urlsets (duplicates counted once). */
  urlCount: number;
  problems: string[];
}

/** Told each sitemap as it is read: `unreadable`, or `reading`, each `entry`, then `read`. */
export interface SitemapObserver {
  /** A sitemap that could not be fetched or read. */
  unreadable(url: string): void;
  reading(url: string): void;
  entry(loc: string, kind: SitemapKind | null): void;
  /** The sitemap `reading` named is read to its end: it is `kind`. */
  read(kind: SitemapKind | null): void;
}

/**
 * Where a page URL listed twice counts once: across every urlset, or within each one (a URL
 * two urlsets list then counts twice, as the audit has always counted it).
 */
export type DistinctUrls = 'across-sitemaps' | 'per-sitemap';

/** The findings, built one sitemap and one entry at a time. */
export class SitemapTally implements SitemapObserver {
  private readonly sitemaps: SitemapFindings['sitemaps'] = [];
  private readonly problems: string[] = [];
  /** The page URLs counted so far: of every urlset, or of the one being read. */
  private urls: StringIds | null = null;
  private urlCount = 0;
  private current = '';
  private entries = 0;

  constructor(
    private readonly distinct: DistinctUrls,
    /** The pool the URLs are told apart in; default one of the tally's own. */
    private readonly memory: PagedMemory = new PagedMemory(),
  ) {}

  unreadable(url: string): void {
    this.problems.push(`${url} could not be fetched.`);
  }

  reading(url: string): void {
    this.current = url;
    this.entries = 0;
    this.urls ??= new StringIds(this.memory);
  }

  entry(loc: string, kind: SitemapKind | null): void {
    this.entries++;
    if (kind !== 'urlset' || this.urls === null) return;
    const before = this.urls.size;
    if (this.urls.intern(loc) === before) this.urlCount++;
  }

  read(kind: SitemapKind | null): void {
    const url = this.current;
    // Counted within each sitemap: its URLs are forgotten once it is read.
    if (this.distinct === 'per-sitemap') {
      this.urls?.free();
      this.urls = null;
    }
    if (kind === null) {
      this.problems.push(`${url} is not a sitemap (no <urlset> or <sitemapindex>).`);
      return;
    }
    this.sitemaps.push({ url, kind, entries: this.entries });
    if (this.entries === 0) this.problems.push(`${url} lists no URLs.`);
  }

  result(): SitemapFindings {
    return { present: this.sitemaps.length > 0, sitemaps: [...this.sitemaps], urlCount: this.urlCount, problems: [...this.problems] };
  }
}

/** Findings over every sitemap the audit fetched (robots.txt's, /sitemap.xml, index children). */
export function sitemapFindings(documents: readonly SitemapDocument[]): SitemapFindings {
  const tally = new SitemapTally('across-sitemaps');
  for (const doc of documents) {
    if (doc.text === null) {
      tally.unreadable(doc.url);
      continue;
    }
    tally.reading(doc.url);
    const reader = new SitemapReader((loc, kind) => tally.entry(loc, kind));
    reader.write(doc.text);
    reader.end();
    tally.read(reader.kind);
  }
  return tally.result();
}
