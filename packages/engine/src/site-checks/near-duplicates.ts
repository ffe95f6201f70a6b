// Near-duplicate content, as Screaming Frog's near-duplicate report finds it: two pages are
// linked when their MinHash signatures (analyse/text/minhash.ts) agree on at least 90% of their 64
// positions, that is when an estimated 90% or more of the three-word sequences of their main
// content are shared; the clusters are the connected components (so A~B~C is one cluster even
// when A and C are further apart).
//
// No all-pairs comparison:
// 1. Exactly equal signatures are merged first, with one sort: a thousand copies of a page are
//    one node for what follows, not a thousand pages to compare pairwise.
// 2. Locality-sensitive hashing: each signature is cut into 16 bands of 4 values, and pages are
//    bucketed by each band's values in turn. Only pages sharing a bucket are compared. Two
//    signatures equal on 58 or more of 64 positions differ in at most 6, which can spoil at most
//    6 of the 16 bands: they share at least 10, so every such pair is a candidate.
// 3. Each candidate pair is compared once (in the first band it shares a bucket in) and linked
//    when it reaches the threshold. A bucket of more than LARGE_BUCKET signatures (a site of templated
//    pages that differ by a word, or pages sharing long boilerplate) is not compared pairwise:
//    each page is compared with at most PROBES earlier pages of the bucket that started a
//    cluster of their own, and not with pages already in its cluster. A band then costs at most
//    32 comparisons per page (a bucket of m ≤ 64 costs m(m−1)/2), whatever the site; the price is
//    that inside such a bucket a pair linked only to each other, not to any probe, can be missed
//    in that band (another band usually finds it), and the closest page named is the closest of
//    those compared.
import { SIGNATURE_SIZE } from '../analyse/text/minhash.js';
import type { PagedInt32, PagedUint8 } from '../compact/paged-memory.js';
import { sortedByKey } from '../compact/radix-sort.js';
import { SHOWN } from '../score/evidence.js';
import type { SiteSnapshot } from './snapshot.js';
import { UnionFind } from './union-find.js';
import { PAGES_PER_SLICE, type Sliced } from './slices.js';

/**
 * Pages whose estimated similarity reaches this share are near-duplicates. 0.9 is Screaming
 * Frog's default, which SEO users know and can check against the share a message names. On
 * Readability's articles (test/real-pages/near-duplicates.test.ts) different articles never
 * estimate above 0.07, while one sentence replaced in a 400-word stretch leaves a median 0.9 of
 * its three-word sequences: pages that differ by a few words are reliably linked, about half of
 * those with a whole sentence rewritten are, and nothing unrelated comes close.
 */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;
/** Equal positions needed: 58 of 64 (57.6 rounded up). */
export const MIN_EQUAL_VALUES = Math.ceil(NEAR_DUPLICATE_SIMILARITY * SIGNATURE_SIZE);
const BANDS = 16;
const ROWS = SIGNATURE_SIZE / BANDS;
/** Buckets up to this size are compared pairwise; larger ones through probes. */
const LARGE_BUCKET = 64;
const PROBES = 32;
const FINDINGS_CLUSTERS = 10;
const FINDINGS_URLS = 10;

export interface NearDuplicateCluster {
  size: number;
  /** Up to 10 of its URLs, in URL order. */
  urls: string[];
}

export interface NearDuplicateFindings {
  /** Clusters found. */
  clusters: number;
  /** Pages in any cluster. */
  pages: number;
  /** The largest clusters, largest first, at most 10. */
  largest: NearDuplicateCluster[];
}

export interface ClusterMembership {
  size: number;
  /** Up to SHOWN other members, in URL order. */
  others: number[];
  /**
   * The other member with the highest estimated similarity to this page (ties: the first URL),
   * among those it was compared with (every candidate, but in the largest buckets).
   */
  closest: number;
  /** Their estimated similarity: equal signature positions over 64. */
  similarity: number;
}

export interface NearDuplicates {
  findings: NearDuplicateFindings;
  /** `r`'s cluster; null when `r` is in none. */
  clusterOf(r: number): ClusterMembership | null;
  /** Signature comparisons made (for the tests: the work is bounded). */
  comparisons: number;
}

export function* nearDuplicates(s: SiteSnapshot): Sliced<NearDuplicates> {
  const { signatureSlot, memory } = s.columns;
  const slots = s.signatureCount;
  const recordOf = memory.int32(slots);
  for (let r = 0; r < s.count; r++) if (signatureSlot.get(r) !== -1) recordOf.set(signatureSlot.get(r), r);
  const sets = new UnionFind(memory, s.count);
  const best = new Closest(s);

  const reps = mergeEqual(slots, recordOf, s, sets, best);
  yield;
  const reach = yield* linkSimilar(s, reps, recordOf, sets, best);
  reps.free();
  recordOf.free();
  yield;
  return clustersOf(s, sets, best, reach);
}

/** Each record's closest other page so far, and their equal positions (0: none yet). */
class Closest {
  readonly page: PagedInt32;
  readonly equal: PagedUint8;

  constructor(private readonly s: SiteSnapshot) {
    this.page = s.columns.memory.int32(s.count, -1);
    this.equal = s.columns.memory.uint8(s.count);
  }

  offer(r: number, other: number, equal: number): void {
    const e = this.equal.get(r);
    if (equal > e || (equal === e && this.s.urlOf(other) < this.s.urlOf(this.page.get(r)))) {
      this.page.set(r, other);
      this.equal.set(r, equal);
    }
  }
}

/**
 * Groups the exactly equal signatures: each group's members are joined, name one another as
 * closest (all positions equal), and the group goes on as one representative, its first URL.
 * Returns the representatives' slots, in signature order (so that what follows does not depend
 * on the order pages were crawled in).
 */
function mergeEqual(slots: number, recordOf: PagedInt32, s: SiteSnapshot, sets: UnionFind, best: Closest): PagedInt32 {
  const { memory } = s.columns;
  const keys = memory.int32(slots);
  s.scanSignatures((slot, values, at) => keys.set(slot, valuesKey(values, at, SIGNATURE_SIZE, 0)));
  const order = sortedByKey(memory, keys);
  const reps = memory.int32();
  let group: number[] = [];
  const closeGroup = (): void => {
    let first = group[0]!;
    let second = -1;
    for (let i = 1; i < group.length; i++) {
      const r = group[i]!;
      sets.union(first, r);
      if (s.urlOf(r) < s.urlOf(first)) [first, second] = [r, first];
      else if (second === -1 || s.urlOf(r) < s.urlOf(second)) second = r;
    }
    if (second !== -1) for (const r of group) best.offer(r, r === first ? second : first, SIGNATURE_SIZE);
    reps.push(s.columns.signatureSlot.get(first));
  };
  for (let i = 0; i < slots;) {
    // A run of equal keys: almost always one signature, but a 32-bit key can collide.
    let end = i + 1;
    while (end < slots && keys.get(order.get(end)) === keys.get(order.get(i))) end++;
    let pending: number[] = [];
    for (let k = i; k < end; k++) pending.push(order.get(k));
    while (pending.length > 0) {
      const head = pending[0]!;
      const headSignature = pending.length > 1 ? s.signature(head) : null;
      const rest: number[] = [];
      group = [];
      for (const slot of pending) {
        if (slot === head || equalValuesAtLeast(headSignature!, s.signature(slot), SIGNATURE_SIZE) === SIGNATURE_SIZE) group.push(recordOf.get(slot));
        else rest.push(slot);
      }
      closeGroup();
      pending = rest;
    }
    i = end;
  }
  keys.free();
  order.free();
  return reps;
}

/** Links the representatives whose signatures agree on MIN_EQUAL_VALUES positions or more; returns the comparisons made. */
function* linkSimilar(s: SiteSnapshot, reps: PagedInt32, recordOf: PagedInt32, sets: UnionFind, best: Closest): Sliced<number> {
  const { memory } = s.columns;
  const n = reps.length;
  // The signatures are on disk: a band's keys are computed by reading them in file order (the
  // representative at each slot, if any), and a pair's signatures once per bucket member.
  const repAt = memory.int32(s.signatureCount, -1);
  for (let i = 0; i < n; i++) repAt.set(reps.get(i), i);
  const bandKeys = (band: number, keys: PagedInt32): void =>
    s.scanSignatures((slot, values, at) => {
      const i = repAt.get(slot);
      if (i !== -1) keys.set(i, valuesKey(values, at + band * ROWS, ROWS, band));
    });
  const signatureOf = (i: number): Uint32Array => s.signature(reps.get(i));
  let comparisons = 0;
  /** Compares representatives i and j (indices into reps, with their signatures); true when linked. */
  const compare = (i: number, si: Uint32Array, j: number, sj: Uint32Array): boolean => {
    comparisons++;
    const equal = equalValuesAtLeast(si, sj, MIN_EQUAL_VALUES);
    if (equal < MIN_EQUAL_VALUES) return false;
    const a = recordOf.get(reps.get(i));
    const b = recordOf.get(reps.get(j));
    sets.union(a, b);
    best.offer(a, b, equal);
    best.offer(b, a, equal);
    return true;
  };
  /** By representative: bit b set when its bucket in band b was a large one (compared through probes). */
  const large = memory.int32(n);
  /**
   * True when i and j shared a bucket of pairwise comparisons before `band`: they were compared
   * there. `ki`, `kj`: their keys in the bands before this one (keysBefore).
   */
  const comparedBefore = (i: number, ki: Int32Array, kj: Int32Array, band: number): boolean => {
    for (let b = 0; b < band; b++) if ((large.get(i) & (1 << b)) === 0 && ki[b] === kj[b]) return true;
    return false;
  };
  /** A signature's keys in the bands before `band`. */
  const keysBefore = (signature: Uint32Array, band: number): Int32Array => {
    const keys = new Int32Array(band);
    for (let b = 0; b < band; b++) keys[b] = valuesKey(signature, b * ROWS, ROWS, b);
    return keys;
  };

  const keys = memory.int32(n);
  for (let band = 0; band < BANDS; band++) {
    bandKeys(band, keys);
    const order = sortedByKey(memory, keys);
    yield;
    for (let start = 0, sinceYield = 0; start < n;) {
      if (start - sinceYield >= PAGES_PER_SLICE) {
        sinceYield = start;
        yield;
      }
      let end = start + 1;
      while (end < n && keys.get(order.get(end)) === keys.get(order.get(start))) end++;
      if (end - start < 2) {
        start = end;
        continue;
      }
      const bucket = new Int32Array(end - start);
      for (let x = 0; x < bucket.length; x++) bucket[x] = order.get(start + x);
      start = end;
      if (bucket.length <= LARGE_BUCKET) {
        const signatures: Array<Uint32Array | undefined> = [];
        const read = (x: number): Uint32Array => (signatures[x] ??= signatureOf(bucket[x]!));
        // Each member's earlier keys once, not once for every pair it is in.
        const earlier: Array<Int32Array | undefined> = [];
        const keysOf = (x: number): Int32Array => (earlier[x] ??= keysBefore(read(x), band));
        for (let x = 0; x < bucket.length; x++) {
          for (let y = x + 1; y < bucket.length; y++) {
            if (!comparedBefore(bucket[x]!, keysOf(x), keysOf(y), band)) compare(bucket[x]!, read(x), bucket[y]!, read(y));
          }
        }
        continue;
      }
      for (const x of bucket) large.set(x, large.get(x) | (1 << band));
      const probes: Array<{ rep: number; record: number; signature: Uint32Array }> = [];
      for (const x of bucket) {
        let linked = false;
        let signature: Uint32Array | null = null;
        const record = recordOf.get(reps.get(x));
        // x's set changes only when x is linked, so its root is looked up again only then.
        let root = sets.find(record);
        for (const p of probes) {
          if (sets.find(p.record) === root) linked = true;
          else if (compare(p.rep, p.signature, x, (signature ??= signatureOf(x)))) {
            linked = true;
            root = sets.find(record);
          }
        }
        if (!linked && probes.length < PROBES) probes.push({ rep: x, record, signature: signature ?? signatureOf(x) });
      }
    }
    order.free();
  }
  keys.free();
  large.free();
  repAt.free();
  return comparisons;
}

/**
 * Positions where signatures `a` and `b` are equal, when there are at least `least`; otherwise
 * some smaller number. Most candidate pairs of a large bucket are far apart: stopping as soon as
 * more than 64 − least positions differ halves what comparing them costs.
 */
function equalValuesAtLeast(a: Uint32Array, b: Uint32Array, least: number): number {
  const allowed = SIGNATURE_SIZE - least;
  let differ = 0;
  for (let k = 0; k < SIGNATURE_SIZE; k++) if (a[k] !== b[k] && ++differ > allowed) return SIGNATURE_SIZE - differ;
  return SIGNATURE_SIZE - differ;
}

/** A 32-bit key of `count` values from `from` (murmur3's mixing; equal values, equal keys). */
function valuesKey(sig: Uint32Array, from: number, count: number, seed: number): number {
  let h = seed;
  for (let k = from; k < from + count; k++) {
    let v = Math.imul(sig[k]!, 0xcc9e2d51);
    v = Math.imul((v << 15) | (v >>> 17), 0x1b873593);
    h ^= v;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  h ^= count * 4;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function clustersOf(s: SiteSnapshot, sets: UnionFind, best: Closest, comparisons: number): NearDuplicates {
  const members = new Map<number, number[]>();
  for (let r = 0; r < s.count; r++) {
    if (s.columns.signatureSlot.get(r) === -1 || sets.size(r) < 2) continue;
    const root = sets.find(r);
    const list = members.get(root);
    if (list) list.push(r);
    else members.set(root, [r]);
  }
  const byUrl = (a: number, b: number): number => (s.urlOf(a) < s.urlOf(b) ? -1 : s.urlOf(a) > s.urlOf(b) ? 1 : 0);
  let pages = 0;
  // Per cluster, its first members in URL order: enough to name SHOWN others for each member.
  const firsts = new Map<number, number[]>();
  const summaries: Array<{ size: number; first: number[] }> = [];
  for (const [root, list] of members) {
    list.sort(byUrl);
    pages += list.length;
    const first = list.slice(0, Math.max(SHOWN + 1, FINDINGS_URLS));
    firsts.set(root, first);
    summaries.push({ size: list.length, first });
  }
  summaries.sort((a, b) => b.size - a.size || byUrl(a.first[0]!, b.first[0]!));
  return {
    findings: {
      clusters: members.size,
      pages,
      largest: summaries.slice(0, FINDINGS_CLUSTERS).map((c) => ({ size: c.size, urls: c.first.slice(0, FINDINGS_URLS).map((r) => s.urlOf(r)) })),
    },
    clusterOf(r) {
      if (s.columns.signatureSlot.get(r) === -1 || sets.size(r) < 2) return null;
      const first = firsts.get(sets.find(r))!;
      return {
        size: sets.size(r),
        others: first.filter((o) => o !== r).slice(0, SHOWN),
        closest: best.page.get(r),
        similarity: best.equal.get(r) / SIGNATURE_SIZE,
      };
    },
    comparisons,
  };
}
