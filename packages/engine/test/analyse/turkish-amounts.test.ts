// Turkish writes a percentage's sign or word before the number ("%70", "yüzde 121") and an amount's
// thousands as a word between its parts ("93 bin 973", as Russian writes "1 млн 200 тыс."): each is
// one statistic, counted on its first number.
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('Turkish amounts', () => {
  it('count a percentage whose sign or word comes before the number', () => {
    expect(findStatistics("Mevcut şarj istasyonlarının yüzde 70'i şehir içindeyken %30'u ise şehirler arası yollarda bulunuyor.", 'tr')).toEqual(['70', '30']);
    expect(findStatistics("Elektrikli araç payı da yüzde 5,7'den yüzde 13,6'ya çıktı.", 'tr')).toEqual(['5,7', '13,6']);
    // A sign after a number is that number's: what follows it is another value or none.
    expect(findStatistics('The rate is 5 % 3 and 50% 30 days.', 'en')).toEqual(['5 %', '50%', '30 days']);
  });

  it("count an amount once, not its lower places after the thousands' word", () => {
    expect(findStatistics('Araç sayısının 93 bin 973 olduğunu belirterek 208 bin 6 dedi.', 'tr')).toEqual(['93 bin', '208 bin']);
    expect(findStatistics('Бюджет составил 1 млн 200 тыс. рублей.', 'ru')).toEqual(['1 млн']);
  });
});
