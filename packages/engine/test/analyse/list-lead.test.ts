// A count whose sentence goes on to a colon leads into the list of its items: a count of the text's
// own items (GUIDE.md of the evidence data set, `structural`), in digits and in words.
import { describe, expect, it } from 'vitest';
import { leadsIntoListLater } from '../../src/analyse/evidence/list-lead.js';
import { countStatistics, findStatistics } from '../../src/analyse/evidence/statistics.js';
import { profileText } from '../../src/analyse/text/words.js';

const inWordsAndDigits = (text: string, lang: string) => countStatistics(text, profileText(text), lang);

describe('a count that leads into a list', () => {
  it('reads the colon that closes its sentence, not one past a sentence end, a number or a clock time', () => {
    const text = 'keep two versions of your dependencies: the old and the new';
    expect(leadsIntoListLater(text, text.indexOf(' versions'))).toBe(true);
    expect(leadsIntoListLater('two versions. Then: more', 3)).toBe(false);
    expect(leadsIntoListLater('two teams met 3 times: twice at home', 3)).toBe(false);
    expect(leadsIntoListLater('two trains left at 10:30 today', 3)).toBe(false);
  });

  it('counts nothing, in digits or in words', () => {
    expect(findStatistics('A continuación, compartimos 10 datos que todo católico debe saber sobre el domingo:', 'es')).toEqual([]);
    expect(inWordsAndDigits('To solve this you want to keep two versions of your dependencies:', 'en')).toBe(0);
    expect(inWordsAndDigits('Mora mencionó que hay dos tipologías de zonas de descanso: la primera se refiere a espacios de bienestar.', 'es')).toBe(0);
  });

  it('leaves a count of more than a list holds, and a count whose sentence ends first', () => {
    expect(findStatistics('The survey asked 1,200 users one question: would they pay?', 'en')).toEqual(['1,200 users']);
    expect(findStatistics('The survey asked 40 users. The question: would they pay?', 'en')).toEqual(['40 users']);
  });
});
