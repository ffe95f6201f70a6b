// A 64-bit fingerprint of a string, for the sets and id tables that keep a site's URLs out of the
// heap: two 32-bit murmur3-style hashes over the UTF-16 code units, with different seeds and
// constants. Two distinct URLs share a fingerprint with odds of about n²/2⁶⁵ (one in 30 million
// for a million URLs); like Heritrix's already-seen filter, the crawl accepts that instead of
// keeping every URL string. Hand-written: it runs for every link of every page, and hashing
// through node:crypto costs ten times as much.

/** Writes `text`'s fingerprint into `out` (high half, low half): no allocation per call. */
export function fingerprint(text: string, out: Uint32Array): void {
  let a = 0x9747b28c ^ text.length;
  let b = 0x1b873593 ^ Math.imul(text.length, 0x85ebca6b);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let k = Math.imul(c, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    a ^= k;
    a = (Math.imul((a << 13) | (a >>> 19), 5) + 0xe6546b64) | 0;
    let j = Math.imul(c ^ 0x5bd1e995, 0x27d4eb2f);
    j = Math.imul((j << 17) | (j >>> 15), 0x165667b1);
    b ^= j;
    b = (Math.imul((b << 11) | (b >>> 21), 9) + 0x38b34ae5) | 0;
  }
  a = mix(a ^ b);
  b = mix(b + a);
  out[0] = a;
  out[1] = b;
}

/** murmur3's finaliser: every input bit reaches every output bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
