// Classes of the words and characters next to a number, in the languages of the evidence data set:
// a percent or currency word, a magnitude, a unit, a month, a word bounding or measuring the value…
// A word's classes are bits, so that one look-up tells them all.
import { ENUMERATIONS } from './number-words.js';
import { TIME_UNITS, UNIT_WORDS } from './units.js';

export const PERCENT = 1;
export const CURRENCY = 2;
export const MAGNITUDE = 4;
export const UNIT = 8;
export const TIME = 16;
export const MONTH = 32;
export const ENUMERATION = 64;
export const IDENTIFIER = 128;
export const BOUND = 256;
export const MEASURE = 512;
export const DEFINITE = 1024;
export const RELATIVE = 2048;
export const RANGE = 4096;
export const AGE = 8192;
export const OF = 16384;

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

/** The class bits of a word (lower-case): 0 for a word of no class. */
export function wordClasses(word: string): number {
  return CLASSES.get(word) ?? 0;
}

// CJK characters after or before a number (Chinese, Japanese, Korean write the unit or counter
// joined to it): what the data cannot learn well one character at a time is grouped here.
const cjkSet = (chars: string): ReadonlySet<number> => new Set(Array.from({ length: chars.length }, (_, i) => chars.charCodeAt(i)));
export const CJK_MAGNITUDE = cjkSet('万億亿千百兆');
export const CJK_CURRENCY = cjkSet('円元ドルユ￥');
export const CJK_DATE = cjkSet('年月日時时分秒曜号');
export const CJK_COUNTER = cjkSet('人件個个台社名回倍枚本匹頭杯冊点種项項位票部店校家国カ%％万');
export const CJK_AGE = cjkSet('歳岁');
export const CJK_ORDINAL = cjkSet('第');
export const CJK_ABOUT = cjkSet('約约超近');

export const CURRENCY_SIGNS = cjkSet('$€£¥₹₩￥');
