// The same quantity of the same thing stated again counts once, where it is first stated (GUIDE.md
// of the evidence data set, "Restatements"): a count of two digits or more said again word for
// word, as a measured value is.
import { describe, expect, it } from 'vitest';
import { findStatisticOccurrences, findStatistics } from '../../src/analyse/evidence/statistics.js';
import { HEADING_END, HEADING_START } from '../../src/analyse/raw-document.js';

describe('a count stated again word for word', () => {
  it('counts once, where it is first stated', () => {
    const text =
      'La empresa anunció que despediría a 150 trabajadores. El sindicato rechazó la medida. El ministro se reunió con los 150 trabajadores y con 40 delegados.';
    expect(findStatistics(text, 'es')).toEqual(['150 trabajadores', '40 delegados']);
  });

  it('counts a small count again, and the same number of another thing', () => {
    const text = 'She has 2 dogs. Her brother has 2 dogs too. The shelter took in 150 cats and 150 rabbits.';
    expect(findStatistics(text, 'en')).toEqual(['2 dogs', '2 dogs', '150 cats', '150 rabbits']);
  });
});

describe('a heading before the body that states the same figure', () => {
  it('leaves the count to the body (the heading is the repeat)', () => {
    const text = `${HEADING_START}El barril se desplomó 22 por ciento${HEADING_END}\nEl barril se desplomó 22 por ciento este martes.`;
    const [only, ...rest] = findStatisticOccurrences(text, 'es');
    expect(rest).toEqual([]);
    expect(text.slice(only!.numberStart, only!.end)).toBe('22 por');
    expect(only!.start).toBeGreaterThan(text.indexOf(HEADING_END));
  });
});
