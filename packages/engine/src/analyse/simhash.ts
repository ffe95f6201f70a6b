// A 64-bit SimHash (Charikar 2002, as Manku et al. used it for near-duplicate web pages at Google,
// WWW 2007) of a page's main-content words. Similar texts give hashes that differ in few bits:
// the audit's near-duplicate check clusters pages whose hashes are at most 3 bits apart, the
// threshold that paper found right for 64-bit hashes of web pages.
//
// Features are overlapping 3-word shingles, so that word order counts and a shared boilerplate
// vocabulary alone does not make two pages look alike. Each shingle is hashed to 64 bits as two
// independent 32-bit FNV-1a hashes (different offsets), which keeps the arithmetic in 32-bit
// integers rather than BigInt.

/** Below this many words a page's hash says little; the check leaves such pages out. */
export const MIN_SIMHASH_WORDS = 50;

const SHINGLE = 3;
const FNV_PRIME = 0x01000193;

export function contentSimHash(words: readonly string[]): string | null {
  if (words.length < MIN_SIMHASH_WORDS) return null;
  const weights = new Int32Array(64);
  for (let i = 0; i + SHINGLE <= words.length; i++) {
    let high = 0x811c9dc5;
    let low = 0x050c5d1f;
    for (let w = i; w < i + SHINGLE; w++) {
      const word = words[w]!;
      for (let c = 0; c < word.length; c++) {
        const code = word.charCodeAt(c);
        high = Math.imul(high ^ code, FNV_PRIME);
        low = Math.imul(low ^ code, FNV_PRIME);
      }
      // A separator, so that "ab c" and "a bc" differ.
      high = Math.imul(high ^ 0x20, FNV_PRIME);
      low = Math.imul(low ^ 0x1f, FNV_PRIME);
    }
    // FNV-1a's low bits mix poorly on short inputs: finish each half with a murmur3 fmix32.
    high = fmix32(high);
    low = fmix32(low);
    for (let bit = 0; bit < 32; bit++) {
      weights[bit]! += (high >>> bit) & 1 ? 1 : -1;
      weights[32 + bit]! += (low >>> bit) & 1 ? 1 : -1;
    }
  }
  let high = 0;
  let low = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit]! > 0) high |= 1 << bit;
    if (weights[32 + bit]! > 0) low |= 1 << bit;
  }
  return hex32(high) + hex32(low);
}

/** Bits in which two hashes of `contentSimHash` differ (0..64). */
export function simHashDistance(a: string, b: string): number {
  return popcount32(parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) + popcount32(parseInt(a.slice(8), 16) ^ parseInt(b.slice(8), 16));
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex32(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

function popcount32(n: number): number {
  n = n - ((n >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
