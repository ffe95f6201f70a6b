// The runs of capitalised words in a line of prose, each a name or part of one: a possessive or a
// number after a name ends the run (`Etsy's sellers`, `Microsoft 365`), and a connector goes on
// with it only when a capitalised word follows (`Marks & Spencer`, `Bank of America`).
import { isGermanNoun } from './german.js';
import { fold } from './fold.js';
import { isCommonWord, isGivenName, isKnownBrand, isPlaceName, type Language } from './lexicon.js';
import { LAW_ENDS } from './not-brands.js';
import { isCapitalised, isConnector } from './name-shape.js';
import { enumeratedAcronyms, enumeratedWithNouns, isCurrencyAfter } from './prose-cues.js';
import { capitalisedAfterConnectors, endOf, type Segment, type Token } from './tokens.js';

export function capitalisedSegments(tokens: Token[], language: Language | null): Segment[] {
  const segments: Segment[] = [];
  let current: Segment | null = null;
  const close = () => {
    if (current !== null) segments.push(current);
    current = null;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'word') {
      close();
      continue;
    }
    if (isCapitalised(token.text)) {
      // `Nike l'Inter`: an elided article opens another name.
      if (token.elided === true) close();
      if (current === null) current = { words: [], first: i, last: i };
      current.words.push(token);
      current.last = i;
      // `Etsy's sellers`: a possessive ends the name, save inside a name a reader knows (`Sam's
      // Club`); `Microsoft 365`: a number after a name ends it.
      if (/['’]s$/u.test(token.text)) {
        if (!knownPastPossessive(tokens, current.words, i) && !namedAfterOwner(tokens, current.words, i, language)) close();
      } else if (numberEndsName(tokens, i)) {
        current.words.push(tokens[i + 1]!);
        current.last = ++i;
        close();
      }
    } else if (
      current !== null &&
      isConnector(token.text) &&
      (language !== 'de' || token.text === '&') &&
      capitalisedAfterConnectors(tokens, i) &&
      !makerAfter(tokens, i)
    ) {
      current.words.push(token);
    } else {
      close();
    }
  }
  close();
  return segments;
}

/** Bare connectors (no article: not `da`, `del`) after which a brand a reader knows owns or makes what the name before it is (`Oreo de Mondelēz`). */
const OWNING = new Set(['de', 'di', 'von', 'van']);
/** The most words of a maker's name read after such a connector. */
const MAKER_WORDS = 3;

/**
 * Whether the connector at token `i` is bare and a brand a reader knows follows it, no place
 * (lexicon.ts, isKnownBrand): the name before it is that brand's product or line, the two are
 * two names (`Oreo de Mondelēz`; not `Banco de Chile`).
 */
function makerAfter(tokens: Token[], i: number): boolean {
  if (!OWNING.has(fold(tokens[i]!.text))) return false;
  const words: string[] = [];
  for (let j = i + 1; j < tokens.length && words.length < MAKER_WORDS; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'word' || !isCapitalised(t.text)) break;
    words.push(t.text);
    // The maker's name ends where the run does: `de Mercadona`, not `de Santa Teresa Gazpacho`.
    const next = tokens[j + 1];
    const ends = next === undefined || next.kind !== 'word' || !isCapitalised(next.text);
    if (ends && isKnownBrand(words.join(' '))) return true;
  }
  return false;
}

/** Words after a possessive that a known brand's name may take (`Sam's Club`, `America's Best Contacts`). */
const KNOWN_AFTER_POSSESSIVE = 3;

/**
 * Whether the possessive at token `i`, which ends `words`, goes on with the capitalised words right
 * after it into the name of a brand a reader knows (lexicon.ts): `Sam's Club`, `Hill's Pet
 * Nutrition`; or into a law's (`Kari's Law`), which is then no brand (not-brands.ts).
 */
function knownPastPossessive(tokens: Token[], words: readonly Token[], i: number): boolean {
  // The owner is the possessive's word, or the run it ends (`Trader Joe's`), whichever the name opens on.
  const owners = words.length > 1 ? [tokens[i]!.text, words.map((w) => w.text).join(' ')] : [tokens[i]!.text];
  let after = '';
  for (let j = i + 1; j <= i + KNOWN_AFTER_POSSESSIVE; j++) {
    const t = tokens[j];
    if (t?.kind !== 'word' || !isCapitalised(t.text) || t.start > endOf(tokens[j - 1]!) + 1) return false;
    after += ` ${t.text}`;
    // A law named after its owner is one name too: `Kari's Law`, `the FTC's Contact Lens Rule`.
    if (owners.some((owner) => isKnownBrand(owner + after)) || LAW_ENDS.has(fold(t.text))) return true;
  }
  return false;
}

/**
 * Whether the possessive at token `i`, alone in its run, opens one name with the capitalised word
 * right after it, for a person's or a noun's own things are seldom capitalised (a place's and a
 * brand's are: `Brooklyn's Atlantic Terminal`, `Apple's AirPlay`): a given name's, a business named
 * after its founder (`Angelo's Pizzeria`, `Steve's Prince of Steaks`); in English, a common noun's
 * (`Chef's Cut`, `People's Choice`), since English writes a noun's own things in lower case (`the
 * chef's knife`).
 */
function namedAfterOwner(tokens: Token[], words: readonly Token[], i: number, language: Language | null): boolean {
  const next = tokens[i + 1];
  if (words.length !== 1 || next?.kind !== 'word' || !isCapitalised(next.text) || next.start !== endOf(tokens[i]!) + 1) return false;
  const owner = tokens[i]!.text.replace(/['’]s$/u, '');
  // `Brooklyn's Atlantic Terminal`: a place's possessive opens what is in it.
  if (isPlaceName(owner)) return false;
  // A brand's opens its product, camel-cased as products are (`Apple's AirPlay`, where `Apple` is a given name too).
  const person = isGivenName(owner, language) && !(isKnownBrand(owner) && /\p{Ll}\p{Lu}/u.test(next.text));
  const noun = language === 'en' && /^\p{Lu}\p{Ll}+$/u.test(owner) && isCommonWord(owner, 'en') && !isKnownBrand(owner);
  return person || noun;
}

/** Whether a number right after the name at token `i` ends it (`Microsoft 365`): not a price (`100 €`), nor a number that runs on into a word. */
function numberEndsName(tokens: Token[], i: number): boolean {
  const token = tokens[i]!;
  return (
    /^\p{N}+$/u.test(tokens[i + 1]?.text ?? '') &&
    tokens[i + 1]!.start === token.start + token.text.length + 1 &&
    !/^[^\s,.;:)]/u.test(tokens[i + 2]?.start === tokens[i + 1]!.start + tokens[i + 1]!.text.length ? tokens[i + 2]!.text : ' ') &&
    !isCurrencyAfter(tokens, i + 1)
  );
}

/**
 * The items an enumeration of names may hold, first token index → last: the segments and the known
 * names. In German, not the segments made of nouns alone, nor the names enumerated with them, which
 * are things of the nouns' kind (`Polenta, Brasato, Luganighe und Merlot`). Their first tokens are
 * `things`, which no enumeration or joiner makes a name, and so are those of acronyms no list knows
 * enumerated only with each other (`GR y PR`), which stay items.
 */
export function enumerationItems(
  tokens: Token[],
  segments: readonly Segment[],
  language: Language | null,
): { items: Map<number, number>; things: Set<number> } {
  const items = new Map<number, number>();
  const things = new Set<number>();
  const nouns = language === 'de' ? segments.filter((s) => s.words.every((w) => isGermanNoun(w.text))) : [];
  const isNoun = new Set(nouns);
  for (const s of segments) if (!isNoun.has(s)) items.set(s.first, s.last);
  for (const [i, t] of tokens.entries()) if (t.kind === 'known') items.set(i, i);
  for (const start of nouns.length > 0 ? enumeratedWithNouns(tokens, items, nouns) : []) {
    items.delete(start);
    things.add(start);
  }
  for (const start of enumeratedAcronyms(tokens, items)) things.add(start);
  return { items, things };
}
