// A rating widget's row in the singular, and a model's name that ends in a letter a magnitude is
// written with, are no statistics (GUIDE.md of the evidence data set, `ui` and `identifier`).
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('widgets and names', () => {
  it('leave out a rating row in the singular, on a line of its own', () => {
    expect(findStatistics('Avis clients\n1 étoile\n2 étoiles', 'fr')).toEqual([]);
  });

  it('read "Block 1B" as a name, and "$1B" or "a 1B budget" as billions', () => {
    expect(findStatistics('a lander on an SLS Block 1B, they said.', 'en')).toEqual([]);
    expect(findStatistics('The agency asked for $1B, a budget of 2B too.', 'en')).toEqual(['$1B', '2B']);
  });
});

describe('a reference’s volume and pages after its year', () => {
  it('is no ratio', () => {
    expect(findStatistics('Ann Intern Med. 2004;190:1-10.', 'en')).toEqual([]);
    expect(findStatistics('The vote was 190:1 in favour.', 'en')).toEqual(['190:1']);
  });
});
