// The statistics model's number features (evidence/number-features.ts): what each number's
// neighbourhood says of it, and the integer-coded scoring agreeing with a model read by name.
import { describe, expect, it } from 'vitest';
import { evidenceCandidates } from '../../src/analyse/evidence/candidates.js';
import { MAX_NUMBER_FEATURES } from '../../src/analyse/evidence/number-feature-ids.js';
import { numberFeatureNames, readNumbers } from '../../src/analyse/evidence/number-features.js';
import { numbersCounted } from '../../src/analyse/evidence/number-model.js';
import { findNumberWords } from '../../src/analyse/evidence/number-words.js';
import type { EvidenceModel } from '../../src/analyse/evidence/models.js';

const TEXT = [
  'The company hired 1,200 people in 2024, up 12% from $3.5 million.',
  'Weight: 3 kg',
  'Version 1.8.3 of the app ships with 5 to 7 themes, and rooms of 69 × 176 cm.',
  'キーストローク2.5mmの薄型キー、約3万人が利用。',
].join('\n');

function featuresOf(text: string, lang: string) {
  const { numbers } = evidenceCandidates({ text, lang, links: [], markupQuotations: [], siteDomain: 'example.com' });
  const reading = readNumbers(text, numbers, lang);
  const buffer = new Int32Array(MAX_NUMBER_FEATURES);
  return { numbers, names: numbers.map((_, i) => numberFeatureNames(reading, i, buffer)) };
}

describe('number features', () => {
  const { numbers, names } = featuresOf(TEXT, 'en');
  const of = (token: string, nth = 0) => names[numbers.map((n, i) => [n.token, i] as const).filter(([t]) => t === token)[nth]![1]]!;

  it('read the number, the word after it and the sign before it', () => {
    expect([...of('1,200')]).toEqual(expect.arrayContaining(['rules', 'grouped', 'next-content-word', 'next=people', 'prev=hired']));
    expect([...of('2024')]).toEqual(expect.arrayContaining(['year-like', 'next-comma']));
    expect([...of('12')]).toEqual(expect.arrayContaining(['next-percent', 'prev-bound']));
    expect([...of('3.5')]).toEqual(expect.arrayContaining(['decimal', 'prev-currency-sign', 'next-magnitude']));
    expect([...of('1.8.3')]).toEqual(expect.arrayContaining(['dotted', 'prev-identifier-noun']));
  });

  it('read lines, ranges and dimensions', () => {
    expect([...of('3')]).toEqual(expect.arrayContaining(['block-short', 'block-labelled', 'next-unit', 'prev-colon']));
    expect([...of('5')]).toEqual(expect.arrayContaining(['next-digit']));
    expect([...of('7')]).toEqual(expect.arrayContaining(['prev-range']));
    expect([...of('176')]).toEqual(expect.arrayContaining(['prev-times', 'next-unit']));
  });

  it('read units and counters written against CJK characters', () => {
    // Written against the characters before and after them, as Japanese writes numbers.
    expect([...of('2.5')]).toEqual(expect.arrayContaining(['decimal', 'next-unit']));
    const { numbers: ja, names: jaNames } = featuresOf('利用者は約3万人、地球の2.4倍。H2Oとmp3。', 'ja');
    expect(ja.map((n) => n.token)).toEqual(['3', '2.4']);
    expect([...jaNames[0]!]).toEqual(expect.arrayContaining(['next-cjk-magnitude', 'next-cjk', 'next=万', 'lang-cjk']));
  });

  it('score by feature id as a model read by name does', () => {
    const model: EvidenceModel = {
      bias: -1,
      weights: { rules: 1.5, 'next-percent': 2, 'year-like': -3, 'next=people': 0.4, 'prev=hired': 0.2 },
      threshold: 0.5,
    };
    const byName = names.map((f) => {
      let z = model.bias;
      for (const name of f) z += model.weights[name] ?? 0;
      return 1 / (1 + Math.exp(-z)) >= model.threshold;
    });
    expect(numbersCounted(model, TEXT, numbers, 'en')).toEqual(byName);
    expect(byName.some(Boolean)).toBe(true);
  });
});

describe('number words', () => {
  it('are found by their scan as a scan of every word finds them', () => {
    const text = 'Two-thirds of the forty-two staff, three-day trips; well-two is no number, nor twos. THREE hundred';
    const found = findNumberWords(text, 'en').map(({ start, end }) => text.slice(start, end));
    expect(found).toEqual(['Two-thirds', 'forty-two', 'three-day', 'THREE', 'hundred']);
  });
});
