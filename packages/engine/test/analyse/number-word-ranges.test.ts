// A range or ratio written in number words counts once, on its first number, in each language read
// (GUIDE.md of the evidence data set, "Ranges and pairs"), and a percent written in two words ("por
// ciento", "pour cent") counts on its number: its "ciento" is no hundred.
import { describe, expect, it } from 'vitest';
import { findNumberWordPhrases } from '../../src/analyse/evidence/number-words.js';
import { profileText } from '../../src/analyse/text/words.js';

const phrases = (text: string, lang: string): string[] => findNumberWordPhrases(profileText(text), lang).map((p) => p.phrase);

describe('number words joined into a range', () => {
  it('count once, on the first, in French, German and Spanish', () => {
    expect(phrases('pour encore trois ou quatre semaines', 'fr')).toEqual(['trois ou quatre semaines']);
    expect(phrases('Der Verbrauch liegt bei etwa vier bis sechs Prozent des Diesels.', 'de')).toEqual(['vier bis sechs prozent']);
    expect(phrases('tarda de dos a cinco días', 'es')).toEqual(['dos a cinco días']);
  });
});

describe('a percent written in two words', () => {
  it('counts on its number, and its "ciento" is no number of its own', () => {
    expect(phrases('el crudo bajó cuatro por ciento, y el otro 22 por ciento', 'es')).toEqual(['cuatro por ciento']);
    expect(phrases('une hausse de trois pour cent', 'fr')).toEqual(['trois pour cent']);
  });
});
