// Read from the twelfth kept-aside set's errors once it joined development: "desde hace" measures a
// span where "hace" alone dates it; "años de edad" closes an age in words as in digits; a Russian
// case ending joined by a hyphen is an ordinal's, not a unit ("в 2019-м"); a Japanese day after its
// month is a date's ("3月25日に"); an HTTP status code named before its number is an identifier
// ("the code 444 closes…").
import { describe, expect, it } from 'vitest';
import { findNumberWordPhrases } from '../../src/analyse/evidence/number-words.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';
import { profileText } from '../../src/analyse/text/words.js';

const inWords = (text: string, lang: string) => findNumberWordPhrases(profileText(text), lang).map((p) => p.phrase);

describe('spans, ordinals and codes', () => {
  it('read "desde hace" as a span of time, "hace" alone as a time ago', () => {
    expect(findStatistics('Los abusos duraban desde hace 8 años.', 'es')).toEqual(['8 años']);
    expect(findStatistics('Los abusos empezaron hace 8 años.', 'es')).toEqual([]);
    expect(inWords('Los abusos duraban desde hace ocho años.', 'es')).toEqual(['ocho años']);
    expect(inWords('Los abusos empezaron hace ocho años.', 'es')).toEqual([]);
  });

  it('read years "de edad" written in words as an age', () => {
    expect(inWords('Los abusos comenzaron al cumplir estas los cinco años de edad.', 'es')).toEqual([]);
    expect(inWords('La obra duró cinco años de trabajo.', 'es')).toEqual(['cinco años']);
  });

  it('read a Russian case ending after a hyphen as an ordinal, and "-м" as metres save after a year', () => {
    expect(findStatistics('Не явились на экзамен в 2019-м, до лета 2022-го, в 90-х; забег на 100-м дистанции.', 'ru')).toEqual(['100-м']);
  });

  it('read a Japanese day after its month, or any day but the first before に, as a date', () => {
    expect(findStatistics('Appleは3月25日に開催した発表会でも、2019年3月25日にも触れた。', 'ja')).toEqual([]);
    expect(findStatistics('大統領の就任が20日に迫る中、1日に3回の会合を開く。', 'ja')).toEqual(['1日', '3回']);
  });

  it('read an HTTP status code named before its number as an identifier', () => {
    expect(findStatistics('The non-standard code 444 closes a connection. We had 444 visitors.', 'en')).toEqual(['444 visitors']);
  });
});
