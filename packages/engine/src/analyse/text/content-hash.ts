// A 64-bit hash of a page's main-content words, for exact duplicates: two pages with the same hash
// have the same main text, word for word (case aside), where near-duplicates (minhash.ts) only
// share most of their three-word sequences. Pages below MIN_SIGNATURE_WORDS words are left out,
// as near-duplicates leave them out.
import { fingerprint } from '../../compact/fingerprint.js';
import { MIN_SIGNATURE_WORDS } from './minhash.js';
import type { TextProfile } from './words.js';

/** 16 hex digits, or null below MIN_SIGNATURE_WORDS words. */
export function contentHash(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>): string | null {
  const { vocabulary, wordIds } = profile;
  if (wordIds.length < MIN_SIGNATURE_WORDS) return null;
  const words = new Array<string>(wordIds.length);
  for (let j = 0; j < wordIds.length; j++) words[j] = vocabulary[wordIds[j]!]!;
  const out = new Uint32Array(2);
  fingerprint(words.join(' '), out);
  return out[0]!.toString(16).padStart(8, '0') + out[1]!.toString(16).padStart(8, '0');
}
