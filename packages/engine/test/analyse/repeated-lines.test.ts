// A block the page writes twice states its figures once: the later copy is a repeat. Short lines
// that recur ("2 Stück") are values that happen to be equal, and count each time.
import { describe, expect, it } from 'vitest';
import { repeatedLineSpans } from '../../src/analyse/evidence/repeated-lines.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('repeated lines', () => {
  it("count a duplicated block's figures once", () => {
    const ingredients = '4 stengels selder, 2 wortels, 3 uien';
    expect(findStatistics(`Ingrediënten\n${ingredients}\nBereiding\nSnijd alles.\n${ingredients}\nKook 20 minuten.`, 'nl')).toEqual([
      '4 stengels',
      '2 wortels',
      '3 uien',
      '20 minuten',
    ]);
  });

  it('are lines of twelve characters or more that repeat an earlier line word for word, spaces around them aside', () => {
    expect(repeatedLineSpans('The battery lasts 12 hours.\nOther text\n  The battery lasts 12 hours. \n2 Stück\n2 Stück')).toEqual([[39, 69]]);
    expect(repeatedLineSpans('The battery lasts 12 hours.\nThe battery lasts 14 hours.')).toEqual([]);
  });
});
