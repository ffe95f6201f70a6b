// A table of figures posted in a code box for its columns is no code (GUIDE.md of the evidence data
// set, `code`: "a command, a terminal's output, a formula or a configuration value"): its numbers count.
import { describe, expect, it } from 'vitest';
import { isDataTable } from '../../src/analyse/evidence/data-tables.js';
import { countStatistics } from '../../src/analyse/evidence/statistics.js';
import { CODE_END, CODE_START } from '../../src/analyse/raw-document.js';
import { profileText } from '../../src/analyse/text/words.js';

const TABLE = 'Metro Area    Population %Transit New York 19,015,900 32.38 Los Angeles 12,944,801 6.55 Chicago 9,504,753 12.20 Dallas 6,526,548 1.51';
const count = (text: string) => countStatistics(text, profileText(text), 'en');

describe('a table of figures in a code box', () => {
  it('counts each of its numbers', () => {
    expect(isDataTable(TABLE)).toBe(true);
    expect(count(`United States:\n${CODE_START}${TABLE}${CODE_END}`)).toBe(8);
  });

  it('leaves code, a terminal output and a short box', () => {
    expect(isDataTable('let a = [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5];')).toBe(false);
    expect(isDataTable('Bus 001 Device 006: ID 16c0:0478 Teensy 1.25 2.50 3.75 4.00 5.25 6.50')).toBe(false);
    expect(isDataTable('Chicago 9,504,753 12.20')).toBe(false);
    expect(count(`${CODE_START}ping 10.0.0.1 time=1.23 ms time=1.25 ms time=1.20 ms time=1.22 ms${CODE_END}`)).toBe(0);
  });
});
