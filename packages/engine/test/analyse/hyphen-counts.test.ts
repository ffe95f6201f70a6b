// A count joined by a hyphen to the parts it counts is a specification figure (GUIDE.md of the
// evidence data set, `spec`, `count`): "eine 6-polige DIN-Buchse", "a 4-door car".
import { describe, expect, it } from 'vitest';
import { isHyphenedPartCount } from '../../src/analyse/evidence/hyphen-counts.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('a count joined by a hyphen to the parts it counts', () => {
  it('counts, declined in German too', () => {
    expect(findStatistics('Als Stecker wird üblicherweise eine 6-polige DIN-Buchse verwendet.', 'de')).toEqual(['6-polige']);
    expect(findStatistics('Eine mindestens 6-adrige Leitung.', 'de')).toEqual(['6-adrige']);
    expect(findStatistics('They rented a 3-bedroom flat.', 'en')).toEqual(['3-bedroom']);
    expect(isHyphenedPartCount('poligen')).toBe(true);
  });

  it('leaves other words joined by a hyphen', () => {
    expect(isHyphenedPartCount('year')).toBe(false);
    expect(findStatistics('the 2-fold cross-validation of a top-10 list', 'en')).toEqual([]);
  });
});
