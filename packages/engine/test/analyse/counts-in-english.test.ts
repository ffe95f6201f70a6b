// English counts a reader counts that the rules let slip: a number word before a noun and `before`
// (only a span of time before `before` anchors it: "two years before"), a rate's change in
// percentage points, a count of a Latin plural ("25 microsatellite loci"), a count whose first
// word is set in quotation marks ("12 ‘taxonomic’ divisions"), a study's sample size ("n = 37"), and a
// table's large figures alone in their cells ("928 200 038").
import { describe, expect, it } from 'vitest';
import { findNumberWordPhrases } from '../../src/analyse/evidence/number-words.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';
import { profileText } from '../../src/analyse/text/words.js';

const phrases = (text: string): string[] => findNumberWordPhrases(profileText(text), 'en').map((p) => p.phrase);

describe('English number words', () => {
  it('count things before `before`; a span of time there is an anchor', () => {
    expect(phrases('SpaceX destroyed three rockets before the fourth made it to the stars.')).toEqual(['three rockets']);
    expect(phrases('It launched two years before the war.')).toEqual([]);
    // A hedged span before "before" is a length, as before.
    expect(phrases('It took about five years before I graduated.')).toEqual(['five years']);
  });

  it('count a change in percentage or basis points, not the text’s own points', () => {
    expect(phrases('The rate rose three percentage points in a year.')).toEqual(['three percentage']);
    expect(phrases('Here are three main points to remember.')).toEqual([]);
  });
});

describe('English counts in digits', () => {
  it('of a Latin plural, and past quotation marks around the first word', () => {
    expect(findStatistics('We genotyped 25 microsatellite loci.', 'en')).toEqual(['25 microsatellite']);
    expect(findStatistics('There are 12 ‘taxonomic’ divisions and 8 ‘functional’ divisions.', 'en')).toEqual(['12 ‘taxonomic', '8 ‘functional']);
    // A singular after a number is still a name's: "the old stunnel 3 syntax".
    expect(findStatistics('It keeps the old stunnel 3 syntax.', 'en')).toEqual([]);
  });

  it('a study’s sample size', () => {
    expect(findStatistics('Turtles from the rookery (n = 37) were sampled.', 'en')).toEqual(['37']);
    expect(findStatistics('Set x = 37 before the loop.', 'en')).toEqual([]);
  });
});

describe('a table’s figures', () => {
  it('count alone in their cells when their thousands are grouped by spaces or in two groups', () => {
    expect(findStatistics('Release 250\n928 200 038\n84 079 451\n127 803', 'en')).toEqual(['928 200 038', '84 079 451', '127 803']);
    expect(findStatistics('Total\n1,429,464,786', 'en')).toEqual(['1,429,464,786']);
    // A counter alone on its line stays a widget's: "Views / 1,234".
    expect(findStatistics('Views\n1,234', 'en')).toEqual([]);
  });
});
