// Ratios and ranges count once, on their first number (GUIDE.md of the evidence data set, `ratio`
// and "Ranges and pairs"), in the languages read.
import { describe, expect, it } from 'vitest';
import { findStatisticOccurrences, findStatistics } from '../../src/analyse/evidence/statistics.js';

const counted = (text: string, lang: string) => findStatisticOccurrences(text, lang).map((f) => text.slice(f.numberStart, f.end));

describe('a ratio written with a word between its numbers', () => {
  it('counts in German, French and Italian as "1 in 4" does', () => {
    expect(findStatistics('Vor dem Krieg betrug der Wechselkurs 1 zu 47, heute mehr.', 'de')).toEqual(['1 zu']);
    expect(findStatistics('Un adulte sur quatre, soit 1 sur 4 en France.', 'fr')).toEqual(['1 sur']);
    expect(findStatistics('Colpisce 1 su 4 adulti.', 'it')).toEqual(['1 su']);
  });

  it('counts once: its second number is part of it, unless a unit makes that a quantity of its own', () => {
    expect(findStatistics('Heart disease hits 1 in 4 adults; 3 out of 5 people agree.', 'en')).toEqual(['1 in', '3 out']);
    expect(findStatistics('Of 1,200 users, 5 in 10 kg bags.', 'en')).toEqual(['1,200 users', '5 in', '10 kg']);
  });
});

describe('a range joined by "or"', () => {
  it('counts on its first number', () => {
    expect(counted('la situación se va a agravar en 30 o 40 días', 'es')).toEqual(['30 o 40 días']);
    expect(counted('we need 2 or 3 hours', 'en')).toEqual(['2 or 3 hours']);
  });
});
