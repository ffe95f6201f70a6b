// Counters and units after a number in Korean, for the statistics in digits (statistics.ts).
// Korean spaces its words but joins a counter to its number ("3명", "7,800만 km", "37분", "4분의
// 1"), and the particles after it ("4개의", "11m의"). Readers count the number when the counter
// is one of things, money, a magnitude, a span or a unit, and not when it gives a date, a clock
// time, an age, a rank or an ordinal ("2001년", "6월", "26일", "20세", "1위", "4 번째"), nor a span
// read back or ahead in time ("3시간 전", "5분 후"). As for Japanese and Chinese
// (cjk-counters.ts), a counter this does not know leaves the number uncounted.

import { wordSet as set } from './word-set.js';

/** Counters and units that make the number a statistic (the longest match is read first). */
const QUANTIFIERS = set(`
  명 개 곳 건 대 마리 권 채 척 벌 켤레 잔 병 표 석 가구 개국 개사 개소 종 편 회 배 포기 그루 쪽
  원 만원 억원 달러 엔 위안 유로 파운드 만 억 조 천 백 퍼센트 프로 포인트
  년간 개월 주 주간 일간 시간 분 초 분의
  킬로미터 미터 센티미터 밀리미터 킬로그램 그램 톤 리터 밀리리터 도 밀리바 헥타르 평 와트 킬로와트 볼트 바이트 기가바이트 메가바이트 칼로리
  `);
/**
 * Counters that make it a date, a clock time, an age, a rank, an ordinal or a numbering: "년"
 * alone is a year (a span is "년간" or "년 동안", read below), "일" alone a day of the month.
 */
const NOT_QUANTIFIERS = set('년 년도 년대 월 일 시 세 살 위 등 호 층 차 번째 째 회째 번지 절 조항 항 학년 기');
/** After a counter, a span read back or ahead in time, with its particle: "3시간 전에", "5분 후", "2주 뒤부터". */
const ANCHOR_AFTER = /^\s?(?:전|후|뒤)(?:에|에는|부터|까지|의|인)?(?![\p{L}])/u;
/**
 * "년 동안", "일 동안", "20년 만에", "8년 연속": a span of years or days ("for", "after so long",
 * "running"), which "년" and "일" alone are not.
 */
const DURING_AFTER = /^(?:\s동안|\s?만에|\s?만의|\s?연속)/u;
/** A sentence's term before its years: "징역 1년", "집행유예 2년", "금고 3년", "자격정지 5년". */
const SENTENCE_BEFORE = /(?:징역|집행유예|금고|자격정지)\s?$/u;

/** "여" (some, over) between a number and its counter: "10여 분". */
const ABOUT = /^여\s?/u;
/** A law's article up to its counter: "제" (ordinal) or the law's or rule's noun, then the number ("당규 66조", "헌법 제1조"). */
const ARTICLE_BEFORE = /(?:제|당규|당헌|법|헌법|법률|조례|규정|규칙|협약|시행령)\s?[\d,]+\s?$/u;

/** The longest counter listed, in characters: how far koreanQuantifies reads. */
const LONGEST = Math.max(...[...QUANTIFIERS, ...NOT_QUANTIFIERS].map((w) => w.length));

/** A Hangul syllable or letter. */
export function isHangul(c: number): boolean {
  return (c >= 0xac00 && c <= 0xd7a3) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f);
}

/**
 * Whether the Korean run at `at` (right after a number, or one space after it) makes the number
 * `num` a statistic. Reads a few characters.
 */
export function koreanQuantifies(text: string, at: number, num: string): boolean {
  // "10여 분", "300여 명": some, over so many, before the counter.
  const about = ABOUT.exec(text.slice(at, at + 2))?.[0].length ?? 0;
  at += about;
  for (let length = LONGEST; length >= 1; length--) {
    const word = text.slice(at, at + length);
    if (word.length < length) continue;
    const rest = text.slice(at + length, at + length + 4);
    if (NOT_QUANTIFIERS.has(word)) {
      if (word !== '년' && word !== '일') return false;
      return DURING_AFTER.test(rest) || (word === '년' && SENTENCE_BEFORE.test(text.slice(Math.max(0, at - about - num.length - 6), at - about - num.length)));
    }
    if (!QUANTIFIERS.has(word)) continue;
    // "20대 남성", "30대": people in their twenties or thirties, an age.
    if (word === '대' && /0$/u.test(num)) return false;
    // "당규 66조", "제1조": a law's or a rule's article, not trillions.
    if (word === '조' && ARTICLE_BEFORE.test(text.slice(Math.max(0, at - about - num.length - 10), at - about))) return false;
    return !ANCHOR_AFTER.test(rest);
  }
  return false;
}
