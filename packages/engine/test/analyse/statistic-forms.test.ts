// Each statistic the rules count carries the form that read it (statistics.ts's header), which
// `npm run evidence:forms` counts against the evidence data set's labels; candidates carry it too.
import { describe, expect, it } from 'vitest';
import { findStatisticOccurrences } from '../../src/analyse/evidence/statistics.js';
import { evidenceCandidates } from '../../src/analyse/evidence/candidates.js';

const forms = (text: string, lang = 'en') => findStatisticOccurrences(text, lang).map((o) => [text.slice(o.numberStart, o.end), o.form]);

describe('the form each statistic is read by', () => {
  it('names the word or sign that made the number a statistic', () => {
    expect(forms('In 2024, 42% of 1,200 users paid $120 for 3.5 GB, 1 in 4 of them within 2 million sessions.')).toEqual([
      ['42%', 'percentage'],
      ['1,200 users', 'count'],
      ['120', 'money'],
      ['3.5 GB', 'unit'],
      ['1 in', 'ratio'],
      ['2 million', 'magnitude'],
    ]);
  });

  it('is carried by the candidates the rules count, words included, and by no other', () => {
    const text = 'Three engineers shipped 14 releases in 2023.';
    const numbers = evidenceCandidates({ text, lang: 'en', links: [], markupQuotations: [], siteDomain: 'example.com' }).numbers;
    expect(numbers.map((n) => [n.token, n.form])).toEqual([
      ['Three', 'words'],
      ['14', 'count'],
      ['2023', undefined],
    ]);
  });
});
