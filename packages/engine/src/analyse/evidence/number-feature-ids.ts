// The number features' ids. Every feature has a fixed id, so that a number's features are written
// as integers into a buffer and a model is compiled to a weight per id (number-model.ts); its name
// is what a model's weights are keyed by.

const NAMES: string[] = [];
const feature = (name: string): number => NAMES.push(name) - 1;

/** Each feature's name, by id. */
export const NUMBER_FEATURE_NAMES: readonly string[] = NAMES;

/** Each feature's id. */
export const F = {
  rules: feature('rules'),
  inCode: feature('in-code'),
  inHeading: feature('in-heading'),
  word: feature('word'),
  dense: feature('dense'),
  alone: feature('alone'),
  yearLike: feature('year-like'),
  decimal: feature('decimal'),
  grouped: feature('grouped'),
  fraction: feature('fraction'),
  dateLike: feature('date-like'),
  colon: feature('colon'),
  dotted: feature('dotted'),
  digits1: feature('digits-1'),
  digits2: feature('digits-2'),
  digits3: feature('digits-3'),
  digits4: feature('digits-4'),
  digits5: feature('digits-5+'),
  longId: feature('long-id'),
  leadingZero: feature('leading-zero'),
  zeroOrOne: feature('zero-or-one'),
  round: feature('round'),
  nextPercent: feature('next-percent'),
  nextCurrencyCode: feature('next-currency-code'),
  nextMagnitude: feature('next-magnitude'),
  nextUnit: feature('next-unit'),
  nextTimeUnit: feature('next-time-unit'),
  nextMonth: feature('next-month'),
  nextStopword: feature('next-stopword'),
  nextEnumeration: feature('next-enumeration'),
  nextCapitalised: feature('next-capitalised'),
  nextContentWord: feature('next-content-word'),
  nextJoinedLetters: feature('next-joined-letters'),
  nextHyphen: feature('next-hyphen'),
  nextHyphenDigit: feature('next-hyphen-digit'),
  nextDigit: feature('next-digit'),
  nextCloseBracket: feature('next-close-bracket'),
  nextTimes: feature('next-times'),
  nextLineEnd: feature('next-line-end'),
  nextColon: feature('next-colon'),
  nextDotWord: feature('next-dot-word'),
  nextComma: feature('next-comma'),
  nextSlash: feature('next-slash'),
  nextAge: feature('next-age'),
  nextRelative: feature('next-relative'),
  nextPlus: feature('next-plus'),
  nextCjk: feature('next-cjk'),
  nextCjkMagnitude: feature('next-cjk-magnitude'),
  nextCjkCurrency: feature('next-cjk-currency'),
  nextCjkDate: feature('next-cjk-date'),
  nextCjkCounter: feature('next-cjk-counter'),
  nextCjkAge: feature('next-cjk-age'),
  nextFullwidthPercent: feature('next-fullwidth-percent'),
  prevCurrencySign: feature('prev-currency-sign'),
  prevCurrencyCode: feature('prev-currency-code'),
  prevMonth: feature('prev-month'),
  prevIdentifierNoun: feature('prev-identifier-noun'),
  prevAcronym: feature('prev-acronym'),
  prevCapitalised: feature('prev-capitalised'),
  prevBound: feature('prev-bound'),
  prevMeasure: feature('prev-measure'),
  prevDefinite: feature('prev-definite'),
  prevTop: feature('prev-top'),
  prevRelative: feature('prev-relative'),
  prevHash: feature('prev-hash'),
  prevJoined: feature('prev-joined'),
  prevDecimalPoint: feature('prev-decimal-point'),
  prevOpenBracket: feature('prev-open-bracket'),
  prevEquals: feature('prev-equals'),
  prevNumber: feature('prev-number'),
  prevRange: feature('prev-range'),
  prevPlusMinus: feature('prev-plus-minus'),
  prevTimes: feature('prev-times'),
  prevSlash: feature('prev-slash'),
  prevColon: feature('prev-colon'),
  prevPlus: feature('prev-plus'),
  prevCjk: feature('prev-cjk'),
  prevCjkOrdinal: feature('prev-cjk-ordinal'),
  prevCjkAbout: feature('prev-cjk-about'),
  prevOf: feature('prev-of'),
  seenBefore: feature('seen-before'),
  seenAfter: feature('seen-after'),
  seenNear: feature('seen-near'),
  lineStart: feature('line-start'),
  sentenceStart: feature('sentence-start'),
  langEn: feature('lang-en'),
  langDe: feature('lang-de'),
  langCjk: feature('lang-cjk'),
  langOther: feature('lang-other'),
  langUnknown: feature('lang-unknown'),
  blockShort: feature('block-short'),
  blockMedium: feature('block-medium'),
  blockLong: feature('block-long'),
  blockParagraph: feature('block-paragraph'),
  blockOneNumber: feature('block-one-number'),
  blockFewNumbers: feature('block-few-numbers'),
  blockManyNumbers: feature('block-many-numbers'),
  blockSentenceEnd: feature('block-sentence-end'),
  blockOnlyFigures: feature('block-only-figures'),
  blockLabelled: feature('block-labelled'),
  blockAfterLabel: feature('block-after-label'),
  pageFewNumbers: feature('page-few-numbers'),
  pageSomeNumbers: feature('page-some-numbers'),
  pageManyNumbers: feature('page-many-numbers'),
  pageShortLines: feature('page-short-lines'),
  pageProseLines: feature('page-prose-lines'),
  pageCode: feature('page-code'),
};

/** Signs whose meaning depends on where they stand: each is also a feature with each place. */
const SIGNS = [F.rules, F.nextUnit, F.nextContentWord, F.nextCapitalised, F.nextPercent, F.grouped, F.decimal, F.yearLike, F.seenBefore, F.lineStart];
const PLACES = [
  F.blockShort,
  F.blockMedium,
  F.blockLong,
  F.blockParagraph,
  F.blockOneNumber,
  F.blockFewNumbers,
  F.blockManyNumbers,
  F.blockSentenceEnd,
  F.blockOnlyFigures,
  F.blockLabelled,
  F.langEn,
  F.langDe,
  F.langCjk,
  F.langOther,
  F.langUnknown,
  F.pageFewNumbers,
  F.pageSomeNumbers,
  F.pageManyNumbers,
  F.pageShortLines,
  F.pageProseLines,
  F.pageCode,
  F.inHeading,
];
const SIGN_INDEX = new Int32Array(NAMES.length).fill(-1);
SIGNS.forEach((s, i) => (SIGN_INDEX[s] = i));
const PLACE_INDEX = new Int32Array(NAMES.length).fill(-1);
PLACES.forEach((p, i) => (PLACE_INDEX[p] = i));
const COMBINED = new Int32Array(SIGNS.length * PLACES.length);
for (const [i, s] of SIGNS.entries()) for (const [j, p] of PLACES.entries()) COMBINED[i * PLACES.length + j] = feature(`${NAMES[s]!}&${NAMES[p]!}`);

/** The most features a number has: a buffer of this size holds any candidate's. */
export const MAX_NUMBER_FEATURES = 2 * NAMES.length;

/** The places of the number being read, gathered before its signs are combined with them (one reader at a time: no allocation). */
const placed = new Int32Array(PLACES.length);

/** Adds the signs among `out`'s first `count` features again, with each place among them (the places gathered first: a handful). */
export function withPlaces(out: Int32Array, count: number): number {
  const signed = count;
  let places = 0;
  for (let k = 0; k < signed; k++) if (PLACE_INDEX[out[k]!]! >= 0) placed[places++] = PLACE_INDEX[out[k]!]!;
  for (let k = 0; k < signed; k++) {
    const si = SIGN_INDEX[out[k]!]!;
    if (si < 0) continue;
    for (let p = 0; p < places; p++) out[count++] = COMBINED[si * PLACES.length + placed[p]!]!;
  }
  return count;
}
