// Whether an occurrence of a tracked brand's letters is the brand, read as a careful reader reads
// it: `remote teams`, `cada día`, `Thomas Müller` and `Porto Alegre` hold a brand's letters and
// name no brand. The rules are rule 1 of analyse-brands.ts.
import { followsPlaceKind, placeKindAfter } from './place-kinds.js';
import { namedApart } from './named-apart.js';
import {
  commonWords,
  determiners,
  isCommonWord,
  isCommonWordOrEnglish,
  isEnglishName,
  isFunctionWord,
  inKnownBrands,
  isGivenName,
  isPlaceName,
  isTownName,
  knownAsBrand,
  type Language,
} from './lexicon.js';
import { compactKey, fold, type Span } from './fold.js';
import { DEFINITE_ARTICLES, isGermanNoun, takesGermanName } from './german.js';
import { FAMILY_NOUNS, isTitle, TIMES, wordList } from './words.js';

export interface Reading {
  /** The text a reader sees (URLs blanked). */
  text: string;
  language: Language | null;
  /** Whether the answer writes capitals where sentences start (one written all in lower case does not). */
  capitalises: boolean;
  /** Where names are expected: list leads, headings, bold text, link texts, table cells. */
  namePlaces: readonly Span[];
}

/** Prepositions of place, after which a brand named after a place is the place (`shops in Iceland`). */
const LOCATIVES: Record<Language, ReadonlySet<string>> = {
  en: new Set(['in']),
  de: new Set(['in', 'im', 'nach']),
  fr: new Set(['a', 'en', 'au']),
  es: new Set(['en']),
  it: new Set(['in', 'a', 'nel', 'nella']),
  pt: new Set(['em', 'no', 'na']),
};
/** German prepositions that take a name right after them (`bei Lidl`, `von Buhl`), not `wie`, `etwa`, also adverbs before an adjective (`wie flink`). */
const NAME_PREPOSITIONS = new Set(['bei', 'beim', 'von', 'vom', 'laut', 'via']);
/** The last words of a place's name (`Street`, `Square`, `Airport`). */
const PLACE_NOUNS = wordList('place-nouns');
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’]*/gu;

/** Whether the occurrence `span` of a brand spelled `spellings` (its name and aliases) is the brand: rule 1 of analyse-brands.ts. */
export function isBrandOccurrence(span: Span, spellings: readonly string[], reading: Reading): boolean {
  const { text, language } = reading;
  const written = text.slice(span.start, span.end);
  if (/[\p{L}\p{N}]{3}-$/u.test(text.slice(Math.max(0, span.start - 4), span.start))) return false;
  if (language === null) return true;
  const before = wordsBefore(text, span.start, 2);
  const previous = before[before.length - 1] ?? '';
  const next = wordAfter(text, span.end);
  const inNamePlace = reading.namePlaces.some((p) => p.start <= span.start && span.end <= p.end);
  const words = written.split(/\s+/);
  const isDeterminer = (w: string) => determiners(language).has(foldLower(w));
  // A phrase is a common one when all its words are common and it is built as one (`el corte inglés`, `le bon coin`), not `cafe muller`.
  const common = words.every((w) => isCommonWord(w, language) || isDeterminer(w)) && (words.length === 1 || words.some(isDeterminer));

  const single = !/\s/u.test(written);

  // Case tells names only where the answer writes capitals (an answer all in lower case does not).
  if (reading.capitalises && !/\p{Lu}/u.test(written) && spellings.some((s) => /\p{Lu}/u.test(s)) && !inNamePlace) {
    if (common || (single && (determiners(language).has(foldLower(previous)) || /['’]$/u.test(previous)))) return false;
    // An answer that writes the name with its capitals elsewhere (`**Lively**`) means the words
    // when it writes them in lower case: `the competition gets lively`, `at cost plus a markup`
    // (not a brand a reader knows that is no word, written so on purpose: `doordash and uber eats`).
    const wordy = written.split(/\s+/u).every((w) => isCommonWordOrEnglish(w, language)) || !knownAsBrand(written, language);
    // The brand's own spelling with its accents counts as that capital: `educación prenatal` beside `Prénatal`.
    // So does a spelling with its words run together: `une bonne gueule` beside `BonneGueule`.
    const spelledElsewhere = () =>
      spellings.some((s) => s !== written && compactKey(s) === compactKey(written) && capitalisedElsewhere(reading, s.toLowerCase()));
    if (wordy && (capitalisedElsewhere(reading, written) || spelledElsewhere())) return false;
    // Several words of the language in lower case are those words wherever they stand (`whoever ends
    // up as camp chef`); not a German name, written so (`das cafe muller`: German's nouns are capitalised).
    if (language !== 'de' && !single && written.split(/\s+/u).every((w) => isCommonWordOrEnglish(w, language) && !isEnglishName(w))) return false;
  }
  // A name of several words that writes one of the brand's capitalised words in lower case, a word
  // of the language, is those words: `any Shanghai street` for Shanghai Street, `marqués de Riscal`.
  // So is one whose lower-case word no list holds where the answer writes the brand with its capitals
  // elsewhere: `una avarca de Menorca` beside `[Avarca de Menorca]`.
  if (
    !single &&
    reading.capitalises &&
    !inNamePlace &&
    /\p{Lu}/u.test(written) &&
    (lowerWhereCapitalised(written, spellings, language) || spellings.some((s) => lowersInitial(written, s, language) && writtenAsIs(reading, s)))
  )
    return false;
  // German writes every noun and name capitalised: a one-word brand written with capitals and found
  // in lower case in German prose is an adjective, a verb or an adverb (`flink einkaufen`, `brutto
  // für netto`); a name of several words in lower case is still the name (`das cafe muller`), and
  // so is one right after a preposition that takes a name, before no noun it would qualify (`bei
  // sofatutor erklärende Videos`): there an adjective would stand before its noun.
  if (
    language === 'de' &&
    single &&
    reading.capitalises &&
    !inNamePlace &&
    /^\p{Ll}/u.test(written) &&
    !(NAME_PREPOSITIONS.has(foldLower(previous)) && !/^\p{Lu}/u.test(next)) &&
    !written.includes('.') &&
    spellings.every((s) => /^\p{Lu}/u.test(s)) &&
    // Not a brand that writes itself in lower case, as the answer does throughout, where no word has its letters (`uvex fertigt`).
    (capitalisedElsewhere(reading, written) || isCommonWordOrEnglish(written, 'de'))
  )
    return false;
  if (common && !spellings.some((s) => s.toLowerCase() === written.toLowerCase()) && !inNamePlace) return false;
  // A brand written in capitals (`NOS`) is not the word its letters spell in other case (`Nos primeiros meses`).
  if (common && single && !inNamePlace && written !== written.toUpperCase() && spellings.every((s) => s.length > 1 && s === s.toUpperCase())) return false;
  // An interjection opens a sentence with a comma (`Claro, puedes…`); a name does so before an aside
  // that another comma closes (`Corona, también japonesa, es la alternativa`, `Franklin, which also makes the ball, is…`).
  if (common && single && opensSentence(text, span.start) && /^,\s+\p{Ll}/u.test(text.slice(span.end)) && !ASIDE.test(text.slice(span.end, span.end + 80)))
    return false;
  // English: a common word opening a sentence before a lower-case word that is not its verb is the word (`Next year…`, `Chime in…`), not `Target sells`, `Next also offers`.
  if (language === 'en' && common && single && !inNamePlace && opensSentence(text, span.start) && next !== '' && /^\p{Ll}/u.test(next) && !verbLike(next))
    return false;
  // A name opening a compound (`ein Abus-Schloss`, `ihre Fuji-typischen Farben`) leaves the determiner to the compound.
  const compoundHead = /^-\p{L}/u.test(text.slice(span.end, span.end + 2));
  // Enumerated beside another name, the word is a name too: `Auch die Allianz und die CosmosDirekt lohnen einen Vergleich`.
  if (
    language === 'de' &&
    !inNamePlace &&
    !compoundHead &&
    germanNoun(written, spellings, previous, before[before.length - 2] ?? '') &&
    !besideGermanName(text, span)
  )
    return false;
  if (inNamePlace) return true;
  // A brand named as a weekday or a month is the day or the month beside a date's number, a part
  // of the day or a word that places it in time: `in late August`, `its Monday morning stand-up`, `August 2024`.
  if (single && TIMES.has(foldLower(written)) && inTime(previous, next)) return false;
  // Where the sentence says what the name comes from or is not, the letters name that: `the name comes from Kalki`.
  if (namedApart(text, span, language)) return false;
  // A surname the frequency lists hold as a word is still one where the dictionary lacks it (`Harry Roberts`, `William Coleman`).
  // German capitalises its nouns, so a noun after a given name is a surname as readily (`der Konditor Paul Fürst`).
  const personal = (given: string, surname: string, end: number) =>
    isGivenName(given, language) &&
    /^\p{Lu}\p{Ll}+$/u.test(surname) &&
    (!commonWords(language).has(fold(surname)) || language === 'de' || (isEnglishName(surname) && !isPlaceName(surname))) &&
    !/^[ \t]+\p{Lu}/u.test(text.slice(end));
  // The given name may follow an elided `de`: `l'école d'Alain Ducasse`.
  const given = previous.replace(/^\p{Ll}{1,2}['’]/u, '');
  if (/^\p{Lu}/u.test(given) && /\p{L}[ \t]+$/u.test(text.slice(Math.max(0, span.start - 4), span.start)) && single && personal(given, written, span.end))
    return false;
  // A brand a reader knows before a plural that is no surname is no given name: `Tesla Superchargers`, not `Harry Roberts`.
  if (
    single &&
    next !== '' &&
    personal(written, next, span.end + 1 + next.length) &&
    !(inKnownBrands(written) && /\p{Ll}s$/u.test(next) && !isEnglishName(next))
  )
    return false;
  if (single && /^\p{Lu}\p{Ll}+$/u.test(written) && endsFullName(text.slice(Math.max(0, span.start - 80), span.start), language)) return false;
  // A brand named after its founder: after a title or a profession, also set off by a comma, the
  // letters are the person (`o fundador, Carlos Santos`, `founder Jochen Schweizer`).
  if (words.length > 1 && titled(text, span.start)) return false;
  // A family's name is the family, however it named its business (`die Familie Fandler`, `la
  // famille Lemoine`, `the Phillips family`).
  if (FAMILY_NOUNS.has(foldLower(previous)) || /^[ \t]+famil(?:y|ies)(?![\p{L}])/u.test(text.slice(span.end, span.end + 12))) return false;
  // A town's name of two words too: `Novi Ligure`, `Kawartha Lakes`.
  if (next !== '' && /^\p{Lu}/u.test(next) && (isPlaceName(`${written} ${next}`) || isTownName(`${written} ${next}`))) return false;
  // Before a place's noun, the letters name the place: `Monmouth Street`, `Target Lane`; not a
  // German compound's noun after its hyphen, which the name qualifies: `ein Abus-Schloss`.
  if (next !== '' && /^\p{Lu}/u.test(next) && PLACE_NOUNS.has(foldLower(next)) && text[span.end] !== '-') return false;
  // After a preposition of place, also past a lower-case adjective: `im übrigen Westfalen`, `in southern Victoria`.
  const locative = (word: string | undefined) => word !== undefined && LOCATIVES[language].has(foldLower(word));
  if (isPlaceName(written) && (locative(previous) || (/^\p{Ll}/u.test(previous) && locative(before[before.length - 2])))) return false;
  // After the noun of a place's kind, the letters name the place: `la comuna de Alto del Carmen`, `the town of Hope`.
  if (followsPlaceKind(text, span.start, language) || placeKindAfter(text, span.end)) return false;
  return true;
}

/** A comma, an aside in lower case of a few words, and the comma that closes it. */
const ASIDE = /^,\s+\p{Ll}[^,.;:!?\n]{0,60},/u;

/** Words of English that place a weekday or a month in time (`late August`, `every Monday`), and the parts of a day (`Monday morning`). */
const TIME_BEFORE = new Set(['late', 'early', 'mid', 'every', 'next', 'last', 'this', 'since', 'until', 'through']);
const TIME_AFTER = new Set(['morning', 'afternoon', 'evening', 'night', 'mornings', 'afternoons', 'evenings', 'nights']);

/** Whether the words either side of a weekday's or a month's name place it in time. */
function inTime(previous: string, next: string): boolean {
  return /^\d{1,4}\.?$/u.test(previous) || /^\d{1,4}$/u.test(next) || TIME_BEFORE.has(foldLower(previous)) || TIME_AFTER.has(foldLower(next));
}

/** A joiner, an article perhaps, and a capitalised word after a name, or the same before it. */
const JOINED_AFTER = /^[ \t]+(?:und|oder|sowie)[ \t]+(?:(?:der|die|das|den|dem)[ \t]+)?(\p{Lu}[\p{L}\p{N}'’-]*)/u;
const JOINED_BEFORE = /(\p{Lu}[\p{L}\p{N}'’-]*)[ \t]+(?:und|oder|sowie)[ \t]+(?:(?:der|die|das|den|dem)[ \t]+)?$/u;

/** Whether a German word stands in an enumeration beside a name that is no noun (`die Allianz und die CosmosDirekt`). */
function besideGermanName(text: string, span: Span): boolean {
  const other = JOINED_AFTER.exec(text.slice(span.end, span.end + 60))?.[1] ?? JOINED_BEFORE.exec(text.slice(Math.max(0, span.start - 60), span.start))?.[1];
  return other !== undefined && (/\p{Ll}\p{Lu}|\p{N}/u.test(other) || !isGermanNoun(other)) && !isCommonWord(other, 'de');
}

/** Whether `written` has a word in lower case that every spelling of the brand with its words capitalises, a common word. */
function lowerWhereCapitalised(written: string, spellings: readonly string[], language: Language): boolean {
  const words = written.split(/\s+/u);
  const same = spellings.map((s) => s.split(/\s+/u)).filter((s) => s.length === words.length && fold(s.join(' ')) === fold(words.join(' ')));
  return (
    same.length > 0 &&
    // The first word too (`el título, marqués de Riscal`), save an article or a function word a
    // sentence writes in lower case: `the Harwood Arms`, `la Maison du Pèkèt`, `zum scharfen René`.
    same.every((s) =>
      s.some(
        (w, i) =>
          (i > 0 || (!determiners(language).has(foldLower(words[0]!)) && !isFunctionWord(words[0]!, language))) &&
          /^\p{Lu}/u.test(w) &&
          /^\p{Ll}/u.test(words[i]!) &&
          (isCommonWord(words[i]!, language) || isCommonWord(words[i]!, 'en')),
      ),
    )
  );
}

/** Per reading, one answer per spelling, each looked for once. */
function remembered(memo: WeakMap<Reading, Map<string, boolean>>, reading: Reading, spelling: string, look: () => boolean): boolean {
  let seen = memo.get(reading);
  if (seen === undefined) memo.set(reading, (seen = new Map<string, boolean>()));
  let found = seen.get(spelling);
  if (found === undefined) seen.set(spelling, (found = look()));
  return found;
}

/** Whether `length` characters at `i` of `text` stand on word boundaries. */
function onBoundaries(text: string, i: number, length: number): boolean {
  const boundary = (j: number) => j < 0 || j >= text.length || !/[\p{L}\p{N}]/u.test(text[j]!);
  return boundary(i - 1) && boundary(i + length);
}

/** Per reading, whether each lower-case spelling also stands with a capital in the text. */
const capitalised = new WeakMap<Reading, Map<string, boolean>>();

/** Whether the text writes `written` (lower case) with a capital too, on word boundaries. */
function capitalisedElsewhere(reading: Reading, written: string): boolean {
  return remembered(capitalised, reading, written, () => {
    const { text } = reading;
    const lower = text.toLowerCase();
    // toLowerCase keeps the length of Latin text; a character it expands makes the offsets disagree, and the test fails safe (false).
    if (lower.length !== text.length) return false;
    for (let i = lower.indexOf(written); i >= 0; i = lower.indexOf(written, i + 1)) {
      if (onBoundaries(text, i, written.length) && /\p{Lu}/u.test(text.slice(i, i + written.length))) return true;
    }
    return false;
  });
}

/** Whether `written` is the spelling `s` with its first word, capitalised there, in lower case (no article nor function word). */
function lowersInitial(written: string, s: string, language: Language): boolean {
  const first = written.split(/\s+/u)[0]!;
  return (
    written !== s &&
    foldLower(written) === foldLower(s) &&
    /^\p{Ll}/u.test(first) &&
    /^\p{Lu}/u.test(s) &&
    !determiners(language).has(foldLower(first)) &&
    !isFunctionWord(first, language)
  );
}

/** Per reading, whether each spelling stands in the text exactly as written. */
const asIs = new WeakMap<Reading, Map<string, boolean>>();

/** Whether the text holds `spelling` exactly, on word boundaries. */
function writtenAsIs(reading: Reading, spelling: string): boolean {
  return remembered(asIs, reading, spelling, () => {
    const { text } = reading;
    for (let i = text.indexOf(spelling); i >= 0; i = text.indexOf(spelling, i + 1)) if (onBoundaries(text, i, spelling.length)) return true;
    return false;
  });
}

/** Whether a title or a profession of four letters or more (words/titles.txt) stands right before `offset`, a comma perhaps between. */
function titled(text: string, offset: number): boolean {
  const m = /(\p{L}{4,})[ \t]*,?[ \t]+$/u.exec(text.slice(Math.max(0, offset - 40), offset));
  return m !== null && isTitle(foldLower(m[1]!));
}

/** Lower-case particles inside a person's full name: `Vieira de Abreu`, `Ludwig van Beethoven`. */
const NAME_PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'di', 'del', 'della', 'von', 'van', 'der', 'la', 'le', 'y', 'e']);
/** Capitalised words and particles, one space apart, at the end of a text. */
const NAME_RUN = /(?:(?:\p{Lu}\p{Ll}+|\p{Ll}{1,5})[ \t]){2,5}$/u;

/**
 * Whether the text before a match ends in the given name and middle names of a person whose
 * surname the match is: `Bernardo Luís Vieira de Abreu`, `Emilio Huguenin Lhardy`. A given name
 * and one more capitalised word at least, the particles of names between them.
 */
function endsFullName(before: string, language: Language): boolean {
  const run =
    NAME_RUN.exec(before)?.[0]
      .trim()
      .split(/[ \t]+/u) ?? [];
  // The run starts at its first capitalised word; every lower-case word in it is a particle.
  const start = run.findIndex((w) => /^\p{Lu}/u.test(w));
  const words = start < 0 ? [] : run.slice(start);
  if (words.length < 2 || words.some((w) => /^\p{Ll}/u.test(w) && !NAME_PARTICLES.has(w))) return false;
  return isGivenName(words[0]!, language) && words.filter((w) => /^\p{Lu}/u.test(w)).length >= 2;
}

/**
 * In German, a capitalised noun: after a determiner or an inflected adjective, or a camel-cased
 * brand written as a noun. `beforeThat` is the word before `previous`.
 */
function germanNoun(written: string, spellings: readonly string[], previous: string, beforeThat: string): boolean {
  if (!/^\p{Lu}\p{Ll}+$/u.test(written)) return false;
  // After a word that takes a name (`bei Lichtblick`), also past its article (`bei der Allianz`),
  // the word is the tracked brand's name: the brand is known, so the article names it as often as a noun.
  if (takesGermanName(previous, beforeThat)) return false;
  // A spelling the brand is given in (`Lichtblick` beside `LichtBlick`) is no camel-cased brand written as a noun.
  if (!spellings.includes(written) && spellings.some((s) => /^\p{Lu}\p{Ll}+\p{Lu}/u.test(s) && s.toLowerCase() === written.toLowerCase())) return true;
  const word = foldLower(previous);
  if (word === '') return false;
  // A determiner makes what follows a noun whatever it is (`jeder Kicker`, `viele Teams`); not an
  // article, which stands before names too (`die Telekom`).
  if (determiners('de').has(word)) return !DEFINITE_ARTICLES.has(word) || isCommonWord(written, 'de');
  // An inflected adjective (`echter`), not a conjunction or adverb that ends alike (`aber`, `wieder`).
  return !/^\p{Lu}/u.test(previous) && /(?:e|en|er|es|em)$/u.test(word) && isCommonWord(written, 'de') && word.length > 3 && !isFunctionWord(word, 'de');
}

/** English modals, adverbs and conjunctions that stand between a subject and its verb (`Target and Shell sell…`). */
const BEFORE_VERB = new Set([
  'and',
  'or',
  'can',
  'could',
  'will',
  'would',
  'may',
  'might',
  'must',
  'should',
  'also',
  'now',
  'still',
  'just',
  'only',
  'already',
  'often',
  'usually',
  'recently',
  'currently',
  'typically',
  'generally',
  'even',
  'never',
  'always',
  'does',
  'did',
  'doesn',
  'didn',
  'isn',
  'wasn',
]);
/** Whether an English word reads as a verb after its subject: a third person or a past (`sells`, `launched`), or a modal or adverb before one. */
function verbLike(word: string): boolean {
  return /(?:s|ed)$/u.test(word) || BEFORE_VERB.has(word) || IRREGULAR_PAST.has(word);
}

/** English verbs' irregular past forms, which a business's name takes as its verb (`Bird left the DC market`). */
const IRREGULAR_PAST = new Set(
  'left made sold bought took began became went came grew kept ran built won led got gave found held brought stood spent sent paid said told lost met chose drove fell flew broke wrote knew thought saw felt meant shut cut set put'.split(
    ' ',
  ),
);

function foldLower(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]$/u, '');
}

/** The last `count` words before `offset` on its line, nearest last (an elided `l'` keeps its apostrophe). */
function wordsBefore(text: string, offset: number, count: number): string[] {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const line = text.slice(Math.max(lineStart, offset - 200), offset);
  // Not past the sentence's start: `… im Markt ansehen. Otto liefert` has no adjective before `Otto`.
  const sentence = line.slice(lastSentenceEnd(line));
  const words = sentence.match(WORD) ?? [];
  return words.slice(-count);
}

/** Where the last sentence in `text` starts: past its last stop and the space after it, or 0. */
function lastSentenceEnd(text: string): number {
  let end = 0;
  for (const m of text.matchAll(/[.!?](?=[ \t])/gu)) end = m.index + 1;
  return end;
}

/** The word right after `offset`, past one space, or `` when something else follows. */
function wordAfter(text: string, offset: number): string {
  const m = /^[ \t]([\p{L}\p{N}][\p{L}\p{N}\p{M}]*)/u.exec(text.slice(offset, offset + 80));
  return m?.[1] ?? '';
}

/** Whether `offset` opens a sentence: the start of the text, a line, a list item or a table's cell, or after `.`, `!`, `?` or `:`. */
export function opensSentence(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 40), offset).replace(/[ \t*_"“„«>#]+$/u, '');
  return before === '' || /[.!?:|\n]$/u.test(before) || /(?:^|\n)[ \t]*(?:[-*+•]|\d{1,3}[.)])$/u.test(before);
}
