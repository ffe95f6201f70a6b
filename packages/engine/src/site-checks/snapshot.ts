// The site index frozen for the checks: flat views over its columns, plus the one rule that
// ties a link target to a record ("hits"): the record queued under that URL, or else the record
// whose fetch ended there after redirects (and got an answer there, not another redirect).
import type { SpillRows } from '../compact/spill-rows.js';
import type { StringTable } from '../compact/spilled-strings.js';
import { SIGNATURE_SIZE } from '../analyse/text/minhash.js';
import { Flag, statusText } from './record-flags.js';

export interface SiteColumns {
  urls: StringTable;
  externalUrls: StringTable | null;
  errorCodes: StringTable;
  seedId: number;
  seedHttps: boolean;
  /** By URL id: 1 when a sitemap lists it. */
  listed: Uint8Array;
  /** By URL id: the record queued under it, or -1. */
  byUrl: Int32Array;
  url: Int32Array;
  final: Int32Array;
  status: Uint16Array;
  flags: Uint8Array;
  /** 0, or the error code's id + 1. */
  error: Uint8Array;
  canonical: Int32Array;
  title: Int32Array;
  description: Int32Array;
  /** Where the record's content signature starts in `signatures`, counted in signatures; -1: none. */
  signatureSlot: Int32Array;
  followedEnd: Int32Array;
  linkEnd: Int32Array;
  links: SpillRows<Int32Array>;
  hreflangEnd: Int32Array;
  hreflangs: SpillRows<Int32Array>;
  externalEnd: Int32Array;
  externals: SpillRows<Int32Array>;
  /** Content signatures (SIGNATURE_SIZE values each) of the records that have one, in recording order. */
  signatures: SpillRows<Uint32Array>;
}

export class SiteSnapshot {
  readonly count: number;
  readonly seed: number;
  /** By URL id: the record whose fetch ended there (the first such), or -1. */
  private readonly byFinal: Int32Array;

  constructor(readonly columns: SiteColumns) {
    this.count = columns.url.length;
    this.byFinal = new Int32Array(columns.urls.size).fill(-1);
    for (let r = 0; r < this.count; r++) {
      // A fetch that stopped on a 3xx (a loop, a target already queued, another site) never
      // asked its final URL: the record says nothing about what that URL answers.
      const status = columns.status[r]!;
      if (status >= 300 && status < 400) continue;
      const f = columns.final[r]!;
      if (this.byFinal[f] === -1) this.byFinal[f] = r;
    }
    this.seed = this.hit(columns.seedId);
  }

  /** The record a link to URL id `id` reaches, or -1 when none was crawled. */
  hit(id: number): number {
    const r = this.columns.byUrl[id]!;
    return r !== -1 ? r : this.byFinal[id]!;
  }

  /**
   * True when following a link to `id` goes through a redirect: it names a record that redirected,
   * by its queued URL (a link to where the redirect ends does not redirect).
   */
  redirects(id: number): boolean {
    const r = this.columns.byUrl[id]!;
    return r !== -1 && this.has(r, Flag.Redirected);
  }

  /**
   * True when `id` does not answer 200: it redirects, fails, or answers another status. Reached
   * through its record's final URL, only the final response counts.
   */
  not200(id: number): boolean {
    const r = this.hit(id);
    if (r === -1) return false;
    return this.redirects(id) || this.has(r, Flag.Failed) || this.columns.status[r] !== 200;
  }

  has(r: number, flag: number): boolean {
    return (this.columns.flags[r]! & flag) !== 0;
  }

  urlOf(r: number): string {
    return this.columns.urls.value(this.columns.url[r]!);
  }

  finalUrlOf(r: number): string {
    return this.columns.urls.value(this.columns.final[r]!);
  }

  listed(id: number): boolean {
    return this.columns.listed[id] === 1;
  }

  errorOf(r: number): string | null {
    const e = this.columns.error[r]!;
    return e === 0 ? null : this.columns.errorCodes.value(e - 1);
  }

  /** How a record answered, for messages: `404`, `failed: timeout`, `302, redirect_loop`. */
  statusText(r: number): string {
    return statusText(this.columns.status[r]!, this.errorOf(r));
  }

  /** Link targets of record `r` (ids, a copy): followed ones, or every internal one. */
  linksOf(r: number, followedOnly: boolean): Int32Array {
    const start = r === 0 ? 0 : this.columns.linkEnd[r - 1]!;
    return this.columns.links.slice(start, followedOnly ? this.columns.followedEnd[r]! : this.columns.linkEnd[r]!);
  }

  hreflangsOf(r: number): Int32Array {
    return this.columns.hreflangs.slice(r === 0 ? 0 : this.columns.hreflangEnd[r - 1]!, this.columns.hreflangEnd[r]!);
  }

  externalsOf(r: number): Int32Array {
    return this.columns.externals.slice(r === 0 ? 0 : this.columns.externalEnd[r - 1]!, this.columns.externalEnd[r]!);
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
    for (let first = 0; first < count; first += STEP) {
      const last = Math.min(count, first + STEP);
      const values = this.columns.signatures.slice(first * SIGNATURE_SIZE, last * SIGNATURE_SIZE);
      for (let slot = first; slot < last; slot++) visit(slot, values, (slot - first) * SIGNATURE_SIZE);
    }
  }

  /** Content signatures stored. */
  get signatureCount(): number {
    return this.columns.signatures.length / SIGNATURE_SIZE;
  }
}
