// A figure a heading states and the body states again counts once, in the body (GUIDE.md of the
// evidence data set, "Headings before the body"): what the statistics scan finds, headings marked
// as the analyser marks them.
import { describe, expect, it } from 'vitest';
import { countStatistics, findStatisticOccurrences, findStatistics } from '../../src/analyse/evidence/statistics.js';
import { profileText } from '../../src/analyse/text/words.js';
import { HEADING_END, HEADING_START } from '../../src/analyse/raw-document.js';

const heading = (text: string) => `${HEADING_START}${text}${HEADING_END}`;

describe('a heading that states a figure of the body', () => {
  it('does not count it: the body does, separators aside', () => {
    const text = `${heading('Geldbuße bis 1000 Euro')}\nWer ohne Grund einreist, zahlt bis zu 1.000 Euro.`;
    expect(findStatistics(text, 'de')).toEqual(['1.000 Euro']);
    const [only] = findStatisticOccurrences(text, 'de');
    expect(text.slice(only!.numberStart, only!.end)).toBe('1.000 Euro');
  });

  it('counts a figure the body does not state, and a one-digit figure only with its own words', () => {
    const text = `${heading('150 despidos y 3 días de paro')}\nLa empresa enviaría a 125 trabajadores al seguro de paro durante 3 semanas.`;
    const found = findStatistics(text, 'es');
    expect(found).toContain('150 despidos');
    // `3 días` is not `3 semanas`: both count.
    expect(found.filter((s) => s.startsWith('3 '))).toHaveLength(2);
  });
});

describe('a number word in a heading', () => {
  it('counts nothing: a title says "Three Cases", the text under it gives the figure', () => {
    const text = `${heading('Three Cases of Plague Diagnosed in China')}\nHealth officials confirmed that three patients were treated in Beijing.`;
    const profile = profileText(text);
    // The body's "three patients" counts, once.
    expect(countStatistics(text, profile, 'en')).toBe(1);
    const title = `${heading('Deux initiatives')}\nLe projet compte deux volets.`;
    expect(countStatistics(title, profileText(title), 'fr')).toBe(1);
  });
});
