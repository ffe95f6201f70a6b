// A place named after the noun of its kind, in lower case (`gare Part-Dieu`, `musée des
// Confluences`, `parc de la Tête d'Or`, `aeroporto di Malpensa`, `quartieri come Navigli`): the
// Romance languages lead a place's name with its kind, and a reader takes what follows for the
// place whatever its letters, so neighbourhoods, stations, airports and museums that no list holds
// are still set aside.
import { fold } from './fold.js';
import type { Language } from './lexicon.js';
import { tokenize, type Token } from './tokens.js';
import { wordList } from './words.js';

const PLACE_KINDS = wordList('place-kinds');
/** A place's kind, or its plural in `-s` (`plazas como Antara`, `markets like Borough`). */
const isKindAnywhere = (word: string) => PLACE_KINDS.has(word) || (word.length > 4 && word.endsWith('s') && PLACE_KINDS.has(word.slice(0, -1)));
/**
 * Kinds of place in one language only, whose word is another's cue for a brand: Italian's street,
 * `in via Colonna Rotta`, where English writes `via Deliveroo`.
 */
const KINDS_OF_LANGUAGE: Partial<Record<Language, ReadonlySet<string>>> = { it: new Set(['via', 'vie']) };
/** German's kinds of town and region (words/place-kinds.txt), which lead a place's name in German too: `die Stadt Schwäbisch Hall`. */
const GERMAN_KINDS = new Set(['stadt', 'insel', 'gemeinde', 'kanton', 'bezirk', 'region', 'stadtteil', 'ortsteil', 'dorf', 'bundesland']);
/** Words between a kind and its place's name: articles and `of` (`parc de la`, `museum of the`). */
const OF = new Set([
  'de',
  'des',
  'du',
  'd',
  'la',
  'le',
  'les',
  'l',
  'di',
  'del',
  'della',
  'dello',
  'dei',
  'degli',
  'da',
  'do',
  'dos',
  'das',
  'of',
  'the',
  'el',
  'los',
  'las',
]);
/** The words French and Italian elide before a vowel: `d'Orval`, `l'Isle`, `dell'Arte`. */
const ELIDED = new Set(['d', 'l', 'dell', 'nell', 'all', 'sull']);
/** Words that give examples of a kind (`quartieri come Navigli`, `barrios como Malasaña`, `districts like Soho`). */
const LIKE = new Set(['come', 'comme', 'como', 'like', 'wie', 'tipo']);
/** How many words may stand between the kind and the name (`parc de la`, `barrios como el`). */
const MAX_BETWEEN = 3;

/**
 * Whether the name whose first token is `first` follows the noun of a place's kind: in lower case
 * (`gare Part-Dieu`), or capitalised with a connector between (`Cais do Sodré`, `Museo del Prado`),
 * with perhaps one adjective right after the noun (`mercato comunale di Wagner`).
 */
export function afterPlaceKind(tokens: Token[], first: number, language: Language | null = null): boolean {
  const ofLanguage = language === null ? undefined : KINDS_OF_LANGUAGE[language];
  const isKind = (word: string) => isKindAnywhere(word) || ofLanguage?.has(word) === true;
  let between = 0;
  let adjective = false;
  for (let j = first - 1; j >= 0 && between <= MAX_BETWEEN; j--) {
    const t = tokens[j]!;
    // An elided article or `de` keeps its apostrophe apart: `l'abbaye d'Orval`.
    if (t.kind === 'punct' && /^['’]$/u.test(t.text) && tokens[j - 1]?.kind === 'word' && ELIDED.has(fold(tokens[j - 1]!.text))) continue;
    if (t.kind !== 'word') return false;
    const word = fold(t.text);
    const lower = /^\p{Ll}/u.test(t.text);
    // German capitalises the kind, which stands right before its place's name: `in der Stadt Schwäbisch Hall`, `auf der Insel Usedom`.
    if (isKind(word) && (lower || (between > 0 && !adjective) || (language === 'de' && between === 0 && GERMAN_KINDS.has(word)))) return true;
    if (!lower) return false;
    if (OF.has(word) || LIKE.has(word)) between++;
    // One word that is neither may be the kind's adjective, when the kind stands right before it.
    else if (between > 0 && !adjective && isKind(fold(tokens[j - 1]?.text ?? '')) && /^\p{Ll}/u.test(tokens[j - 1]!.text)) {
      adjective = true;
      between++;
    } else return false;
  }
  return false;
}

/** Whether a German run of capitalised words opens on a kind of town or region before its name: `Insel Neuwerk`, `Kanton Uri`. */
export function opensOnGermanKind(words: ReadonlyArray<{ text: string }>): boolean {
  return words.length > 1 && GERMAN_KINDS.has(fold(words[0]!.text));
}

/** Whether a name opens with a place's kind and a connector: `Mercado de Arroios`, `Museo del Prado` (not `Mercado Libre`). */
export function namedAsPlaceKind(words: readonly string[]): boolean {
  return words.length > 2 && PLACE_KINDS.has(words[0]!) && OF.has(words[1]!);
}

/** Whether the text before `start` ends in a place's kind (`la comuna de`, `the town of`): what stands at `start` is the place. */
export function followsPlaceKind(text: string, start: number, language: Language | null): boolean {
  const tokens = tokenize(text.slice(Math.max(0, start - 60), start), 0, false);
  return afterPlaceKind(tokens, tokens.length, language);
}

/** An apposition naming a place's kind after a name: `, a cidade baiana`, `, the town in Kent`, `, une ville de Belgique`. */
const APPOSED_KIND = /^,[ \t]+(?:the|a|an|la|le|l'|el|o|il|lo|die|der|das|une?|una?|um|uma)[ \t]*(\p{L}+)/iu;

/** Whether the text after `end` sets a place's kind beside the name: what stands before `end` is the place (`Porto Seguro, a cidade baiana`). */
export function placeKindAfter(text: string, end: number): boolean {
  const m = APPOSED_KIND.exec(text.slice(end, end + 40));
  return m !== null && isKindAnywhere(fold(m[1]!));
}
