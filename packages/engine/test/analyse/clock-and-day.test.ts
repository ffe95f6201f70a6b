// Clock times, days of a month and a date range's first day are no statistics (GUIDE.md of the
// evidence data set, `date`), nor a version after a standard's name ("HTTP/3", `identifier`), nor
// the lower places of an amount written in myriads ("1億2000万円", the amount counts once), nor the
// tax inside a price ("1,200円 (+消費税120円)").
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('times and days', () => {
  it('an hour and its minutes after the hour’s article or preposition', () => {
    expect(findStatistics('finalizando el ruido, como pronto, a las 22.30 horas.', 'es')).toEqual([]);
    expect(findStatistics('Der Markt schließt um 18.30 Uhr.', 'de')).toEqual([]);
    // A length of time with a decimal stays one: "it took 22.30 hours".
    expect(findStatistics('The repair took 22.30 hours in all.', 'en')).toEqual(['22.30 hours']);
  });

  it('a day named by its number, and a range of days before a month', () => {
    expect(findStatistics('La miembro de la Plataforma coincide: "el día 15 era muy bonito".', 'es')).toEqual([]);
    expect(findStatistics('la fiesta ha tenido lugar desde el 2 hasta el 15 de mayo ininterrumpidamente', 'es')).toEqual([]);
    // The range's quantity is its second number's: "de 2 hasta el 15 kilos".
    expect(findStatistics('Pesan de 2 hasta el 15 kilos.', 'es')).toEqual(['15 kilos']);
  });
});

describe('names and parts of one amount', () => {
  it('a version after a capitalised standard and a slash', () => {
    expect(findStatistics('This might come in handy when HTTP/3 takes off.', 'en')).toEqual([]);
    expect(findStatistics('Add 1/3 cups of flour.', 'en')).toEqual(['1/3 cups']);
  });

  it('an amount in myriads counts once; the tax in a price is part of it', () => {
    expect(findStatistics('不正に約1億2000万円を支払わせて', 'ja')).toEqual(['1億']);
    expect(findStatistics('市内の人口は5万3000人です。', 'ja')).toEqual(['5万']);
    expect(findStatistics('1,200円 (+消費税120円)', 'ja')).toEqual(['1,200円']);
  });
});
