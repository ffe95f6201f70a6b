// URL discovery from XML sitemaps (sitemaps.org): `/sitemap.xml` plus those robots.txt names,
// following sitemap index files, with caps on files read and URLs taken so that a huge or
// self-referencing sitemap cannot stall or bloat the crawl. Gzipped sitemaps are inflated with
// the same byte cap. The XML is read by site/sitemap-xml.ts, as for the site findings.
//
// Each file is read as it arrives (crawl/sitemap-body.ts) and its page URLs are handed on in
// batches: a sitemap of 200,000 URLs is never one string, nor one array or Set of URLs. The URLs
// taken are told apart by fingerprint (compact/string-ids.ts: 17 to 34 bytes each, in paged
// memory), and only while discovery lasts.
import { PagedMemory } from '../compact/paged-memory.js';
import { StringIds } from '../compact/string-ids.js';
import type { GuardedResponse } from '../net/guarded-fetch.js';
import type { SitemapObserver } from '../site/sitemap.js';
import { SitemapReader, type SitemapKind } from '../site/sitemap-xml.js';
import { normaliseUrl } from './normalise-url.js';
import { sitemapText } from './sitemap-body.js';

/** Page URLs handed on at a time (and those of the last piece of text read). */
const BATCH = 2048;

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
  /** The pool the URLs taken are told apart in while discovery lasts; default one of its own. */
  memory?: PagedMemory;
  /** Told about every sitemap fetched, entry by entry (the site findings); one over the byte cap, or not fetched, is unreadable. */
  observer?: SitemapObserver;
}

export interface SitemapDiscovery {
  /** Page URLs, normalised, de-duplicated, in the order the sitemaps list them. */
  urls: string[];
  /** Sitemap files fetched, in order. */
  sitemapsRead: string[];
}

type HandOn = (urls: string[]) => void | Promise<void>;

/**
 * Reads the sitemaps and hands their page URLs to `onUrls` (normalised, in scope, each once, in
 * the order the sitemaps list them) in batches, each awaited before reading on; resolves with
 * the sitemap files fetched, in order.
 */
export async function readSitemaps(options: SitemapDiscoveryOptions, onUrls: HandOn): Promise<string[]> {
  const files = new SitemapFiles(options);
  const pages = new PageUrls(options, onUrls);
  try {
    // Once the cap on URLs is reached, no other file is read.
    for (let url = pages.full ? null : files.next(); url !== null; url = pages.full ? null : files.next()) {
      const text = await sitemapText(await options.fetch(url), url, options.maxBytes);
      if (text === null) options.observer?.unreadable(url);
      else await readSitemap(url, text, options.observer, files, pages);
    }
  } finally {
    pages.close();
  }
  return files.read;
}

/** One sitemap, piece by piece: its children queued (an index) or its page URLs taken. */
async function readSitemap(
  url: string,
  text: AsyncIterable<string>,
  observer: SitemapObserver | undefined,
  files: SitemapFiles,
  pages: PageUrls,
): Promise<void> {
  observer?.reading(url);
  const reader = new SitemapReader((loc: string, kind: SitemapKind | null) => {
    observer?.entry(loc, kind);
    if (kind === 'sitemapindex') files.add(loc, url);
    else pages.add(loc, url);
  });
  for await (const piece of text) {
    reader.write(piece);
    await pages.handOnBatch();
  }
  reader.end();
  observer?.read(reader.kind);
  await pages.handOnAll();
}

/** The sitemap files to read, in order, each once, no more than the cap. */
class SitemapFiles {
  readonly read: string[] = [];
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();

  constructor(private readonly options: SitemapDiscoveryOptions) {
    for (const url of options.sitemaps) this.add(url);
  }

  add(raw: string, base?: string): void {
    // Files past the cap would never be read: they need not be held either.
    if (this.read.length + this.queue.length >= this.options.maxSitemaps) return;
    const url = normaliseUrl(raw, base);
    if (url !== null && !this.queued.has(url) && this.options.acceptSitemap(url)) {
      this.queued.add(url);
      this.queue.push(url);
    }
  }

  /** The next file to read (now counted as read), or null. */
  next(): string | null {
    const url = this.queue.shift();
    if (url === undefined) return null;
    this.read.push(url);
    return url;
  }
}

/** The page URLs taken: normalised, in scope, each once, up to the cap; handed on in batches. */
class PageUrls {
  private readonly taken: StringIds;
  private batch: string[] = [];

  constructor(
    private readonly options: SitemapDiscoveryOptions,
    private readonly onUrls: HandOn,
  ) {
    this.taken = new StringIds(options.memory ?? new PagedMemory());
  }

  /** The cap is reached: files past it are still read to their end, for the findings, but none is taken. */
  get full(): boolean {
    return this.taken.size >= this.options.maxUrls;
  }

  add(loc: string, base: string): void {
    if (this.full) return;
    const url = normaliseUrl(loc, base);
    if (url === null || !this.options.acceptPage(url)) return;
    const before = this.taken.size;
    if (this.taken.intern(url) === before) this.batch.push(url);
  }

  async handOnBatch(): Promise<void> {
    if (this.batch.length >= BATCH) await this.handOnAll();
  }

  async handOnAll(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    await this.onUrls(batch);
  }

  close(): void {
    this.taken.free();
  }
}

/** The page URLs of the sitemaps all at once, for a caller that holds them anyway (tests, small sites). */
export async function discoverFromSitemaps(options: SitemapDiscoveryOptions): Promise<SitemapDiscovery> {
  const urls: string[] = [];
  const sitemapsRead = await readSitemaps(options, (batch) => {
    for (const url of batch) urls.push(url);
  });
  return { urls, sitemapsRead };
}
