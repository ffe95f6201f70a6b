// Cues in running prose that a capitalised name is no brand: a person the name lists do not know,
// a short name in brackets after a place or a public body, a place listed after a place, a public
// body (bodies-in-prose.ts), a side of a fixture, an owner's line named in apposition.
import { ENUMERATION_JOINERS, wordList } from './words.js';
import { BODY_NOUNS, bodyNounBefore, describedAsBody, supervises } from './bodies-in-prose.js';
import { fold } from './fold.js';
import { isGermanNoun } from './german.js';
import { inKnownBrands, isCommonWord, isCommonWordOrEnglish, isPlaceName, type Language } from './lexicon.js';
import { offeredAfter } from './prose-evidence.js';
import { isCapitalised, isCommon, namesGroup } from './name-shape.js';
import { ARTICLES, OWNER_DETERMINERS } from './prose-cues.js';

/** `the` between the items of a list of places: `in Soho, the City, Shoreditch`. */
const THE = 'the';
import type { Segment, Token } from './tokens.js';

/** Words between the two sides of a fixture. */
const VERSUS = wordList('versus');

/**
 * A person whose given name the lists do not hold (`Tigst Assefa`, `Dabiz Muñoz`): two words of
 * letters, neither a word of the answer's language or of English, nor a place.
 */
export function unknownPerson(words: readonly string[], language: Language | null): boolean {
  return (
    words.length === 2 &&
    words.every(
      (w) => /^\p{Lu}\p{Ll}+$/u.test(w) && !isCommon(w) && !isCommonWordOrEnglish(w, language) && !(language === 'de' && isGermanNoun(w)) && !isPlaceName(w),
    )
  );
}

/** Whether the segment at `first` stands in brackets right after the name ending at token `end`: `Banco de México (Banxico)`. */
export function shortNameOf(tokens: Token[], first: number, end: number): boolean {
  return end >= 0 && first === end + 2 && /^\($/u.test(tokens[end + 1]?.text.trim() ?? '');
}

/**
 * Whether the segment at `first` follows the item ending at token `end` in a list of places:
 * `Los Remedios, Triana y Nervión`, `Alfama e a Mouraria`.
 */
export function listedAfter(tokens: Token[], end: number, first: number, enumerated: boolean): boolean {
  if (end < 0 || first - end > 4 || first <= end + 1) return false;
  let joined = false;
  for (let i = end + 1; i < first; i++) {
    const t = tokens[i]!;
    const word = fold(t.text);
    // English `the` after a comma only: `and the Quality Chop House in Clerkenwell` opens a clause of its own.
    const the = word === THE && tokens[i - 1]?.text.trim() === ',';
    if (t.kind === 'punct' ? t.text.trim() !== ',' : !(ENUMERATION_JOINERS.has(word) || ARTICLES.has(word) || the)) return false;
    joined ||= ENUMERATION_JOINERS.has(word);
  }
  // A comma alone ends a clause as often as it lists (`In the UK, Folksy is…`): the list must go on.
  return joined || enumerated;
}

/** Whether the segment ending at token `last` is joined by `and`, `or` to a place of the lists that follows, no word itself: `Gatwick and Luton`. */
export function joinedToPlace(tokens: Token[], last: number): boolean {
  const joiner = tokens[last + 1];
  const place = tokens[last + 2];
  const after = tokens[last + 3];
  return (
    joiner?.kind === 'word' &&
    ENUMERATION_JOINERS.has(fold(joiner.text)) &&
    place?.kind === 'word' &&
    isCapitalised(place.text) &&
    isPlaceName(place.text) &&
    // A place that is also a word (`Delta`, a region's name) may be a brand: `United and Delta`.
    !isCommonWord(place.text, 'en') &&
    // The place's whole name: not the first word of a longer name (`Luton Town`).
    !(after?.kind === 'word' && isCapitalised(after.text)) &&
    // A brand a reader knows that is a place's name too, doing business: `Leclerc et Carrefour proposent`.
    !(inKnownBrands(place.text) && offeredAfter(tokens, last + 2))
  );
}

/** Whether prose names the segment as something other than a brand, wherever else it stands. */
export function namedAsOther(tokens: Token[], segment: Segment, before: string): boolean {
  return (
    // A name after a regulator's noun (also past a genitive's words: `Aufsicht der BaFin`), or set
    // off by one, is a public body: `the regulator Ofgem`, `Ofgem, the energy regulator`.
    BODY_NOUNS.has(fold(before)) ||
    bodyNounBefore(tokens, segment.first) ||
    describedAsBody(tokens, segment.last) ||
    // A group of companies (`licensed by Techtronic Industries`) supervises nothing.
    (supervises(tokens, segment.first, segment.last) && !namesGroup(segment.words.map((w) => w.text))) ||
    // Sides of a fixture are teams or players (`Arsenal v Liverpool`), not brands.
    inFixture(tokens, segment) ||
    // A name set off by its owner's possessive is the owner's line: `Avlo, su marca de bajo coste`, `Isana, its own label`.
    ownedApposition(tokens, segment.last) ||
    // The short form of the lower-case words before it is a term's: `benefit-in-kind (BiK)`, `annual percentage rate (APR)`.
    abbreviatesWordsBefore(tokens, segment)
  );
}

/**
 * Whether a one-word segment in brackets spells the initials of the lower-case words right before
 * them (a hyphen's parts each a word): a common term's abbreviation, not a brand's name.
 */
function abbreviatesWordsBefore(tokens: Token[], segment: Segment): boolean {
  if (segment.first !== segment.last || tokens[segment.first - 1]?.text.trim() !== '(') return false;
  const letters = fold(segment.words[0]!.text).replace(/[^\p{L}]/gu, '');
  if (letters.length < 2 || letters.length > 6) return false;
  const initials: string[] = [];
  for (let i = segment.first - 2; i >= 0 && initials.length < letters.length; i--) {
    const t = tokens[i]!;
    if (t.kind !== 'word' || !/^\p{Ll}/u.test(t.text)) break;
    initials.unshift(...t.text.split('-').map((part) => fold(part)[0] ?? ''));
  }
  return initials.join('').endsWith(letters) && initials.length >= letters.length;
}

/** Whether a segment is one side of a fixture: `Arsenal v Liverpool`, `Real Madrid vs. Barcelona`. */
function inFixture(tokens: Token[], segment: Segment): boolean {
  const side = (t: Token | undefined) => t !== undefined && (t.kind === 'known' || (t.kind === 'word' && isCapitalised(t.text)));
  const versus = (t: Token | undefined) => t?.kind === 'word' && VERSUS.has(fold(t.text));
  const skipDot = (i: number, step: number) => (tokens[i]?.kind === 'punct' && tokens[i].text === '.' ? i + step : i);
  const after = segment.last + 1;
  if (versus(tokens[after]) && side(tokens[skipDot(after + 1, 1)])) return true;
  const before = skipDot(segment.first - 1, -1);
  return versus(tokens[before]) && side(tokens[before - 1]);
}

/** Whether the name ending at token `last` is followed by `, su …`, `, its …`: an owner's line or label named in apposition. */
function ownedApposition(tokens: Token[], last: number): boolean {
  const owner = tokens[last + 2];
  return tokens[last + 1]?.kind === 'punct' && tokens[last + 1]!.text.trim() === ',' && owner?.kind === 'word' && OWNER_DETERMINERS.has(fold(owner.text));
}
