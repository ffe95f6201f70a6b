// A study's figures as a reader counts them: a statistical test's result ("P = 0.003", "a p-value
// of 0.028", "Cohen's d of 0.5") and values in hours and ångströms written by their symbols ("1 h",
// "1.4 Å") count; a confidence interval's bounds are part of the value before them.
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe("a study's figures", () => {
  it("count a statistical test's result after its symbol and sign, or its name and a verb", () => {
    expect(findStatistics('against moderate heat exposure (P = 0.003) or mild cold exposure (P<0.001) (Fig. 2).', 'en')).toEqual(['0.003', '0.001']);
    expect(findStatistics('One could obtain a p-value of 0.028 and in the next replication get a p of 0.817.', 'en')).toEqual(['0.028', '0.817']);
    expect(findStatistics("Least-squares linear fit (Pearson's r = 0.76); with Cohen's d of 0.5 and t(23) = 2.14.", 'en')).toEqual(['0.76', '0.5', '2.14']);
  });

  it('leave a page, a variable and a bare symbol alone', () => {
    expect(findStatistics('See p 23 and p. 45 of the report, where x = 5 and page 3.', 'en')).toEqual([]);
  });

  it("count a value once, not its confidence interval's bounds", () => {
    expect(findStatistics('The accuracy was 1.5 Å (95% confidence interval = 1.2–1.6 Å) against 3.5 Å for the next method.', 'en')).toEqual(['1.5 Å', '3.5 Å']);
    expect(findStatistics('The median is 1.46 Å (95% CI: 1.40 to 1.52).', 'en')).toEqual(['1.46 Å']);
  });

  it('count hours and ångströms written by their symbols', () => {
    expect(findStatistics('Exposure was cut to 1 h (instead of the 2 h planned); a carbon atom is about 1.4 Å wide.', 'en')).toEqual(['1 h', '2 h', '1.4 Å']);
  });
});
