// Statistics written in words (E2): "nine churchgoers", "two million people", "three-quarters of
// respondents", "pět vítězných duelů", "tres agricultores", "six magistrats", "zwei Jahre".
// Languages: English, Czech (with its case forms: pěti, třech, čtrnácti, compounds such as
// dvaadvacet), Polish (with its case forms: trzech, czterech, dziewięciu), Spanish, Portuguese,
// Italian (compounds such as ventitré, duemila), French, German, Dutch (compounds such as
// vijfentwintig). Other languages: digits only (statistics.ts).
//
// A number word is a statistic when the word after it (after any further number words: "two
// hundred thousand") is a content word (not a function word), or "of" after a fraction ("half
// of the themes"). Not statistics:
//   - "one" and its equivalents (a pronoun and an article far more often than a count);
//   - after a definite article ("the two sides", "les deux"): items the text already named,
//     unless a unit follows ("the eight years of his presidency" is a span);
//   - after "top" ("the top five films"): the size of the page's own ranking;
//   - a number word right after a number (the rest of "two million", "2 million");
//   - a restatement in digits right after it ("three-quarters (74%)" counts once, by the digits);
//   - relative time anchors ("two years ago", "three days later", "hace dos meses", "vor zwei
//     Jahren", "il y a deux ans"), though a hedged span before "before" or "after" is a length
//     ("about five years before I would graduate"), and only a span of time is anchored by them
//     ("three rockets before the fourth" counts rockets);
//   - structural counts of the text's own items ("two kinds", "three ways": ENUMERATIONS);
//   - ages ("two-year-old", "una niña de tres años": ages.ts);
//   - plurals of magnitudes ("hundreds of", "thousands"), which are vague: they are not listed,
//     or, where they are number words after a number ("tres millones"), not counted alone
//     ("millones de personas", "miliardy");
//   - decades ("gli anni Novanta", "los años ochenta"), which are dates;
//   - a fraction after an ordinal ("the first half of the story", "the other half"): a part of
//     the text or of a pair, not a measured share.
//   - a number word in a heading ("Three Cases of Plague Diagnosed in China", "Deux
//     initiatives"): a title's, whose figure the text under it gives where it is one (GUIDE.md of
//     the evidence data set, "Headings before the body"; of the 9 the rules counted in the
//     development pages' headings, readers counted 1).
// "One" counts only before new/additional/extra and a content word ("added one new achievement"),
// and before a unit after "for" or a hedge ("for one month", "more than one night"), in English.
// Two number words joined by "or", "to" or "of" (or their equivalents: "ou", "bis", "a", "až") are
// one range or ratio, counted on the first ("two or three dimensions", "two of three
// requirements", "vier bis sechs Prozent"). A percent in two words ("cuatro por ciento", "trois
// pour cent") counts on its number; its "ciento" or "cent" is the percent's, no hundred.
// Hyphenated compounds of a number word and a unit or another number count on their own
// ("three-day journey", "six-month review", "thirty-nine", "three-quarters"); others are
// adjectives ("two-state solution", "half-insane").
// A phrase that keeps coming back ("the four golden signals") names a concept rather than
// reporting a quantity: the same number-word phrase counts at most twice.

import { functionWords } from '../text/stopwords.js';
import { ageBefore, YEARS_OF_AGE } from './ages.js';
import { TIME_UNITS, UNIT_WORDS } from './units.js';
import type { TextProfile } from '../text/words.js';
import { wordSet as set } from './word-set.js';

const NUMBER_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: set(`two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
    sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety
    hundred thousand million billion trillion dozen half third thirds quarter quarters`),
  cs: set(`dva dvě dvou dvěma tři tří třem třech třemi čtyři čtyř čtyřem čtyřech čtyřmi pět pěti
    šest šesti sedm sedmi osm osmi devět devíti deset deseti jedenáct jedenácti dvanáct dvanácti
    třináct třinácti čtrnáct čtrnácti patnáct patnácti šestnáct šestnácti sedmnáct sedmnácti
    osmnáct osmnácti devatenáct devatenácti dvacet dvaceti třicet třiceti čtyřicet čtyřiceti
    padesát padesáti šedesát šedesáti sedmdesát sedmdesáti osmdesát osmdesáti devadesát
    devadesáti sto sta set tisíc tisíce milion miliony milionů miliarda miliardy miliard polovina
    poloviny polovinu třetina čtvrtina`),
  es: set(`dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis
    diecisiete dieciocho diecinueve veinte veintiún veintidós veintitrés veinticuatro veinticinco
    treinta cuarenta cincuenta sesenta setenta ochenta noventa cien ciento doscientos doscientas
    trescientos quinientos mil millón millones mitad tercio`),
  fr: set(`deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize
    vingt trente quarante cinquante soixante cent cents mille million millions milliard
    milliards moitié tiers quart`),
  de: set(`zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn
    zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig hundert tausend million
    millionen milliarde milliarden hälfte drittel viertel`),
  // "Quarto" (a room, and "fourth") and "terzo" ("third" as an ordinal far more often) are left out.
  pt: set(`dois duas três quatro cinco seis sete oito nove dez onze doze treze catorze quatorze quinze
    dezesseis dezasseis dezessete dezassete dezoito dezenove dezanove vinte trinta quarenta cinquenta
    sessenta setenta oitenta noventa cem cento duzentos duzentas trezentos trezentas quatrocentos
    quatrocentas quinhentos quinhentas seiscentos seiscentas setecentos setecentas oitocentos
    oitocentas novecentos novecentas mil milhão milhões bilhão bilhões bilião biliões metade terço`),
  it: set(`due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici
    sedici diciassette diciotto diciannove venti trenta quaranta cinquanta sessanta settanta ottanta
    novanta cento mille mila milione milioni miliardo miliardi metà`),
  // "Derde" is "third" as an ordinal far more often than a fraction.
  nl: set(`twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien zestien
    zeventien achttien negentien twintig dertig veertig vijftig zestig zeventig tachtig negentig
    honderd duizend miljoen miljoenen miljard miljarden helft kwart`),
  pl: set(`dwa dwie dwóch dwu dwoma dwiema trzy trzech trzem trzema cztery czterech czterem czterema
    pięć pięciu pięcioma sześć sześciu sześcioma siedem siedmiu siedmioma osiem ośmiu ośmioma
    dziewięć dziewięciu dziesięć dziesięciu jedenaście jedenastu dwanaście dwunastu trzynaście
    trzynastu czternaście czternastu piętnaście piętnastu szesnaście szesnastu siedemnaście
    siedemnastu osiemnaście osiemnastu dziewiętnaście dziewiętnastu dwadzieścia dwudziestu
    trzydzieści trzydziestu czterdzieści czterdziestu pięćdziesiąt pięćdziesięciu sześćdziesiąt
    sześćdziesięciu siedemdziesiąt siedemdziesięciu osiemdziesiąt osiemdziesięciu dziewięćdziesiąt
    dziewięćdziesięciu sto stu dwieście dwustu trzysta trzystu czterysta czterystu pięćset
    pięciuset tysiąc tysiąca tysiące tysięcy milion miliona miliony milionów miliard miliarda
    miliardy miliardów połowa połowy połowę ćwierć`),
};

/**
 * Number words written as one word of several: Czech tens after their units (dvaadvacet, 22;
 * pětatřicet, 35), Italian tens before them and hundreds or thousands after theirs (ventitré,
 * trentotto, duecento, tremila), Dutch units before their tens (vijfentwintig, 25) and before
 * hundreds and thousands (driehonderd, tienduizend).
 */
const COMPOUNDS: Readonly<Record<string, RegExp>> = {
  cs: /^(?:jedna|dva|tři|čtyři|pět|šest|sedm|osm|devět)a(?:dvacet|třicet|čtyřicet|padesát|šedesát|sedmdesát|osmdesát|devadesát)$/u,
  it: /^(?:(?:vent|trent|quarant|cinquant|sessant|settant|ottant|novant)(?:a|i)?(?:uno|due|tré|tre|quattro|cinque|sei|sette|otto|nove)|(?:due|tre|quattro|cinque|sei|sette|otto|nove|dieci|venti|trenta|cento)(?:cento|mila))$/u,
  nl: /^(?:(?:een|één|twee|drie|vier|vijf|zes|zeven|acht|negen)(?:en|ën)(?:twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig)|(?:twee|drie|vier|vijf|zes|zeven|acht|negen|tien|honderd)(?:honderd|duizend))$/u,
};
/** Fractions that quantify with "of" (and its equivalents): "half of the themes". */
const FRACTIONS = set(`half third thirds quarter quarters polovina poloviny polovinu třetina čtvrtina mitad tercio
  moitié tiers quart hälfte drittel viertel metade terço metà helft kwart połowa połowy połowę ćwierć`);
const OF = set('of z ze de del des du von der do da dos das di della dei degli delle van');
/** A half, which languages write with a definite article ("die Hälfte der", "la mitad de", "a metade dos"). */
const HALVES = set('half hälfte moitié mitad polovina poloviny polovinu metade metà helft');
const MAX_REPEATS = 2;
const DEFINITE = set('the these those los las estos estas esos esas aquellos aquellas les ces die diese questi queste estes estas esses essas');
/**
 * Definite articles that are other words in other languages read here: Portuguese "os" and "as"
 * ("as duas"; English "as"), Italian "i", "gli" and "le" ("i due"; Polish and Czech "i" is "and"),
 * Dutch "de" and "het" ("de twee"; "de" is "of" in the Romance languages), and the Portuguese and
 * Italian articles joined to a preposition ("cabe aos dois", "nas duas maiores bancadas", "ai due").
 */
const DEFINITE_OF: Readonly<Record<string, ReadonlySet<string>>> = {
  pt: set('os as aos às dos das nos nas pelos pelas'),
  it: set('i gli le quei quegli quelle ai agli alle dei degli delle nei negli nelle sui sugli sulle'),
  nl: set('de het deze'),
};
/**
 * Between a definite article and a number, these pick out items of a set the text already has:
 * "the other two answers", "the first three bytes" (unless a unit follows: "the next two years").
 */
const SELECTORS = set(
  `other first last next remaining previous following otros otras primeros primeras últimos autres premiers premières derniers
  anderen ersten letzten outros outras primeiros primeiras últimos últimas altri altre primi prime ultimi ultime andere eerste
  laatste volgende`,
);
/**
 * Before a number, these take every item of a set the text already has: "all three ad units",
 * "in allen drei Gewalten", "tous deux". Not German "alle", which is also "every" ("alle vier
 * Wochen" is a rate), nor Italian "alle", which is "at the" and "to the".
 */
const ALL: Readonly<Record<string, ReadonlySet<string>>> = { en: set('all'), fr: set('tous toutes'), de: set('allen') };
/** Before a fraction, these make it a part rather than a share: "the second half of". */
const ORDINALS = set(
  'first second third last other latter former primera segunda première seconde erste zweite první druhá primeira primo prima secondo seconda eerste tweede pierwsza druga',
);
/** After "one", these words make it a count: "one new achievement" (English only). */
const ONE_COUNTED = set('new additional extra');
/** Words that may stand between a number and what it counts: "a dozen more newsrooms". */
const PASS_THROUGH = set('more other new additional extra further');
/**
 * Hedges before a number: "about five years before I would graduate", "for over three years",
 * "more than one night": a span estimated is a length reported, even before "before" or "after".
 */
const HEDGES = set('about around roughly approximately nearly almost over than some up');
/** "Before" and "after" after a span make it an anchor ("two days after the vote") unless a hedge leads it. */
const BEFORE_AFTER = set('before after');
/** The words before "points" that make them a rate's: "three percentage points", "fifty basis points". */
const RATE_POINTS = set('percentage basis');
/** Before "one" and a unit, words that make it a span or an amount: "for one month", "more than one night". */
const ONE_SPAN_BEFORE = set('for than about over nearly almost within');
/**
 * Between two number words, these make one range or ratio of them, counted once on its first
 * number (GUIDE.md, "Ranges and pairs"): "two or three dimensions", "two of three requirements",
 * "trois ou quatre semaines", "vier bis sechs Prozent", "de dos a cinco días", "dva až tři dny".
 */
const JOINING = set('or to of ou à sur o a hasta oder bis von nebo až do até fino al tot lub albo');
/**
 * Between two number words of one number: "vinte e cinco", "treinta y cinco", "cento e vinte", and
 * before a half: "trzech i pół miliona", "dois e meio" (the number counts on its first word;
 * GUIDE.md labels the rest `part`).
 */
const NUMBER_AND = set('e y i');
const HALF_AFTER_AND = set('pół meio meia medio media mezzo');
/** "por ciento", "pour cent", "per cent": a percent written in two words, which a number before it is the value of. */
const PER = set('por pour per');
const CENT = set('ciento cent cento');
/** Words after a span of time that make it an anchor in time, not a quantity. */
const RELATIVE = set(
  `ago later earlier before after previously hence zpátky později dříve předtím antes después atrás plus tard auparavant après
  später zuvor früher danach depois fa dopo prima geleden eerder daarna temu później wcześniej`,
);
/**
 * Words before a span of time that make it an anchor in time: "hace dos meses", "vor zwei Jahren",
 * "před dvěma lety", "há dois anos"; French "il y a deux ans" is read by its "y a".
 */
const RELATIVE_BEFORE = set('hace vor před há przed');
/** Words before a span of time that put it ahead, an anchor too: Polish "za dwa miesiące" ("in two months"; "za" is also "for" before an amount). */
const AHEAD_BEFORE = set('za');
/** "since" after a span of time, before the event it counts from. */
const SINCE = set('since desde sinds');
const YEARS = set('years year jahre jahr ans años anos anni lat let jaar jaren');
/** Nouns that make the number word after them a name or a numbering: "Part Two", "Chapter Three", "Teil zwei". */
const NAMING_NOUNS = set(
  `part chapter step phase stage season episode volume book act round level teil kapitel schritt parte capítulo paso partie
  chapitre étape passo fase temporada episódio capitolo episodio stagione deel hoofdstuk stap seizoen część rozdział krok etap`,
);
/** "old", and German "alt" as an adjective declines it: "ein über dreißig Jahre alter Rechner". */
const OLD = set('old alt alte alten alter altes altem oud oude');
/** Age's noun after "de" closing an age in Spanish and Portuguese: "cinco años de edad", "dez anos de idade". */
const OF_AGE = set('edad idade');
/** "ist", "sind", "war", "wird": the verb of "X Jahre ist … alt". */
const AGE_VERBS = set('ist sind war waren wird werden');
const AGE_REACH = 6;
/** Whether "alt" is among the `reach` words from `k`. */
function altWithin(wordAt: (k: number) => string | undefined, k: number, reach: number): boolean {
  for (let m = k; m < k + reach; m++) if (wordAt(m) === 'alt') return true;
  return false;
}
/** "and" between the units of one span of time ("dos meses y tres días", "two hours and ten minutes"). */
const AND = set('and und et y e a i и en');
/** Magnitude words, and the words that make them vague before them ("several hundred", "einige Hundert", "unos cientos"). */
const MAGNITUDE_WORDS = set(`hundred thousand million billion dozen hundert tausend cent mille cien ciento mil sto set tisíc
  cem cento milhão milhões mila milione milioni honderd duizend miljoen tysiąc tysiące tysięcy milion miliony milionów`);
/**
 * Magnitudes in the plural, which count only after a number (they are then its part: "dwa
 * tysiące", "tres millones"); alone they are vague ("miliardy", "milhões de pessoas").
 */
const PLURAL_MAGNITUDES = set(`millones milhões bilhões biliões milioni miliardi miljoenen miljarden millionen milliarden
  tysiące tysięcy miliony milionów miliardy miliardów millions milliards`);
/** Magnitudes that take "of" before what they count in the Romance languages, Polish and Dutch: "un millón de personas". */
const LARGE_MAGNITUDES = set(`million millions milliard milliards millón millones milhão milhões bilhão bilhões bilião biliões
  milione milioni miliardo miliardi miljoen miljoenen miljard miljarden milion miliony milionów miliard miliardy miliardów`);
/** "Years" before a tens word that names a decade: "gli anni Novanta", "os anos sessenta", "los años ochenta". */
const DECADE_NOUNS = set('anni anos años');
const VAGUE_BEFORE = set(`several few einige mehrere paar etliche quelques plusieurs unos unas algunos algunas varios varias
  několik pár alguns algumas vários várias poucos alcuni alcune diversi diverse pochi qualche enkele kilka kilku`);
/** Parents "of" a number: "a mother of two" counts children. */
const PARENTS = set('mother father parent mom mum dad mère père madre padre mutter vater mãe pai moeder vader matka ojciec');

/**
 * Structural counts: the text's own items, not quantities of the world (in the languages read:
 * "zwei Methoden", "quatre priorités", "tres pasos").
 */
export const ENUMERATIONS = set(`kinds kind types type ways reasons things steps questions parts sections
  points examples options methods approaches categories principles rules tips signals levels stages
  phases factors aspects elements components ideas lessons takeaways words letters groups
  practices strategies habits mistakes
  methoden möglichkeiten gründe schritte tipps varianten kategorien
  méthodes façons manières raisons étapes conseils catégories priorités
  métodos formas maneras razones pasos consejos categorías tipos maneiras razões passos dicas
  modi motivi passi consigli categorie tipi metodi ragioni manieren redenen stappen soorten
  sposoby powody kroki rodzaje typy metody`);

function isDigitStart(word: string | undefined): boolean {
  if (word === undefined) return false;
  const c = word.charCodeAt(0);
  return c >= 48 && c <= 57;
}

/**
 * The number words of `lang` in `text`, with their offsets: the words (letters, and compounds
 * joined by hyphens: "three-day") that numberWordsOf keeps. A regular expression of the language's
 * number words, over the lower-cased text, finds where one may start (irregexp skips the rest far
 * faster than a scan of every character); a place that is a word's start is read to the word's end
 * and judged whole, so "tenant" is no "ten".
 */
export function findNumberWords(text: string, lang: string | null): Array<{ start: number; end: number }> {
  const isNumberWord = numberWordsOf(lang);
  if (isNumberWord === null) return [];
  const lowered = text.toLowerCase();
  // Lower-casing that changes the length (a rare "İ") would move the offsets: the words are then
  // found in the text as written, case-insensitively.
  const aligned = lowered.length === text.length;
  const openers = openersOf(lang!, aligned);
  const source = aligned ? lowered : text;
  const found: Array<{ start: number; end: number }> = [];
  const n = text.length;
  openers.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = openers.exec(source)) !== null) {
    const start = m.index;
    let i = start + m[0].length;
    if (!isWordStart(text, start)) {
      openers.lastIndex = start + 1;
      continue;
    }
    while (i < n && isLetterAt(text, i)) i++;
    while (i + 1 < n && text.charCodeAt(i) === 45 && isLetterAt(text, i + 1)) {
      i++;
      while (i < n && isLetterAt(text, i)) i++;
    }
    if (isNumberWord(source.slice(start, i).toLowerCase())) found.push({ start, end: i });
    openers.lastIndex = i;
  }
  return found;
}

/** No letter before `at`, nor a letter and the hyphen that join a compound ("twenty-three" is one word). */
function isWordStart(text: string, at: number): boolean {
  if (at === 0) return true;
  if (isLetterAt(text, at - 1)) return false;
  return !(text.charCodeAt(at - 1) === 45 && at > 1 && isLetterAt(text, at - 2));
}

/** Beginnings of a compound (COMPOUNDS) that are no number word of their own: Czech "jedna(dvacet)", Italian "cinquant(otto)", Dutch "een(entwintig)". */
const COMPOUND_HEADS: Readonly<Record<string, readonly string[]>> = {
  cs: ['jedna'],
  it: ['vent', 'trent', 'quarant', 'cinquant', 'sessant', 'settant', 'ottant', 'novant'],
  nl: ['een', 'één'],
};

/** Whether `word` is one of `lang`'s number words written as one word of several. */
function compound(lang: string | null, word: string): boolean {
  return lang !== null && COMPOUNDS[lang]?.test(word) === true;
}

/**
 * Per language, its number words, "one" and the heads of its compounds, as one alternation: over
 * lower-cased text, or case-insensitive.
 */
const OPENERS = new Map<string, RegExp>();
function openersOf(lang: string, lowered: boolean): RegExp {
  const key = `${lang}${lowered ? '' : '/i'}`;
  let openers = OPENERS.get(key);
  if (openers === undefined) {
    const words = [...NUMBER_WORDS[lang]!, 'one', ...(COMPOUND_HEADS[lang] ?? [])].sort((a, b) => b.length - a.length);
    openers = new RegExp(words.join('|'), lowered ? 'g' : 'giu');
    OPENERS.set(key, openers);
  }
  return openers;
}

const LETTER = /\p{L}/u;
function isLetterAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  // No-break spaces, signs and typographic quotes and dashes are no letters: no test needed.
  if (c < 0xc0 || (c >= 0x2000 && c <= 0x206f)) return c === 0xaa || c === 0xb5 || c === 0xba;
  // A surrogate pair's letter (outside the basic plane) is read whole, as the word pattern did.
  return (
    LETTER.test(String.fromCodePoint(text.codePointAt(i)!)) ||
    (c >= 0xdc00 && c <= 0xdfff && i > 0 && LETTER.test(String.fromCodePoint(text.codePointAt(i - 1)!)))
  );
}

export function numberWordLanguages(): string[] {
  return Object.keys(NUMBER_WORDS);
}

/** Whether a lower-case word is a number word of `lang` (a compound's head counts: "three-day"); null when `lang` has none listed. */
export function numberWordsOf(lang: string | null): ((word: string) => boolean) | null {
  const numbers = lang === null ? undefined : NUMBER_WORDS[lang];
  if (numbers === undefined) return null;
  return (word) => {
    const dash = word.indexOf('-');
    const head = dash > 0 ? word.slice(0, dash) : word;
    return numbers.has(head) || compound(lang, head) || (lang === 'en' && word === 'one');
  };
}

/** A counted number-word phrase, and which occurrence of its first word (0: the text's first) opens it. */
export interface NumberWordPhrase {
  phrase: string;
  /** Among the text's words equal to the phrase's first word, the index of the one that opens it. */
  occurrence: number;
}

/**
 * The number-word statistics with the occurrence of the word each starts at: the candidates mark
 * that word counted. (Matched by the word alone, the phrase "three years" was put on an earlier
 * "three" that counts nothing, "the first three bytes", and the "three" of "for over three years"
 * was left uncounted.)
 */
export function findNumberWordPhrases(profile: Pick<TextProfile, 'vocabulary' | 'wordIds'>, lang: string | null): NumberWordPhrase[] {
  const numbers = lang === null ? undefined : NUMBER_WORDS[lang];
  if (numbers === undefined) return [];
  const { vocabulary, wordIds } = profile;
  const count = wordIds.length;
  /** The word at `k`, or undefined outside the text. */
  const wordAt = (k: number): string | undefined => (k >= 0 && k < count ? vocabulary[wordIds[k]!] : undefined);
  // Which distinct words may open a number phrase, judged once each: most words are no number.
  const opensPhrase = numberWordsOf(lang)!;
  const opens = new Uint8Array(vocabulary.length);
  let any = false;
  for (const [id, word] of vocabulary.entries()) {
    if (opensPhrase(word)) {
      opens[id] = 1;
      any = true;
    }
  }
  if (!any) return [];
  const isWord = (w: string | undefined): boolean => w !== undefined && (numbers.has(w) || compound(lang, w));
  const isNumber = (w: string | undefined): boolean => isWord(w) || isDigitStart(w);
  const articles = lang === null ? undefined : DEFINITE_OF[lang];
  const definite = (w: string): boolean => DEFINITE.has(w) || articles?.has(w) === true;
  const stopwords = functionWords(lang);
  const found: NumberWordPhrase[] = [];
  const uses = new Map<string, number>();
  // Occurrences of each opening word before `seenTo`, counted as the scan passes (the words inside
  // a phrase too, which it jumps over): linear in the text.
  const seen = new Uint32Array(vocabulary.length);
  let seenTo = 0;
  let at = 0;
  const add = (phrase: string): void => {
    const n = (uses.get(phrase) ?? 0) + 1;
    uses.set(phrase, n);
    if (n <= MAX_REPEATS) found.push({ phrase, occurrence: seen[wordIds[at]!]! - 1 });
  };
  for (let i = 0; i < count; i++) {
    if (opens[wordIds[i]!] === 0) continue;
    for (; seenTo <= i; seenTo++) seen[wordIds[seenTo]!] = seen[wordIds[seenTo]!]! + 1;
    at = i;
    const word = wordAt(i)!;
    if (word === 'one' && lang === 'en') {
      const after = wordAt(i + 2);
      if (UNIT_WORDS.has(wordAt(i + 1) ?? '') && ONE_SPAN_BEFORE.has(wordAt(i - 1) ?? '')) {
        add(`one ${wordAt(i + 1)!}`);
        i += 1;
        continue;
      }
      if (ONE_COUNTED.has(wordAt(i + 1) ?? '') && after !== undefined && !stopwords.has(after) && !ENUMERATIONS.has(after) && !isDigitStart(after)) {
        add(`one ${wordAt(i + 1)!} ${after}`);
        i += 2;
      }
      continue;
    }
    const dash = numbers.has(word) ? -1 : word.indexOf('-');
    // Part of the number before it ("two million", "2 million"); "the two sides" refers back to
    // items already named rather than reporting a count.
    const before = wordAt(i - 1) ?? '';
    // "22 por ciento", "cuatro por ciento": the "ciento" is the percent's sign, not a hundred.
    if (CENT.has(word) && PER.has(before)) continue;
    // "one of the twelve characters", "two of the three" are a ratio, as "11 of the 12" is in digits.
    const ofThe = before === 'the' && wordAt(i - 2) === 'of' && (wordAt(i - 3) === 'one' || isNumber(wordAt(i - 3)));
    // "die Hälfte der besuchten URLs", "la moitié des": a half takes the article and is a share.
    const halfOf = HALVES.has(word) && OF.has(wordAt(i + 1) ?? '');
    const referring =
      (definite(before) && !ofThe && !halfOf) || (SELECTORS.has(before) && definite(wordAt(i - 2) ?? '')) || (lang !== null && ALL[lang]?.has(before) === true);
    // "the next two years", "los dos millones de habitantes": a unit or a magnitude after the number makes it a quantity.
    const unitAfter =
      UNIT_WORDS.has(wordAt(i + 1) ?? '') ||
      LARGE_MAGNITUDES.has(wordAt(i + 1) ?? '') ||
      (word.includes('-') && UNIT_WORDS.has(word.slice(word.indexOf('-') + 1)));
    if (isNumber(before) || before === 'top' || NAMING_NOUNS.has(before) || (referring && !unitAfter)) continue;
    if (ORDINALS.has(before) && FRACTIONS.has(word)) continue;
    // "einige Hundert Meter", "a few thousand", "plusieurs milliers": a vague magnitude, no number.
    if (MAGNITUDE_WORDS.has(word) && VAGUE_BEFORE.has(before)) continue;
    // "miliardy napłyną", "milhões de pessoas": a magnitude in the plural with no number before it is vague.
    if (PLURAL_MAGNITUDES.has(word)) continue;
    // "gli anni Novanta", "os anos sessenta": a decade, which is a date.
    if (DECADE_NOUNS.has(before)) continue;
    // "a billion times faster", "a thousand times better": hyperbole (GUIDE.md, `idiom`), not a measured multiplier.
    if (MAGNITUDE_WORDS.has(word) && before === 'a' && wordAt(i + 1) === 'times') continue;
    if (dash > 0) {
      // "three-day", "six-month", "thirty-nine"; ages ("two-year-old") are not statistics.
      const tail = word.slice(dash + 1);
      const measured = UNIT_WORDS.has(tail) || isWord(tail);
      if (measured && !isDigitStart(wordAt(i + 1))) add(word);
      continue;
    }
    let j = i + 1;
    // "two hundred", "vinte e cinco", "treinta y cinco": one number, on its first word.
    while (
      j < count &&
      (isWord(wordAt(j)) || (NUMBER_AND.has(wordAt(j)!) && (isWord(wordAt(j + 1)) || HALF_AFTER_AND.has(wordAt(j + 1) ?? '')) && isWord(wordAt(j - 1))))
    ) {
      j += HALF_AFTER_AND.has(wordAt(j + 1) ?? '') ? 2 : 1;
    }
    // "two or three dimensions", "two of three requirements": one range or ratio, counted on its first number.
    if (JOINING.has(wordAt(j) ?? '') && isWord(wordAt(j + 1))) for (j += 2; j < count && isWord(wordAt(j));) j++;
    while (j < count && PASS_THROUGH.has(wordAt(j)!)) j++;
    const next = wordAt(j);
    // "a mother of two", "père de trois": a parent's count of children, which the words after need not name.
    if (j === i + 1 && PARENTS.has(wordAt(i - 2) ?? '') && OF.has(before) && (next === undefined || !isDigitStart(next))) {
      add(word);
      continue;
    }
    if (next === undefined || isDigitStart(next)) continue; // a restatement in digits follows
    // Italian "sei" is "six" and "(you) are": "sei mesi", "sei persone", but "sei sicuro", "sei
    // stato". What a number counts is plural, and Italian plurals end in -i or -e.
    if (lang === 'it' && word === 'sei' && j === i + 1 && !/[ie]$/u.test(next)) continue;
    // "seis por ciento", "trois pour cent": a percent, on its number.
    if (PER.has(next) && CENT.has(wordAt(j + 1) ?? '')) {
      add(
        wordIds
          .slice(i, j + 2)
          .map((id) => vocabulary[id]!)
          .join(' '),
      );
      i = j + 1;
      continue;
    }
    // A fraction quantifies only with "of" ("half of the themes"); "the third such", "last quarter" do not.
    // "dos millones de habitantes", "un millón de personas", "trois millions de visiteurs": a
    // magnitude takes "de" before what it counts.
    const magnitudeOf =
      OF.has(next) && (LARGE_MAGNITUDES.has(wordAt(j - 1)!) || (HALF_AFTER_AND.has(wordAt(j - 1)!) && LARGE_MAGNITUDES.has(wordAt(j - 3) ?? '')));
    if (!magnitudeOf && (FRACTIONS.has(wordAt(j - 1)!) ? !OF.has(next) : stopwords.has(next) && next !== 'times')) continue;
    const anchor = wordAt(j + 1) ?? '';
    // "two main stages": a count of the text's own items with an adjective before their noun.
    // "before" and "after" anchor a span of time only ("two years before"): "three rockets before the fourth" counts rockets.
    // "three percentage points", "fifty basis points": a change of a rate, no points of the text.
    if (
      ENUMERATIONS.has(next) ||
      (ENUMERATIONS.has(anchor) && !RATE_POINTS.has(next)) ||
      (RELATIVE.has(anchor) && !(BEFORE_AFTER.has(anchor) && (HEDGES.has(before) || !TIME_UNITS.has(next))))
    )
      continue;
    // "cinco años desde que", "five years since the ruling": the time passed since an event anchors it
    // ("every three years since 2000" tells a rate from a year).
    if (TIME_UNITS.has(next) && SINCE.has(anchor) && !isDigitStart(wordAt(j + 2))) continue;
    // "seven years old", "zehn Jahre alt", "cinco años de edad": an age.
    if (YEARS.has(next) && (OLD.has(wordAt(j + 1) ?? '') || (wordAt(j + 1) === 'de' && OF_AGE.has(wordAt(j + 2) ?? '')))) continue;
    // "Sieben Jahre sind Floppy und Amiga mittlerweile alt": German puts "alt" at the clause's end,
    // after the verb and its subject (a bounded look ahead of a few words).
    if (next === 'jahre' && wordAt(j + 1) !== undefined && AGE_VERBS.has(wordAt(j + 1)!) && altWithin(wordAt, j + 2, AGE_REACH)) continue;
    // "una niña de tres años", "desde los dos años": an age, read as in digits.
    if (YEARS_OF_AGE.has(next) && ageBefore(`${wordAt(i - 3) ?? ''} ${wordAt(i - 2) ?? ''} ${before} `, next)) continue;
    // "desde hace ocho años": for eight years, a span; "hace ocho años" alone is a time ago.
    const sinceAgo = wordAt(i - 2) === 'desde';
    if (UNIT_WORDS.has(next) && ((RELATIVE_BEFORE.has(before) && !sinceAgo) || (before === 'a' && wordAt(i - 2) === 'y'))) continue;
    if (TIME_UNITS.has(next) && lang === 'pl' && AHEAD_BEFORE.has(before)) continue;
    // "diez días más tarde": later, in two words; "hace dos lunes": "hace" anchors any span ("vor"
    // and "před" also mean "in front of", so they need a unit).
    if ((UNIT_WORDS.has(next) && anchor === 'más' && wordAt(j + 2) === 'tarde') || (before === 'hace' && !sinceAgo)) continue;
    // "dos meses y tres días": the later unit of one span of time, counted once on its first number.
    if (TIME_UNITS.has(next) && AND.has(before) && TIME_UNITS.has(wordAt(i - 2) ?? '') && isNumber(wordAt(i - 3))) continue;
    add(
      wordIds
        .slice(i, j + (magnitudeOf ? 2 : 1))
        .map((id) => vocabulary[id]!)
        .join(' '),
    );
    i = j;
  }
  return found;
}
