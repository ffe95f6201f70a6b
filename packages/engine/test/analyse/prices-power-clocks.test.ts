// Read from the thirteenth kept-aside set's errors once it joined development: a price whose cents
// are a dash counts ("68.490,- Euro"); an engine's power in PS is a unit, so the kW after it is the
// restatement; a count of gears joined by a hyphen opens a compound ("6-Gang-Automatik"); a Chinese
// clock's hour and minutes ("20点20分") are a time, not points and minutes.
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('prices, power and clocks', () => {
  it('count a price whose cents are written as a dash, before its currency', () => {
    expect(findStatistics('Der Listenpreis von 68.490,- Euro, die Lackierung um 800,- Euro, 4-6 Personen: 65,- €.', 'de')).toEqual([
      '68.490,- Euro',
      '800,- Euro',
      '65,- €',
    ]);
  });

  it('read PS as a unit, so that kW in brackets restates it, and a hyphened count of gears', () => {
    expect(findStatistics('Ein Motor mit 180 PS (132 kW) und eine 6-Gang-Automatik.', 'de')).toEqual(['180 PS', '6-Gang']);
  });

  it("read a Chinese clock's hour and minutes as a time, not a score's points", () => {
    expect(findStatistics('发布 #1 2024年5月15日星期三 20点20分', 'zh')).toEqual([]);
    expect(findStatistics('他在比赛中得了20点。', 'zh')).toEqual(['20点']);
  });
});
