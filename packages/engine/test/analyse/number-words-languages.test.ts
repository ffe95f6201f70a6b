// Statistics written in words in Portuguese, Italian, Dutch and Polish, read as in the other
// languages: a number word before what it counts, once per number, and not where it is a time
// anchor, a reference back to items already named, or another word spelled the same.
import { describe, expect, it } from 'vitest';
import { findNumberWords, findNumberWordPhrases } from '../../src/analyse/evidence/number-words.js';
import { profileText } from '../../src/analyse/text/words.js';

const phrases = (text: string, lang: string): string[] => findNumberWordPhrases(profileText(text), lang).map((p) => p.phrase);
const words = (text: string, lang: string): string[] => findNumberWords(text, lang).map(({ start, end }) => text.slice(start, end));

describe('Portuguese number words', () => {
  it('count what they count, a compound with "e" once on its first word', () => {
    expect(phrases('nos últimos oito meses, uma sequência de cinco ofícios sigilosos', 'pt')).toEqual(['oito meses', 'cinco ofícios']);
    expect(phrases('Dois soldados foram presos, vinte e cinco pessoas feridas', 'pt')).toEqual(['dois soldados', 'vinte e cinco pessoas']);
  });
  it('do not count a time anchor, items already named, or a percent\'s "cento"', () => {
    expect(phrases('Aconteceu há dois anos, e as duas empresas assinaram', 'pt')).toEqual([]);
    expect(phrases('subiu três por cento', 'pt')).toEqual(['três por cento']);
  });
});

describe('Italian number words', () => {
  it('count what they count, compounds written as one word too', () => {
    expect(phrases('tre volte a settimana, due bottiglie di acqua, ventitré persone, duemila euro', 'it')).toEqual([
      'tre volte',
      'due bottiglie',
      'ventitré persone',
      'duemila euro',
    ]);
    expect(words('cinquantotto e trentatré', 'it')).toEqual(['cinquantotto', 'trentatré']);
  });
  it('do not count "sei" as "(you) are", a time anchor, or items already named', () => {
    expect(phrases('Sei sicuro? Sei mesi fa i due ragazzi partirono', 'it')).toEqual([]);
    expect(phrases('durò sei mesi', 'it')).toEqual(['sei mesi']);
  });
});

describe('Dutch number words', () => {
  it('count what they count, compounds of units and tens too', () => {
    expect(phrases('vijf plaatsen, vijfentwintig mensen, drie procent', 'nl')).toEqual(['vijf plaatsen', 'vijfentwintig mensen', 'drie procent']);
  });
  it('do not count a time anchor or items already named', () => {
    expect(phrases('twee jaar geleden spraken de twee partijen', 'nl')).toEqual([]);
  });
});

describe('Polish number words', () => {
  it('count what they count, in their case forms', () => {
    expect(phrases('przez ostatnie osiem miesięcy przy pomocy czterech holowników; Dwa niszczyciele', 'pl')).toEqual([
      'osiem miesięcy',
      'czterech holowników',
      'dwa niszczyciele',
    ]);
  });
  it('do not count a time anchor', () => {
    expect(phrases('dwa lata temu', 'pl')).toEqual([]);
  });
});

describe('a compound number joined by "y"', () => {
  it('counts once, on its first word, in Spanish too', () => {
    expect(phrases('durante treinta y cinco años', 'es')).toEqual(['treinta y cinco años']);
  });
});

describe('number words that are no statistic of their own', () => {
  it('a plural magnitude with no number, a decade, an anchor ahead, an article joined to a preposition', () => {
    expect(phrases('miliardy napłyną do Polski', 'pl')).toEqual([]);
    expect(phrases('alla fine degli anni Novanta', 'it')).toEqual([]);
    expect(phrases('Za dwa miesiące ta stanie się obowiązkowa', 'pl')).toEqual([]);
    expect(phrases('bem-visto nas duas maiores bancadas; cabe aos dois', 'pt')).toEqual([]);
  });
  it('a number and a half is one number, on its first word', () => {
    expect(phrases('mowa o trzech i pół miliona ludzi', 'pl')).toEqual(['trzech i pół miliona ludzi']);
  });
});

describe('a large magnitude and what it counts, joined by "de"', () => {
  it('counts, after a number, an article, or a definite article', () => {
    expect(phrases('hay más de un millón de personas', 'es')).toEqual(['millón de personas']);
    expect(phrases('supera los dos millones de habitantes', 'es')).toEqual(['dos millones de habitantes']);
    expect(phrases('casi un millón y medio de víctimas', 'es')).toEqual(['millón y medio de víctimas']);
    expect(phrases('trois millions de dollars', 'fr')).toEqual(['trois millions de dollars']);
  });
  it('is vague in the plural with no number', () => {
    expect(phrases('des millions de gens', 'fr')).toEqual([]);
  });
});
