// A note's number set right after a sentence's last word and its stop, as a superscript reads once a
// page's text is extracted ("reason about.6"), is a reference, not a statistic; a decimal with its
// leading dot and a value after an abbreviation's stop are values.
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('note marks', () => {
  it('are no statistics after a word and its full stop, comma or semicolon, nor counts of the next line', () => {
    // A shop's review and its stars, the reviewer's name on the next line.
    expect(findStatistics('So soft and cuddly.5\ndjungelfriendthinkinaboutdjungelskogHe is big enough for a hug.', 'en')).toEqual([]);
    expect(findStatistics('This was noted in the survey.12\nrespondents agreed, and 40 people did not.', 'en')).toEqual(['40 people']);
    expect(findStatistics('As the survey showed,12 and as others found;3 it holds for 40 people.', 'en')).toEqual(['40 people']);
  });

  it('leave a leading-dot decimal and a value after an abbreviation alone', () => {
    expect(findStatistics('Juan Lagares ha bateado para .283, sin jonrón.', 'es')).toEqual(['283']);
    expect(findStatistics('Die Strecke ist ca.5 km lang.', 'de')).toEqual(['5 km']);
  });
});
