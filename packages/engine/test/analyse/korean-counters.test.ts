// Numbers written against Korean: a counter joined to the number (or one space after it) makes it
// a statistic when it counts things, money, a magnitude, a span or a unit, not when it gives a
// date, an age, a rank or an ordinal, nor a span read back or ahead in time. Years are a span by
// the words around them, as they are in Japanese (the last test).
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe('Korean counters', () => {
  it('count things, money, magnitudes, spans and units joined to the number, with their particles', () => {
    const text =
      '화성은 4개의 지구형 행성 중 하나다. 평균 거리는 7,800만 km이다. 표면적은 지구의 4분의 1이다. 기압은 7.5밀리바이다. 깊이 11m의 물. 회의에 3명이 참석했다. 2 개';
    expect(findStatistics(text, 'ko')).toEqual(['4개의', '7,800만', '4분의', '7.5밀리바이다', '11m', '3명이', '2 개']);
  });
  it('do not count a date, an age, an ordinal, or a span read back in time', () => {
    const text = '2001년 6월 26일에 촬영했다. 태양계의 4 번째 행성. 20세 학생. 30대 남성. 약 3시간 전에 도착했다.';
    expect(findStatistics(text, 'ko')).toEqual([]);
  });
  it('read "여" (over so many) before the counter, and a law\'s article for no trillions', () => {
    expect(findStatistics('회의 시작 10여 분 만에 정회를 선포했다. 300여 명이 모였다.', 'ko')).toEqual(['10여', '300여']);
    expect(findStatistics('당규 66조를 개정했다. 헌법 제1조는 중요하다. 예산은 3조 원이다.', 'ko')).toEqual(['3조']);
  });
  it('count years and days only as a span ("동안")', () => {
    expect(findStatistics('그는 5년 동안 일했다. 2019년에 떠났다.', 'ko')).toEqual(['5년']);
  });
  it('count years after so long, running, or as a sentence\'s term ("만에", "연속", "징역")', () => {
    expect(findStatistics('1982년에 입학해 4년 만에 마쳤다. 8년 연속 1위다.', 'ko')).toEqual(['4년', '8년']);
    expect(findStatistics('징역 1년·집행유예 2년을 선고받았다. 1998년에 태어났다.', 'ko')).toEqual(['1년', '2년을']);
  });
  it('count a Japanese span of years by the word after it, whatever stands before the number', () => {
    expect(findStatistics('料理長を任されると8年連続でミシュランの星を獲得。平成30年に開業。', 'ja')).toEqual(['8年']);
  });
});
