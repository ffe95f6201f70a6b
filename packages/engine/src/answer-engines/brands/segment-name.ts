// The name a run of capitalised words stands for, once what its place added is set aside: the
// sentence's first word when it is a common one (`The Kiln Shop` → `Kiln Shop`), the person before
// a brand's `of` (`Martin Lewis of MoneySavingExpert`), the place after a shop's `de` (`El Corte
// Inglés de Callao`), and the connectors and company forms at its end.
import { COMPANY_FORMS, isTitle } from './words.js';
import { compactKey, fold } from './fold.js';
import { determiners, isCommonWord, isFunctionWord, isGivenName, inKnownBrands, isKnownBrand, isPlaceName, isTownName, type Language } from './lexicon.js';
import { isCommon, isConnector, trimWord } from './name-shape.js';
import { MAKER_OF, looksLikePerson } from './prose-cues.js';
import type { Segment } from './tokens.js';

export interface SegmentName {
  words: Array<{ text: string; start: number }>;
  /** Whether the name opens a sentence, and so may be capitalised by its place alone. */
  initial: boolean;
  /** The word before the name: one dropped from its start becomes it. */
  before: string;
}

/** Prepositions after a verb opening an English instruction (`Look for`, `Go to`); not `of`, which joins a name's words (`Bank of America`). */
const VERB_PREPOSITIONS = new Set(['for', 'to', 'at', 'with', 'from', 'by']);

/** Nouns of a bank, whose name holds its country or town: `Royal Bank of Scotland`. */
const BANK_NOUNS = new Set(['bank', 'banco', 'banque', 'banca']);

/** The name of `segment`, which `before` precedes; a person set aside before a brand's name joins `notBrands`. */
export function segmentName(segment: Segment, before: string, language: Language | null, notBrands: Set<string>): SegmentName {
  // A possessive inside the run is a known name's own (`Sam's Club`, prose-segments.ts); at its end,
  // the owner's, save in a name a reader knows with it (`Domino's`, `McDonald's`: lexicon.ts).
  const last = segment.words.length - 1;
  const possessive = (word: string) => /['’]s$/u.test(word);
  const whole = segment.words.map((w) => w.text).join(' ');
  // A hyphen's lower-case tail is a suffix (`Etsy-like`), save in a brand a reader knows so written (`Co-op`).
  const text = (word: string, n: number) =>
    (possessive(word) && (n < last || isKnownBrand(whole))) || (/-\p{Ll}+$/u.test(word) && inKnownBrands(word)) ? word : trimWord(word);
  const name: SegmentName = { words: segment.words.map((w, n) => ({ text: text(w.text, n), start: w.start })), initial: segment.words[0]!.initial, before };
  dropOpener(name, language);
  dropTitle(name);
  dropPersonOf(name, language, notBrands);
  dropShopPlace(name);
  const { words } = name;
  while (words.length > 0 && (isConnector(words[words.length - 1]!.text) || (COMPANY_FORMS.has(fold(words[words.length - 1]!.text)) && words.length === 1)))
    words.pop();
  return name;
}

/**
 * Only the first word of a sentence is capitalised by its place: a common one is dropped, with the
 * connectors after it. (English films' words include brands, `amazon`: there the reader's own
 * labels decide; a given name before a surname stays, `Christophe Vasseur`.)
 */
function dropOpener(name: SegmentName, language: Language | null): void {
  const { words } = name;
  // A word before a lower-case determiner opens a sentence as its verb (`Install the eSIM at home`).
  const verb =
    words.length > 2 &&
    /^\p{Ll}/u.test(words[1]!.text) &&
    (determiners('en').has(fold(words[1]!.text)) || (language !== null && determiners(language).has(fold(words[1]!.text))));
  // A verb and its preposition open an English sentence as an instruction (`Look for Vibram's…`,
  // `Shop at Argos`): a common word before `for`, `to`, `at`, `with`, `from` or `by`.
  const phrasal = words.length > 2 && VERB_PREPOSITIONS.has(words[1]!.text) && isCommonWord(words[0]!.text, 'en');
  const opener = verb || phrasal || isCommon(words[0]!.text) || (language !== null && language !== 'en' && isCommonWord(words[0]!.text, language));
  // A brand a reader knows keeps its first word: `Canadian Tire`.
  if (!name.initial || !opener || (words.length > 1 && (isGivenName(words[0]!.text, language) || isKnownBrand(words.map((w) => w.text).join(' '))))) return;
  let dropped = 1;
  while (dropped < words.length && isConnector(words[dropped]!.text)) dropped++;
  // What is left must not be a function word alone: `Time Out` is a name, not `Out`.
  const rest = words.slice(dropped);
  if (rest.length === 1 && (isFunctionWord(rest[0]!.text, 'en') || (language !== null && isFunctionWord(rest[0]!.text, language)))) return;
  // The dropped word is then the one before the name (`Laut Finanztip …`, `In the Highlands …`).
  name.before = words[0]!.text;
  name.words = words.slice(dropped);
  name.initial = false;
}

/**
 * `Founder Peter Cancro`, `Chef Dabiz Muñoz`: a title or a profession opening the run (capitalised
 * at a sentence's start) is the word before a person's name, as in lower case (`founder Peter`).
 * Not a short one (`Dr`, `Sir`), which opens brands too (`Dr Martens`), nor one inside a sentence,
 * where a capitalised title's word is the name's own (`owned by General Mills`).
 */
function dropTitle(name: SegmentName): void {
  const { words } = name;
  const title = fold(words[0]?.text ?? '');
  if (!name.initial || words.length < 2 || title.length < 4 || !isTitle(title)) return;
  name.before = words[0]!.text;
  name.words = words.slice(1);
  name.initial = false;
}

/** `Martin Lewis of MoneySavingExpert`: a person of a brand is the person, then the brand. */
function dropPersonOf(name: SegmentName, language: Language | null, notBrands: Set<string>): void {
  const { words } = name;
  const of = words.findIndex((w, n) => n >= 2 && MAKER_OF.has(fold(w.text)));
  if (of <= 0 || of >= words.length - 1) return;
  if (
    !looksLikePerson(
      words.slice(0, of).map((w) => w.text),
      name.before,
      language,
    )
  )
    return;
  notBrands.add(compactKey(words[of - 1]!.text));
  name.before = words[of]!.text;
  name.words = words.slice(of + 1);
  name.initial = false;
}

/**
 * `El Corte Inglés de Callao`: a shop of the brand, at a place. Not after a bank's noun, where the
 * place is in the bank's name (`Royal Bank of Scotland`, `Banco de España`). After one word only
 * when it is a brand a reader knows and the place a city or a town (`Ikea di San Giuliano
 * Milanese`): a single common word before a place is an institution's (`Comune di Milano`).
 */
function dropShopPlace(name: SegmentName): void {
  const { words } = name;
  const at = words.findIndex((w, n) => {
    if (n < 1 || !MAKER_OF.has(fold(w.text)) || BANK_NOUNS.has(fold(words[n - 1]!.text))) return false;
    const place = words
      .slice(n + 1)
      .map((x) => x.text)
      .join(' ');
    if (n > 1) return isPlaceName(place);
    return isKnownBrand(words[0]!.text) && (isPlaceName(place) || isTownName(place));
  });
  if (at > 0) name.words = words.slice(0, at);
}
