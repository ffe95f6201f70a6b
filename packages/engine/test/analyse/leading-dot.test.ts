// A decimal written without its leading zero is a measured value (GUIDE.md of the evidence data set,
// `score`): a batting average ".283".
import { describe, expect, it } from 'vitest';
import { isLeadingDotDecimal } from '../../src/analyse/evidence/leading-dot.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('a decimal without its leading zero', () => {
  it('counts', () => {
    expect(findStatistics('Juan Lagares ha bateado para .283, sin jonrón.', 'es')).toEqual(['283']);
    expect(isLeadingDotDecimal('(p < .05)', 6, 8)).toBe(true);
  });

  it("leaves a file's extension, a version and a decimal's tail", () => {
    expect(findStatistics('Download file.7z or setup.exe', 'en')).toEqual([]);
    expect(isLeadingDotDecimal('v1.283 here', 3, 6)).toBe(false);
    expect(isLeadingDotDecimal('a .2345 tail', 3, 7)).toBe(false);
  });

  it("leaves a date's parts that a page spaces out", () => {
    expect(findStatistics('Publié le\n   08      .12      .19   \nmardi', 'fr')).toEqual([]);
    expect(findStatistics('Juan Lagares ha bateado para .283 desde el 08 .12, sin jonrón.', 'es')).toEqual(['283 desde']);
  });
});
