// The compact index of an audit's records, filled as pages arrive, read by the site checks once
// the crawl is over. The PageAnalysis itself is never kept (nor any HTML): each record is a row
// of a struct of paged arrays, URLs are interned ids, and every page's link targets are a slice
// of one shared id array (compressed sparse rows).
//
// What grows with the links a page has, its content signature and the URL strings goes to
// files (compact/), and the fixed-width columns (about 70 bytes a page), like the URL id tables
// and the arrays the checks make, are paged within one memory budget (compact/paged-memory.ts),
// which the audit's crawl shares: a million-page site holds what a fifty-thousand-page one does.
// Close the index when done with it: that removes its files.
import { SIGNATURE_SIZE } from '../analyse/text/minhash.js';
import { fingerprint } from '../compact/fingerprint.js';
import { PagedMemory, type PagedInt32, type PagedMemoryOptions } from '../compact/paged-memory.js';
import { denseIds } from '../compact/radix-sort.js';
import { int32Rows, uint32Rows } from '../compact/spill-rows.js';
import { SpilledStrings } from '../compact/spilled-strings.js';
import type { SpillFileOptions } from '../compact/spill-file.js';
import type { SiteLink, SiteRecord } from './site-record.js';
import { asCrawled } from './crawler-url.js';
import { isUrlTooLong } from '../net/url-length.js';
import { Interner } from './interner.js';
import { Flag } from './record-flags.js';
import { SiteSnapshot } from './snapshot.js';

export interface SiteIndexOptions {
  /** The audit's seed, normalised: depth 0, and whether the site is https. */
  seedUrl: string;
  /** Keep the external link targets of scored pages (for the external link check). */
  externalLinks?: boolean;
  /** Keep what scored pages load (for the resource check). */
  resources?: boolean;
  /** How much of each file stays in memory before it is written (tests make it small). */
  spill?: SpillFileOptions;
  /** The budget of the columns and the checks' arrays (tests make it small). */
  memory?: PagedMemoryOptions;
}

// What a record read back out of the index says of the flags (records()).
const NOFOLLOW = ['nofollow'] as const;
const NOINDEX = ['noindex'] as const;
const BLOCKED = [{ code: 'robots_txt_blocks_page' }] as const;

/** A redirect that never arrives leads nowhere, like a 404. */
const ENDLESS_REDIRECT = new Set(['redirect_loop', 'too_many_redirects']);

export class SiteIndex {
  readonly urls: SpilledStrings;
  /** External link targets (when asked for), with their own ids. */
  readonly externalUrls: SpilledStrings | null;
  /** What pages load (when asked for), with their own ids. */
  readonly resourceUrls: SpilledStrings | null;
  private readonly errorCodes = new Interner();
  private readonly seedId: number;
  /** The pool of its columns, its URL tables and the checks' arrays; the crawl's URL tables may share it. */
  readonly memory: PagedMemory;

  // Indexed by URL id.
  private readonly listed;
  private readonly byUrl;

  // Indexed by record.
  private readonly url;
  private readonly final;
  private readonly status;
  private readonly flags;
  private readonly error;
  private readonly canonical;
  /** The URL id the record's own response redirects to, or -1. */
  private readonly redirect;
  // Normalised titles and descriptions by 64-bit fingerprint (halves; 0 and 0: none): only
  // whether two are equal matters.
  private readonly titleHi;
  private readonly titleLo;
  private readonly descriptionHi;
  private readonly descriptionLo;
  /** The main content's hash (exact duplicates), the same way. */
  private readonly contentHi;
  private readonly contentLo;
  private readonly print = new Uint32Array(2);
  /** The ids one page's links already took (each target once a page). */
  private readonly pageIds = new Set<number>();
  /** Where the record's content signature starts in `signatures`, in signatures (not values); -1: none. */
  private readonly signatureSlot;
  private readonly followedEnd;
  private readonly linkEnd;
  private readonly hreflangEnd;
  private readonly externalEnd;
  private readonly resourceEnd;

  // Row data, on disk: link targets (followed first, then nofollow-only), hreflang alternates,
  // external targets, resources.
  private readonly links: ReturnType<typeof int32Rows>;
  private readonly hreflangs: ReturnType<typeof int32Rows>;
  private readonly externals: ReturnType<typeof int32Rows>;
  private readonly resources: ReturnType<typeof int32Rows>;
  // The content signatures of the records that have one (scored, 50 words or more), 64 values
  // each, back to back in recording order.
  private readonly signatures: ReturnType<typeof uint32Rows>;

  constructor(private readonly options: SiteIndexOptions) {
    const spill = options.spill ?? {};
    const memory = new PagedMemory(options.memory);
    this.memory = memory;
    this.listed = memory.uint8();
    this.byUrl = memory.int32(0, -1);
    this.url = memory.int32();
    this.final = memory.int32();
    this.status = memory.int32();
    this.flags = memory.uint8();
    this.error = memory.uint8();
    this.canonical = memory.int32();
    this.redirect = memory.int32();
    this.titleHi = memory.int32();
    this.titleLo = memory.int32();
    this.descriptionHi = memory.int32();
    this.descriptionLo = memory.int32();
    this.contentHi = memory.int32();
    this.contentLo = memory.int32();
    this.signatureSlot = memory.int32();
    this.followedEnd = memory.int32();
    this.linkEnd = memory.int32();
    this.hreflangEnd = memory.int32();
    this.externalEnd = memory.int32();
    this.resourceEnd = memory.int32();
    this.urls = new SpilledStrings(memory, spill);
    this.links = int32Rows(spill);
    this.hreflangs = int32Rows(spill);
    this.externals = int32Rows(spill);
    this.resources = int32Rows(spill);
    this.signatures = uint32Rows(spill);
    this.seedId = this.urls.intern(options.seedUrl);
    this.externalUrls = options.externalLinks ? new SpilledStrings(memory, spill) : null;
    this.resourceUrls = options.resources ? new SpilledStrings(memory, spill) : null;
  }

  /** Removes the index's files; the index and its snapshots cannot be read after. */
  close(): void {
    for (const file of this.files()) file.close();
  }

  /** Whether any of the index went to disk (for the tests). */
  get spilled(): boolean {
    return this.files().some((file) => file.spilled);
  }

  /** Whether the paged columns and the checks' arrays did (for the tests). */
  get paged(): { spilled: boolean; reads: number; writes: number } {
    return { spilled: this.memory.spilled, reads: this.memory.reads, writes: this.memory.writes };
  }

  private files(): Array<{ spilled: boolean; close(): void }> {
    return [
      this.urls,
      this.links,
      this.hreflangs,
      this.externals,
      this.resources,
      this.signatures,
      this.memory,
      ...(this.externalUrls ? [this.externalUrls] : []),
      ...(this.resourceUrls ? [this.resourceUrls] : []),
    ];
  }

  /** Records indexed so far. */
  get size(): number {
    return this.url.length;
  }

  /** The page URLs the sitemaps list, normalised as the crawler normalises. */
  addSitemapUrls(urls: readonly string[]): void {
    for (const url of urls) this.listed.set(this.urls.intern(url), 1);
  }

  /**
   * Indexes one record. `extraLinks` are links the page has besides `page.links` (those only
   * the rendered page has). A URL already recorded is ignored: the crawler records each once.
   */
  add(page: SiteRecord, extraLinks: readonly SiteLink[] = []): void {
    const urlId = this.urls.intern(page.url);
    if (this.byUrl.get(urlId) !== -1) return;
    const r = this.url.length;
    this.byUrl.set(urlId, r);
    const finalId = this.urls.intern(page.finalUrl);
    const scored = page.isHtml && page.statusCode >= 200 && page.statusCode < 300 && page.error === null;

    this.url.push(urlId);
    this.final.push(finalId);
    this.status.push(page.statusCode);
    this.flags.push(flagsOf(page, scored));
    this.error.push(page.error === null ? 0 : this.errorCodes.intern(page.error.code) + 1);
    this.canonical.push(this.internUrl(page.canonical));
    this.redirect.push(this.internUrl(page.redirectTarget ?? null));
    if (page.prints) this.pushPrints(page.prints);
    else {
      this.pushText(this.titleHi, this.titleLo, scored ? page.title : null);
      this.pushText(this.descriptionHi, this.descriptionLo, scored ? page.metaDescription : null);
      this.pushText(this.contentHi, this.contentLo, scored ? (page.contentHash ?? null) : null);
    }
    const signature = scored ? page.contentSignature : null;
    if (signature !== null && signature.length !== SIGNATURE_SIZE)
      throw new RangeError(`a content signature of ${signature.length} values, not ${SIGNATURE_SIZE}`);
    this.signatureSlot.push(signature === null ? -1 : this.signatures.length / SIGNATURE_SIZE);
    if (signature !== null) this.signatures.pushAll(signature);

    this.addLinks(urlId, finalId, page.links, extraLinks);
    for (const h of page.hreflangs) {
      const id = this.internUrl(h.href);
      if (id !== -1) this.hreflangs.push(id);
    }
    this.hreflangEnd.push(this.hreflangs.length);
    if (this.externalUrls !== null && scored) this.addExternals(this.externalUrls, page.links, extraLinks);
    this.externalEnd.push(this.externals.length);
    if (this.resourceUrls !== null && scored) this.addResources(this.resourceUrls, page.resources ?? []);
    this.resourceEnd.push(this.resources.length);
  }

  /**
   * Every record as a SiteRecord again, in the order they were indexed: what a crawl that stops to
   * pause saves to resume from, read out of the index once, instead of a record written down for
   * every page as it comes. Each is the index's view of its page, which indexed again (`add`) makes
   * the same row: internal links followed ones first, then the nofollow ones; external links and
   * resources when the index keeps them; texts as their fingerprints (`prints`); `isHtml` true only
   * for a scored page, the one case the index tells apart; the directive and issue the flags hold.
   */
  *records(): Generator<SiteRecord, void, undefined> {
    for (let r = 0; r < this.url.length; r++) yield this.recordAt(r);
  }

  private recordAt(r: number): SiteRecord {
    const flags = this.flags.get(r);
    const error = this.error.get(r);
    const code = error === 0 ? null : this.errorCodes.value(error - 1);
    const urlOf = (id: number) => (id === -1 ? null : this.urls.value(id));
    const first = r === 0 ? 0 : this.linkEnd.get(r - 1);
    const followedEnd = this.followedEnd.get(r);
    const links: SiteLink[] = [];
    for (const id of this.links.slice(first, followedEnd)) links.push({ href: this.urls.value(id), internal: true, rel: [] });
    for (const id of this.links.slice(followedEnd, this.linkEnd.get(r))) links.push({ href: this.urls.value(id), internal: true, rel: NOFOLLOW });
    const externals = this.externalUrls;
    if (externals) for (const id of this.rowOf(this.externals, this.externalEnd, r)) links.push({ href: externals.value(id), internal: false, rel: [] });
    const resources = this.resourceUrls;
    const slot = this.signatureSlot.get(r);
    return {
      url: this.urls.value(this.url.get(r)),
      finalUrl: this.urls.value(this.final.get(r)),
      statusCode: this.status.get(r),
      isHtml: (flags & Flag.Scored) !== 0,
      error: code === null ? null : { code },
      canonical: urlOf(this.canonical.get(r)),
      redirectTarget: urlOf(this.redirect.get(r)),
      title: null,
      metaDescription: null,
      contentSignature: slot === -1 ? null : Array.from(this.signatures.slice(slot * SIGNATURE_SIZE, (slot + 1) * SIGNATURE_SIZE)),
      contentHash: null,
      links,
      ...(resources ? { resources: Array.from(this.rowOf(this.resources, this.resourceEnd, r), (id) => resources.value(id)) } : {}),
      hreflangs: Array.from(this.rowOf(this.hreflangs, this.hreflangEnd, r), (id) => ({ href: this.urls.value(id) })),
      robotsDirectives: flags & Flag.Noindex ? NOINDEX : [],
      // Blocked without the crawler's refusal: robots.txt disallows the page for every search crawler.
      issues: flags & Flag.Blocked && code !== 'robots_disallowed' ? BLOCKED : [],
      prints: this.printColumns().map((column) => column.get(r)),
    };
  }

  /** Record `r`'s part of `rows`, whose ends are in `end`. */
  private rowOf(rows: ReturnType<typeof int32Rows>, end: PagedInt32, r: number): Int32Array {
    return rows.slice(r === 0 ? 0 : end.get(r - 1), end.get(r));
  }

  /** The index as the checks read it (views, not copies); take it once the crawl is over. */
  snapshot(): SiteSnapshot {
    const urlCount = this.urls.size;
    this.byUrl.ensure(urlCount);
    this.listed.ensure(urlCount);
    return new SiteSnapshot({
      memory: this.memory,
      urls: this.urls,
      externalUrls: this.externalUrls,
      resourceUrls: this.resourceUrls,
      errorCodes: this.errorCodes,
      seedId: this.seedId,
      seedHttps: this.options.seedUrl.startsWith('https:'),
      listed: this.listed,
      byUrl: this.byUrl,
      url: this.url,
      final: this.final,
      status: this.status,
      flags: this.flags,
      error: this.error,
      canonical: this.canonical,
      redirect: this.redirect,
      title: denseIds(this.memory, this.titleHi, this.titleLo),
      description: denseIds(this.memory, this.descriptionHi, this.descriptionLo),
      content: denseIds(this.memory, this.contentHi, this.contentLo),
      signatureSlot: this.signatureSlot,
      signatures: this.signatures,
      followedEnd: this.followedEnd,
      linkEnd: this.linkEnd,
      links: this.links,
      hreflangEnd: this.hreflangEnd,
      hreflangs: this.hreflangs,
      externalEnd: this.externalEnd,
      externals: this.externals,
      resourceEnd: this.resourceEnd,
      resources: this.resources,
    });
  }

  /** Bytes of memory the index holds: its paged frames, URL id tables included (its files come on top). */
  get byteLength(): number {
    return this.memory.byteLength;
  }

  /** Internal link targets once each, followed ones first; self-links left out. */
  private addLinks(urlId: number, finalId: number, links: readonly SiteLink[], extra: readonly SiteLink[]): void {
    // A link both followed and nofollow on one page is followed: take followed ones in a first pass.
    const taken = this.pageIds;
    taken.clear();
    for (const followed of [true, false]) {
      for (const list of [links, extra]) {
        for (const link of list) {
          if (!link.internal || link.rel.includes('nofollow') === followed) continue;
          const id = this.internUrl(link.href);
          if (id === -1 || id === urlId || id === finalId || taken.has(id)) continue;
          taken.add(id);
          this.links.push(id);
        }
      }
      if (followed) this.followedEnd.push(this.links.length);
    }
    this.linkEnd.push(this.links.length);
  }

  private addExternals(table: SpilledStrings, links: readonly SiteLink[], extra: readonly SiteLink[]): void {
    this.pageIds.clear();
    for (const list of [links, extra]) {
      // A link URL longer than an audit records is not checked: its page says so (link_url_too_long).
      for (const link of list) if (!link.internal) this.addTarget(table, this.externals, link.href);
    }
  }

  private addResources(table: SpilledStrings, urls: readonly string[]): void {
    this.pageIds.clear();
    for (const url of urls) this.addTarget(table, this.resources, url);
  }

  /**
   * `url`'s id in `table`, added to the record's row in `rows` once a page. A URL longer than an
   * audit records is left out: no list of the API could name it.
   */
  private addTarget(table: SpilledStrings, rows: ReturnType<typeof int32Rows>, url: string): void {
    if (isUrlTooLong(url)) return;
    const id = table.intern(url);
    if (this.pageIds.has(id)) return;
    this.pageIds.add(id);
    rows.push(id);
  }

  private internUrl(url: string | null): number {
    const crawled = url === null ? null : asCrawled(url);
    return crawled === null ? -1 : this.urls.intern(crawled);
  }

  /** The columns of a record's fingerprint halves, in the order of SiteRecord.prints. */
  private printColumns(): PagedInt32[] {
    return [this.titleHi, this.titleLo, this.descriptionHi, this.descriptionLo, this.contentHi, this.contentLo];
  }

  /** The six fingerprint halves of a record read out of an index (`records`), as they were. */
  private pushPrints(prints: readonly number[]): void {
    const columns = this.printColumns();
    if (prints.length !== columns.length) throw new RangeError(`${prints.length} fingerprint halves, not ${columns.length}`);
    columns.forEach((column, i) => column.push(prints[i]!));
  }

  /** Titles and descriptions compare whitespace-collapsed and case-insensitive. */
  private pushText(hi: PagedInt32, lo: PagedInt32, text: string | null): void {
    const key = text?.replace(/\s+/g, ' ').trim().toLowerCase();
    if (key) fingerprint(key, this.print);
    else this.print.fill(0);
    hi.push(this.print[0]!);
    // A text whose fingerprint is (0, 0), once in 2⁶⁴, is not taken for none.
    lo.push(key && this.print[0] === 0 && this.print[1] === 0 ? 1 : this.print[1]!);
  }
}

function flagsOf(page: SiteRecord, scored: boolean): number {
  const status = page.statusCode;
  const code = page.error?.code ?? null;
  let flags = 0;
  if (scored) flags |= Flag.Scored;
  if (page.url !== page.finalUrl || (status >= 300 && status < 400)) flags |= Flag.Redirected;
  if (code !== null) flags |= Flag.Failed;
  if (code === 'robots_disallowed' || page.issues.some((i) => i.code === 'robots_txt_blocks_page')) flags |= Flag.Blocked;
  if (page.robotsDirectives.some((d) => d === 'noindex' || d === 'none')) flags |= Flag.Noindex;
  if ((status === 0 && code !== 'robots_disallowed') || status >= 400 || (code !== null && ENDLESS_REDIRECT.has(code))) flags |= Flag.Broken;
  if (page.finalUrl.startsWith('http:')) flags |= Flag.Http;
  return flags;
}
