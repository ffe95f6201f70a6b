// A table's row of results, each cell a bare number alone on its line: a scoresheet's points per
// heat (GUIDE.md of the evidence data set, `score`: "a result or measured value"); not a header's
// numbering (`list`), a row's number before its name (`identifier`), a rating histogram or a size
// guide (`ui`).
import { describe, expect, it } from 'vitest';
import { inResultRow } from '../../src/analyse/evidence/result-rows.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

const cells = (...lines: string[]) => lines.join('\n \t\t\n');

describe('a row of results', () => {
  it('counts each cell of a scoresheet row, a marked one and a bonus too', () => {
    const text = cells('Nr', 'Zawodnik', '1', '2', '3', '4', 'Suma', '9', 'E. Sajfutdinow', '3', '2*', '0', '-', '\t\t5 \t\t+2', '10', 'J. Kołodziej');
    expect(findStatistics(text, 'pl')).toEqual(['3', '2', '0', '5', '2']);
  });

  it('reads only a number alone in its cell, in a row of three numbers or more', () => {
    expect(inResultRow('Team A\n3\n1\nTeam B', 'Team A\n'.length)).toBe(false);
    expect(inResultRow('She scored 3 goals\n1\n2', 'She scored '.length)).toBe(false);
    expect(inResultRow('Team A\n3\n1\n4\nend of table', 'Team A\n'.length)).toBe(true);
  });

  it('leaves a header numbering, a rating histogram and a size guide', () => {
    expect(findStatistics(cells('Heat', '1', '2', '3', '4', '5', 'Total'), 'en')).toEqual([]);
    expect(findStatistics(cells('Rating Breakdown', '5', '27', '4', '8', '3', '1', '2', '0', '1', '0', 'Reviews'), 'en')).toEqual([]);
    expect(findStatistics(cells('Tamanho', '38', '40', '42', '44', 'Cintura', '58', '62', '64', '68', '72', 'Anca'), 'pt')).toEqual([]);
  });
});
