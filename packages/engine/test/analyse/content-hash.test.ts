import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src/analyse/text/content-hash.js';
import { MIN_SIGNATURE_WORDS } from '../../src/analyse/text/minhash.js';

const profile = (words: string[]) => {
  const vocabulary = [...new Set(words)];
  return { vocabulary, wordIds: Int32Array.from(words, (w) => vocabulary.indexOf(w)) } as unknown as Parameters<typeof contentHash>[0];
};
const words = Array.from({ length: MIN_SIGNATURE_WORDS }, (_, i) => `word${i % 17}`);

describe('contentHash', () => {
  it('is the same for the same words in the same order, and differs when one word does', () => {
    expect(contentHash(profile(words))).toMatch(/^[0-9a-f]{16}$/);
    expect(contentHash(profile([...words]))).toBe(contentHash(profile(words)));
    expect(contentHash(profile([...words.slice(0, -1), 'other']))).not.toBe(contentHash(profile(words)));
    expect(contentHash(profile([...words].reverse()))).not.toBe(contentHash(profile(words)));
  });

  it('leaves out pages under MIN_SIGNATURE_WORDS words, as near-duplicates do', () => {
    expect(contentHash(profile(words.slice(1)))).toBeNull();
  });
});
