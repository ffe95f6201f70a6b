// Statistics in prose, for E2. A statistic is a number that carries a quantity, counted once per
// occurrence, in exactly these forms (case-insensitive):
//   1. percentage:   42%, 3.5 %, 12 percent, 12 per cent, 7 pct
//   2. money:        $120, € 5, £3.2bn, ¥900, 120 USD, USD 120 (also EUR GBP JPY CHF CAD AUD INR CNY)
//   3. magnitude:    3.5 million, 2 billion, 40 thousand, 1.2 trillion, 3.5m, 2bn, 40k
//   4. unit:         12 kg, 5 km, 3 hours, 250 ms, 4 GB, 30 °C, 60 mph, 2x (list in UNITS)
//   5. counted noun: 1,200 users — a number followed by a noun from COUNTED_NOUNS; a number with
//                    thousands separators (1,200 / 1.200 / 1 200) followed by any word also counts
//   6. ratio:        1 in 4, 3 out of 5 (numbers of up to 3 digits, so "3 in 2020" is not one)
// Numbers: digits with optional thousands separators and decimals (3.5 or 3,5).
// Never counted: a bare number, so years ("in 2024"), list numbering ("1.", "Step 3", "#1"),
// ordinals ("1st"), dates ("12 May") and times ("10:30") do not count.
// Speed: digit runs are found first, a sticky regex reads the number and the token after it, and
// the forms are told apart with set look-ups (one regex of all forms was ten times slower).

const NUM = String.raw`\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;

/** A number and the token right after it, matched where a digit run starts. */
const NUMBER_AT = new RegExp(`(${NUM})(?:(\\s?)(%|×|°[cf]?|\\p{L}[\\p{L}/]*))?`, 'iuy');
/** Digit runs; most text has few, so scanning for them first is cheap. */
const DIGITS = /\d+/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const CURRENCY_SIGN = /[$€£¥₹₩]/;
const GROUPED = /^\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+/;
const CODE_BEFORE = /(?:^|[^\p{L}])(?:usd|eur|gbp|jpy|chf|cad|aud|inr|cny)\s?$/iu;
const RATIO_IN = /\s\d{1,3}(?![\p{L}\p{N}])/uy;
const RATIO_OUT_OF = /\sof\s\d{1,3}(?![\p{L}\p{N}])/uy;
const PER_CENT = /\scent(?![\p{L}\p{N}])/uy;

const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

const PERCENT = set('% percent pct');
const CURRENCY_CODES = set('usd eur gbp jpy chf cad aud inr cny');
const MAGNITUDES = set('thousand million billion trillion mn bn k m b');
export const UNITS = set(`
  kg g mg µg t tonne tonnes ton tons lb lbs oz pound pounds ounce ounces
  km m cm mm mi mile miles ft feet inch inches yard yards meter meters metre metres
  kilometer kilometers kilometre kilometres kilogram kilograms gram grams liter liters litre litres l ml
  gallon gallons mph km/h kmh kwh mwh gwh kw mw gw w watt watts v volt volts
  mah kb mb gb tb pb kbps mbps gbps ghz mhz hz ° °c °f degree degrees
  ms millisecond milliseconds second seconds sec secs minute minutes min mins
  hour hours hr hrs day days week weeks month months year years decade decades century centuries
  calories kcal point points x ×`);
export const COUNTED_NOUNS = set(`
  user users customer customers client clients people person persons visitor visitors visits
  employee employees respondent respondents participant participants companies businesses
  organisation organisations organization organizations download downloads member members
  subscriber subscribers student students patient patients countries cities site sites website
  websites page pages queries searches session sessions install installs review reviews vote votes
  case cases death deaths job jobs home homes household households adult adults children times
  studies article articles source sources language languages market markets store stores order
  orders sales transaction transactions request requests developer developers team teams brand
  brands product products copies`);

/** The statistics in `text` (see the definition above), in order. */
export function findStatistics(text: string): string[] {
  const found: string[] = [];
  DIGITS.lastIndex = 0;
  let digits: RegExpExecArray | null;
  while ((digits = DIGITS.exec(text)) !== null) {
    const at = digits.index;
    // A digit run inside a word ("H2O", "mp3") is no number.
    if (at > 0 && WORD_CHAR.test(text[at - 1]!)) continue;
    NUMBER_AT.lastIndex = at;
    const m = NUMBER_AT.exec(text);
    if (!m) continue;
    const [whole, num, space, rawToken] = m;
    const token = rawToken?.toLowerCase();
    const end = at + whole.length;
    // A currency sign right before the number, with at most one space between.
    const signAt = at > 0 && CURRENCY_SIGN.test(text[at - 1]!) ? at - 1
      : at > 1 && /\s/.test(text[at - 1]!) && CURRENCY_SIGN.test(text[at - 2]!) ? at - 2 : -1;
    // A statistic by its token (unit, noun...) includes the token; by its currency alone it does not.
    let byToken = false;
    if (token !== undefined) {
      if (PERCENT.has(token) || CURRENCY_CODES.has(token) || MAGNITUDES.has(token) || UNITS.has(token)) byToken = true;
      else if (token === 'per' && follows(PER_CENT, text, end)) byToken = true;
      else if (space !== '' && COUNTED_NOUNS.has(token)) byToken = true;
      else if (space !== '' && token.length >= 2 && GROUPED.test(num!)) byToken = true;
      else if (token === 'in' && space !== '' && follows(RATIO_IN, text, end)) byToken = true;
      else if (token === 'out' && space !== '' && follows(RATIO_OUT_OF, text, end)) byToken = true;
    }
    const byCurrency = signAt >= 0 || CODE_BEFORE.test(text.slice(Math.max(0, at - 5), at));
    const start = signAt >= 0 ? signAt : at;
    if (byToken) found.push(text.slice(start, end));
    else if (byCurrency) found.push(text.slice(start, at + num!.length));
    // Continue after the number (and after its token when the token belonged to the statistic).
    DIGITS.lastIndex = byToken ? end : at + num!.length;
  }
  return found;
}

function follows(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

export function countStatistics(text: string): number {
  return findStatistics(text).length;
}
