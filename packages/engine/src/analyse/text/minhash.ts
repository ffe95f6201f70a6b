// A MinHash signature (Broder 1997) of a page's main-content words, for the audit's
// near-duplicate check. The features are the overlapping 3-word shingles of the lower-cased
// words, so that word order counts and a shared vocabulary alone does not make two pages alike.
// For each of 64 hash functions the signature keeps the smallest hash of any shingle; two pages
// agree on one position with probability equal to the Jaccard similarity of their shingle sets
// (shared shingles over all shingles of either), so the share of equal positions estimates it,
// with a standard error of at most 0.5/√64 ≈ 0.06 (about 0.04 near a similarity of 0.9).
//
// Each shingle is hashed once to 32 bits: every word by FNV-1a, then the shingle's three word
// hashes by murmur3_32 as one 12-byte key, which ends with murmur3's fmix32 (FNV-1a alone mixes
// its low bits poorly on short inputs). Hash function i is h_i(x) = fmix32(x XOR seed_i). The
// arithmetic stays in 32-bit integers.

/** Below this many words a page's signature says little; the check leaves such pages out. */
export const MIN_SIGNATURE_WORDS = 50;
/** Values in a signature: one minimum per hash function. */
export const SIGNATURE_SIZE = 64;

import { simdMinimums, type SimdMinimums } from './minhash-simd.js';
import type { TextProfile } from './words.js';

const SHINGLE = 3;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * The 64 seeds, fixed and reproducible from this one rule rather than a table of constants:
 * seed_i = fmix32((i + 1) · 0x9e3779b9 mod 2^32), the golden-ratio (Weyl) sequence put through
 * the same finaliser. The products are distinct (0x9e3779b9 is odd) and fmix32 is a bijection,
 * so the seeds are distinct, and they are spread over all 32 bits. Changing this rule changes
 * every signature: signatures are only compared within one audit, so that is allowed, but the
 * tests pin a few values so it is never done by accident.
 */
const SEEDS = new Int32Array(SIGNATURE_SIZE);
for (let i = 0; i < SIGNATURE_SIZE; i++) SEEDS[i] = fmix32(Math.imul(i + 1, 0x9e3779b9));
/** The same loop in WebAssembly SIMD, where it runs (every Node this project supports). */
const SIMD = simdMinimums(SEEDS);

/**
 * The signature of a page's main-content words (lower-cased, in reading order): 64 minimums, or
 * null below MIN_SIGNATURE_WORDS words.
 */
export function contentSignature(words: readonly string[]): Uint32Array | null {
  if (words.length < MIN_SIGNATURE_WORDS) return null;
  const blocks = new Int32Array(words.length);
  for (let j = 0; j < words.length; j++) blocks[j] = wordBlock(words[j]!);
  return signatureOf(blocks);
}

/**
 * contentSignature of a profiled text's words (text/words.ts), the same values: each distinct word
 * is hashed once, not once per use (most words of a page recur).
 */
export function profileSignature(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>): Uint32Array | null {
  const { vocabulary, wordIds } = profile;
  if (wordIds.length < MIN_SIGNATURE_WORDS) return null;
  const blockOf = new Int32Array(vocabulary.length);
  for (let id = 0; id < vocabulary.length; id++) blockOf[id] = wordBlock(vocabulary[id]!);
  const blocks = new Int32Array(wordIds.length);
  for (let j = 0; j < wordIds.length; j++) blocks[j] = blockOf[wordIds[j]!]!;
  return signatureOf(blocks);
}

/**
 * A word as murmur3_32 reads it, one 4-byte block: FNV-1a over its UTF-16 units, then murmur3's
 * mixing of a block, so that each character is read once, not once per shingle it is in.
 */
function wordBlock(word: string): number {
  let h = FNV_OFFSET;
  for (let c = 0; c < word.length; c++) h = Math.imul(h ^ word.charCodeAt(c), FNV_PRIME);
  return Math.imul(rotl(Math.imul(h, 0xcc9e2d51), 15), 0x1b873593);
}

/** The signature of the words' blocks: each shingle's murmur3_32 of its three blocks, then the 64 minimums. */
function signatureOf(blocks: Int32Array): Uint32Array {
  const count = blocks.length - SHINGLE + 1;
  const shingles = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    let h = (Math.imul(rotl(blocks[i]!, 13), 5) + 0xe6546b64) | 0;
    h = (Math.imul(rotl(h ^ blocks[i + 1]!, 13), 5) + 0xe6546b64) | 0;
    h = (Math.imul(rotl(h ^ blocks[i + 2]!, 13), 5) + 0xe6546b64) | 0;
    shingles[i] = fmix32(h ^ (4 * SHINGLE));
  }
  const signature = new Uint32Array(SIGNATURE_SIZE);
  shingleMinimums(shingles, signature);
  return signature;
}

/**
 * The 64 minimums of h_i over `shingles`, into `signature`: through the SIMD loop, or `simd` null,
 * the plain one (the tests compare the two).
 */
export function shingleMinimums(shingles: Int32Array, signature: Uint32Array, simd: SimdMinimums | null = SIMD): void {
  if (simd?.minimums(shingles, signature)) return;
  const count = shingles.length;
  // Then one pass over the shingle hashes per four hash functions, keeping the running minimums
  // in locals: the tight loop is what keeps a 12,000-word page cheap. A minimum is kept with its
  // sign bit flipped, so that signed 32-bit comparisons order it as unsigned.
  for (let k = 0; k < SIGNATURE_SIZE; k += 4) {
    const s0 = SEEDS[k]!;
    const s1 = SEEDS[k + 1]!;
    const s2 = SEEDS[k + 2]!;
    const s3 = SEEDS[k + 3]!;
    let m0 = 0x7fffffff;
    let m1 = 0x7fffffff;
    let m2 = 0x7fffffff;
    let m3 = 0x7fffffff;
    for (let i = 0; i < count; i++) {
      const x = shingles[i]!;
      const v0 = fmix32(x ^ s0) ^ 0x80000000;
      const v1 = fmix32(x ^ s1) ^ 0x80000000;
      const v2 = fmix32(x ^ s2) ^ 0x80000000;
      const v3 = fmix32(x ^ s3) ^ 0x80000000;
      if (v0 < m0) m0 = v0;
      if (v1 < m1) m1 = v1;
      if (v2 < m2) m2 = v2;
      if (v3 < m3) m3 = v3;
    }
    signature[k] = m0 ^ 0x80000000;
    signature[k + 1] = m1 ^ 0x80000000;
    signature[k + 2] = m2 ^ 0x80000000;
    signature[k + 3] = m3 ^ 0x80000000;
  }
}

/**
 * The estimated Jaccard similarity of two pages' shingle sets: the fraction of positions where
 * their signatures are equal (0..1, in steps of 1/64).
 */
export function estimatedSimilarity(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) throw new RangeError(`signatures of different lengths (${a.length}, ${b.length})`);
  let equal = 0;
  for (let k = 0; k < a.length; k++) if (a[k] === b[k]) equal++;
  return equal / a.length;
}

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

/** murmur3's 32-bit finaliser, as a signed 32-bit integer. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
