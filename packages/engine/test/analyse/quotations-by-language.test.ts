// Quote marks and speech cues as languages write them (the spec's E1).
// - Swedish and Finnish write a quotation between two closing marks (”…”), which opened none
//   before.
// - Korean glues its quoting particle to the closing mark ("…"라고 말했다, "…"며 "…"), so a mark
//   between a word and a Hangul syllable closes the quotation: read as an apostrophe, it ran the
//   quotation on through every later one of the paragraph, and the speech cue after it went unread.
// - The polite register's "says" ('…'고 합니다) and Russian's "announced" and "asked" («…», —
//   объявил президент) are speech cues too.
// Each measured on every development set at once (the pages that agree on having a quotation, of
// 580): Korean and Russian 547 → 549; Swedish 549, its page agreeing under its new labels, which
// name two quotations that only the change finds.
import { describe, expect, it } from 'vitest';
import { findProseQuotations } from '../../src/analyse/quotations/index.js';
import { quoteSpans } from '../../src/analyse/quotations/quote-spans.js';

const quotations = (text: string, lang: string) => findProseQuotations(text, lang).map((q) => ({ text: q.text, attributed: q.attributed }));

describe('Korean quotations', () => {
  const twoSpeakers =
    '문정복 최고위원은 "선호투표라는 목적을 정해놓고 그에 따라 모든 일을 하고 있다"며 "마치 링 가운데 코너로 몰아넣고 펀치를 맞는 느낌"이라고 했다. ' +
    '박규환 최고위원도 "당헌에서 결선투표를 규정하고 있는데 당규만 개정해서 선호투표를 실시하겠다는 것 아닌가"라고 말했다.';

  it('closes a quotation at a mark glued to the quoting particle', () => {
    expect(quoteSpans(twoSpeakers).map((s) => s.closed)).toEqual([true, true, true]);
  });

  it('reads each speaker’s quotation apart, attributed by the particle and the verb after it', () => {
    expect(quotations(twoSpeakers, 'ko')).toEqual([
      { text: '선호투표라는 목적을 정해놓고 그에 따라 모든 일을 하고 있다 … 마치 링 가운데 코너로 몰아넣고 펀치를 맞는 느낌', attributed: true },
      { text: '당헌에서 결선투표를 규정하고 있는데 당규만 개정해서 선호투표를 실시하겠다는 것 아닌가', attributed: true },
    ]);
  });

  it('keeps a mark after a space an opening one, and a term in single marks a term', () => {
    expect(quoteSpans("한 지검장도 이날 이프로스에 '사직 인사'를 올렸다.")).toEqual([{ open: 16, close: 22, closed: true }]);
    expect(quotations("한 지검장도 이날 이프로스에 '사직 인사'를 올렸다.", 'ko')).toEqual([]);
  });

  it('attributes a quotation by the polite register’s speech verb', () => {
    expect(quotations('입양 기관은 ‘친모의 이름은 알지만 입양인에게는 알려줄 수 없다’고 합니다. 그래서 다시 찾아갔습니다.', 'ko')).toEqual([
      { text: '친모의 이름은 알지만 입양인에게는 알려줄 수 없다', attributed: true },
    ]);
  });
});

describe('Russian speech cues', () => {
  it('attributes a quotation by a dash and "announced" after it', () => {
    const text = '«Вся страна поддерживает своих учителей. Террористам не расколоть Францию, мракобесие не победит», — объявил президент Франции.';
    expect(quotations(text, 'ru').map((q) => q.attributed)).toEqual([true]);
  });

  it('attributes a quotation by "asked" before it', () => {
    const text = 'Министр спросил журналистов: «Кто из вас считает, что эти переговоры закончатся уже на этой неделе?» Ответа не было.';
    expect(quotations(text, 'ru').map((q) => q.attributed)).toEqual([true]);
  });
});

describe('Swedish and Finnish quotations', () => {
  const swedish = 'Tränaren var nöjd. ”Det här är en mycket bra dag för hela laget och för staden”, säger Anders Svensson.';

  it('open with the closing mark, on a Swedish or Finnish page', () => {
    expect(quotations(swedish, 'sv')).toEqual([{ text: 'Det här är en mycket bra dag för hela laget och för staden', attributed: true }]);
  });

  it('do not elsewhere: in right-to-left text the mark is an opening one stored the other way round', () => {
    expect(quoteSpans(swedish, 'en')).toEqual([]);
    expect(quoteSpans(swedish)).toEqual([]);
  });
});
