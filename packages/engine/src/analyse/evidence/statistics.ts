// Statistics in prose, for E2. A statistic is a number that quantifies something, counted once per
// occurrence. In digits (this file), in exactly these forms (case-insensitive):
//   1. percentage:   42%, 3.5 %, 12 percent, 12 per cent, 7 pct
//   2. money:        $120, € 5, £3.2bn, ¥900, 120 USD, USD 120 (also EUR GBP JPY CHF CAD AUD INR CNY,
//                    and the codes and abbreviations of CODE_BEFORE: Rs 299, Rs. 1,500, Gs. 80.000)
//   3. magnitude:    3.5 million, 2 billion, 40 thousand, 1.2 trillion, 3.5m, 2bn, 40k
//   4. unit:         12 kg, 5 km, 3 hours, 250 ms, 4 GB, 30 °C, 60 mph, 2x (units.ts; joined to
//                    the number, a unit counts however it is capitalised: 5GiB), and
//                    joined by a hyphen: a 30-minute demo, a 300-pound cover
//   5. count:        a number followed by a content word: 1,200 users, 11 people, 28 engineering
//                    teams, 100 milionů (any word that is not a function word; a capitalised word
//                    only after thousands separators, "1.200 Besucher", as "30 Years" is a title)
//   6. ratio:        1 in 4, 3 out of 5, 1 zu 47, 1 sur 4, 1 su 4 (numbers of up to 3 digits, so
//                    "3 in 2020" is not one; counted once, on the first: the second is its part),
//                    and with a colon: 4:1, 16:9, a 2:0 win (one digit after the colon: clock
//                    times always have two)
//   7. bound:        a bare number after a comparative: "less than 100", "at least 40", "nearly 300."
//   8. measure:      a bare number after the measure it is the value of: "the mean is ~4.33", "an
//                    average of 0.73", "a median of 3", "a z-score of 6", and a study's sample
//                    size: "(n = 37)"
//   9. Japanese and Chinese: a number joined to a counter or unit ("7文字", "50多个", "3,300円",
//                    "10日間"; cjk-counters.ts), also after the word it is joined to ("約12.7mm")
//  10. tally:        a bare number before a dash and a quoted option, the votes for it: "5 - „przeciw”"
//  11. result:       a bare number alone in its cell, in a table's row of three numbers or more: a
//                    scoresheet's points per heat (result-rows.ts; not a header's numbering, a
//                    rating histogram or a size guide)
//  12. figures:      every number of a table of figures posted in a code box ("New York 19,015,900
//                    32.38"; data-tables.ts): other code's numbers are a program's values
//  13. leading dot:  a decimal without its leading zero, no word after it: "batea para .324,"
//                    (leading-dot.ts)
//  14. named tally:  a bare number in parentheses after each of two or more names in a sentence:
//                    "Amy Klobuchar (17) and Elizabeth Warren (12)" (named-tallies.ts; not years,
//                    nor a numbering 1, 2, 3)
//  15. race time:    minutes, seconds and their fraction, two different separators: "1:34.306",
//                    "1.34,306" (a date or a version repeats one: "21.04.20", "2.10.1")
//  16. table figure: a number alone on its line (a table's cell) whose thousands are grouped by
//                    spaces ("928 200 038", "127 803") or in two groups or more ("1,429,464,786")
// In words: see number-words.ts ("two million people", "tři zápasy").
// Numbers: digits with optional thousands separators and decimals (3.5 or 3,5), and fractions
// (3/4 inch, "1/3 of the replies": a fraction with "of" quantifies).
// Never counted:
//   - a bare number, so years ("in 2024"), list numbering ("1.", "Step 3", "#1", "(2)"), ordinals
//     ("1st"), dates ("12 May", "May 12", "el día 15", "desde el 2 hasta el 15 de mayo"), clock
//     times ("10:30", "a las 22.30 horas");
//   - years before a word ("2017 sales"), months after a number ("12 April");
//   - identifiers: a number right after a capitalised word inside a sentence ("iPhone 4",
//     "Minecraft 1.8", "Bug 1553982", "Table 6") or after an acronym anywhere ("MP 3", "GPT 4"),
//     after an identifier noun ("version 3", "step 3", "page 2"), a count after an article in
//     English ("the 40 participants" points back, "buy a 12 now" names a phone; not "11 of the
//     12"), joined to letters by a hyphen
//     ("F-16", "COVID-19", "K-2L"), after a capitalised name and a slash ("HTTP/3"), or made of
//     several dotted parts ("1.8.3");
//     also the parts of a model code: the second of two numbers joined by a plus ("12+18V") and a
//     value joined on to a number by a hyphen ("12V-21");
//   - ages ("17-year-old", "75 years old", "63 Jahre alt", "Antoine, 32 ans,", "une jeune fille
//     de 20 ans", "elle a 4 ans", "tiene 4 años", "aos 3 anos", "mit 37 Jahren", "Fadi (5 ans)",
//     "aged 50 years", "über 30 Jahre alten", and bare in brackets after a name in German, Dutch
//     and the Nordic languages: "Max Müller (34)"; ages.ts) and relative time anchors ("2 years ago",
//     "6 mois après", "3 anni fa", "há 3 anos", "il y a plus de 5 ans"; a hedged span before
//     "before" or "after" is a length: "nearly 11 years after Python 3");
//   - a reference's volume and pages after its year ("2004;190:1-10");
//   - dates and years in the data set's languages ("5 maja", "10 октября 2014 года", "25 Dez 2011");
//   - a name with a capital inside before a number ("iPhone 12", "iOS 17");
//   - the parts of one value: an error margin ("3396.2 ± 0.1 km"), a power of ten
//     ("6,4185×1023 kg", as 10²³ is written in plain text), the lower places of an amount in
//     myriads ("1億2000万円") and the tax inside a price ("1,200円 (+消費税120円)");
//   - structural counts of the text's own items ("5 tips", "3 reasons": ENUMERATIONS), a count
//     that leads into a list ("we are running three experiments:", "keep 2 versions of your
//     dependencies:"; list-lead.ts), and the size of the page's own ranking ("the top 21 films");
//   - the further parts of one quantity (value-parts.ts): a compound duration's later units ("24 h
//     37 min"), a range's second end with its unit ("15°–40°", "between 22° and 26°"), a
//     dimension's further sides ("69 x 176 x 48 cm"); a review's votes ("2 of 2 customers found
//     this helpful") and a rating histogram's rows ("5 Sterne" on a line of its own);
//   - a restatement in parentheses right after a statistic: "3/4 inch (2 cm)", "17.5 MB (-46%)",
//     each of its values ("227,939,200 km (141,634,900 mi; 1.524 AU)"), also past a magnitude's
//     currency or unit ("15 million euros ($16 million)"); a measured value or a
//     count of two digits or more stated again word for word ("$34.98" down a shop page, "150
//     trabajadores" in each paragraph of a report on their dismissal); a price with or
//     without tax after the price ("［税込］￥3,229");
//   - a page's widgets: counters ("3 Antworten", "12 comments"), a forum's pager and activity menu
//     ("This thread has 5 messages", "Last 15 minutes" on its own line; forum-widgets.ts), a review's votes, an edit note
//     ("edited 1 time"), a shop's VAT rate, an image's density in a srcset ("icon.png 2x", and
//     "[email protected] 2x", a CDN's placeholder for "icon@2x.png").
// Digits are read in the language the text is written in (writtenLanguage: a German article under
// a template's lang="en" writes its nouns, and so its counted things, capitalised).
// Speed: digit runs are found first, a sticky regex reads the number and the token after it, and
// the forms are told apart with set look-ups (one regex of all forms was ten times slower).

import { withoutHeadingRepeats } from './heading-repeats.js';
import type { StatisticForm } from './statistic-forms.js';
import { textPlaces } from './text-places.js';
import { ENUMERATIONS } from './number-words.js';
import { countNumberWordStatistics } from './counted-number-words.js';
import { unitInLabelBefore, unitInNextCell } from './table-cells.js';
import { isSpace } from './number-characters.js';
import { afterStarsLabel } from './rating-rows.js';
import { ageBefore, ageInBracketsAfterName, isBareAgeAfterName, YEARS_OF_AGE } from './ages.js';
import { financingBlocks } from './financing.js';
import { asideSections } from './aside-sections.js';
import { teaserCards } from './teaser-cards.js';
import { adBlocks } from './ad-blocks.js';
import { rangeStart } from './range-start.js';
import { inResultRow } from './result-rows.js';
import { isLeadingDotDecimal } from './leading-dot.js';
import { isHyphenedPartCount } from './hyphen-counts.js';
import { dataTableSpans, isDataTable } from './data-tables.js';
import { logLineSpans } from './log-lines.js';
import { countingLadderSpans } from './counting-ladders.js';
import { repeatedLineSpans } from './repeated-lines.js';
import { inSortedSpans } from './sorted-spans.js';
import { isActivityFilter, isBadgeCount, isThreadCount } from './forum-widgets.js';
import { leadsIntoListLater } from './list-lead.js';
import { cjkQuantifies, isCjkDimensionSide, isCjkMyriadPart, isCjkOwnItems, isHanOrKana, isTaxRestatement } from './cjk-counters.js';
import { isHangul, koreanQuantifies } from './korean-counters.js';
import { continuesValue, isDimensionSide, type PreviousValue } from './value-parts.js';
import { isNamedTally } from './named-tallies.js';
import { YEAR } from './number-shape.js';
import { CURRENCY, UNIT, wordClasses } from './number-word-classes.js';
import { CODE_END, CODE_START, HEADING_START } from '../raw-document.js';
import { STOPWORDS, writtenLanguage } from '../text/stopwords.js';
import { TIME_UNITS, UNIT_WORDS as UNITS } from './units.js';
import type { TextProfile } from '../text/words.js';
import { wordSet as set } from './word-set.js';

/** A fraction (3/4, 1/3; not a date such as 12/05/2020), a grouped number (not "6,4185", a decimal), or a plain one. */
const NUM = String.raw`\d{1,2}\/\d{1,2}(?![\d/])|\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?!\d)(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;

/** A number and the token right after it, matched where a digit run starts. */
// Case-sensitive on purpose: the tokens are lower-cased after the match, and the 'i' flag made
// this Unicode regex markedly slower.
const NUMBER_AT = new RegExp(`(${NUM})(?:([ \\t\\u00a0]{2,}|\\s?[‘“"]?|-)(%|％|×|°[cfCF]?|\\p{L}[\\p{L}/]*))?`, 'uy');
/** Digit runs; most text has few, so scanning for them first is cheap. */
const DIGITS = /\d+/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const CURRENCY_SIGN = /[$€£¥₹₩￥]/;
const GROUPED = /^\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+/;
/**
 * A whole number with its thousands grouped by commas, as English writes a quantity: "7,844",
 * "143,600", up to hundreds of millions (more groups are a list of codes: "332,333,343,345").
 */
const ENGLISH_GROUPED = /^\d{1,3}(?:,\d{3}){1,2}$/;
/** A figure grouped in thousands by spaces ("127 803"), or by commas or dots in two groups or more ("1,429,464,786"). */
const LARGE_FIGURE = /^(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d{1,3}(?:,\d{3}){2,}|\d{1,3}(?:\.\d{3}){2,})$/u;
/** A list of codes goes on after the number: "146,318/19/20", "744,752,762,763". */
const CODE_LIST_AFTER = /[/,]\d/y;
/** The dash between a range's two numbers, a space either side at most: "5-7", "$10,000 - $50,000". */
const RANGE_DASH = /^\s?[-–—−]\s?$/u;
/** The word between a range's two numbers, and a currency sign before the second: " to $", " und ". */
const RANGE_WORD = /^\s(?:to|and|bis|und|à|et|a|y|e|hasta|até)\s[$€£¥₹]?$/u;
/**
 * What announces the numbers after it as a range, not a change from one to the other: "prices
 * range from", "varying from", "between", "entre", "zwischen", "tra" (a before/after pair, "rose from
 * $5 to $7", counts twice).
 */
const RANGE_ANNOUNCED = /(?:^|[^\p{L}])(?:between|range[sd]?(?: from)?|ranging(?: from)?|var(?:y|ies|ying)(?: from)?|entre|zwischen|tra|fra)\s[$€£¥₹]?$/iu;
/** A range whose second number a word follows ("from 1,381 to 1,666 km"): the word's reading counts it, on its first number. */
const RANGE_WITH_WORD_AFTER = /\s?(?:[-–—]|\s(?:and|to)\s)\s?\d[\d,.]*\s?[\p{L}%]/uy;
/** The second number of a range: "2,000-3,000", "between 100,000 and 200,000". */
const RANGE_SECOND_BEFORE = /\d\s?(?:[-–—]|\s(?:and|to)\s)$/u;
/** A counter's label: "Posts: 3,585". */
const COUNTER_LABEL_BEFORE = /(?:^|[^\p{L}])(?:posts|comments|replies|views|likes|shares|votes|messages|followers|reputation)\s*:\s*$/iu;
/** A currency's code or abbreviation before its amount: "USD 120", "Rs 299", "Rs. 1,500", "Gs. 80.000", "PKR 2,000". */
const CODE_BEFORE =
  /(?:^|[^\p{L}])(?:usd|eur|gbp|jpy|chf|cad|aud|inr|cny|pkr|lkr|npr|brl|mxn|ars|clp|cop|pen|php|zar|sek|nok|dkk|pln|czk|huf|rs\.?|gs\.?|bs\.?)\s?$/iu;
const RATIO_IN = /\s\d{1,3}(?![\p{L}\p{N}])/uy;
/** The word between a ratio's two numbers ("1 in 4"), in the languages read: "1 zu 47", "1 sur 4", "1 su 4". */
const RATIO_WORDS = set('in zu sur su');
const RATIO_OUT_OF = /\sof\s\d{1,3}(?![\p{L}\p{N}])/uy;
/** "(20 of 34)": a tally in parentheses, its second number closing them. */
const PAREN_OF = /\s\d{1,4}\)/y;
/** "Photo (3 of 12)", "Part (2 of 5)": a pager's place, not a tally. */
const PAGER_BEFORE = /(?:photo|image|picture|slide|page|part|step|chapter|item|episode|video)s?\s*$/i;
const PER_CENT = /\scent(?![\p{L}\p{N}])/uy;
/** "60 por ciento", "60 pour cent". */
const POR_CIENTO = /\s(?:ciento|cent)(?![\p{L}\p{N}])/uy;
/** The word before a number, and what precedes that word (to tell a sentence start). */
const WORD_BEFORE = /(?:^|([.!?:]\s+|[\n([]\s*)|\s)([\p{L}][\p{L}\p{N}.&-]*)\s+$/u;
const AGE_AFTER =
  /^[\s-]*(?:(?:years?|yrs?|months?|weeks?|days?)[\s-]old|(?:jahre|monate|wochen|tage)\s+alt(?:e[nmrs]?)?|(?:jaar|maanden|weken)\s+oud(?:e)?|(?:años|anos)\s+de\s+(?:edad|idade)|anni\s+di\s+età)(?![\p{L}])/iu;
const APPOSITION_BEFORE = /,\s*(?:de\s+)?$/u;
const APPOSITION_AFTER = /^\s*[,)]/u;
/**
 * Before a span of time, an anchor in time: "hace 2 años", "vor 3 Jahren", "il y a 2 ans", "před 5 lety", "há 3 anos",
 * "fast-forwarding 25 years" (25 years later). After "desde", "hace" measures a span: "desde hace 8 años" (for 8 years).
 */
// A hedge may stand between the anchor and the span: "il y a plus de 5 ans", "vor über 10 Jahren", "hace más de 2 años".
const RELATIVE_BEFORE =
  /(?:^|[^\p{L}])(?<!desde\s)(?:hace|vor|y a|před|há|fast[- ]forward(?:ing)?|flash[- ]forward(?:ing)?)\s+(?:(?:plus de|près de|environ|presque|über|fast|mehr als|etwa|rund|más de|casi|unos|cerca de|mais de|quase|cerca|více než|téměř)\s+)?$/iu;
const NEXT_WORD = /\s+([\p{L}’']+)/uy;
/** A shop's delivery time label before its figure, or its range's first figure: "Lieferzeit: 15 - ", "Delivery time: ". */
const DELIVERY_TIME_BEFORE =
  /(?:lieferzeit|versanddauer|delivery time|dispatch time|shipping time|délai de livraison|plazo de entrega|tiempo de entrega|tempi di consegna|tempo di consegna|prazo de entrega)\s*:?\s*(?:ca\.?\s*)?(?:\d+\s*[-–]\s*)?$/iu;
/** `for` (perhaps `another`) right before a span: its length. */
const FOR_BEFORE = /(?:^|[^\p{L}])for(?:\s+another)?\s+$/iu;
/** After a span, its anchor in the present: "40 minutes from now", "3 days from today". */
const FROM_NOW = /\s+from\s+(?:now|today)(?![\p{L}])/iuy;
/** A German span before "her" (ago): "10 Monate her", "10 Monate 3 Wochen her". */
const GERMAN_AGO = /^\S+\s+(?:jahre|monate|wochen|tage|stunden|minuten)(?:\s+\S+\s+(?:monate|wochen|tage|stunden|minuten))?\s+her(?![\p{L}])/iu;
/** A word and a colon on the same line: " simples pasos:" after "4" (on the next line, "mínima:" is a label of its own). */
const WORD_THEN_COLON = /[ \u00a0]+[\p{L}’']+:/uy;
/** A year and a semicolon before a reference's volume: "2004;" of "2004;190:1-10". */
const CITED_YEAR_BEFORE = /(?:^|\D)(?:1[5-9]|20)\d\d\s?;\s?$/;
/** A colon ratio or score after a number: ":1" of "4:1", not ":30" of "10:30". */
const COLON_RATIO = /:\d(?!\d)/y;
/** A dash and an opening quote after a number: " - „przeciw”", " – “against”". */
const TALLY_AFTER = /[ \u00a0]?[-–—][ \u00a0]?[„“"«‘]/uy;
/** Comparatives that make the bare number after them a quantity: "less than 100". */
const BOUND_BEFORE = /(?:^|[^\p{L}])(?:than|least|most|nearly|almost|roughly|approximately|around|about|over|under)\s+$/iu;
/** A margin after a value, to its unit: " ± 0.1 km", "±0.2%". */
const MARGIN = new RegExp(String.raw`\s?±\s?(?:${NUM})\s?(%|°[cfCF]?|\p{L}[\p{L}/]*)`, 'uy');
/** Around a reading time: "5 min read", "Reading time: 5 minutes", "Lesezeit: 3 Min.", "Tempo de leitura: 1 minuto". */
const READ_AFTER = /^\s+read\b/iu;
const READ_BEFORE =
  /(?:read(?:ing)? time|lesezeit|lesedauer|temps de lecture|tiempo de lectura|tempo de leitura|tempo di lettura|czas czytania|przeczytasz w)\s*:?\s*(?:ca\.?\s*)?$/iu;
/** Counters of a thread's or a post's activity ("12 comments", "3 Antworten", "45 shares"), which also close a teaser's line in lists of other threads. */
const ACTIVITY_COUNTERS = new Set(
  'comment comments replies reply answers answer antworten antwort réponses respuestas respostas odpowiedzi kommentare kommentar commentaires commentaire comentarios comentario comentários komentarzy komentarze komentarz комментариев комментария views likes shares reactions réactions reacciones reações reazioni reaktionen commenti'.split(
    ' ',
  ),
);
/**
 * A page's counters: the activity counters, posts and votes, a rating histogram's rows ("5 Sterne",
 * "4 stars") and a gallery's count of its pictures ("Slideshow ( 15 images )", "10 Bilder").
 */
const COUNTERS = new Set([
  ...ACTIVITY_COUNTERS,
  ...'stars star sterne stern étoiles étoile estrellas estrella estrelas estrela gwiazdek gwiazdki posts beiträge votes interakcji interakcje'.split(' '),
  ...'images photos pictures bilder fotos imágenes imagens immagini zdjęć zdjęcia'.split(' '),
]);
/** A shop's votes on a review, after its numbers in the same sentence: "2 of 2 customers found this helpful", "Für 1 von 1 Kunden hilfreich". */
/** A word of a review's vote ("2 of 2 found this helpful"); searched for, not anchored: three times faster on every number. */
const HELPFUL = /helpful|hilfreich|utile|útil|pomocn/i;
const SENTENCE_END = /[.!?\n]/;
const HELPFUL_BEFORE = /(?:helpful to|hilfreich für|utile pour|útil para|utile per|przydatna dla)\s*:?\s*$/iu;
const VAT_BEFORE = /(?:^|[^\p{L}])(?:vat|mwst\.?|tva|iva|ндс)\s*:?\s*$/iu;
/** A command-line option right before a number: "--depth 1", "-n 5". */
const OPTION_BEFORE = /(?:^|\s)--?[A-Za-z][\w-]*\s+$/u;
const CLOCK_BEFORE = /(?:^|\s)à\s$/u;
/** Hours and minutes written with a dot or a colon: "22.30", "9.45". */
const CLOCK_DOTTED = /^(?:[01]?\d|2[0-3])[.:][0-5]\d$/u;
/** The words for "hours" a clock time is written with: "22.30 horas", "22.30 Uhr", "22.30 uur". */
const HOUR_WORDS = set('horas hora hs h uhr heures ore uur hrs');
/** The article or preposition before an hour of the day: "a las", "um", "om", "alle", "dalle", "at", "hasta las". */
const HOUR_BEFORE = /(?:^|\s)(?:las|la|um|om|alle|dalle|le|à|at|ab|bis|vanaf|tot)\s$/iu;
/** The article of an hour of the day in Italian and Spanish: "le 23", "alle 9", "las 23". */
const HOUR_ARTICLE = /(?:^|\s)(?:le|alle|dalle|las)\s$/iu;
/** The local time after an hour: "le 23 locali", "las 23 horas locales", "11 local time", "23 heure locale". */
const LOCAL_TIME = /^(?:locali|locales|local\s+time|(?:horas?|heures?|ore|ora)\s+(?:locales?|locali|locale)|ortszeit)(?![\p{L}])/iu;
/**
 * An image's file name before a density: "icon.png 2x", and "[email protected] 2x", where a CDN hid a
 * retina image's "icon@2x.png" as an e-mail address (its space may be a no-break space).
 */
const SRCSET_BEFORE = /(?:\.(?:png|jpe?g|gif|webp|svg|avif)|\[email\sprotected\])\s$/iu;
const EDITED_BEFORE = /(?:^|\s)edited\s+$/iu;
const UP_TO_BEFORE = /(?:^|[^\p{L}])up to\s+$/iu;
const RATIO_OF_THE = /\d\s+of\s+the\s+$/iu;
const ARTICLE_BEFORE = /(?:^|[^\p{L}])(?:the|a|an)\s+$/iu;
/** "el día 15", "o dia 3", "il giorno 12": a day of the month, named by its number. */
const DAY_OF_MONTH_BEFORE = /(?:^|[^\p{L}])(?:el|del|al|o|do|no|il|nel)\s+(?:día|dia|giorno)\s+$/iu;
/** A negation before a share, through a hedge and a preposition: "not 100%", "not just 99%", "nicht zu 100 %", "pas à 100 %", "no al 100%", "nie w 100%". */
const NEGATION_BEFORE =
  /(?:^|[^\p{L}])(?:not|nicht|pas|no|nie|não|non|не)(?:\s+(?:just|quite|even|exactly|ganz|genau|tout à fait|del todo|totalmente|całkiem))?(?:\s+(?:zu|à|al|a|em|w|na))?\s+$/iu;
const OF_THE_TIME = /^\s+of\s+the\s+time(?![\p{L}])/iu;
/**
 * "8° Congreso", "2°Congreso", "11° Seminario": the degree sign as an ordinal's (º), after a whole
 * number and before the name it numbers, on the same line; a compass point after an angle ("45°
 * Nord") is no name, nor the next cell of an infobox ("49.558°", "1,850° Güneş ekvatoruna").
 */
const NAME_AFTER_ORDINAL = /^[ \u00a0]?(?!(?:Nord|Norte|North|Sud|Sur|Süd|South|Est|Este|East|Ost|Ouest|Oeste|West)\b)\p{Lu}\p{Ll}{2,}/u;
const MONTH_AFTER_DE = /^\s+de\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)/iu;
/** The word "year" as a date writes it after the year's number: "2014 года", "2014 г.", "w 2020 roku". */
const YEAR_WORDS = new Set(['года', 'году', 'год', 'г', 'roku', 'rok', 'r']);
/**
 * A measure named before a bare number makes it one: "the mean is ~4.33", "an average of 0.73", "a
 * z-score of 6", and a test's measures: "an area under the curve of 0.89", "an AUC of 0.91", "a
 * correlation of 0.4".
 */
const MEASURE_BEFORE =
  /(?:^|[^\p{L}])(?:mean|average|median|total|sum|rate|score|deviation|variance|under the curve|auc|accuracy|correlation|coefficient)(?:\s+(?:is|was|are|were|of|at))?\s*(?:[=:≈~]\s*)?$/iu;
/** A sample's size, as a study reports it: "(n = 37)", "N=120". */
const SAMPLE_SIZE_BEFORE = /(?:^|[^\p{L}])[nN]\s*=\s*$/u;
/**
 * A confidence interval's bounds after the value they qualify: "(95% confidence interval = 0.85–1.16
 * Å)", "(95% CI: 1.2 to 1.6)". They are part of the value before (GUIDE.md, `part`), as a margin is.
 */
const CONFIDENCE_BOUNDS = new RegExp(
  String.raw`(?<=(?:confidence interval|\bCI)\s?[=:,]?\s?\[?)(?:${NUM})\s?(?:[–-]|to)\s?(?:${NUM})\s?(?:%|\p{L}{1,3}\b)?`,
  'uy',
);
/**
 * A percentage written with its sign or word before the number, as Turkish writes it: "%70",
 * "yüzde 121"; not a sign after another number ("50% 30 days", "5 % 3").
 */
const PERCENT_BEFORE = /(?<![\p{L}\d])(?<!\d\s)(?:%|yüzde)\s?$/u;
/** A character escaped in a URL, "%20" of "…-%20das%20Beispiel.pdf": no percentage. */
const URL_ESCAPE = /^%[\dA-F]{2}[\p{L}%]/u;
/**
 * A number after another and its thousands' or millions' word, as Turkish and Russian write an
 * amount: "93 bin 973" (93,973), "1 млн 200 тыс.". It is the amount's lower places, which counts
 * once, on its first number.
 */
const MAGNITUDE_PART_BEFORE = /\d\s+(?:bin|milyon|milyar|тыс\.?|тысяч[аи]?|млн\.?|млрд\.?)\s+$/u;
/**
 * A statistical test's result, as a study reports it: "(P = 0.003)", "p<0.001", "Pearson's r =
 * 0.76", "t(23) = 2.1", "a p-value of 0.028", "a p of 0.817", "Cohen's d of 0.5". The symbol
 * stands alone, with its degrees of freedom perhaps, before a sign, or a p-value's or an effect
 * size's name before a verb: a bare "p 23" (a page) is no result.
 */
const TEST_RESULT_BEFORE =
  /(?:^|[^\p{L}\d.</])(?:(?:[pPrRtFzZ]|R²|χ²|OR|HR|RR)(?:\s?\(\d[\d\s,.]{0,10}\))?\s*[=<>≤≥]|(?:p-values?|p|Cohen[’']s d|Pearson[’']s r)\s+(?:of|was|is|were|=))\s*$/u;
/**
 * A level a quantity rose, fell or stood at makes the bare number after it one, in the data set's
 * languages: "deaths rose to 611", "aumentou neste sábado para 611", "estava em 12.729", "llegó a
 * 300", "s'élève à 40", "stieg auf 12", "wzrosła do 60", "выросло до 15" (a verb of change or level,
 * perhaps its preposition, perhaps a hedge: "quase", "près de", "rund").
 */
const LEVEL_BEFORE = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:rose|risen|fell|fallen|dropped|climbed|increased|decreased|grew|jumped|reached|totall?ed|stood|stands|aumentou|subiu|caiu|chegou|atingiu|estava|ficou|aumentó|subió|cayó|bajó|llegó|alcanzó|ascendió|asciende|ascienden|situó|sitúa|augmenté|grimpé|chuté|atteint|élève|élèvent|établit|stieg|sank|erreichte|liegt|lag|salito|sceso|aumentato|raggiunto|wzrosła|wzrósł|spadła|spadł|wynosi|wyniosła|выросло|вырос|достигло|составило|составляет)` +
    String.raw`(?:\s+(?:\p{Ll}+\s+){0,2}?(?:to|at|by|para|em|en|a|al|à|auf|bei|um|do|до|of))?(?:\s+(?:quase|cerca\s+de|casi|unos|près\s+de|environ|fast|rund|circa|quasi|prawie|około|почти|около))?\s+$`,
  'iu',
);

/** Minutes, seconds and their fraction, with two different separators: "1:34.306", "1.34,306". */
const RACE_TIME = /\d{1,2}(?::\d{2}\.|\.\d{2},)\d{2,3}(?![\d]|[.,:]\d)/y;
/** Opening of a parenthesised restatement: " (", " (-", " (~", " (about ", after a unit's power ("m/s2 (") or a note ("kg[8] ("). */
const RESTATEMENT = /^[23²³]?(?:\[\w{1,3}\])*\s*\(\s*(?:[-–−+~≈]|about|approx\.?|around|roughly)?\s*$/iu;
/** A currency or unit word the value before ends with, a magnitude's ("million euros", "Millionen Euro"). */
const UNIT_WORD_FIRST = /^\s(\p{L}{1,12})(?=\s*\()/u;
function withoutUnitWord(between: string): string {
  const word = UNIT_WORD_FIRST.exec(between)?.[1];
  return word !== undefined && (wordClasses(word.toLowerCase()) & (CURRENCY | UNIT)) !== 0 ? between.slice(word.length + 1) : between;
}
/** The first value of a range and its dash or word, before the range's second (" (2.3 to", " (6.6–"): a restatement's range ends on its second. */
const RANGE_OPENING = /(?<=\(\s*(?:about|approx\.?|around|roughly|~|≈)?\s*)\d[\d.,]*\s?(?:[-–—−]|\s(?:to|bis|à|a|hasta|até)\s)\s?$/u;
/** Between two values of one parenthesised restatement: "(141,634,900 mi; 1.524 AU)", "(12.2 ft/s2, 0.38 g)". */
const RESTATEMENT_GOES_ON = /^[23²³]?(?:\[\w{1,3}\])*\s*[;,]\s*$/u;

/** An age set off after a name ("Antoine, 32 ans, teaches"): a comma before, a comma or bracket after. */
const PERCENT = set('% ％ percent pct procent procenta prozent proc');
/** Words joining the two ends of a range ("2 bis 15 Gramm", "de 2 à 15 grammes", "de 2 a 15 gramos", "od 15 do 40 procent", "от 1 до 3 лет"). */
const RANGE_WORDS = set('to bis à a hasta al até do до');
/** The second number of a range, perhaps after its article: "2 to 15", "desde el 2 hasta el 15 de mayo". */
const DIGIT_AFTER_SPACE = /\s(?:(?:el|la|los|las|le|les|the|zum|o|a)\s)?\d/y;
/** Words after a decimal number that make it a version: "the 1.8 release", "a 2.0 update". */
const VERSION_AFTER = set('release releases update updates beta alpha rc build patch');
const CURRENCY_CODES = set('usd eur gbp jpy chf cad aud inr cny');
const MAGNITUDES = set('thousand million billion trillion mn bn k m b');
const MONTHS = set(`january february march april may june july august september october november december
  jan feb mar apr jun jul aug sep sept oct nov dec ledna února března dubna května června července
  srpna září října listopadu prosince enero febrero marzo abril mayo junio julio agosto septiembre
  octubre noviembre diciembre janvier février mars avril mai juin juillet août septembre octobre
  novembre décembre januar februar märz juni juli oktober dezember mär okt dez janeiro fevereiro março
  maio junho julho setembro outubro novembro dezembro gennaio febbraio aprile maggio giugno luglio
  settembre ottobre dicembre stycznia lutego marca kwietnia maja czerwca lipca sierpnia września
  października listopada grudnia января февраля марта апреля мая июня июля августа сентября октября
  ноября декабря`);
const WEEKDAYS = set('monday tuesday wednesday thursday friday saturday sunday am pm a.m p.m');
const RELATIVE = set('ago later earlier before after previously après después später danach temu fa atrás назад');
const HTTP_WORDS = set('status error errors code codes response responses');
/** The minutes after a Chinese clock's 点: "20点20分", "15点48分". */
const CLOCK_MINUTES = /^\d{1,2}分/u;
/** An HTTP status code named before its number: "the non-standard code 444 closes…", "status 301". */
const HTTP_BEFORE = /(?:^|[^\p{L}])(?:status|code|codes|response)\s+$/iu;
/**
 * Russian and Ukrainian case endings joined by a hyphen, an ordinal's ("в 2019-м", "до лета 2022-го",
 * "5-й", "в 90-х"), never a unit; "-м" is one only after a year, elsewhere it may be metres ("100-м").
 */
const ORDINAL_ENDINGS = set('го й х е я ми му ом ым ый ой ая ое ые их ых ий ей ого ому');
const YEAR_LIKE = /^(?:1[5-9]|20)\d\d$/;
/** Nouns that make the number after them an identifier: "version 3", "step 3", "page 2", an event's or a publication's edition ("meeting 23", "edition 4"). */
const IDENTIFIER_NOUNS = set(`version v step steps page pages chapter section part table figure fig
  no nr number issue bug level rule item line lines episode season vol volume act room route
  question phase stage model series pp p article paragraph appendix verze strana kapitola
  versión página capítulo paso seite kapitel schritt example beispiel ejemplo exemple exemplo esempio
  art abs absatz ust artigo artículo artikel meeting meetup edition type subsection clause ruta`);

/**
 * The digit statistics in `text` (see the definition above), in order. `lang` is the text's
 * language: German capitalises every noun, so there a capitalised word after a number is a counted
 * thing or a unit ("186 Gramm", "15 Versionen"), not a title.
 */
export function findStatistics(text: string, lang: string | null = null): string[] {
  const found: StatisticOccurrence[] = [];
  scanStatistics(text, lang, (start, end, numberStart, form) => found.push({ start, end, numberStart, form }));
  return withoutHeadingRepeats(text, found).map((f) => text.slice(f.start, f.end));
}

export type { StatisticForm };

/** A statistic where it stands: from its first character (a currency sign, or the number) to its end, and where its number starts. */
export interface StatisticOccurrence {
  start: number;
  end: number;
  /** Where a reader counts it: its number, or the first number of its range or ratio ("40" of "40 to 80 percent", range-start.ts). */
  numberStart: number;
  form: StatisticForm;
}

/** The statistics of `text` (digits and words, code left out) with their offsets in `text`, in order. */
export function findStatisticOccurrences(text: string, lang: string | null): StatisticOccurrence[] {
  const { text: prose, toOriginal } = withoutCodeMapped(text);
  const found: StatisticOccurrence[] = [];
  scanStatistics(prose, lang, (start, end, numberStart, form) =>
    found.push({ start: toOriginal(start), end: toOriginal(end), numberStart: toOriginal(numberStart), form }),
  );
  return withoutHeadingRepeats(text, found);
}

function scanStatistics(text: string, lang: string | null, onFound: (start: number, end: number, numberStart: number, form: StatisticForm) => void): void {
  const nounsCapitalised = lang === 'de';
  const english = lang === 'en';
  let lastEnd = -1;
  /** The last value found was a restatement's, in parentheses that may go on with another. */
  let restating = false;
  /** The last statistic found, of which the next may be a further part (value-parts.ts). */
  let previous: PreviousValue | null = null;
  /** The measured values stated so far, as written (lower-cased). */
  const stated = new Set<string>();
  const inFinancing = financingBlocks(text);
  const inAsideSection = asideSections(text);
  const inTeaserCards = teaserCards(text);
  const inAd = adBlocks(text);
  const inLog = text.includes(':') ? inSortedSpans(logLineSpans(text)) : () => false;
  const inLadder = inSortedSpans(countingLadderSpans(text));
  const inRepeatedLine = inSortedSpans(repeatedLineSpans(text));
  /** Whether `at` stands in what is no part of the page's own content (each block's file says what it reads). */
  const outsideContent = (at: number) =>
    // "TAN fisso 0.00%, TAEG 0.00% in 10 rate da € 50.00": a credit offer's legal example.
    inFinancing(at) ||
    // "Compare with similar items", "Delivery & returns", "More discussions": other products' and pages' figures, and the shop's terms.
    inAsideSection(at) ||
    // "…con el cambio de seis... / Ver más / 03/05/2022 / Cartagena destaca…": other articles' cards.
    inTeaserCards(at) ||
    // "Werbung:" and the product titles listed under it: an advertisement's figures.
    inAd(at) ||
    // "10-25 17:12:11.001 24358 24358 W dex2oat": a program's log, its output (log-lines.ts).
    inLog(at) ||
    // "0 / 1 / 2 / 3 …", a line each: an odometer's wheel, a pager, a code box's gutter (counting-ladders.ts).
    inLadder(at);
  // "New York 19,015,900 32.38": a table of figures posted in a code box (data-tables.ts).
  const inDataTable = text.includes(CODE_START) ? inSortedSpans(dataTableSpans(text)) : () => false;
  // A heading's figure is no first statement: the body's statement of it counts, and the heading's
  // is the repeat (withoutHeadingRepeats), so a heading does not make the body's a restatement.
  const placeOf = text.includes(HEADING_START) ? textPlaces(text) : null;
  DIGITS.lastIndex = 0;
  let digits: RegExpExecArray | null;
  while ((digits = DIGITS.exec(text)) !== null) {
    const at = digits.index;
    // Japanese and Chinese join a number to the word before it ("約12.7mm", "地球の2.4倍"); an
    // ordinal ("第3章"), a clock's minutes ("10時30分") and the lower places of an amount in myriads
    // ("1億2000万円") are no quantity of their own.
    const cjkJoined = at > 0 && isHanOrKana(text.charCodeAt(at - 1));
    if (cjkJoined && (text[at - 1] === '第' || text[at - 1] === '時' || isCjkDimensionSide(text, at) || isCjkMyriadPart(text, at))) continue;
    // "3月25日に": a date's day after its month, whatever follows ("1日に" alone is a rate per day).
    if (cjkJoined && text[at - 1] === '月' && text[at + digits[0].length] === '日') continue;
    // "20点20分": a Chinese clock time, its hour before 点 and its minutes after it (not "20点" of a score alone).
    if (isChineseClock(text, at, at + digits[0].length)) continue;
    // "上位10ポート", "ZMapの2つ", "4つの理由": the text's own ranking and items (cjk-counters.ts).
    if (cjkJoined && isCjkOwnItems(text, at, at + digits[0].length)) continue;
    // A digit run inside a word ("H2O", "mp3"), or after a dot, colon or hash ("1.8.3", "10:30", "#1").
    if (at > 0 && !cjkJoined && (isWordChar(text.charCodeAt(at - 1)) || isJoinedAfter(text, at))) continue;
    // "3396.2 ± 0.1 km", "1,448×10⁸ written 1,448×108": an error margin and a power of ten are
    // parts of the value before them, which counts once.
    if (isPartOfValueBefore(text, at) || isDimensionSide(text, at) || MAGNITUDE_PART_BEFORE.test(text.slice(Math.max(0, at - 16), at))) continue;
    if (follows(CONFIDENCE_BOUNDS, text, at)) {
      DIGITS.lastIndex = CONFIDENCE_BOUNDS.lastIndex;
      continue;
    }
    NUMBER_AT.lastIndex = at;
    const m = NUMBER_AT.exec(text);
    if (!m) continue;
    const [, num, space] = m;
    // "2.5mmの薄型", "7文字でも": the word after the number ends where Japanese or Chinese starts.
    const { token: rawToken, cjk, korean } = wordAfter(m[3]);
    const whole = rawToken === undefined ? num! : `${num!}${space!}${rawToken}`;
    const numEnd = at + num!.length;
    // "…that we can reason about.6": a note's number set right after a sentence's last word and
    // its stop, as a superscript reads once extracted: a reference, not a quantity.
    if (isNoteMark(text, at, numEnd)) {
      DIGITS.lastIndex = numEnd;
      continue;
    }
    // "Genesis 1:3" is a reference wherever it stands, even at a sentence start.
    const after = text.charCodeAt(numEnd);
    // A race time to the thousandth, its two separators differing ("1:34.306", "1.34,306"): a
    // measured result, where a date or a version repeats one separator ("21.04.20", "2.10.1").
    if (follows(RACE_TIME, text, at)) {
      const end = RACE_TIME.lastIndex;
      if (!outsideContent(at) && !inRepeatedLine(at)) onFound(at, end, at, 'race-time');
      lastEnd = end;
      DIGITS.lastIndex = end;
      continue;
    }

    // "2004;190:1-10": a reference's volume and pages after its year, an identifier (GUIDE.md).
    if (
      after === COLON &&
      follows(COLON_RATIO, text, numEnd) &&
      !isIdentifier(text, at, true) &&
      !CITED_YEAR_BEFORE.test(text.slice(Math.max(0, at - 7), at))
    ) {
      onFound(at, numEnd + 2, at, 'ratio');
      lastEnd = numEnd + 2;
      DIGITS.lastIndex = numEnd + 2;
      continue;
    }
    // Dotted identifiers ("1.8.3") and clock times ("10:30") are not quantities.
    if ((after === COLON || after === DOT) && isDigit(text.charCodeAt(numEnd + 1))) {
      DIGITS.lastIndex = numEnd + 2;
      continue;
    }
    const token = rawToken?.toLowerCase();
    const end = at + whole.length;
    // A currency sign right before the number, with at most one space between.
    const signAt = at > 0 && CURRENCY_SIGN.test(text[at - 1]!) ? at - 1 : at > 1 && /\s/.test(text[at - 1]!) && CURRENCY_SIGN.test(text[at - 2]!) ? at - 2 : -1;
    const start = signAt >= 0 ? signAt : at;
    const byCurrency = signAt >= 0 || (at > 2 && isAsciiLetter(letterBefore(text, at)) && CODE_BEFORE.test(text.slice(Math.max(0, at - 5), at)));
    const byToken = korean
      ? space !== '-' && koreanQuantifies(text, numEnd + space!.length, num!)
      : cjk
        ? space !== '-' && cjkQuantifies(text, numEnd + space!.length, cjkJoined || YEAR.test(num!), space !== '')
        : token !== undefined &&
          (cjkJoined ? PERCENT.has(token) || UNITS.has(token) : tokenQuantifies(text, at, end, num!, space!, token, byCurrency, nounsCapitalised, english));
    DIGITS.lastIndex = byToken ? end : numEnd;
    // "1 in 4 adults", "3 out of 5 people": a ratio counts once, on its first number; its second is
    // part of it (GUIDE.md, "Ranges and pairs": "11 of the 12" is one ratio).
    if (byToken && (RATIO_WORDS.has(token!) || token === 'out')) DIGITS.lastIndex = ratioEnd(text, end, token!);
    else if (byToken && token === 'of' && follows(PAREN_OF, text, end)) DIGITS.lastIndex = PAREN_OF.lastIndex;
    // "20,00 €", "98,65\u00a0€": a currency sign after the number, as French, German and Italian write prices.
    const signAfter = byToken || byCurrency || token !== undefined ? -1 : currencySignAfter(text, numEnd);
    const valueEnd = byToken ? end : signAfter >= 0 ? signAfter : numEnd;
    const priced = byCurrency || signAfter >= 0;
    const byBound =
      !byToken &&
      !byCurrency &&
      !cjkJoined &&
      token === undefined &&
      at > 1 &&
      (text.charCodeAt(at - 1) === 32 || text.charCodeAt(at - 1) === 0xa0) &&
      isAsciiLetter(text.charCodeAt(at - 2)) &&
      !YEAR.test(num!) &&
      BOUND_BEFORE.test(text.slice(Math.max(0, at - 16), at));
    const byMeasure =
      !byToken &&
      !byCurrency &&
      !byBound &&
      !cjkJoined &&
      !YEAR.test(num!) &&
      (MEASURE_BEFORE.test(text.slice(Math.max(0, at - 32), at)) ||
        LEVEL_BEFORE.test(text.slice(Math.max(0, at - 40), at)) ||
        SAMPLE_SIZE_BEFORE.test(text.slice(Math.max(0, at - 6), at)) ||
        TEST_RESULT_BEFORE.test(text.slice(Math.max(0, at - 24), at)) ||
        (PERCENT_BEFORE.test(text.slice(Math.max(0, at - 7), at)) && !URL_ESCAPE.test(text.slice(at - 1, at + 4))));
    // "3396.2 ± 0.1 km": the value carries its margin's unit (the margin is part of it).
    const byMargin =
      !byToken &&
      !byCurrency &&
      !byBound &&
      !byMeasure &&
      text.charCodeAt(numEnd + (text.charCodeAt(numEnd) === 32 ? 1 : 0)) === 0xb1 &&
      marginHasUnit(text, numEnd);
    // "319.9 | g", "Grubość (w mm): 36": a table's value with its unit in the next cell or in its
    // row's label (table-cells.ts).
    // "660 „za”, 5 - „przeciwko”": a tally, the count of votes for the quoted option (not a list's
    // number at a line's start: "1 - „Intro”").
    const byTally =
      !byToken &&
      !priced &&
      !byBound &&
      !byMeasure &&
      !byMargin &&
      token === undefined &&
      !YEAR.test(num!) &&
      follows(TALLY_AFTER, text, numEnd) &&
      !startsLine(text, start);
    // "of whom 7,844 have died", "looks more like 60,000": English groups the thousands of a
    // quantity with commas; a year, a code or a list number is never written so. In a sentence
    // only: alone on its line it is a widget's counter (a forum member's posts), and a word that
    // is no function word after it is one the rules above read ("10,990 posts").
    // Read by one of the forms above already: the forms below are for a bare number.
    const read = byToken || priced || byBound || byMeasure || byMargin || byTally;
    const byGrouping =
      english &&
      !read &&
      ENGLISH_GROUPED.test(num!) &&
      (token === undefined || STOPWORDS.has(token)) &&
      !follows(CODE_LIST_AFTER, text, numEnd) &&
      !follows(RANGE_WITH_WORD_AFTER, text, numEnd) &&
      !RANGE_SECOND_BEFORE.test(text.slice(Math.max(0, at - 24), at)) &&
      !COUNTER_LABEL_BEFORE.test(text.slice(Math.max(0, at - 16), at)) &&
      !aloneOnLine(text, at, numEnd) &&
      // "and Italy 143,600": no name is numbered with its thousands grouped.
      !isIdentifier(text, at, false, false);
    // "Amy Klobuchar (17) and Elizabeth Warren (12)": a tally after each of several names (named-tallies.ts);
    // "Fredrik Dahle Klocke (27) og Vetle Dahle (30)": ages, as Norwegian or German news give them (ages.ts).
    const byNamedTally = !read && !byGrouping && token === undefined && isNamedTally(text, at, numEnd) && !isBareAgeAfterName(text, at, numEnd, lang);
    // "928 200 038" alone in a table's cell: a figure of a table of data, its thousands grouped by
    // spaces (as references write them) or in two groups or more; a widget's counter is smaller.
    const byFigure = !read && !byGrouping && !byNamedTally && token === undefined && LARGE_FIGURE.test(num!) && aloneOnLine(text, at, numEnd);
    const unmeasured = !read && !byGrouping && !byNamedTally && !byFigure;
    const cellUnit = unmeasured && !cjkJoined && !YEAR.test(num!) ? (unitInNextCell(text, start, numEnd) ?? unitInLabelBefore(text, at, numEnd)) : undefined;
    // "3 | 2* | 0 | 2* | 1 | 8 +2": a scoresheet's row of results, each cell a result (result-rows.ts).
    // ".283": a decimal without its leading zero, a measured value (leading-dot.ts).
    const bare: StatisticForm | null =
      !unmeasured || cellUnit !== undefined
        ? null
        : !cjkJoined && inResultRow(text, at)
          ? 'result'
          : !YEAR.test(num!) && inDataTable(at)
            ? 'figures'
            : token === undefined && isLeadingDotDecimal(text, at, numEnd)
              ? 'leading-dot'
              : null;
    if (unmeasured && cellUnit === undefined && bare === null) continue;
    if (outsideContent(at)) continue;
    // "250 g Mehl, 3 Eier, 1 Prise Salz" again under the steps: a block written twice counts once (repeated-lines.ts).
    if (inRepeatedLine(at)) continue;
    // "Lieferzeit: 15 - 21 Tag(e)", "Delivery time: 2-4 days": a shop's delivery terms (GUIDE.md, `ui`).
    if (DELIVERY_TIME_BEFORE.test(text.slice(Math.max(0, at - 40), at))) continue;
    // "3,926 9 gold badges 27 silver badges": a user card's reputation and badges (forum-widgets.ts).
    if (isBadgeCount(text, numEnd)) continue;
    // "3/4 inch (2 cm)", "17.5 MB (-46%)": the same value restated counts once.
    // "227,939,200 km (141,634,900 mi; 1.524 AU)": so does each further value of the restatement.
    // "15 million euros ($16 million)": after a magnitude, the currency or unit it counts comes first.
    // "5 to 10 lb (2.3 to 4.5 kg)": a range restated is restated to its end.
    if (lastEnd >= 0 && start - lastEnd <= 20) {
      const between = withoutUnitWord(text.slice(lastEnd, start)).replace(RANGE_OPENING, '');
      if (between.length <= 12 && (RESTATEMENT.test(between) || (restating && RESTATEMENT_GOES_ON.test(between)))) {
        restating = true;
        lastEnd = valueEnd;
        continue;
      }
    }
    restating = false;
    // "$10,000-$50,000", "about 5-7 seconds", "2–4%": the second number of a range whose first
    // counted already is part of it (GUIDE.md, "Ranges and pairs"; the range counts once).
    // "prices range from $699.99 to $849.99", "between $10 and $20": so is the second of a range
    // said in words, where the words before the first announce a range.
    if (
      lastEnd >= 0 &&
      ((start - lastEnd <= 3 && RANGE_DASH.test(text.slice(lastEnd, start))) ||
        (start - lastEnd <= 8 &&
          previous !== null &&
          RANGE_WORD.test(text.slice(lastEnd, start)) &&
          RANGE_ANNOUNCED.test(text.slice(Math.max(0, previous.start - 24), previous.start))))
    ) {
      lastEnd = valueEnd;
      previous = { start, end: lastEnd, unit: byToken ? token : undefined };
      continue;
    }
    // A shop's table pads its cells with spaces: the words between, not the spaces, are measured.
    if (lastEnd >= 0 && start - lastEnd <= 400 && isTaxRestatement(text, start) && text.slice(lastEnd, start).trim().length <= 48) continue;
    const unit = byToken ? token : undefined;
    // "24 h 37 min", "15°–40°": a further part of the value before, which counts once.
    if (continuesValue(text, previous, start, unit)) {
      previous = { start, end: valueEnd, unit };
      lastEnd = previous.end;
      continue;
    }
    // "$34.98" again and again down a shop page, "95% confidence intervals" after each outcome, a
    // spec table repeating the summary, "150 trabajadores" in each paragraph of a report on their
    // dismissal, a block the page duplicates: a measured value or a count of two digits or more
    // stated again word for word is the same quantity of the same thing restated, which counts
    // once, where it is first stated (GUIDE.md, "Restatements"; small counts, "2 Stück", "7文字",
    // are as often another thing's).
    if (priced || cellUnit !== undefined || (byToken && !cjk)) {
      // A row's value and the same value in the next column ("319.9 | g | 319.9 | g") are said alike.
      const said = cellUnit !== undefined ? `${num!} ${cellUnit}` : text.slice(start, valueEnd).toLowerCase();
      if (stated.has(said) && hasTwoDigits(num!)) {
        lastEnd = valueEnd;
        previous = { start, end: lastEnd, unit };
        continue;
      }
      if (placeOf?.(start) !== 'heading') stated.add(said);
    }
    // A number joined to the Japanese or Chinese word before it is a candidate from its first digit (candidates.ts).
    const form: StatisticForm = korean
      ? 'korean'
      : cjk
        ? 'japanese-chinese'
        : byToken
          ? tokenForm(token!)
          : priced
            ? 'money'
            : byBound
              ? 'bound'
              : byMeasure
                ? 'measure'
                : byMargin
                  ? 'margin'
                  : byTally
                    ? 'tally'
                    : byGrouping
                      ? 'grouped-thousands'
                      : byNamedTally
                        ? 'named-tally'
                        : byFigure
                          ? 'table-figure'
                          : (bare ?? 'unit-in-cell');
    onFound(start, valueEnd, cjkJoined ? at : rangeStart(text, at, lastEnd), form);
    lastEnd = valueEnd;
    previous = { start, end: lastEnd, unit };
  }
}

/** The form of a statistic read by the word after its number (`token`, lower-cased). */
function tokenForm(token: string): StatisticForm {
  if (PERCENT.has(token)) return 'percentage';
  if (CURRENCY_CODES.has(token)) return 'money';
  if (MAGNITUDES.has(token)) return 'magnitude';
  if (RATIO_WORDS.has(token) || token === 'out') return 'ratio';
  return UNITS.has(token) ? 'unit' : 'count';
}

/**
 * Where the second number of the ratio whose word (`token`) ends at `end` ends: "4" of "1 in 4
 * adults", "5" of "3 out of 5"; or `end` when a unit follows that number, a quantity of its own
 * ("5 in 10 kg bags").
 */
function ratioEnd(text: string, end: number, token: string): number {
  const second = token === 'out' ? RATIO_OUT_OF : RATIO_IN;
  second.lastIndex = end;
  if (!second.test(text)) return end;
  const after = second.lastIndex;
  UNIT_AFTER.lastIndex = after;
  const unit = UNIT_AFTER.exec(text)?.[1]?.toLowerCase();
  return unit !== undefined && (UNITS.has(unit) || PERCENT.has(unit)) ? end : after;
}
/** The word or sign right after a number, one space at most between: "kg" of "10 kg". */
const UNIT_AFTER = /\s?(%|\p{L}+)/uy;

/** A price's cents written as a dash ("68.490,- Euro", "49.- CHF", "800,–€"). */
const DASH_CENTS = /[,.][-–]{1,2}/y;
/** The currency's name after such a price. */
const CURRENCY_NAME_AT = /(?:euro|eur|chf|fr\.)(?![\p{L}])/iuy;

/** Where a currency sign right after a number ends ("20,00€", "350 €", "68.490,- Euro"), or -1. */
function currencySignAfter(text: string, numEnd: number): number {
  let i = numEnd;
  DASH_CENTS.lastIndex = i;
  const dashed = DASH_CENTS.test(text);
  if (dashed) i = DASH_CENTS.lastIndex;
  const c = text.charCodeAt(i);
  if (c === 32 || c === 0xa0 || c === 0x202f) i++;
  if (CURRENCY_SIGN.test(text[i] ?? '')) return i + 1;
  if (dashed) {
    CURRENCY_NAME_AT.lastIndex = i;
    return CURRENCY_NAME_AT.test(text) ? CURRENCY_NAME_AT.lastIndex : -1;
  }
  // "997 \t\t\tzł /szt.": a shop's price cell, its currency past the cell's padding; one space
  // before the currency is the token after the number, read by the units.
  if (i === numEnd || !isSpace(text.charCodeAt(i))) return -1;
  while (i < text.length && i - numEnd <= PADDING_REACH && isSpace(text.charCodeAt(i))) i++;
  CURRENCY_WORD_AT.lastIndex = i;
  return CURRENCY_WORD_AT.test(text) ? CURRENCY_WORD_AT.lastIndex : -1;
}
/** How far a price cell's padding may reach from the number to its currency. */
const PADDING_REACH = 16;
/** Currencies written as a word or sign after the amount that CURRENCY_SIGN does not hold. */
const CURRENCY_WORD_AT = /(?:zł|kč|₽|руб\.?)(?![\p{L}])/iuy;

/**
 * The word after a number up to where Japanese, Chinese or Korean starts, and whether it is
 * Japanese or Chinese ("7文字") or Korean ("3명이", read by korean-counters.ts) from its start; a
 * unit before Korean particles is the unit alone ("11m의").
 */
function wordAfter(raw: string | undefined): { token: string | undefined; cjk: boolean; korean: boolean } {
  if (raw === undefined) return { token: undefined, cjk: false, korean: false };
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (isHanOrKana(c)) return i === 0 ? { token: raw[0], cjk: true, korean: false } : { token: raw.slice(0, i), cjk: false, korean: false };
    if (isHangul(c)) return i === 0 ? { token: raw, cjk: false, korean: true } : { token: raw.slice(0, i), cjk: false, korean: false };
  }
  // "31gProtein", "4mgPotassium": a unit glued to the next label where a table lost its cells.
  const glued = GLUED_UNIT.exec(raw);
  if (glued !== null && UNITS.has(glued[1]!)) return { token: glued[1], cjk: false, korean: false };
  return { token: raw, cjk: false, korean: false };
}

/** A lower-case unit and a capitalised word glued after it: "gProtein", "mgPotassium", "kcalCarbohydrates". */
const GLUED_UNIT = /^(\p{Ll}{1,4})\p{Lu}\p{Ll}/u;

/** Whether a word of a review's vote follows in `after` before its sentence ends. */
function votedHelpful(after: string): boolean {
  const found = HELPFUL.exec(after);
  return found !== null && !SENTENCE_END.test(after.slice(0, found.index));
}

/** Does the token after the number make it a statistic (forms 1 and 3–6)? */
function tokenQuantifies(
  text: string,
  at: number,
  end: number,
  num: string,
  space: string,
  token: string,
  byCurrency: boolean,
  nounsCapitalised: boolean,
  english: boolean,
): boolean {
  if (space === '-') {
    if (ORDINAL_ENDINGS.has(token) || (token === 'м' && YEAR_LIKE.test(num))) return false;
    // "30-minute", "300-pound"; ages ("17-year-old") are not statistics.
    // "a 6-polige Buchse", "a 4-door car": a count of a thing's parts (hyphen-counts.ts).
    if (isHyphenedPartCount(token)) return true;
    return (UNITS.has(token) || TIME_UNITS.has(token)) && !AGE_AFTER.test(text.slice(at + num.length));
  }
  // "reduced to 1 h", "the 2 h planned": hours by their symbol, spaced, in English; French, German
  // and Spanish write a clock time so ("18h", "à 18 h 30", "a las 22 h").
  if (token === 'h') return english && space === ' ';
  // "Win7-10 x64", "a 2 x86 build": an "x" joined to digits after it is a word of its own, an
  // architecture's or a codec's name, not a multiplier ("3x faster", "69 x 176 cm").
  if (space !== '' && token === 'x' && isDigit(text.charCodeAt(end))) return false;
  // "5G", "4G": a network's generation, not grams; "24/7": always.
  if ((space === '' && token === 'g' && text.charCodeAt(end - 1) === 71 && num.length === 1) || num === '24/7') return false;
  // "Ryzen 3700x", "Fire TV Stick 4k", "SLS Block 1B": a model's name, not a multiplier, thousands or billions; "icon.png
  // 2x": an image's pixel density in a srcset that leaked into the text.
  if (
    space === '' &&
    (token === 'x' || token === 'k' || token === 'b') &&
    (isIdentifier(text, at, true) || SRCSET_BEFORE.test(text.slice(Math.max(0, at - 18), at)))
  )
    return false;
  // "edited 1 time in total": a forum post's edit note.
  if ((token === 'time' || token === 'times') && EDITED_BEFORE.test(text.slice(Math.max(0, at - 8), at))) return false;
  // "works 100% of the time": an idiom.
  if (num === '100' && PERCENT.has(token) && OF_THE_TIME.test(text.slice(end, end + 14))) return false;
  // "NOT 100% compatibility", "nicht 100% sicher", "not just 99%": a near-total share denied is
  // hyperbole for "not fully" (GUIDE.md, \`idiom\`), not a measured one.
  if ((num === '100' || num === '99') && PERCENT.has(token) && NEGATION_BEFORE.test(text.slice(Math.max(0, at - 24), at))) return false;
  // "12 comments" on a line of its own: a page's counter; "75%" on its own after "5 Sterne": a
  // rating histogram's row.
  if (COUNTERS.has(token) && inShortLine(text, at, end)) return false;
  // "Gerd ... 4 replies" closing a line: a list of other threads or posts, each a teaser with its
  // counter; a sentence that reports replies ends with its punctuation.
  if (ACTIVITY_COUNTERS.has(token) && endsLine(text, end)) return false;
  // "(This thread has 5 messages.)", "Last 15 minutes" on a line of its own: a forum's pager and activity menu (forum-widgets.ts).
  if (isThreadCount(text, at) || (TIME_UNITS.has(token) && isActivityFilter(text, at, end))) return false;
  if (PERCENT.has(token) && inShortLine(text, at, end) && afterStarsLabel(text, at)) return false;
  // "2 of 2 customers found this helpful", "Opinia przydatna dla: 4 użytkowników": a review's votes.
  if (votedHelpful(text.slice(end, end + 60)) || HELPFUL_BEFORE.test(text.slice(Math.max(0, at - 24), at))) return false;
  // "ceny z VAT 23%", "inkl. MwSt. 19 %": a shop's note of the tax in its prices.
  if (PERCENT.has(token) && VAT_BEFORE.test(text.slice(Math.max(0, at - 8), at))) return false;
  // "el 1° de mayo": the first of a month.
  if (token === '°' && MONTH_AFTER_DE.test(text.slice(end, end + 16))) return false;
  // "2°Congreso": read as "°C", the capital opens the name.
  if (token.startsWith('°') && /^\d{1,3}$/.test(num) && NAME_AFTER_ORDINAL.test(text.slice(end - token.length + 1, end + 16))) return false;
  // "GAA 12V-21": a value joined on to a further number by a hyphen is part of a model code.
  if (space === '' && text.charCodeAt(end) === 45 && isDigit(text.charCodeAt(end + 1))) return false;
  // A single-letter magnitude stands joined to its number ("40k", "3.5m") or after a currency;
  // spaced, it is a letter of an identifier ("VG 21 K 170/20"), or a unit ("9 m hoch": metres).
  if (MAGNITUDES.has(token) && token.length === 1 && space !== '' && !byCurrency && !UNITS.has(token)) return false;
  if (PERCENT.has(token) || CURRENCY_CODES.has(token) || MAGNITUDES.has(token)) return true;
  // Thousands separators mark a quantity whatever word follows: "1.200 Besucher".
  // Not a span of time, which the rules for time below read ("200,000 years ago" anchors a time).
  if (space === ' ' && !byCurrency && GROUPED.test(num) && token.length >= 2 && !STOPWORDS.has(token) && !TIME_UNITS.has(token)) return true;
  // "30 Years" (a title), "60 PRECEDING" (code): a capitalised word is no counted thing; short
  // capitals are units and counts (4 GB, 3 SP).
  const raw = text.slice(end - token.length, end);
  // Joined to its number a unit is no title, however it is written: "5GiB", "50MiB", "3Mbit".
  if (space === '' && UNITS.has(token) && !TIME_UNITS.has(token)) return true;
  // A unit per unit: "24,07 km/s", "2,5 g/cm³", "1,29 kg/m³".
  if (isUnitPerUnit(token)) return true;
  // (Scripts without case, Arabic or Hebrew, write no word in capitals.)
  // A value alone in a table's cell is no title, its unit capitalised or not: "Garantia | 90 Dias";
  // nor is a unit of two letters, which French capitalises ("64 Go", "1024 Mo").
  if (
    (!nounsCapitalised && isCapitalised(raw) && !(UNITS.has(token) && (aloneOnLine(text, at, end) || raw.length <= 2))) ||
    (raw.length > 4 && raw === raw.toUpperCase() && raw !== raw.toLowerCase())
  )
    return false;
  // "2 bis 15 Gramm", "2 to 15 grams": a range is one quantity, carried by its second number.
  if (RANGE_WORDS.has(token) && follows(DIGIT_AFTER_SPACE, text, end)) return false;
  // "the recent 1.8 release": a version.
  if (VERSION_AFTER.has(token) && /[.,]/.test(num)) return false;
  // "um 17 Uhr", "à 16 heures": a clock time. So is an hour of the local time ("dopo le 23 locali",
  // "a las 23 horas locales", "at 11 local time").
  // (`h` is read above: a French clock's `à 16 h` is no English text.)
  if (token === 'uhr' || (token === 'heures' && CLOCK_BEFORE.test(text.slice(Math.max(0, at - 3), at)))) return false;
  if (Number(num) <= 24 && LOCAL_TIME.test(text.slice(end - token.length, end + 16))) {
    // Bare `locali`, `locales` are rooms too ("3 locali"): an hour's article before the number says it is the time.
    if ((token !== 'locali' && token !== 'locales') || HOUR_ARTICLE.test(text.slice(Math.max(0, at - 6), at))) return false;
  }
  // "a las 22.30 horas", "um 22.30 Uhr", "alle 9.45": hours and minutes after the hour's article or preposition.
  if (HOUR_WORDS.has(token) && CLOCK_DOTTED.test(num) && HOUR_BEFORE.test(text.slice(Math.max(0, at - 7), at))) return false;

  if (token === 'per') return follows(PER_CENT, text, end);
  if (token === 'por' || token === 'pour') return follows(POR_CIENTO, text, end);
  if (token === 'of' && num.includes('/')) return true;
  // "the New Democrats (20 of 34)": a tally set in parentheses, a ratio, counted on its first number.
  if (token === 'of' && space !== '' && text.charCodeAt(at - 1) === 40 && follows(PAREN_OF, text, end)) {
    const whole = Number(text.slice(end, PAREN_OF.lastIndex).replace(/\D/g, ''));
    return Number(num) <= whole && !PAGER_BEFORE.test(text.slice(Math.max(0, at - 17), at - 1));
  }
  // "1 in 4", "1 zu 47", "1 sur 4", "1 su 4": a ratio (GUIDE.md, `ratio`), counted on its first number.
  if (space !== '' && RATIO_WORDS.has(token)) return follows(RATIO_IN, text, end);
  if (space !== '' && token === 'out') return follows(RATIO_OUT_OF, text, end);
  if (UNITS.has(token)) {
    // "10 октября 2014 года", "w 2020 roku": the year of a date.
    if (YEAR_WORDS.has(token) && YEAR.test(num)) return false;
    if (
      TIME_UNITS.has(token) &&
      (AGE_AFTER.test(text.slice(at + num.length)) ||
        isAnchorAfter(text, at, end) ||
        RELATIVE_BEFORE.test(text.slice(Math.max(0, at - 18), at)) ||
        isAge(text, at, end, token) ||
        isReadingTime(text, at, end))
    )
      return false;
    return true;
  }
  if (space === '' || byCurrency || token.length < 2) return false;
  // Form 5, a count: a content word after a number that is not a year, a date or an identifier.
  if (STOPWORDS.has(token) || MONTHS.has(token) || WEEKDAYS.has(token) || ENUMERATIONS.has(token)) return false;
  // "3 bugs: one in the parser", "4 simples pasos:": a count that leads into a list of its items.
  if (YEAR.test(num) || isIdentifier(text, at) || isListSize(text, at) || text[end] === ':' || follows(WORD_THEN_COLON, text, end)) return false;
  // "el día 15 era muy bonito", "il giorno 3": the day of a month.
  if (DAY_OF_MONTH_BEFORE.test(text.slice(Math.max(0, at - 12), at))) return false;
  // "keep 2 versions of your dependencies:", "compartimos 10 datos que …:": a small count whose
  // sentence goes on to a colon leads into the list of its items.
  if (isSmallCount(num) && leadsIntoListLater(text, end)) return false;
  // "the 40 participants" points back to items already named, as "the two companies" does; "buy a
  // 12 immediately", "an 11 anyway": an article before a bare number makes it a name (a phone's).
  // A measure after an article counts ("the 20 million residents", "a 40% stronger bass"): those
  // are read above.
  // "11 of the 12 cities" is one ratio, which rangeStart puts on its first number.
  if (english && ARTICLE_BEFORE.test(text.slice(Math.max(0, at - 6), at)) && !RATIO_OF_THE.test(text.slice(Math.max(0, at - 16), at))) return false;
  // German writes the counted thing as a capitalised noun, after at most an adjective ("333 neue
  // Abos"): a lower-case word before none is a verb's or an adverb's ("die 20.04 nehmen", "mit 80 hier").
  if (nounsCapitalised && !isCapitalised(raw) && !nextWordCapitalised(text, end)) return false;
  // "the old stunnel 3 syntax", "Python 2.5 compatibility": an English count takes a plural, so a
  // singular noun (written lower-case) after a number other than one is named by it, a version's or
  // a model's; unless it qualifies a plural after it ("28 engineering teams", "600 water main
  // breaks", "11 automated Go convenience stores").
  if (english && num !== '1' && raw === token && !isEnglishPlural(token) && !pluralFollows(text, end)) return false;
  // HTTP status codes: "a 404 status", "500 errors".
  if (/^[1-5]\d\d$/.test(num) && (HTTP_WORDS.has(token) || HTTP_BEFORE.test(text.slice(Math.max(0, at - 12), at)))) return false;
  // A command's values: an option's ("--depth 1 repository", "-n 5 commits"), a mode before a file
  // name ("chmod 755 script.sh").
  if (OPTION_BEFORE.test(text.slice(Math.max(0, at - 24), at))) return false;
  if (text.charCodeAt(end) === DOT && isAsciiLetter(text.charCodeAt(end + 1))) return false;
  return true;
}

const COLON = 58;
const DOT = 46;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** A letter or digit (ASCII compared, the rest by Unicode class). */
function isWordChar(c: number): boolean {
  if (c < 128) return isDigit(c) || isAsciiLetter(c);
  return WORD_CHAR.test(String.fromCharCode(c));
}

/** An upper-case letter then a lower-case one ("Years"); ASCII compared, the rest by class. */
function isCapitalised(word: string): boolean {
  const a = word.charCodeAt(0);
  const b = word.charCodeAt(1);
  if (a < 128 && b < 128) return a >= 65 && a <= 90 && b >= 97 && b <= 122;
  return /^\p{Lu}\p{Ll}/u.test(word);
}

/** Lines shorter than this are a widget's, a caption's or a heading's rather than prose. */
const SHORT_LINE = 40;
const PADDED_LINE = 200;

/**
 * Whether `start`–`end` stands in a line shorter than SHORT_LINE, its padding aside: a table's or a
 * widget's cells are often extracted padded with dozens of spaces ("      5 Sterne      "). A
 * bounded scan either side (PADDED_LINE characters at most).
 */
function inShortLine(text: string, start: number, end: number): boolean {
  let visible = end - start;
  let a = start;
  while (a > 0 && text.charCodeAt(a - 1) !== 10) {
    if (start - --a > PADDED_LINE || (!isSpace(text.charCodeAt(a)) && ++visible >= SHORT_LINE)) return false;
  }
  let b = end;
  while (b < text.length && text.charCodeAt(b) !== 10) {
    if (++b - end > PADDED_LINE || (!isSpace(text.charCodeAt(b - 1)) && ++visible >= SHORT_LINE)) return false;
  }
  return true;
}

/** Whether only spaces stand between `end` and the end of its line (or of the text). */
function endsLine(text: string, end: number): boolean {
  let i = end;
  while (i < text.length && text.charCodeAt(i) !== 10) {
    if (!isSpace(text.charCodeAt(i))) return false;
    i++;
  }
  return true;
}

/** Whether only spaces stand between `at` and the start of its line (or of the text). */
function startsLine(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && at - i <= PADDED_LINE && isSpace(text.charCodeAt(i - 1))) i--;
  return i === 0 || text.charCodeAt(i - 1) === 10;
}

/** Whether `start`–`end` is alone on its line, its padding aside: a table's cell as extracted. */
function aloneOnLine(text: string, start: number, end: number): boolean {
  let j = end;
  while (j < text.length && j - end <= PADDED_LINE && isSpace(text.charCodeAt(j))) j++;
  return (j === text.length || text.charCodeAt(j) === 10) && startsLine(text, start);
}

/** Whether the margin after a value ("± 0.1 km" of "3396.2 ± 0.1 km") ends with a unit or a percent. */
function marginHasUnit(text: string, at: number): boolean {
  MARGIN.lastIndex = at;
  const m = MARGIN.exec(text);
  if (m === null) return false;
  const unit = m[1]!.toLowerCase();
  return UNITS.has(unit) || PERCENT.has(unit);
}

/** After "±" ("3396.2 ± 0.1"), or a power of ten after a number and a times sign ("6,4185×1023", "2,06655⋅108"). */
function isPartOfValueBefore(text: string, at: number): boolean {
  let i = at - 1;
  if (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 0xa0) i--;
  const c = text.charCodeAt(i);
  if (c === 0xb1) {
    // A margin follows a value ("3396.2 ± 0.1 km"); "± 10 Grad" alone is the value.
    if (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 0xa0) i--;
    return isDigit(text.charCodeAt(i - 1));
  }
  if (!(c === 0xd7 || c === 0x22c5 || c === 0xb7) || text.charCodeAt(at) !== 49 || text.charCodeAt(at + 1) !== 48) return false;
  if (text.charCodeAt(i - 1) === 32) i--;
  return isDigit(text.charCodeAt(i - 1));
}

/** Whether the number from `at` to `end` is a Chinese clock's hour ("20点20分") or its minutes ("20点20分"). */
function isChineseClock(text: string, at: number, end: number): boolean {
  if (text[end] === '点') return CLOCK_MINUTES.test(text.slice(end + 1, end + 4));
  return text[at - 1] === '点' && text[end] === '分' && isDigit(text.charCodeAt(at - 2));
}

/**
 * A note's number right after a word in lower case and its full stop, comma or semicolon, with no
 * space, and nothing but a space, a line's end or another note's number after it: "reason
 * about.6", "as shown,12 then". A decimal's leading dot (".283") has a space before it.
 */
function isNoteMark(text: string, at: number, numEnd: number): boolean {
  if (at < 5 || numEnd - at > 3 || !/[.,;]/.test(text[at - 1]!)) return false;
  // A word of four letters or more: an abbreviation's stop is no sentence's ("ca.5 km", "vs.2").
  if (!/\p{L}{3}\p{Ll}$/u.test(text.slice(at - 5, at - 1))) return false;
  return numEnd >= text.length || /[\s,–-]/u.test(text[numEnd]!);
}

/** After "1." of "1.8.3", ":" of "10:30", "#" of "#1", "№", "§", a command's "HEAD~" or "$", or the hyphen of "F-16". */
function isJoinedAfter(text: string, at: number): boolean {
  const c = text[at - 1]!;
  if (c === '#' || c === '№' || c === '§') return true;
  // "HEAD~3", "HEAD^2", "stash@{0}", "filename=$1": a commit, a reference or a variable in a command.
  if (c === '~' || c === '^' || c === '@' || c === '{' || c === '$') return at > 1 && /[A-Za-z0-9=@]/.test(text[at - 2]!);
  // "§ 39": a section of a law.
  if (c === ' ' && text[at - 2] === '§') return true;
  // "12+18V": the second of two numbers joined by a plus is a part of one name or formula.
  if (c === '+') return at > 1 && /\d/.test(text[at - 2]!);
  if (c === '-') return at > 1 && /\p{L}/u.test(text[at - 2]!);
  // "HTTP/3", "IEEE/2": a capitalised name and a slash before the digits make a version's or a standard's name.
  if (c === '/') return at > 1 && /\p{Lu}/u.test(text[at - 2]!);
  // "M.2", "H.264": a capital letter and a dot before the digits make a standard's or a slot's name.
  if (c === '.' && at > 1 && /[A-Z]/.test(text[at - 2]!) && (at < 3 || !/\p{L}/u.test(text[at - 3]!))) return true;
  return (c === '.' || c === ':') && at > 1 && /\d/.test(text[at - 2]!);
}

/**
 * A number named by the word before it: "iPhone 4", "Bug 1553982", "version 3", "page 2".
 * `anywhere`: a capitalised word names it even at a sentence start.
 */
function isIdentifier(text: string, at: number, anywhere = false, byName = true): boolean {
  const m = WORD_BEFORE.exec(text.slice(Math.max(0, at - 40), at));
  if (m === null) return false;
  const word = m[2]!;
  if (IDENTIFIER_NOUNS.has(word.toLowerCase().replace(/\.$/, ''))) return true;
  // A capitalised word inside a sentence names a thing; at a sentence start it is just capitalised.
  if (/^\p{Lu}{2,5}$/u.test(word)) return true; // an acronym names a thing even at a sentence start
  if (/^\p{Ll}+\p{Lu}/u.test(word)) return true; // so does a name with a capital inside: "iPhone 12", "iOS 17", "macOS 14"
  const sentenceStart = !anywhere && (m[1] !== undefined || (m.index === 0 && at <= 40));
  return byName && /^\p{Lu}/u.test(word) && !sentenceStart && !STOPWORDS.has(word.toLowerCase());
}

/** "Antoine, 32 ans, …", "une jeune fille de 20 ans": an age that describes a person, not a span of time. */
function isAge(text: string, at: number, end: number, token: string): boolean {
  if (ageInBracketsAfterName(text.slice(Math.max(0, at - 32), at), token, text.slice(end, end + 3))) return true;
  if (!YEARS_OF_AGE.has(token)) return false;
  const before = text.slice(Math.max(0, at - 40), at);
  return (APPOSITION_BEFORE.test(before) && APPOSITION_AFTER.test(text.slice(end, end + 3))) || ageBefore(before, token);
}

/**
 * "2 years ago", "3 days later", "6 mois après": a span that anchors a time. "Before" and "after"
 * do not when a hedge leads the span: "nearly 11 years after Python 3" tells a length.
 */
function isAnchorAfter(text: string, at: number, end: number): boolean {
  // "5 years since the ruling", "cinco años desde que": the time passed since an event anchors it
  // ("every 3 years since 2000" tells a rate from a year, and stays).
  if (follows(SINCE_EVENT, text, end)) return true;
  // "in 40 minutes from now"; "10 Monate her", German's "ago" after its span.
  if (follows(FROM_NOW, text, end) || GERMAN_AGO.test(text.slice(at, end + 24))) return true;
  const word = nextWord(text, end);
  if (!RELATIVE.has(word)) return false;
  return !(
    (word === 'before' || word === 'after') &&
    (BOUND_BEFORE.test(text.slice(Math.max(0, at - 16), at)) ||
      UP_TO_BEFORE.test(text.slice(Math.max(0, at - 8), at)) ||
      // "let it sit for 10 minutes before serving": a span's length, as `for` tells.
      FOR_BEFORE.test(text.slice(Math.max(0, at - 12), at)))
  );
}

/** "5 min read", "Lesezeit: 3 Minuten", "Ten tekst przeczytasz w 1 minutę": a page's reading time, a widget's figure. */
function isReadingTime(text: string, at: number, end: number): boolean {
  return READ_AFTER.test(text.slice(end, end + 8)) || READ_BEFORE.test(text.slice(Math.max(0, at - 24), at));
}

/** "top 21 films": the size of the page's own ranking, a structural count. */
function isListSize(text: string, at: number): boolean {
  return /(?:^|[^\p{L}])top\s+$/iu.test(text.slice(Math.max(0, at - 5), at));
}

/** How many items a list that a count leads into may have: more are a quantity's, not a list's. */
const LIST_ITEMS = 12;

/** A count of a few, as a list's items are: "2", "10" (not "1,200", "3.5"). */
function isSmallCount(num: string): boolean {
  return num.length <= 2 && Number(num) <= LIST_ITEMS;
}

function hasTwoDigits(num: string): boolean {
  let digits = 0;
  for (let i = 0; i < num.length && digits < 2; i++) if (isDigit(num.charCodeAt(i))) digits++;
  return digits >= 2;
}

/** Units of time written as one letter after a slash: "km/s", "km/h", "l/d". */
const PER_TIME_LETTERS = set('s h d');

function isUnitPerUnit(token: string): boolean {
  const slash = token.indexOf('/');
  if (slash <= 0) return false;
  const per = token.slice(slash + 1);
  return UNITS.has(token.slice(0, slash)) && (UNITS.has(per) || PER_TIME_LETTERS.has(per));
}

function nextWordCapitalised(text: string, at: number): boolean {
  NEXT_WORD.lastIndex = at;
  const word = NEXT_WORD.exec(text)?.[1];
  return word !== undefined && isCapitalised(word);
}

/** A further word of a noun phrase: after a space on the same line, or a hyphen ("water-main"). */
const PHRASE_WORD = /[’'"”]?(?:[ \u00a0]+|-)([\p{L}’']+)/uy;
/** How many words after a count's first word may still name what it counts. */
const PHRASE_WORDS = 3;

/** Whether a plural follows within the noun phrase after `at` (a few words, no punctuation or function word between). */
function pluralFollows(text: string, at: number): boolean {
  PHRASE_WORD.lastIndex = at;
  for (let i = 0; i < PHRASE_WORDS; i++) {
    const m = PHRASE_WORD.exec(text);
    if (m === null) return false;
    const word = m[1]!.toLowerCase();
    if (STOPWORDS.has(word)) return false;
    if (isEnglishPlural(word)) return true;
  }
  return false;
}

/** Plurals that do not end in "s", which English counts take ("40 people", "3 children"). */
const ENGLISH_PLURALS = set(`people children men women feet teeth mice geese data media criteria staff police cattle
  personnel alumni bacteria phenomena sheep fish deer species series aircraft offspring folk dice
  loci foci nuclei fungi cacti stimuli radii larvae algae vertebrae formulae antennae taxa genera strata corpora curricula`);

/** A plural in English, as far as its spelling tells: "users", "cities", "people". */
function isEnglishPlural(word: string): boolean {
  return (word.endsWith('s') && !word.endsWith('ss')) || ENGLISH_PLURALS.has(word);
}

/** "since" or "desde" after a span, before an event rather than a year. */
const SINCE_EVENT = /[ \u00a0]+(?:since|desde)[ \u00a0]+(?!\d)/iuy;

function nextWord(text: string, at: number): string {
  NEXT_WORD.lastIndex = at;
  return NEXT_WORD.exec(text)?.[1]?.toLowerCase() ?? '';
}

/** The character before `at`, past one space and then one dot ("Rs. 299", "USD 120"). */
function letterBefore(text: string, at: number): number {
  let i = at - 1;
  if (text.charCodeAt(i) === 32) i--;
  if (text.charCodeAt(i) === DOT) i--;
  return text.charCodeAt(i);
}

function follows(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

/** Statistics in digits (`text`) and in words (`profile`, the same text's words, in `lang`). */
export function countStatistics(text: string, profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>, lang: string | null): number {
  // Number words as the candidates read them (countedNumberWords), so the shipped count is what the folds measure.
  const inWords = countNumberWordStatistics(text, profile, lang);
  return findStatistics(withoutCode(text), writtenLanguage(lang, profile)).length + inWords;
}

/** Code blocks and a program's output (between CODE_START and CODE_END) as a space: their numbers are a program's values. */
const CODE_SPAN = new RegExp(`${CODE_START}[^${CODE_START}${CODE_END}]*${CODE_END}`, 'g');
// A table of figures in a code box stays (data-tables.ts): its numbers are figures, not code.
function withoutCode(text: string): string {
  return text.includes(CODE_START) ? text.replace(CODE_SPAN, (code) => (isDataTable(code.slice(1, -1)) ? code : ' ')) : text;
}

/** withoutCode, with a map from its offsets back to `text`'s. */
function withoutCodeMapped(text: string): { text: string; toOriginal: (offset: number) => number } {
  if (!text.includes(CODE_START)) return { text, toOriginal: (offset) => offset };
  // Each code span becomes one space: an offset after that space moves by what was removed so far.
  const shifts: Array<{ after: number; by: number }> = [];
  let prose = '';
  let last = 0;
  let removed = 0;
  for (const m of text.matchAll(CODE_SPAN)) {
    if (isDataTable(m[0].slice(1, -1))) continue;
    prose += `${text.slice(last, m.index)} `;
    removed += m[0].length - 1;
    shifts.push({ after: prose.length - 1, by: removed });
    last = m.index + m[0].length;
  }
  prose += text.slice(last);
  return {
    text: prose,
    // The last shift before the offset, by bisection: a page of many code spans and many
    // statistics stays linear.
    toOriginal: (offset) => {
      let low = 0;
      let high = shifts.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (offset <= shifts[middle]!.after) high = middle;
        else low = middle + 1;
      }
      return offset + (low === 0 ? 0 : shifts[low - 1]!.by);
    },
  };
}
