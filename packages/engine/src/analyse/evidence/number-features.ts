// What a learned reading of statistics looks at, for each number candidate (candidates.ts): the
// number's shape, the signs and words either side, where it stands (code, heading, a line of
// figures, a dense run of them), the page's language and make-up, and the rules' verdict.
//
// The features are integer-coded, so that a page of a thousand figures is scored in about the time
// its text is read: every feature has a fixed id (its name is what a model's weights are keyed by),
// the page is read once for its lines and values, and each number looks only at the characters
// right next to it (a bounded scan, no regular expression over a window). A model is compiled once
// into a weight per id (compiledNumberModel), and the words either side, which any language may
// bring, are looked up by name.
import { STOPWORDS } from '../text/stopwords.js';
import { ENUMERATIONS } from './number-words.js';
import { TIME_UNITS, UNIT_WORDS } from './units.js';
import type { NumberCandidate } from './candidates.js';
import type { EvidenceModel } from './models.js';

const NAMES: string[] = [];
const feature = (name: string): number => NAMES.push(name) - 1;

/** Each feature's name, by id. */
export const NUMBER_FEATURE_NAMES: readonly string[] = NAMES;

const F = {
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

// Classes of the word next to a number, as bits (one look-up tells them all).
const PERCENT = 1;
const CURRENCY = 2;
const MAGNITUDE = 4;
const UNIT = 8;
const TIME = 16;
const MONTH = 32;
const ENUMERATION = 64;
const IDENTIFIER = 128;
const BOUND = 256;
const MEASURE = 512;
const DEFINITE = 1024;
const RELATIVE = 2048;
const RANGE = 4096;
const AGE = 8192;
const OF = 16384;

const CLASSES = new Map<string, number>();
const classify = (bit: number, words: Iterable<string>) => {
  for (const w of words) CLASSES.set(w, (CLASSES.get(w) ?? 0) | bit);
};
const list = (words: string): string[] => words.trim().split(/\s+/);
classify(PERCENT, list('% percent pct procent procenta prozent pourcent por pour per cento porcentaje ％'));
classify(CURRENCY, list('usd eur gbp jpy chf cad aud inr cny brl pln czk rub krw zł zl euro euros dollar dollars dólares dolares reais real yuan yen rupees'));
classify(
  MAGNITUDE,
  list(
    'thousand million billion trillion mn bn k m b mio mrd millionen milliarden millions milliards millones mil milhões bilhões tys mln mld miliona milionów miliardów milioni miliardi млн млрд тыс',
  ),
);
classify(UNIT, UNIT_WORDS);
classify(TIME, TIME_UNITS);
// Units the rules' list (units.ts) lacks, in the data set's other languages.
classify(
  UNIT,
  list(`г кг мг л мл см мм м км ч шт ст дюйм мп мпикс вт гб мб мач ккал руб рублей рубля долларов евро % тыс ложки ложка
  zł złotych zl gr proc procent osób osoby sztuk szt cali mies godz tys
  reais real pessoas unidades polegadas euro euros persone unità pollici litri chili grammi`),
);
classify(
  TIME,
  list(`мин минут минуты секунд час часа часов дней дня лет года недель месяцев godzin godziny minut minuty dni dnia lat lata tygodni miesięcy
  anos ano dias dia horas hora minutos meses semanas anni anno giorni giorno ore ora minuti mesi settimane`),
);
classify(
  MONTH,
  list(`january february march april may june july august september october november december jan feb mar apr jun jul
  aug sep sept oct nov dec enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre janvier février mars
  avril mai juin juillet août septembre octobre novembre décembre januar februar märz juni juli oktober dezember janeiro fevereiro março
  maio junho julho setembro outubro novembro dezembro stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października
  listopada grudnia gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre января февраля марта апреля мая июня июля
  августа сентября октября ноября декабря`),
);
classify(ENUMERATION, ENUMERATIONS);
classify(
  IDENTIFIER,
  list(`version v step page pages chapter section part table figure fig no nr number issue bug level rule item
  line episode season vol volume room route question phase stage model series pp p article paragraph appendix nummer seite kapitel
  schritt versión página capítulo paso numéro chapitre étape artigo rozdział strona art abs nº n º iso rfc http error code ticket
  art. tel phone fax plz`),
);
classify(
  BOUND,
  list(
    'than least most nearly almost roughly approximately around about over under up más menos plus moins mehr als weniger über unter fast ca circa etwa environ cerca quase około ponad prawie approx ~約',
  ),
);
classify(MEASURE, list('mean average median total sum rate score deviation variance durchschnitt moyenne promedio média średnia'));
classify(DEFINITE, list('the these those los las les ces die diese der das den'));
classify(RELATIVE, list('ago later earlier previously hence après después später danach zuvor temu fa atrás'));
classify(RANGE, list('to bis à a hasta do au até al'));
classify(AGE, list('old alt'));
classify(OF, list('of von de del des du di da z ze'));

// CJK characters after or before a number (Chinese, Japanese, Korean write the unit or counter
// joined to it): what the data cannot learn well one character at a time is grouped here.
const cjkSet = (chars: string): ReadonlySet<number> => new Set(Array.from({ length: chars.length }, (_, i) => chars.charCodeAt(i)));
const CJK_MAGNITUDE = cjkSet('万億亿千百兆');
const CJK_CURRENCY = cjkSet('円元ドルユ￥');
const CJK_DATE = cjkSet('年月日時时分秒曜号');
const CJK_COUNTER = cjkSet('人件個个台社名回倍枚本匹頭杯冊点種项項位票部店校家国カ%％万');
const CJK_AGE = cjkSet('歳岁');
const CJK_ORDINAL = cjkSet('第');
const CJK_ABOUT = cjkSet('約约超近');

const CURRENCY_SIGNS = cjkSet('$€£¥₹₩￥');

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 0xa0 || c === 0x202f || c === 9 || c === 0x2009 || c === 0x3000;
}

function isCjk(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff);
}

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
function isLetter(c: number): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return c >= 0xc0 && LETTER.test(String.fromCharCode(c));
}

function isUpper(c: number): boolean {
  if (c < 128) return c >= 65 && c <= 90;
  return UPPER.test(String.fromCharCode(c));
}

/** A word next to a number: its text (lower-case), and whether it was capitalised / all capitals. */
interface Near {
  word: string;
  capitalised: boolean;
  acronym: boolean;
  /** Offset just past the word (after) or at its start (before). */
  edge: number;
}

const NONE: Near = { word: '', capitalised: false, acronym: false, edge: -1 };
const MAX_WORD = 24;

/** The word after offset `at`, across spaces but not a line break: a CJK character alone, or a run of letters. */
function wordAfter(text: string, at: number): Near {
  let i = at;
  while (i < text.length && i - at < 3 && isSpace(text.charCodeAt(i))) i++;
  const first = text.charCodeAt(i);
  if (Number.isNaN(first)) return NONE;
  if (isCjk(first)) return { word: text[i]!, capitalised: false, acronym: false, edge: i + 1 };
  if (first === 37 || first === 0xb0 || first === 0xd7 || CURRENCY_SIGNS.has(first)) {
    // "%", "°C", "×", "$": a sign, with the letters joined to it.
    let j = i + 1;
    while (j < text.length && j - i < 3 && isLetter(text.charCodeAt(j))) j++;
    return { word: text.slice(i, j).toLowerCase(), capitalised: false, acronym: false, edge: j };
  }
  if (!isLetter(first)) return NONE;
  let j = i + 1;
  let upper = isUpper(first) ? 1 : 0;
  while (j < text.length && j - i < MAX_WORD) {
    const c = text.charCodeAt(j);
    // A Latin unit written against CJK text ends where the CJK characters start: "2.5mmの".
    if (isCjk(c)) break;
    if (isLetter(c)) {
      if (isUpper(c)) upper++;
    } else if (!(c === 47 || c === 0xb2 || c === 0xb3) || !isLetter(text.charCodeAt(j + 1))) break;
    j++;
  }
  const raw = text.slice(i, j);
  return {
    word: raw.toLowerCase(),
    capitalised: upper >= 1 && isUpper(first) && (j - i === 1 || !isUpper(text.charCodeAt(i + 1))),
    acronym: upper === j - i && j - i >= 2,
    edge: j,
  };
}

/** The word before offset `at`, across spaces (and a trailing dot: "Nr."), but not a line break. */
function wordBefore(text: string, at: number): Near {
  let i = at - 1;
  while (i >= 0 && at - i <= 3 && isSpace(text.charCodeAt(i))) i--;
  if (i >= 0 && text.charCodeAt(i) === 46 && isLetter(text.charCodeAt(i - 1))) i--;
  if (i < 0) return NONE;
  const last = text.charCodeAt(i);
  if (isCjk(last)) return { word: text[i]!, capitalised: false, acronym: false, edge: i };
  if (!isLetter(last)) return NONE;
  let j = i;
  while (j > 0 && i - j < MAX_WORD && isLetter(text.charCodeAt(j - 1)) && !isCjk(text.charCodeAt(j - 1))) j--;
  const raw = text.slice(j, i + 1);
  let upper = 0;
  for (let k = 0; k < raw.length; k++) if (isUpper(raw.charCodeAt(k))) upper++;
  return { word: raw.toLowerCase(), capitalised: isUpper(raw.charCodeAt(0)), acronym: upper === raw.length && raw.length >= 2 && raw.length <= 5, edge: j };
}

interface LineFacts {
  start: number;
  end: number;
  numbers: number;
  /** Ids of the line's own features (length, figures, sentence end, label). */
  ids: number[];
}

/** The number features of every candidate of a page, as ids, and the words either side. */
export interface NumberFeatureReading {
  /** Writes candidate `i`'s feature ids into `out` (MAX_NUMBER_FEATURES long) and returns how many. */
  ids(i: number, out: Int32Array): number;
  /** The word right before candidate `i` (lower-case; '' when none). */
  prev(i: number): string;
  /** The word right after it. */
  next(i: number): string;
}

/** Reads the page once (its lines, values and make-up), then each number by the characters next to it. */
export function readNumbers(text: string, numbers: readonly NumberCandidate[], lang: string | null): NumberFeatureReading {
  const lines = readLines(text, numbers);
  const pageIds = pageFeatures(text, numbers, lines);
  const langId = languageFeature(lang);
  // Where each value stands: the same value stated before (or after) is a restatement's sign.
  const firstAt = new Map<string, number>();
  const lastAt = new Map<string, number>();
  const previousSame = new Int32Array(numbers.length).fill(-1);
  numbers.forEach((n, i) => {
    const key = n.token.toLowerCase();
    const earlier = lastAt.get(key);
    if (earlier !== undefined) previousSame[i] = earlier;
    if (!firstAt.has(key)) firstAt.set(key, i);
    lastAt.set(key, i);
  });
  const lineOf = new Int32Array(numbers.length);
  let line = 0;
  numbers.forEach((n, i) => {
    while (line < lines.length - 1 && lines[line]!.end < n.start) line++;
    lineOf[i] = line;
  });
  const NEAR = 60;
  const places = new Int32Array(PLACES.length);
  const prevNear: Near[] = [];
  const nextNear: Near[] = [];
  for (const n of numbers) {
    prevNear.push(wordBefore(text, n.start));
    nextNear.push(wordAfter(text, n.end));
  }
  return {
    prev: (i) => prevNear[i]!.word,
    next: (i) => nextNear[i]!.word,
    ids: (i, out) => {
      const n = numbers[i]!;
      let count = 0;
      if (n.counted) out[count++] = F.rules;
      if (n.place === 'code') out[count++] = F.inCode;
      if (n.place === 'heading') out[count++] = F.inHeading;
      out[count++] = langId;
      for (const id of pageIds) out[count++] = id;
      const lineFacts = lines[lineOf[i]!]!;
      for (const id of lineFacts.ids) out[count++] = id;
      // Neighbours within NEAR characters: a table row, a spec sheet, a price list.
      let neighbours = 0;
      for (let j = i - 1; j >= 0 && numbers[j]!.start >= n.start - NEAR; j--) neighbours++;
      for (let j = i + 1; j < numbers.length && numbers[j]!.start <= n.end + NEAR; j++) neighbours++;
      if (neighbours >= 3) out[count++] = F.dense;
      if (neighbours === 0) out[count++] = F.alone;
      const before = previousSame[i]!;
      if (before >= 0) {
        out[count++] = F.seenBefore;
        if (n.start - numbers[before]!.end < 200) out[count++] = F.seenNear;
      }
      if (lastAt.get(n.token.toLowerCase())! > i) out[count++] = F.seenAfter;
      if (n.kind === 'word') out[count++] = F.word;
      else count = shape(n.token, out, count);
      const prev = prevNear[i]!;
      const next = nextNear[i]!;
      count = after(text, n.end, next, out, count);
      count = beforeNumber(text, n.start, prev, out, count);
      // The signs again, with each place they stand in (the places gathered first: a handful).
      const signed = count;
      let placed = 0;
      for (let k = 0; k < signed; k++) if (PLACE_INDEX[out[k]!]! >= 0) places[placed++] = PLACE_INDEX[out[k]!]!;
      for (let k = 0; k < signed; k++) {
        const si = SIGN_INDEX[out[k]!]!;
        if (si < 0) continue;
        for (let p = 0; p < placed; p++) out[count++] = COMBINED[si * PLACES.length + places[p]!]!;
      }
      return count;
    },
  };
}

/** The number's own shape: digits, separators, a year, a decimal, a grouped figure, a code. */
function shape(token: string, out: Int32Array, count: number): number {
  let digits = 0;
  let separators = 0;
  let dots = 0;
  let commas = 0;
  let colon = false;
  let slash = false;
  let first = -1;
  let lastSeparator = -1;
  let lastSeparatorChar = 0;
  let firstSeparatorChar = 0;
  let groupsOfThree = true;
  let run = 0;
  let zeros = 0;
  for (let k = 0; k < token.length; k++) {
    const c = token.charCodeAt(k);
    if (isDigit(c)) {
      digits++;
      run++;
      if (c === 48) zeros++;
      continue;
    }
    if (first < 0) first = run;
    else if (run !== 3) groupsOfThree = false;
    run = 0;
    separators++;
    if (firstSeparatorChar === 0) firstSeparatorChar = c;
    lastSeparatorChar = c;
    lastSeparator = k;
    if (c === 46) dots++;
    else if (c === 44) commas++;
    else if (c === 58) colon = true;
    else if (c === 47) slash = true;
  }
  const tail = separators === 0 ? 0 : token.length - lastSeparator - 1;
  if (separators === 0 && digits === 4) {
    const value = Number(token);
    if (value >= 1500 && value <= 2099) out[count++] = F.yearLike;
  }
  const decimalSign = lastSeparatorChar === 46 || lastSeparatorChar === 44;
  const grouped =
    separators >= 1 && first >= 1 && first <= 3 && groupsOfThree && run === 3 && !colon && !slash && (separators >= 2 ? dots !== 1 || commas !== 1 : true);
  if (decimalSign && ((separators === 1 && tail !== 3) || (separators >= 2 && lastSeparatorChar !== firstSeparatorChar && run !== 3))) out[count++] = F.decimal;
  else if (grouped) out[count++] = F.grouped;
  if (slash) out[count++] = F.fraction;
  if (colon) out[count++] = F.colon;
  if (dots >= 2 && !grouped) out[count++] = F.dotted;
  if ((dots >= 2 || (slash && separators >= 2)) && !grouped) out[count++] = F.dateLike;
  out[count++] = digits === 1 ? F.digits1 : digits === 2 ? F.digits2 : digits === 3 ? F.digits3 : digits === 4 ? F.digits4 : F.digits5;
  if (separators === 0 && digits >= 6) out[count++] = F.longId;
  if (digits >= 2 && token.charCodeAt(0) === 48 && (separators === 0 || first > 1)) out[count++] = F.leadingZero;
  if (digits === 1 && (token === '0' || token === '1')) out[count++] = F.zeroOrOne;
  if (digits >= 2 && zeros === digits - 1 && token.charCodeAt(0) !== 48) out[count++] = F.round;
  return count;
}

/** What follows the number: a sign, a unit, a word and its class, the end of the line. */
function after(text: string, end: number, next: Near, out: Int32Array, count: number): number {
  const c0 = text.charCodeAt(end);
  let i = end;
  while (i < text.length && i - end < 3 && isSpace(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  if (Number.isNaN(c) || c === 10) out[count++] = F.nextLineEnd;
  if (!Number.isNaN(c0) && isLetter(c0)) out[count++] = F.nextJoinedLetters;
  if (c0 === 45) out[count++] = isDigit(text.charCodeAt(end + 1)) ? F.nextHyphenDigit : F.nextHyphen;
  if (c === 41 || c === 93) out[count++] = F.nextCloseBracket;
  if (c === 0xd7 || ((c === 120 || c === 88) && !isLetter(text.charCodeAt(i + 1)))) out[count++] = F.nextTimes;
  if (c === 58) out[count++] = F.nextColon;
  if (c === 44 || c === 0x3001) out[count++] = F.nextComma;
  if (c === 47) out[count++] = F.nextSlash;
  if (c === 43) out[count++] = F.nextPlus;
  if (c === 0xff05) out[count++] = F.nextFullwidthPercent;
  if (c0 === 46 && text.charCodeAt(end + 1) === 32 && isLetter(text.charCodeAt(end + 2))) out[count++] = F.nextDotWord;
  // A range or a pair: "2–3", "2 to 15", "2 bis 15".
  let j = i;
  if (c === 45 || c === 0x2013 || c === 0x2014 || c === 0x2212 || c === 0x301c || c === 0xff5e || c === 126) j = i + 1;
  else if (next.word !== '' && ((CLASSES.get(next.word) ?? 0) & RANGE) !== 0) j = next.edge;
  while (j < text.length && j - i < 4 && isSpace(text.charCodeAt(j))) j++;
  if (isDigit(text.charCodeAt(j))) out[count++] = F.nextDigit;
  if (next.word === '') return count;
  const first = next.word.charCodeAt(0);
  if (isCjk(first)) {
    out[count++] = F.nextCjk;
    if (CJK_MAGNITUDE.has(first)) out[count++] = F.nextCjkMagnitude;
    if (CJK_CURRENCY.has(first)) out[count++] = F.nextCjkCurrency;
    if (CJK_DATE.has(first)) out[count++] = F.nextCjkDate;
    if (CJK_COUNTER.has(first)) out[count++] = F.nextCjkCounter;
    if (CJK_AGE.has(first)) out[count++] = F.nextCjkAge;
    return count;
  }
  const word = next.word.endsWith('.') ? next.word.slice(0, -1) : next.word;
  const unitWord = word.endsWith('²') || word.endsWith('³') ? word.slice(0, -1) : word;
  const classes = CLASSES.get(unitWord) ?? 0;
  if (classes & PERCENT) out[count++] = F.nextPercent;
  if (classes & CURRENCY) out[count++] = F.nextCurrencyCode;
  if (classes & MAGNITUDE) out[count++] = F.nextMagnitude;
  if (classes & TIME) out[count++] = F.nextTimeUnit;
  else if (classes & UNIT) out[count++] = F.nextUnit;
  if (classes & MONTH) out[count++] = F.nextMonth;
  if (classes & ENUMERATION) out[count++] = F.nextEnumeration;
  const stop = STOPWORDS.has(word);
  if (stop) out[count++] = F.nextStopword;
  if (next.capitalised && !(classes & MONTH)) out[count++] = F.nextCapitalised;
  if (!next.capitalised && !stop && !(classes & UNIT) && isLetter(first)) out[count++] = F.nextContentWord;
  if (classes & TIME) {
    const further = wordAfter(text, next.edge);
    const more = CLASSES.get(further.word) ?? 0;
    if (more & AGE) out[count++] = F.nextAge;
    if (more & RELATIVE) out[count++] = F.nextRelative;
  }
  return count;
}

/** What precedes the number: a sign, a joined character, a word and its class. */
function beforeNumber(text: string, start: number, prev: Near, out: Int32Array, count: number): number {
  const c0 = start > 0 ? text.charCodeAt(start - 1) : 10;
  let i = start - 1;
  while (i >= 0 && start - i <= 3 && isSpace(text.charCodeAt(i))) i--;
  const c = i >= 0 ? text.charCodeAt(i) : 10;
  if (CURRENCY_SIGNS.has(c)) out[count++] = F.prevCurrencySign;
  if (c0 === 35 || c0 === 0x2116) out[count++] = F.prevHash;
  if (c === 40 || c === 91 || c === 0xff08) out[count++] = F.prevOpenBracket;
  if (c === 61 || c === 0x2248 || c === 60 || c === 62 || c === 0x2264 || c === 0x2265) out[count++] = F.prevEquals;
  if (c === 0xb1) out[count++] = F.prevPlusMinus;
  if (c === 0xd7 || ((c === 120 || c === 88) && isDigitBefore(text, i))) out[count++] = F.prevTimes;
  if (c === 47) out[count++] = F.prevSlash;
  if (c === 58) out[count++] = F.prevColon;
  if (c === 43) out[count++] = F.prevPlus;
  if (c0 === 46 && isDigit(text.charCodeAt(start - 2))) out[count++] = F.prevDecimalPoint;
  if (start > 0 && (isLetter(c0) || c0 === 45 || c0 === 46 || c0 === 47 || c0 === 58 || c0 === 43)) out[count++] = F.prevJoined;
  if (isDigit(c)) out[count++] = F.prevNumber;
  if (c === 45 || c === 0x2013 || c === 0x2014 || c === 0x2212 || c === 0x301c || c === 0xff5e) {
    if (isDigitBefore(text, i)) out[count++] = F.prevRange;
  } else if (prev.word !== '' && ((CLASSES.get(prev.word) ?? 0) & RANGE) !== 0 && isDigitBefore(text, prev.edge)) out[count++] = F.prevRange;
  // Line and sentence starts: a list's numbering, a table cell.
  let k = start - 1;
  while (k >= 0 && start - k <= 6) {
    const ch = text.charCodeAt(k);
    if (!(isSpace(ch) || ch === 45 || ch === 0x2013 || ch === 0x2022 || ch === 42)) break;
    k--;
  }
  if (k < 0 || text.charCodeAt(k) === 10) out[count++] = F.lineStart;
  else if ((text.charCodeAt(k) === 46 || text.charCodeAt(k) === 33 || text.charCodeAt(k) === 63) && k < start - 1) out[count++] = F.sentenceStart;
  if (prev.word === '') return count;
  const first = prev.word.charCodeAt(0);
  if (isCjk(first)) {
    out[count++] = F.prevCjk;
    if (CJK_ORDINAL.has(first)) out[count++] = F.prevCjkOrdinal;
    if (CJK_ABOUT.has(first)) out[count++] = F.prevCjkAbout;
    return count;
  }
  const classes = CLASSES.get(prev.word) ?? 0;
  if (classes & CURRENCY) out[count++] = F.prevCurrencyCode;
  if (classes & MONTH) out[count++] = F.prevMonth;
  if (classes & IDENTIFIER) out[count++] = F.prevIdentifierNoun;
  if (classes & BOUND) out[count++] = F.prevBound;
  if (classes & MEASURE) out[count++] = F.prevMeasure;
  if (classes & DEFINITE) out[count++] = F.prevDefinite;
  if (classes & RELATIVE) out[count++] = F.prevRelative;
  if (classes & OF) out[count++] = F.prevOf;
  if (prev.word === 'top') out[count++] = F.prevTop;
  if (prev.acronym) out[count++] = F.prevAcronym;
  else if (prev.capitalised) {
    // Capitalised inside a sentence (a name: "iPhone 4", "Table 6"), not at its start.
    let m = prev.edge - 1;
    while (m >= 0 && prev.edge - m <= 3 && isSpace(text.charCodeAt(m))) m--;
    const ch = m >= 0 ? text.charCodeAt(m) : 10;
    if (!(ch === 10 || ch === 46 || ch === 33 || ch === 63 || ch === 58)) out[count++] = F.prevCapitalised;
  }
  return count;
}

function isDigitBefore(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && at - i <= 3 && isSpace(text.charCodeAt(i))) i--;
  return i >= 0 && isDigit(text.charCodeAt(i));
}

/** The lines (blocks) of the text, each read once: its length, its numbers, how it ends, whether it is a label's value. */
function readLines(text: string, numbers: readonly NumberCandidate[]): LineFacts[] {
  const lines: LineFacts[] = [];
  let start = 0;
  for (;;) {
    const at = text.indexOf('\n', start);
    const end = at < 0 ? text.length : at;
    lines.push({ start, end, numbers: 0, ids: [] });
    if (at < 0) break;
    start = at + 1;
  }
  let line = 0;
  for (const n of numbers) {
    while (line < lines.length - 1 && lines[line]!.end < n.start) line++;
    lines[line]!.numbers++;
  }
  let previousLabel = false;
  for (const l of lines) {
    if (l.numbers === 0) {
      // Only lines with numbers need their facts; a short line of words may label the next one.
      const length = l.end - l.start;
      previousLabel = length > 0 && length < 60 && !hasDigit(text, l.start, l.end);
      continue;
    }
    const length = l.end - l.start;
    l.ids.push(length < 30 ? F.blockShort : length < 80 ? F.blockMedium : length < 250 ? F.blockLong : F.blockParagraph);
    l.ids.push(l.numbers <= 1 ? F.blockOneNumber : l.numbers <= 3 ? F.blockFewNumbers : F.blockManyNumbers);
    let e = l.end - 1;
    while (e > l.start && (isSpace(text.charCodeAt(e)) || CLOSERS.has(text.charCodeAt(e)))) e--;
    if (SENTENCE_ENDS.has(text.charCodeAt(e))) l.ids.push(F.blockSentenceEnd);
    let figures = true;
    let colonAt = -1;
    for (let k = l.start; k < l.end; k++) {
      const ch = text.charCodeAt(k);
      if (figures && !(isDigit(ch) || isSpace(ch) || ch === 46 || ch === 44 || ch === 58 || ch === 47 || ch === 37 || ch === 45)) figures = false;
      if (colonAt < 0 && (ch === 58 || ch === 0xff1a) && k - l.start < 60) colonAt = k;
      if (!figures && (colonAt >= 0 || k - l.start >= 60)) break;
    }
    if (figures) l.ids.push(F.blockOnlyFigures);
    // "Weight: 3 kg", "Höhe (cm): 113": a label and its value.
    if (colonAt > l.start && !hasDigit(text, l.start, colonAt)) l.ids.push(F.blockLabelled);
    if (previousLabel && length < 30) l.ids.push(F.blockAfterLabel);
    previousLabel = false;
  }
  return lines;
}

const CLOSERS = new Set([34, 39, 41, 0x201d, 0x2019, 0xbb]);
const SENTENCE_ENDS = new Set([46, 33, 63, 0x3002, 0xff01, 0xff1f]);

function hasDigit(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (isDigit(text.charCodeAt(k))) return true;
  return false;
}

/** What kind of page the text is: prose with a few figures, or lists, tables and widgets full of them. */
function pageFeatures(text: string, numbers: readonly NumberCandidate[], lines: readonly LineFacts[]): number[] {
  const perThousand = (1000 * numbers.length) / Math.max(1, text.length);
  let nonEmpty = 0;
  let short = 0;
  for (const l of lines) {
    const length = l.end - l.start;
    if (length === 0) continue;
    nonEmpty++;
    if (length < 40) short++;
  }
  let code = 0;
  for (const n of numbers) if (n.place === 'code') code++;
  const ids = [
    perThousand < 4 ? F.pageFewNumbers : perThousand < 12 ? F.pageSomeNumbers : F.pageManyNumbers,
    short / Math.max(1, nonEmpty) > 0.5 ? F.pageShortLines : F.pageProseLines,
  ];
  if (code > numbers.length / 4) ids.push(F.pageCode);
  return ids;
}

function languageFeature(lang: string | null): number {
  if (lang === null) return F.langUnknown;
  if (lang === 'en') return F.langEn;
  if (lang === 'de') return F.langDe;
  if (lang === 'ja' || lang === 'zh' || lang === 'ko') return F.langCjk;
  return F.langOther;
}

/** The names of candidate `i`'s features, as a model's weights are keyed (training reads these). */
export function numberFeatureNames(reading: NumberFeatureReading, i: number, buffer: Int32Array): Set<string> {
  const count = reading.ids(i, buffer);
  const names = new Set<string>();
  for (let k = 0; k < count; k++) names.add(NAMES[buffer[k]!]!);
  const next = reading.next(i);
  const prev = reading.prev(i);
  if (next !== '') names.add(`next=${next}`);
  if (prev !== '') names.add(`prev=${prev}`);
  return names;
}

interface CompiledModel {
  bias: number;
  threshold: number;
  byId: Float64Array;
  next: ReadonlyMap<string, number>;
  prev: ReadonlyMap<string, number>;
}

const compiled = new WeakMap<EvidenceModel, CompiledModel>();

/** The model's weights by feature id, worked out once per model. */
function compiledNumberModel(model: EvidenceModel): CompiledModel {
  let c = compiled.get(model);
  if (c === undefined) {
    const byId = Float64Array.from(NAMES, (name) => model.weights[name] ?? 0);
    const next = new Map<string, number>();
    const prev = new Map<string, number>();
    for (const [name, weight] of Object.entries(model.weights)) {
      if (name.startsWith('next=')) next.set(name.slice(5), weight);
      else if (name.startsWith('prev=')) prev.set(name.slice(5), weight);
    }
    // A logit threshold: no exponential per number.
    const threshold = Math.log(model.threshold / (1 - model.threshold));
    c = { bias: model.bias, threshold, byId, next, prev };
    compiled.set(model, c);
  }
  return c;
}

/** Which of the page's numbers the model counts as statistics. */
export function numbersCounted(model: EvidenceModel, text: string, numbers: readonly NumberCandidate[], lang: string | null): boolean[] {
  const m = compiledNumberModel(model);
  const reading = readNumbers(text, numbers, lang);
  const buffer = new Int32Array(MAX_NUMBER_FEATURES);
  return numbers.map((_, i) => {
    const count = reading.ids(i, buffer);
    let z = m.bias;
    for (let k = 0; k < count; k++) z += m.byId[buffer[k]!]!;
    z += (m.next.get(reading.next(i)) ?? 0) + (m.prev.get(reading.prev(i)) ?? 0);
    return z >= m.threshold;
  });
}
