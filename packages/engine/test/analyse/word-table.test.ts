// The word table gives each distinct word one id, whatever the table's size or the hashes' clashes.

import { describe, expect, it } from 'vitest';
import { WordTable } from '../../src/analyse/text/word-table.js';

describe('word table', () => {
  it('finds a word met before by its place in any text, and adds a new one', () => {
    const table = new WordTable();
    const text = 'seo and geo and seo';
    expect([table.idOf(text, 0, 3), table.idOf(text, 4, 7), table.idOf(text, 8, 11), table.idOf(text, 12, 15), table.idOf(text, 16, 19)]).toEqual([
      0, 1, 2, 1, 0,
    ]);
    expect(table.idOf('a geo b', 2, 5)).toBe(2);
    expect(table.words).toEqual(['seo', 'and', 'geo']);
  });

  it('keeps every id through growth, with words that share a prefix or a hash', () => {
    const table = new WordTable();
    // "Aa" and "BB" hash alike under ×31; prefixes of one another differ by length only.
    const words = ['Aa', 'BB', 'AaAa', 'BBBB', 'AaBB', 'BBAa', 'a', 'aa', 'aaa'];
    for (let i = 0; i < 5000; i++) words.push(`w${i}`);
    const ids = words.map((w) => table.idOf(w, 0, w.length));
    expect(ids).toEqual(words.map((_, i) => i));
    expect(words.map((w) => table.idOf(`(${w})`, 1, w.length + 1))).toEqual(ids);
    expect(table.words).toEqual(words);
  });
});
