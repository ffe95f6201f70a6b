// A 64-bit hash of a page's main-content words, for exact duplicates: two pages with the same hash
// have the same main text, word for word (case aside), where near-duplicates (minhash.ts) only
// share most of their three-word sequences. Pages below MIN_SIGNATURE_WORDS words are left out,
// as near-duplicates leave them out.
// The words are hashed as the profile holds them: the vocabulary (each distinct word, in order of
// first use) and the sequence of their ids, which together spell the text and nothing else. SHA-1
// in node:crypto reads them at native speed: a hand-written hash over the words joined as one
// string cost a long article half a millisecond.
import { createHash } from 'node:crypto';
import { MIN_SIGNATURE_WORDS } from './minhash.js';
import type { TextProfile } from './words.js';

/** 16 hex digits, or null below MIN_SIGNATURE_WORDS words. */
export function contentHash(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>): string | null {
  const { vocabulary, wordIds } = profile;
  if (wordIds.length < MIN_SIGNATURE_WORDS) return null;
  const hash = createHash('sha1');
  hash.update(new Uint8Array(new Int32Array(wordIds).buffer));
  // A separator no word holds keeps ["ab", "c"] apart from ["a", "bc"].
  hash.update(vocabulary.join('\u0000'));
  return hash.digest('hex').slice(0, 16);
}
