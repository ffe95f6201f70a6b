// The brand reader's common words, plurals included: a word is common as it stands or as the
// plural of one, whichever ending it took.
import { describe, expect, it } from 'vitest';
import { isCommonWord } from '../../../src/answer-engines/brands/lexicon.js';

describe('common words and their plurals', () => {
  it('reads a German plural by every ending it may have: `-n` after a singular’s `e` as well as `-en`', () => {
    expect(isCommonWord('Kirchen', 'de')).toBe(true);
    expect(isCommonWord('Adressen', 'de')).toBe(true);
    expect(isCommonWord('Frauen', 'de')).toBe(true);
  });

  it('takes no `-e` after a singular’s `e` for a German plural: a brand that looks like one stays a name', () => {
    expect(isCommonWord('Easee', 'de')).toBe(false);
  });

  it('changes an Italian singular’s last vowel, and adds `-s` or `-es` in English', () => {
    expect(isCommonWord('depositi', 'it')).toBe(true);
    expect(isCommonWord('boxes', 'en')).toBe(true);
  });
});
