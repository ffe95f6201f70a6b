// What the brand reader knows of languages, people and places, from data others keep (npm
// packages; words/README.md says which and why): the answer's language, the common words of a
// language, given names, countries and major cities. Each list is read the first time it is needed
// and only for the languages met, so a worker that reads English answers holds English lists only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fold } from './fold.js';
import { COMMON_WORDS, wordList } from './words.js';
import { frequencyList, inGivenNames, LANGUAGE_NAMES, type Language, type NameList } from '../../language/languages.js';

export type { Language } from '../../language/languages.js';
/** How many of a language's most frequent words tell the language of a text. */
const PROFILE_SIZE = 60;

const require = createRequire(import.meta.url);

const cache = new Map<string, ReadonlySet<string>>();
function cached(key: string, load: () => Iterable<string>): ReadonlySet<string> {
  let set = cache.get(key);
  if (set === undefined) {
    set = new Set(load());
    cache.set(key, set);
  }
  return set;
}

/**
 * The common words of a language, folded: its 10,000 most frequent words with those of the
 * reader's own lists (labels, times, sentence words). Names that films say often (`John`,
 * `London`) are among them, which only makes the reader ask for a capital before it reads them.
 */
export function commonWords(language: Language): ReadonlySet<string> {
  return cached(`common:${language}`, () => [...frequencyList(language).map(fold), ...wordList('labels'), ...wordList('times')]);
}

/** Whether a word (any case) is a common word of the language: as it is, or as the plural of one. */
export function isCommonWord(word: string, language: Language): boolean {
  const words = commonWords(language);
  const folded = fold(word);
  if (words.has(folded)) return true;
  // Plurals that change the singular's ending: `tradicionais`, `normaux`, `opções`.
  for (const [plural, singular] of PLURAL_ENDINGS[language] ?? []) {
    if (folded.length > plural.length + 2 && folded.endsWith(plural) && words.has(folded.slice(0, -plural.length) + singular)) return true;
  }
  // Every ending the word may have taken: a German `-n` after a singular's `e` (`Kunden`, `Ideen`)
  // as well as an `-en` after a consonant (`Frauen`).
  for (const ending of PLURAL[language]) {
    const stem = folded.slice(0, -ending.length);
    if (!folded.endsWith(ending) || stem.length < 3) continue;
    // German adds no `-e` to a singular's `e`: `Easee` is no plural of `ease`.
    if (language === 'de' && ending === 'e' && stem.endsWith('e')) continue;
    if (words.has(stem)) return true;
    // Italian plurals change the singular's last vowel (`depositi`, `offerte`).
    if (language === 'it' && ['o', 'a', 'e'].some((vowel) => words.has(stem + vowel))) return true;
  }
  return false;
}

/** Whether a word is common in the answer's language or in English, which answers in every language borrow. */
export function isCommonWordOrEnglish(word: string, language: Language | null): boolean {
  return isCommonWord(word, 'en') || (language !== null && language !== 'en' && isCommonWord(word, language));
}

/** Whether a word is a common word of any language the reader reads (`Transport`, `Atout`, `Banco`). */
export function isCommonInAnyLanguage(word: string): boolean {
  return (Object.keys(LANGUAGE_NAMES) as Language[]).some((language) => isCommonWord(word, language));
}

/** Plural endings that replace the singular's, folded (accents dropped): Portuguese, French and Spanish. */
const PLURAL_ENDINGS: Partial<Record<Language, ReadonlyArray<readonly [string, string]>>> = {
  pt: [
    ['ais', 'al'],
    ['eis', 'el'],
    ['ois', 'ol'],
    ['oes', 'ao'],
    ['aes', 'ao'],
    ['ns', 'm'],
  ],
  fr: [
    ['aux', 'al'],
    ['eaux', 'eau'],
  ],
  es: [['ces', 'z']],
};

/** Endings of the infinitive and the imperative, and the endings a common form of the same verb takes instead. */
const VERB_FORMS: Partial<Record<Language, { ends: RegExp; forms: readonly string[] }>> = {
  fr: { ends: /^(.{3,}?)(?:er|ir|re|ez)$/u, forms: ['e', 'es', 'ent', 'ez', 'er', 'ir', 're', 'ons', 'is', 'it', 'ais', 'ait', 'ant'] },
  es: { ends: /^(.{3,}?)(?:ar|er|ir|a|e)$/u, forms: ['o', 'a', 'as', 'an', 'e', 'es', 'en', 'ar', 'er', 'ir', 'ado', 'ido', 'amos', 'emos'] },
  pt: { ends: /^(.{3,}?)(?:ar|er|ir|a|e)$/u, forms: ['o', 'a', 'as', 'am', 'e', 'es', 'em', 'ar', 'er', 'ir', 'ado', 'ido', 'amos', 'emos'] },
  it: { ends: /^(.{3,}?)(?:are|ere|ire|a|i)$/u, forms: ['o', 'a', 'i', 'e', 'are', 'ere', 'ire', 'ato', 'ito', 'iamo'] },
  de: { ends: /^(.{3,}?)(?:en|n)$/u, forms: ['e', 't', 'st', 'en', 'te', 'ten'] },
};

/**
 * Whether a word is an infinitive or an imperative of a verb the language knows (`Résilier`,
 * `Confrontare`, `Compara`, `Vergleichen`): another form of it is a common word.
 */
export function isVerbForm(word: string, language: Language): boolean {
  const verb = VERB_FORMS[language];
  const stem = verb?.ends.exec(fold(word));
  if (verb === undefined || stem == null) return false;
  const words = commonWords(language);
  return verb.forms.some((ending) => words.has(stem[1]! + ending));
}

/** How many of a language's most frequent words are its function words: pronouns, conjunctions, adverbs (`aber`, `oder`, `wieder`). */
const FUNCTION_WORDS = 150;

/** Whether a word is one of the language's most frequent words, which are function words, not adjectives (`aber`, not `echter`). */
export function isFunctionWord(word: string, language: Language): boolean {
  return cached(`function:${language}`, () => frequencyList(language).slice(0, FUNCTION_WORDS).map(fold)).has(fold(word));
}

/** The endings a plural adds to its singular, by language (Italian's replace its last vowel). */
const PLURAL: Record<Language, readonly string[]> = {
  en: ['es', 's'],
  de: ['en', 'n', 's', 'e', 'er'],
  fr: ['s', 'x'],
  es: ['es', 's'],
  it: ['i', 'e'],
  pt: ['s', 'es'],
};

/** Articles, demonstratives, possessives and quantifiers: a word after one of these is a common noun or adjective. */
export function determiners(language: Language): ReadonlySet<string> {
  return cached(`determiners:${language}`, () => wordList(`determiners-${language}`));
}

/** The language of a text, by the most frequent words of each language it uses; null when it uses none. */
export function languageOf(text: string): Language | null {
  const words = fold(text).match(/\p{L}+/gu) ?? [];
  let best: Language | null = null;
  let bestHits = 0;
  for (const language of Object.keys(LANGUAGE_NAMES) as Language[]) {
    const profile = cached(`profile:${language}`, () => frequencyList(language).slice(0, PROFILE_SIZE).map(fold));
    let hits = 0;
    for (const word of words) if (profile.has(word)) hits++;
    if (hits > bestHits) {
      best = language;
      bestHits = hits;
    }
  }
  return bestHits >= 2 ? best : null;
}

/** The given-name lists of gender-detection-from-name a language reads: its own and English (Portuguese shares Spanish names). */
const NAME_LISTS: Record<Language, readonly NameList[]> = {
  en: ['en'],
  de: ['de', 'en'],
  fr: ['fr', 'en'],
  es: ['es', 'en'],
  it: ['it', 'en'],
  pt: ['es', 'en'],
};

/**
 * Given names (gender-detection-from-name: English, German, French, Spanish and Italian first
 * names, each list read when a language needs it), folded. Some are also words or brands
 * (`Apple`, `Chase`): the callers ask for a surname after one, which `Apple Music` does not have.
 */
export function isGivenName(word: string, language: Language | null): boolean {
  const folded = fold(word);
  // The lists hold some noise (`the`, `premier`): the reader's own common words are no given names.
  if (COMMON_WORDS.has(folded) || (Object.keys(LANGUAGE_NAMES) as Language[]).some((l) => determiners(l).has(folded))) return false;
  if (cached('given-names', () => wordList('given-names')).has(folded)) return true;
  return inGivenNames(folded, language === null ? undefined : NAME_LISTS[language]);
}

/** Countries, folded, in the reader's languages (i18n-iso-countries). */
function countries(): ReadonlySet<string> {
  return cached('countries', () => {
    const all: string[] = [];
    for (const code of Object.keys(LANGUAGE_NAMES)) {
      const { countries: names } = JSON.parse(
        readFileSync(join(dirname(require.resolve('i18n-iso-countries/package.json')), 'langs', `${code}.json`), 'utf8'),
      ) as {
        countries: Record<string, string | string[]>;
      };
      for (const name of Object.values(names)) for (const country of [name].flat()) all.push(placeKey(country));
    }
    return all;
  });
}

export function isCountryName(name: string): boolean {
  return countries().has(placeKey(name));
}

/** Countries, regions and the reader's own multi-word places: places whatever the position of the name. */
export function isRegionName(name: string): boolean {
  const regions = cached('regions', () => [...wordList('places'), ...wordList('non-brand-names'), ...countries()]);
  return regions.has(placeKey(name));
}

/**
 * Places, folded: countries (isRegionName), the main cities of every time zone (@vvo/tzdb), the
 * cities of at least 100,000 people by every name GeoNames keeps in Latin letters (words/cities.txt:
 * `Genova`, `Londres`), the airports (words/airports.txt,
 * from OpenFlights: `Heathrow`) and the states, provinces and regions of every country (country-region-data). Many share a name with a brand (`Santander`,
 * `Phoenix`, `Victoria`): callers read them as places in prose, not where a name is expected.
 */
export function isPlaceName(name: string): boolean {
  const places = cached('places', () => {
    const all = new Set([...wordList('cities'), ...wordList('airports')]);
    const zones = JSON.parse(readFileSync(join(dirname(require.resolve('@vvo/tzdb/package.json')), 'raw-time-zones.json'), 'utf8')) as Array<{
      mainCities: string[];
    }>;
    for (const zone of zones) for (const city of zone.mainCities) all.add(placeKey(city));
    const countries = JSON.parse(readFileSync(require.resolve('country-region-data/data.json'), 'utf8')) as Array<{ regions: Array<{ name: string }> }>;
    // A region of two official names is written with either (`Navarra/Nafarroa`, `Castellón/Castelló`); not a
    // part of three letters (`Tui/Tuy`, a brand's letters as often).
    for (const country of countries)
      for (const region of country.regions) {
        all.add(placeKey(region.name));
        if (region.name.includes('/')) for (const part of region.name.split('/')) if (placeKey(part).length >= 4) all.add(placeKey(part));
      }
    return all;
  });
  return isRegionName(name) || places.has(placeKey(name));
}

/**
 * Whether a name is a town's (words/towns.txt: GeoNames' towns of 5,000 to 100,000 people,
 * `Roanne`, `Olbia`) and no brand a reader knows nor an English word: in prose, the town.
 * Smaller towns share their names with brands and words more often than answers name them.
 */
export function isTownName(name: string): boolean {
  if (!cached('towns', () => wordList('towns')).has(placeKey(name))) return false;
  return !isKnownBrand(name) && (name.includes(' ') || !isCommonWord(name, 'en'));
}

/** A place's name as the lists hold it: folded, words single-spaced, punctuation aside. */
export function placeKey(name: string): string {
  return fold(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Prepositions before a place in a question (`hotels in Lyon`, `academia em Belo Horizonte`). */
const LOCATIVES: Record<Language, ReadonlySet<string>> = {
  en: new Set(['in', 'near']),
  de: new Set(['in', 'im', 'nach']),
  fr: new Set(['a', 'au', 'dans']),
  es: new Set(['en']),
  it: new Set(['a', 'in']),
  pt: new Set(['em', 'no', 'na']),
};

/**
 * Whether a text (a prompt) names a place: a country, region or city of the lists, written with a
 * capital or not a common word of the language (`lyon`, `Sevilla`, `Belo Horizonte`; not `nice`).
 */
export function namesPlace(text: string, language: Language | null): boolean {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    const first = words[i]!;
    // `a Milano`, `em Belo Horizonte`: a capitalised word after a preposition of place.
    const after = words[i + 1];
    if (language !== null && after !== undefined && LOCATIVES[language].has(fold(first)) && /^\p{Lu}\p{Ll}/u.test(after)) return true;
    if (!/^\p{Lu}/u.test(first) && isCommonWordOrEnglish(first, language)) continue;
    for (let n = 1; n <= 3 && i + n <= words.length; n++) if (isPlaceName(words.slice(i, i + n).join(' '))) return true;
  }
  return false;
}

/** Particles inside a place's name between its capitalised words: `Rio de Janeiro`, `Santiago de Compostela`. */
const PLACE_PARTICLES = new Set(['de', 'do', 'da', 'del', 'di', 'du', 'des']);
/** A word of a place's name: a capital and lower-case letters, hyphened parts after it (`Milano`, `Aix-en-Provence`; not `ChatGPT`). */
const PLACE_WORD = /^\p{Lu}\p{Ll}+(?:[-'’]\p{L}+)*$/u;

/**
 * The places a text (a prompt) names after a preposition of place, folded: `milano` of `a
 * Milano`, `rio de janeiro` of `no Rio de Janeiro`, `aix-en-provence` of `à Aix-en-Provence`.
 */
export function placesNamedIn(text: string, language: Language | null): string[] {
  if (language === null) return [];
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu) ?? [];
  const places: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    if (!LOCATIVES[language].has(fold(words[i]!)) || !PLACE_WORD.test(words[i + 1]!)) continue;
    let end = i + 2;
    while (end < words.length && (PLACE_WORD.test(words[end]!) || (PLACE_PARTICLES.has(words[end]!) && PLACE_WORD.test(words[end + 1] ?? '')))) end++;
    places.push(fold(words.slice(i + 1, end).join(' ')));
  }
  return places;
}

/**
 * Whether a name is one of the brands a reader knows (words/known-brands.txt: the chains of the
 * name-suggestion-index, Simple Icons' brands, cspell's companies; `Deliveroo`, `BBVA`, `Uber
 * Eats`), save the names of places (`Paris`, `Halifax`). Many are words too (`Target`, `Next`,
 * `Orange`): see knownAsBrand.
 */
export function isKnownBrand(name: string): boolean {
  // Chains and companies named after their town (`Carrefour`, `Halifax`) share it with the town; the town is read first.
  return inKnownBrands(name) && !isPlaceName(name);
}

/**
 * Whether a name is on the list of brands a reader knows (words/known-brands.txt, and the consumer
 * organisations that test products under their name, words/consumer-testers.txt), places among them.
 */
export function inKnownBrands(name: string): boolean {
  return knownBrands().has(fold(name).replace(/\s+/gu, ' '));
}

/** The brands a reader knows and the consumer organisations that test under their name, folded, words single-spaced. */
function knownBrands(): ReadonlySet<string> {
  return cached('known-brands', () => [...wordList('known-brands'), ...wordList('consumer-testers')]);
}

let namesByFirstWord: ReadonlyMap<string, ReadonlyArray<readonly string[]>> | null = null;

/** The known brands of two words or more that open on a word (folded), each as its folded words, and without their `The`. */
export function knownNamesOpeningWith(first: string): ReadonlyArray<readonly string[]> {
  if (namesByFirstWord === null) {
    const index = new Map<string, string[][]>();
    for (const name of knownBrands()) {
      const whole = name.split(' ');
      // The lists write some names with their article (`The Home Depot`, `The Body Shop`); answers
      // write them without it as often (`sold at Home Depot`).
      for (const words of whole[0] === 'the' && whole.length > 2 ? [whole, whole.slice(1)] : [whole]) {
        if (words.length < 2) continue;
        const list = index.get(words[0]!);
        if (list === undefined) index.set(words[0]!, [words]);
        else list.push(words);
      }
    }
    namesByFirstWord = index;
  }
  return namesByFirstWord.get(first) ?? [];
}

/**
 * Whether an English word of the frequency list is a name there, not a word: one the English
 * dictionary lacks (words/english-names.txt: `Russell`, `Lopez`, `Taylor`; not `Grace`, `Baker`).
 */
export function isEnglishName(word: string): boolean {
  return cached('english-names', () => wordList('english-names')).has(fold(word));
}

/**
 * Whether a name is a known brand wherever it stands, a sentence's start included: one of more
 * words, or a word that is neither an English word (words/known-brand-words.txt, from a dictionary:
 * `Target`, `Amazon`, not `Nike`) nor a common word of the answer's language.
 */
export function knownAsBrand(name: string, language: Language | null): boolean {
  if (!isKnownBrand(name)) return false;
  if (name.trim().includes(' ')) return true;
  return !isEnglishWord(name) && (language === null || language === 'en' || !isCommonWord(name, language));
}

/**
 * Whether a known brand written capitalised inside a sentence is the brand: knownAsBrand, or, in a
 * language other than English and German, a known brand that is an English word but no common one
 * (`Puma`, `Nestlé`, `Vinted` in a French or Italian sentence; not `Prime`, `Classic`). English and
 * German capitalise their own words in other places (titles, nouns).
 */
export function knownInCapitals(name: string, language: Language | null): boolean {
  if (knownAsBrand(name, language)) return true;
  if (language === null || language === 'en' || language === 'de' || !isKnownBrand(name) || name.trim().includes(' ')) return false;
  return !isCommonWord(name, language) && !isCommonWord(name, 'en');
}

/**
 * Whether a word is the name of a brand that writes it in lower case (words/lower-case-brands.txt:
 * `dm`, `myflexbox`), and no common word of the answer's language (`dm` in English is a direct
 * message; `avec` in French a word).
 */
export function isLowerCaseBrand(word: string, language: Language | null): boolean {
  return cached('lower-case-brands', () => wordList('lower-case-brands')).has(word) && !isCommonWord(word, language ?? 'en');
}

/** Whether a known brand is an English word too (words/known-brand-words.txt). */
function isEnglishWord(name: string): boolean {
  return cached('known-brand-words', () => wordList('known-brand-words')).has(fold(name));
}
