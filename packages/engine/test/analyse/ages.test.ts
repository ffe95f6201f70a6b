// Ages do not count (GUIDE.md of the evidence data set, `age`: "an identifying age (Parata, 75; a
// 17-year-old)"): a name's age in brackets, a thing's age after a verb of celebrating, an age after
// Russian "было", German "alt" declined as an adjective, and Italian and Dutch ages ("ha 25 anni",
// "25 jaar oud").
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('ages', () => {
  it('in brackets after a name, in years or months, are no statistic', () => {
    expect(findStatistics('De gauche à droite : Fadi (5 ans), Ro’a (10 mois) et Nour (8 ans).', 'fr')).toEqual([]);
    expect(findStatistics('Survivors include Mary Smith (45 years) and her son.', 'en')).toEqual([]);
    // A span in brackets after a lower-case word is a span: "la pausa (10 mois)".
    expect(findStatistics('Le chantier a duré longtemps (10 mois) avant la livraison.', 'fr')).toEqual(['10 mois']);
  });

  it('after a verb of celebrating and a possessive, after Russian "было", and before a declined "alt"', () => {
    expect(findStatistics('el Versailles, que en 2021 celebró sus 50 años', 'es')).toEqual([]);
    expect(findStatistics('Когда это произошло, ему было 13 лет.', 'ru')).toEqual([]);
    expect(findStatistics('zwischen einem über 30 Jahre alten Commodore 64 und einem Linux-Computer', 'de')).toEqual([]);
    expect(findStatistics('Die Arbeiten dauerten 30 Jahre.', 'de')).toEqual(['30 Jahre']);
  });

  it('in Italian and Dutch, as in the other languages read', () => {
    expect(findStatistics('Marco ha 25 anni; una bambina di 5 anni; morto all’età di 80 anni.', 'it')).toEqual([]);
    expect(findStatistics('La gara è durata 25 anni.', 'it')).toEqual(['25 anni']);
    expect(findStatistics('De renner is 25 jaar oud; een meisje van 12 jaar.', 'nl')).toEqual([]);
    expect(findStatistics('De bouw duurde 25 jaar.', 'nl')).toEqual(['25 jaar']);
    expect(findStatistics('Está dirigido a estudiantes de 15 años.', 'es')).toEqual([]);
  });
});

describe('an age after "aged" and a span that anchors a time behind a hedge', () => {
  it('are no statistic', () => {
    expect(findStatistics('Effect of vaccination in persons aged 50 years and older.', 'en')).toEqual([]);
    expect(findStatistics('lorsqu’ils ont commencé à enquêter, il y a plus de 5 ans.', 'fr')).toEqual([]);
    expect(findStatistics('dass ich mich vor über 10 Jahren damit befasst habe', 'de')).toEqual([]);
    expect(findStatistics('Sie wohnt seit über 10 Jahren hier.', 'de')).toEqual(['10 Jahren']);
  });
});

describe('a range of ages', () => {
  it('is no statistic', () => {
    expect(findStatistics('Is vaccination cost effective for healthy people between ages 65 and 74 years?', 'en')).toEqual([]);
  });
});

describe('bare ages in brackets after names', () => {
  it('are ages where news give them so (Norwegian, German, Dutch), a tally in English', () => {
    const cousins = 'Søskenbarna Fredrik Dahle Klocke (27) og Vetle Dahle (30) fra Flatanger er på eventyr rundt hele Norge.';
    expect(findStatistics(cousins, 'no')).toEqual([]);
    expect(findStatistics('Die Gründer Max Müller (34) und Jan Schmidt (41) leiten die Firma.', 'de')).toEqual([]);
    // "Amy Klobuchar (17) and Elizabeth Warren (12)": endorsements, a tally after each name.
    expect(findStatistics('Amy Klobuchar (17) and Elizabeth Warren (12) lead the endorsements.', 'en')).toEqual(['17', '12']);
    // Past a person's age, a number in brackets is no age: "Müller (1200) und Schmidt (900)".
    expect(findStatistics('Stimmen: Müller (1200) und Schmidt (900) lagen vorn.', 'de')).toEqual(['1200', '900']);
  });
});
