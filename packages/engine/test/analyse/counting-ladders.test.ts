// Numbers that only count along, a line each (an odometer's wheels, a pager, a code box's gutter),
// are no statistics; a column of values that does not count along still is.
import { describe, expect, it } from 'vitest';
import { countingLadderSpans } from '../../src/analyse/evidence/counting-ladders.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

const odometer = (wheels: number) => Array.from({ length: wheels * 10 }, (_, i) => String(i % 10)).join('\n');

describe('counting ladders', () => {
  it('leave an odometer’s wheels out and keep the text’s statistics', () => {
    expect(findStatistics(`${odometer(2)}\n南生运营：4人月一个人开发4个月`, 'zh')).toEqual(['4人', '4个']);
    expect(findStatistics(`${odometer(6)}\nWe had 40 users.`, 'en')).toEqual(['40 users']);
  });

  it('are four lines or more, each one more than the last, blank lines between allowed', () => {
    expect(countingLadderSpans('1\n2\n3\n4\nnext')).toEqual([[0, 7]]);
    expect(countingLadderSpans('8\n \n9\n\n10\n11')).toEqual([[0, 12]]);
    expect(countingLadderSpans('7\n8\n9\n0\n1')).toEqual([[0, 9]]);
    // Three in a row, a column that does not count along, and a line with words are no ladder.
    expect(countingLadderSpans('1\n2\n3\nnext')).toEqual([]);
    expect(countingLadderSpans('12\n7\n9\n3\n4')).toEqual([]);
    expect(countingLadderSpans('1\n2 goals\n3\n4\n5')).toEqual([]);
  });
});
