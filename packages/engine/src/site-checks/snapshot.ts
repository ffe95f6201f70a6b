// The site index frozen for the checks: flat views over its columns, plus the one rule that
// ties a link target to a record ("hits"): the record queued under that URL, or else the record
// whose fetch ended there after redirects (and got an answer there, not another redirect).
import type { PagedInt32, PagedMemory, PagedUint8 } from '../compact/paged-memory.js';
import type { SpillRows } from '../compact/spill-rows.js';
import type { StringTable } from '../compact/spilled-strings.js';
import { SIGNATURE_SIZE } from '../analyse/text/minhash.js';
import { Flag, statusText } from './record-flags.js';

export interface SiteColumns {
  /** Where the columns are paged, and the checks' own arrays too. */
  memory: PagedMemory;
  urls: StringTable;
  externalUrls: StringTable | null;
  /** The resource check's URL table (SiteIndexOptions.resources); null when not asked for. */
  resourceUrls: StringTable | null;
  errorCodes: StringTable;
  seedId: number;
  seedHttps: boolean;
  /** By URL id: 1 when a sitemap lists it. */
  listed: PagedUint8;
  /** By URL id: the record queued under it, or -1. */
  byUrl: PagedInt32;
  url: PagedInt32;
  final: PagedInt32;
  status: PagedInt32;
  flags: PagedUint8;
  /** 0, or the error code's id + 1. */
  error: PagedUint8;
  canonical: PagedInt32;
  /** By record: the URL id its own response redirects to, or -1. */
  redirect: PagedInt32;
  title: PagedInt32;
  description: PagedInt32;
  /** By record: the dense id of its main content's hash (exact duplicates), -1 when none. */
  content: PagedInt32;
  /** Where the record's content signature starts in `signatures`, counted in signatures; -1: none. */
  signatureSlot: PagedInt32;
  followedEnd: PagedInt32;
  linkEnd: PagedInt32;
  links: SpillRows<Int32Array>;
  hreflangEnd: PagedInt32;
  hreflangs: SpillRows<Int32Array>;
  externalEnd: PagedInt32;
  externals: SpillRows<Int32Array>;
  resourceEnd: PagedInt32;
  resources: SpillRows<Int32Array>;
  /** Content signatures (SIGNATURE_SIZE values each) of the records that have one, in recording order. */
  signatures: SpillRows<Uint32Array>;
}

export class SiteSnapshot {
  readonly count: number;
  readonly seed: number;
  /** By URL id: the record whose fetch ended there (the first such), or -1. */
  private readonly byFinal: PagedInt32;
  /**
   * What linksOf, externalsOf and resourcesOf return, reused: one array a call for every record of a large
   * site made hundreds of megabytes of garbage outside the heap, which V8 collects late.
   */
  private rows = new Int32Array(256);

  constructor(readonly columns: SiteColumns) {
    this.count = columns.url.length;
    this.byFinal = columns.memory.int32(columns.urls.size, -1);
    for (let r = 0; r < this.count; r++) {
      // A fetch that stopped on a 3xx (a loop, a target already queued, another site) never
      // asked its final URL: the record says nothing about what that URL answers.
      const status = columns.status.get(r);
      if (status >= 300 && status < 400) continue;
      const f = columns.final.get(r);
      if (this.byFinal.get(f) === -1) this.byFinal.set(f, r);
    }
    this.seed = this.hit(columns.seedId);
  }

  /** The record a link to URL id `id` reaches, or -1 when none was crawled. */
  hit(id: number): number {
    const r = this.columns.byUrl.get(id);
    return r !== -1 ? r : this.byFinal.get(id);
  }

  /**
   * True when following a link to `id` goes through a redirect: it names a record that redirected,
   * by its queued URL (a link to where the redirect ends does not redirect).
   */
  redirects(id: number): boolean {
    const r = this.columns.byUrl.get(id);
    return r !== -1 && this.has(r, Flag.Redirected);
  }

  /**
   * True when `id` does not answer 200: it redirects, fails, or answers another status. Reached
   * through its record's final URL, only the final response counts.
   */
  not200(id: number): boolean {
    const r = this.hit(id);
    if (r === -1) return false;
    return this.redirects(id) || this.has(r, Flag.Failed) || this.columns.status.get(r) !== 200;
  }

  has(r: number, flag: number): boolean {
    return (this.columns.flags.get(r) & flag) !== 0;
  }

  urlOf(r: number): string {
    return this.columns.urls.value(this.columns.url.get(r));
  }

  finalUrlOf(r: number): string {
    return this.columns.urls.value(this.columns.final.get(r));
  }

  listed(id: number): boolean {
    return this.columns.listed.get(id) === 1;
  }

  errorOf(r: number): string | null {
    const e = this.columns.error.get(r);
    return e === 0 ? null : this.columns.errorCodes.value(e - 1);
  }

  /** How a record answered, for messages: `404`, `failed: timeout`, `302, redirect_loop`. */
  statusText(r: number): string {
    return statusText(this.columns.status.get(r), this.errorOf(r));
  }

  /**
   * Link targets of record `r` (ids): followed ones, or every internal one. Valid until the next
   * call of linksOf, externalsOf or resourcesOf.
   */
  linksOf(r: number, followedOnly: boolean): Int32Array {
    const start = r === 0 ? 0 : this.columns.linkEnd.get(r - 1);
    return this.reused(this.columns.links, start, followedOnly ? this.columns.followedEnd.get(r) : this.columns.linkEnd.get(r));
  }

  /** hreflang alternates of record `r` (ids, a copy: the hreflang check holds two at once). */
  hreflangsOf(r: number): Int32Array {
    return this.columns.hreflangs.slice(r === 0 ? 0 : this.columns.hreflangEnd.get(r - 1), this.columns.hreflangEnd.get(r));
  }

  /** External link targets of record `r` (ids); valid until the next call of linksOf, externalsOf or resourcesOf. */
  externalsOf(r: number): Int32Array {
    return this.reused(this.columns.externals, r === 0 ? 0 : this.columns.externalEnd.get(r - 1), this.columns.externalEnd.get(r));
  }

  /** What record `r` loads (ids in `resourceUrls`); valid until the next call of linksOf, externalsOf or resourcesOf. */
  resourcesOf(r: number): Int32Array {
    return this.reused(this.columns.resources, r === 0 ? 0 : this.columns.resourceEnd.get(r - 1), this.columns.resourceEnd.get(r));
  }

  private reused(rows: SpillRows<Int32Array>, start: number, end: number): Int32Array {
    const n = Math.max(0, end - start);
    if (n > this.rows.length) this.rows = new Int32Array(Math.max(n, this.rows.length * 2));
    const out = this.rows.subarray(0, n);
    rows.readInto(start, out);
    return out;
  }

  /** The content signature in slot `slot` (a copy). */
  signature(slot: number): Uint32Array {
    return this.columns.signatures.slice(slot * SIGNATURE_SIZE, (slot + 1) * SIGNATURE_SIZE);
  }

  /**
   * Visits every content signature in slot order, read from the index's file a few hundred at a
   * time: `values` holds slot `slot`'s signature from `at`.
   */
  scanSignatures(visit: (slot: number, values: Uint32Array, at: number) => void): void {
    const STEP = 256;
    const count = this.signatureCount;
    const buffer = new Uint32Array(STEP * SIGNATURE_SIZE);
    for (let first = 0; first < count; first += STEP) {
      const last = Math.min(count, first + STEP);
      const values = buffer.subarray(0, (last - first) * SIGNATURE_SIZE);
      this.columns.signatures.readInto(first * SIGNATURE_SIZE, values);
      for (let slot = first; slot < last; slot++) visit(slot, values, (slot - first) * SIGNATURE_SIZE);
    }
  }

  /** Content signatures stored. */
  get signatureCount(): number {
    return this.columns.signatures.length / SIGNATURE_SIZE;
  }
}
