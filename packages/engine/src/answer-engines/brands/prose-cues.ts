// Where a name stands in prose, and what that makes it: an item of an enumeration, a product
// (after its owner, its maker, an article or a product's noun), a person, an acronym.
import { ENUMERATION_JOINERS, isTitle, wordList } from './words.js';
import { fold } from './fold.js';
import { isGermanNoun } from './german.js';
import { isCommonWord, isEnglishName, isGivenName, isKnownBrand, type Language } from './lexicon.js';
import { isCapitalised, isCommon, isConnector } from './name-shape.js';
import { DECORATION, type Segment, type Token } from './tokens.js';

export const PRODUCT_NOUNS = wordList('product-nouns');
/** `its Bonus Card`, `sa Livebox`, `su suscripción`: what follows is the owner's product. */
export const OWNER_DETERMINERS = new Set([
  'its',
  'their',
  'sa',
  'son',
  'ses',
  'leur',
  'leurs',
  'su',
  'sus',
  'suo',
  'sua',
  'suoi',
  'sue',
  'seu',
  'seus',
  'suas',
]);
/**
 * Whether a word is a possessive determiner in the answer's language: Italian's `su` is a
 * preposition (`su Amazon`, `su Direct Ferries`: on a shop's site), Spanish's the owner's (`su marca`).
 */
export function isOwnerDeterminer(word: string, language: Language | null): boolean {
  const folded = fold(word);
  return OWNER_DETERMINERS.has(folded) && !(language === 'it' && folded === 'su');
}
/** Nouns before a name that make it a company: `del gruppo Sella`, `la marca Zara`, `the chain Lidl`. */
export const COMPANY_NOUNS = wordList('company-nouns');
/** Words before a name that offer it as a business (`like`, `como`, `chez`). */
export const BRAND_CUES = wordList('brand-cues');
/** Words before a name that make it a place: `em Arroios`, `à Lyon`, `côté Endoume`, `barrios de Triana`. */
export const PLACE_CUES: Partial<Record<Language, ReadonlySet<string>>> = {
  // Words of nearness take a place: `près de Montmartre`, `cerca de Mestalla`, `perto do Chiado`, `near Piccadilly`.
  en: new Set(['near', 'opposite']),
  de: new Set(['nahe']),
  fr: new Set(['a', 'au', 'aux', 'cote', 'quartier', 'quartiers', 'zone', 'pres']),
  it: new Set(['a', 'quartiere', 'quartieri', 'zona', 'vicino']),
  pt: new Set(['em', 'nos', 'nas', 'bairro', 'bairros', 'zona', 'perto']),
  es: new Set(['barrio', 'barrios', 'zona', 'cerca', 'junto']),
};
/** Prepositions of place: in an answer about a place, a name after one is one of its parts (`in Croix-Rousse`, `en Nervión`, `no Chiado`). */
export const PLACE_PREPOSITIONS: Record<Language, ReadonlySet<string>> = {
  en: new Set(['in', 'near', 'around']),
  de: new Set(['in', 'im', 'nach']),
  fr: new Set(['a', 'au', 'aux', 'dans']),
  es: new Set(['en']),
  it: new Set(['in', 'nel', 'nella', 'nei', 'sui', 'a']),
  pt: new Set(['em', 'no', 'na', 'nos', 'nas']),
};
/** A model's code at the end of a name: `Kiprun KD900`, `MacBook Air M2`, `Y3.3`. */
export const MODEL_CODE = /^\p{Lu}{1,3}\d+[\p{Lu}\d.]*$/u;
export const ROMANCE = new Set(['fr', 'es', 'it', 'pt']);
/** Indefinite articles of the Romance languages. */
export const INDEFINITE_ROMANCE: ReadonlySet<string> = new Set(['un', 'une', 'una', 'uno', 'um', 'uma']);
/** `de`, `di`, `da` before a product's maker. */
export const MAKER_OF = new Set(['de', 'di', 'da', 'do', 'del', 'della', 'of', 'von', 'du']);
/** Articles before a product in the Romance languages, where the maker was named just before (`Free propose la Freebox Pop`). */
export const ARTICLES = new Set([
  'la',
  'le',
  'les',
  'l',
  'el',
  'los',
  'las',
  'il',
  'lo',
  'i',
  'gli',
  'o',
  'a',
  'os',
  'as',
  'un',
  'une',
  'una',
  'uno',
  'um',
  'uma',
]);
/**
 * Prepositions an enumeration repeats before each item: `d'Orange ou de SFR`, `do Assaí ou do
 * Carrefour`, and those of a shop (`en Costco o en Liverpool`, `at Costco or at Target`).
 */
const REPEATED_PREPOSITIONS = new Set([
  'de',
  'd',
  'du',
  'des',
  'do',
  'da',
  'dos',
  'das',
  'di',
  'del',
  'della',
  'en',
  'em',
  'na',
  'no',
  'nas',
  'nos',
  'chez',
  'bei',
  'at',
]);
/** Articles and possessives before a product's noun in English and German (`the Adizero line`, `das Modell`). */
export const GERMAN_ARTICLES = new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer']);
export const ENGLISH_ARTICLES = new Set(['the', 'a', 'an', 'this', 'your', 'our', 'my', 'his', 'her']);
export const PRODUCT_SUFFIXES = wordList('product-suffixes');

/** A brand's noun: after its owner's possessive, the name is the owner's own brand (`sa marque Kalenji`). */
const BRAND_NOUNS = new Set(['brand', 'marca', 'marque', 'marke', 'marchio']);

/**
 * Whether a possessive and a brand's noun stand before token `i` (`sa marque Kalenji`, `su marca
 * Kiprun`, `its own brand Kirkland`): a house brand, a product line of the owner named before, as
 * its models are; `la marca Zara` (no owner) names a company.
 */
export function houseBrand(tokens: Token[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && tokens[j]!.kind !== 'word') j--;
  if (j < 0 || !BRAND_NOUNS.has(fold(tokens[j]!.text))) return false;
  let k = j - 1;
  while (k >= 0 && tokens[k]!.kind !== 'word') k--;
  // `its own brand`, `sa propre marque`: the owner stands one word further back.
  if (k >= 1 && ['own', 'propre', 'propia', 'propria'].includes(fold(tokens[k]!.text))) k--;
  while (k >= 0 && tokens[k]!.kind !== 'word') k--;
  return k >= 0 && OWNER_DETERMINERS.has(fold(tokens[k]!.text));
}

/** Whether a determiner (or a possessive) stands before the product's noun before token `i`: `l'offre Essentielle`, not `offer Microsoft 365`. */
export function determinerBefore(tokens: Token[], i: number, language: Language | null): boolean {
  let j = i - 1;
  while (j >= 0 && tokens[j]!.kind !== 'word') j--;
  let k = j - 1;
  while (k >= 0 && tokens[k]!.kind === 'punct' && /^['’]$/u.test(tokens[k]!.text)) k--;
  if (/^\p{Ll}{1,5}['’]/u.test(tokens[j]?.text ?? '')) return true;
  const word = tokens[k];
  if (word?.kind !== 'word') return false;
  const folded = fold(word.text);
  const articles = language === 'en' ? ENGLISH_ARTICLES : language === 'de' ? GERMAN_ARTICLES : ARTICLES;
  return isOwnerDeterminer(folded, language) || articles.has(folded) || /['’]s$/u.test(word.text);
}
/** Whether a name is followed by its maker: `la CartaFRECCIA di Trenitalia`, `o Adizero SL, da Adidas`. */
export function productOf(tokens: Token[], last: number): boolean {
  let j = last + 1;
  if (tokens[j]?.kind === 'punct' && tokens[j]!.text === ',') j++;
  const of = tokens[j];
  const maker = tokens[j + 1];
  return (
    of?.kind === 'word' &&
    MAKER_OF.has(fold(of.text)) &&
    (maker?.kind === 'known' || (maker?.kind === 'word' && isCapitalised(maker.text) && tokens[j + 2]?.kind !== 'word'))
  );
}
/** `100 €`, `9 $`: a number followed by a currency is a price, not part of a name. */
export function isCurrencyAfter(tokens: Token[], i: number): boolean {
  return /^[€$£¥%]/u.test(tokens[i + 1]?.text ?? '');
}
/** Whether the word right after token `last` is a product's noun that follows its name (`lines`, `tariffs`). */
export function productAfter(tokens: Token[], last: number): boolean {
  const after = tokens[last + 1];
  return after?.kind === 'word' && /^\p{Ll}/u.test(after.text) && PRODUCT_SUFFIXES.has(fold(after.text));
}
/**
 * An acronym: capitals and digits only (`CNMC`, `OLED`, `5G`), which bodies, standards and units are
 * written as, or an acronym keeping a short word's lower case (`DGFiP`, `FedRAMP`, `ZUGFeRD`): more
 * than twice as many capitals as lower-case letters, where a brand's inner capitals start words
 * (`NordVPN`, `HubSpot`).
 */
export function isAcronym(name: string): boolean {
  if (/^[\p{Lu}\p{N}&.-]{2,6}$/u.test(name) && /\p{Lu}/u.test(name)) return true;
  if (!/^\p{Lu}[\p{L}\p{N}]{2,7}$/u.test(name)) return false;
  const capitals = name.match(/\p{Lu}/gu)!.length;
  const lower = name.match(/\p{Ll}/gu)?.length ?? 0;
  return capitals >= 3 && capitals > 2 * lower;
}
/** Whether a capitalised word may be a German noun rather than a name: in German, or in an unknown language (`Stuart or Gophr` is two names). */
const germanNouns = (language: Language | null) => language === 'de' || language === null;
/**
 * Whether the segment at `first` follows `und`/`oder` after a name: `Tibber und Octopus Energy`, `la
 * MAIF et la Macif`, `the Mercure and the Novotel`. `o`, `a` are articles and joiners (pt, es):
 * `Vanguard o Amundi` is read both ways.
 */
export function joinedToName(tokens: Token[], first: number, language: Language | null = null): boolean {
  return joinedAt(tokens, first - 1, language) || (isArticle(tokens[first - 1]) && joinedAt(tokens, first - 2, language));
}
/** An article, of the Romance languages' or `the`. */
export const isArticle = (t: Token | undefined) => t?.kind === 'word' && (ARTICLES.has(fold(t.text)) || fold(t.text) === 'the');
/** Whether token `j` is a joiner after a name (an article between aside). */
function joinedAt(tokens: Token[], j: number, language: Language | null): boolean {
  const joiner = tokens[j];
  const name = tokens[j - 1]?.kind === 'word' && ARTICLES.has(fold(tokens[j - 1]!.text)) ? tokens[j - 2] : tokens[j - 1];
  return (
    joiner?.kind === 'word' &&
    ENUMERATION_JOINERS.has(fold(joiner.text)) &&
    (name?.kind === 'known' || (name?.kind === 'word' && isCapitalised(name.text) && !(germanNouns(language) && isGermanNoun(name.text))))
  );
}
/** Whether token `i` follows a name's possessive: `Nike's`, `freeCodeCamp's` (a known name then `'s`). */
export function afterPossessive(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (before?.kind !== 'word') return false;
  if (/^\p{Lu}.*['’]s$/u.test(before.text) || /^\p{Ll}+\p{Lu}.*['’]s$/u.test(before.text)) return true;
  return before.text === 's' && /^['’]$/u.test(tokens[i - 2]?.text ?? '') && tokens[i - 3]?.kind === 'known';
}
/**
 * Whether the segment starting at `first` is joined by a lone `and`/`or` to the model ending at
 * `end`: `the Clifton and Bondi`; not `the Skyrun, and Pelko makes…`, where a clause begins.
 */
export function enumeratedAfter(tokens: Token[], end: number, first: number): boolean {
  const between = tokens[end + 1];
  return end >= 0 && first === end + 2 && between?.kind === 'word' && ENUMERATION_JOINERS.has(fold(between.text));
}
/** A Roman numeral of two letters or more, as a ruler's or a pope's (`II` to `XXXIX`). */
const ROMAN_NUMERAL = /^(?=[IVX]{2,6}$)X{0,3}(?:IX|IV|V?I{0,3})$/u;

/**
 * A person: a given name and one or two more capitalised words (`Jason Goehner`, `Luis von Ahn`),
 * or a ruler's numeral (`Louis XV`), or a name after a title (`Dr. Lee`, `Mme Durand`). Not a name joined by `&` (`Ben & Jerry's`).
 */
export function looksLikePerson(words: string[], before: string, language: Language | null): boolean {
  if (isTitle(fold(before))) return true;
  const surnames = words.slice(1).filter((w) => !isConnector(w));
  // `Angelo's Pizzeria`: what a person's possessive opens is a business named after them.
  if (/['’]s$/u.test(words[0]!)) return false;
  // A given name and a ruler's numeral: `Louis XV`, `Felipe VI`, `Henri IV`.
  if (words.length === 2 && ROMAN_NUMERAL.test(words[1]!) && isGivenName(words[0]!, language)) return true;
  if (surnames.length < 1 || surnames.length > 2 || words.length > 4 || words.some((w) => w === '&')) return false;
  // `McDavid`, `MacLeod`, `O'Brien`: a surname's prefix before its second capital.
  // Not an English word (`Grace Period`), save a name the frequency list holds as one (`Maria Lopez`, `Bill Russell`).
  const surname = (w: string) => /^(?:Ma?c|O['’])?\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u.test(w) && !isCommon(w) && (!isCommonWord(w, 'en') || isEnglishName(w));
  return isGivenName(words[0]!, language) && surnames.every(surname);
}
/**
 * Whether the names after token `first` are offered as businesses of a kind: a company's noun,
 * then a word that gives examples (`marcas como Royal Canin`, `brands like`, `apps such as`,
 * `Marken wie`). What follows is a brand even where it has a person's or a place's shape.
 */
export function offeredAsKind(tokens: Token[], first: number): boolean {
  return offeredAs(tokens, first, COMPANY_NOUNS);
}

/**
 * Whether the names after token `first` are offered as products of a kind: a product's noun, then a
 * word that gives examples (`models such as`, `productos como`, `clásicos como`). What follows is a
 * product or a line, no brand of its own.
 */
export function offeredAsProduct(tokens: Token[], first: number): boolean {
  return offeredAs(tokens, first, OFFERED_PRODUCTS);
}

/**
 * Nouns of a brand's products that give examples of them (`models like`, `classics such as`); not
 * of what a business offers under another's name as often (`apps like Strava`, `cards like Visa`).
 */
const OFFERED_PRODUCTS: ReadonlySet<string> = new Set([
  ...['model', 'modelo', 'modele', 'modello', 'modell', 'line', 'linea', 'ligne', 'linha', 'range', 'gamme', 'gama'],
  ...['product', 'producto', 'produit', 'prodotto', 'produto', 'produkt', 'classic', 'clasico', 'classique', 'classico'],
  ...['flavour', 'flavor', 'sabor', 'saveur', 'gusto', 'sorte', 'variety', 'variedad', 'variete', 'varieta', 'variedade'],
]);

/** Whether a noun of `nouns`, then a word that gives examples, stands right before token `first`. */
function offeredAs(tokens: Token[], first: number, nouns: ReadonlySet<string>): boolean {
  const words: string[] = [];
  for (let j = first - 1; j >= 0 && words.length < 3; j--) {
    const t = tokens[j]!;
    if (t.kind === 'word') words.push(fold(t.text));
    else if (t.kind !== 'punct' || t.text.trim() !== '') return false;
  }
  const [cue, second, third] = words;
  if (cue === undefined) return false;
  const kind = cue === 'as' && second === 'such' ? third : BRAND_CUES.has(cue) || cue === 'wie' ? second : undefined;
  if (kind === undefined) return false;
  // The noun is plural as often as not: `marcas`, `brands`, `Marken`, `entreprises`.
  return [kind, kind.replace(/e?s$/u, ''), kind.replace(/s$/u, ''), kind.replace(/e?n$/u, ''), kind.replace(/n$/u, '')].some((k) => nouns.has(k));
}

/**
 * Whether a segment heads an enumeration of names: `A, B and C`, `A, B, C`, `A and B`, `A or B`
 * (at least three items, or two joined by a conjunction), items being names or known names.
 */
export function inEnumeration(tokens: Token[], items: Map<number, number>, segment: Segment): boolean {
  const { count, joined } = itemsAfter(tokens, items, segment.last + 1);
  return count + 1 >= 3 || (count + 1 >= 2 && joined);
}

/**
 * The token of the item enumerated next to token `from`, walking `step` (1: after, -1: before), across
 * one comma or joiner, an article each side and emphasis (`Leclerc, Carrefour et Lidl`, `o Continente
 * e o Pingo Doce`): its index, the item's word nearest `from`, or -1 when none is enumerated there.
 */
export function enumerationNeighbour(tokens: Token[], from: number, step: 1 | -1): number {
  let separated = false;
  let joined = false;
  let preposition = false;
  let articles = 0;
  for (let k = from + step, walked = 0; k >= 0 && k < tokens.length && walked < 6; k += step, walked++) {
    const t = tokens[k]!;
    if (t.kind === 'known') return separated && (!preposition || joined) ? k : -1;
    if (t.kind === 'punct') {
      const bare = t.text.replace(DECORATION, '');
      if (bare === '') continue;
      if (bare !== ',' || separated) return -1;
      separated = true;
      continue;
    }
    const word = fold(t.text);
    if (!separated && ENUMERATION_JOINERS.has(word)) separated = joined = true;
    else if (ARTICLES.has(word) && articles++ < 2) continue;
    // The preposition each item repeats, across a joining word (`d'Orange ou de SFR`, `do Assaí ou do
    // Carrefour`); after a comma it gives the place one item is from (`Fiorenzato, di Padova`).
    else if (REPEATED_PREPOSITIONS.has(word) && articles++ < 2) preposition = true;
    else return separated && isCapitalised(t.text) && (!preposition || joined) ? k : -1;
  }
  return -1;
}

/** The items of an enumeration after token `start`, counted, and whether `and`, `or`… joins one of them. */
interface FollowingItems {
  count: number;
  joined: boolean;
}

/**
 * Each line's answers by position, so that every item of a long enumeration does not walk the rest
 * of it again (a table cell of 4,000 names took 5 s).
 */
const following = new WeakMap<Map<number, number>, Map<number, FollowingItems>>();

function itemsAfter(tokens: Token[], items: Map<number, number>, start: number): FollowingItems {
  let known = following.get(items);
  if (!known) following.set(items, (known = new Map<number, FollowingItems>()));
  // Walk on until an item whose answer is known, then give each item walked its answer, last first.
  const walked: { at: number; joiner: boolean }[] = [];
  let at = start;
  let after: FollowingItems = { count: 0, joined: false };
  for (;;) {
    const remembered = known.get(at);
    if (remembered) {
      after = remembered;
      break;
    }
    const step = nextItem(tokens, items, at);
    if (step === null) {
      known.set(at, after);
      break;
    }
    walked.push({ at, joiner: step.joiner });
    at = step.end + 1;
  }
  for (let i = walked.length - 1; i >= 0; i--) {
    after = { count: after.count + 1, joined: after.joined || walked[i]!.joiner };
    known.set(walked[i]!.at, after);
  }
  return after;
}

/** The item that follows token `at` after a comma or a joiner (emphasis and quotes aside): where it ends, and whether a joiner led to it. */
function nextItem(tokens: Token[], items: Map<number, number>, at: number): { end: number; joiner: boolean } | null {
  // An aside in brackets after an item leaves the enumeration going on: `Milka (de Mondelez) y Jorgito`.
  let k = asideEnd(tokens, at) + 1;
  let comma = false;
  // Emphasis and quotes around the items do not matter (`**Etsy**, **Amazon** and …`).
  while (tokens[k]?.kind === 'punct') {
    const bare = tokens[k]!.text.replace(DECORATION, '');
    if (bare === ',' && !comma) comma = true;
    else if (bare !== '') break;
    k++;
  }
  let joiner = false;
  if (tokens[k]?.kind === 'word' && ENUMERATION_JOINERS.has(fold(tokens[k]!.text))) {
    joiner = true;
    k++;
  }
  while (tokens[k]?.kind === 'punct' && tokens[k]!.text.replace(DECORATION, '') === '') k++;
  const end = items.get(k);
  return (comma || joiner) && end !== undefined ? { end, joiner } : null;
}
/** Tokens an aside in brackets may hold. */
const ASIDE_TOKENS = 12;

/** The token that closes an aside in brackets opening at token `i` (`(heute …)`), or `i - 1` when none opens there. */
export function asideEnd(tokens: Token[], i: number): number {
  if (tokens[i]?.kind !== 'punct' || !/^\($/u.test(tokens[i].text.trim())) return i - 1;
  for (let j = i + 1; j < tokens.length && j <= i + ASIDE_TOKENS; j++) {
    const t = tokens[j]!;
    if (t.kind === 'punct' && /[()]/u.test(t.text)) return /^\)/u.test(t.text.trim()) ? j : i - 1;
  }
  return i - 1;
}

/** The token that opens an aside in brackets closing at token `i`, or -1. */
function asideStart(tokens: Token[], i: number): number {
  for (let j = i - 1; j >= 0 && j >= i - ASIDE_TOKENS; j--) {
    const t = tokens[j]!;
    if (t.kind === 'punct' && /[()]/u.test(t.text)) return /\($/u.test(t.text.trim()) ? j : -1;
  }
  return -1;
}

/**
 * Whether the segment at `first` is an item of an enumeration whose earlier item, ending at token
 * `end` (or any known name right before), is a known name: `bei Lichtblick, Naturstrom oder
 * Polarstern`. Only commas, joiners and articles stand between the items, and a joiner stands
 * there or a comma or joiner and a capitalised word follow the segment, ending at token `last`
 * (`muenchen.de, die Anreise mit…` is no list).
 */
export function listedAfterKnown(tokens: Token[], end: number, first: number, last: number): boolean {
  // An aside in brackets after the item leaves the enumeration going on: `Greenpeace Energy (heute Green Planet Energy) und Polarstern`.
  const close = asideEnd(tokens, last + 1);
  const next = tokens[close + 1];
  const after = tokens[close + 2];
  const enumerated =
    next !== undefined &&
    (next.kind === 'punct' ? next.text.trim() === ',' : ENUMERATION_JOINERS.has(fold(next.text))) &&
    (after?.kind === 'known' || (after?.kind === 'word' && isCapitalised(after.text)));
  let j = first - 1;
  let separated = false;
  let joined = false;
  for (let steps = 0; steps < 3 && j >= 0; steps++, j--) {
    const t = tokens[j]!;
    if (t.kind === 'known' || j === end) return separated && (joined || enumerated);
    // An aside in brackets after the earlier item: `Wattwerk (heute …) und Kontiq`.
    if (t.kind === 'punct' && t.text.trim() === ')') {
      const open = asideStart(tokens, j);
      if (open < 0) return false;
      j = open;
      continue;
    }
    const word = fold(t.text);
    if (t.kind === 'punct' ? t.text.trim() === ',' : ENUMERATION_JOINERS.has(word)) {
      separated = true;
      joined ||= t.kind === 'word';
    } else if (!(t.kind === 'word' && GERMAN_ARTICLES.has(word))) return false;
  }
  return false;
}

/**
 * The items (first token → last) enumerated with a noun in German (`Polenta, Brasato, Luganighe und
 * Merlot`, `Marzipan, Pistazie und Nougat`): an enumeration a noun of the lexicon stands in lists
 * things of that kind, whatever the words the lexicon lacks (`nouns`: the segments made of nouns).
 */
export function enumeratedWithNouns(tokens: Token[], items: Map<number, number>, nouns: readonly Segment[]): number[] {
  const all = new Map(items);
  for (const noun of nouns) all.set(noun.first, noun.last);
  const nounStarts = new Set(nouns.map((noun) => noun.first));
  const out: number[] = [];
  for (const chain of enumerations(tokens, all)) {
    if (chain.some((start) => nounStarts.has(start))) out.push(...chain.filter((start) => items.has(start) && tokens[start]!.kind !== 'known'));
  }
  return out;
}

/** An acronym that no list of brands knows: `IELTS`, `PETG`, `GR`. */
const isUnknownAcronym = (t: Token) => t.kind === 'word' && /^\p{Lu}[\p{Lu}\p{N}]{1,5}$/u.test(t.text) && !isKnownBrand(t.text);

/**
 * The items (first token) of enumerations made only of acronyms no list knows (`LASIK, PRK o SMILE`,
 * `GR y PR`, `PETG and ABS`): terms, standards and grades are listed so as often as firms, and such
 * a list is no evidence of a brand.
 */
export function enumeratedAcronyms(tokens: Token[], items: Map<number, number>): number[] {
  // Most lines hold fewer than two such acronyms: their enumerations need not be walked.
  let acronyms = 0;
  for (const [start, end] of items) if (start === end && isUnknownAcronym(tokens[start]!) && ++acronyms === 2) break;
  if (acronyms < 2) return [];
  const out: number[] = [];
  for (const chain of enumerations(tokens, items)) {
    if (chain.length > 1 && chain.every((start) => items.get(start) === start && isUnknownAcronym(tokens[start]!))) out.push(...chain);
  }
  return out;
}

/** The enumerations of the line: chains of items (their first tokens, in order) each a comma or a joiner apart. */
function enumerations(tokens: Token[], all: Map<number, number>): number[][] {
  const startOf = new Map<number, number>();
  for (const [start, end] of all) startOf.set(end, start);
  const next = new Map<number, number>();
  for (const [start, end] of all) {
    const step = nextItem(tokens, all, end + 1);
    const following = step === null ? undefined : startOf.get(step.end);
    if (following !== undefined && following > start) next.set(start, following);
  }
  const followers = new Set(next.values());
  const chains: number[][] = [];
  for (const head of all.keys()) {
    if (followers.has(head)) continue;
    const chain = [head];
    for (let at = next.get(head); at !== undefined && chain.length <= all.size; at = next.get(at)) chain.push(at);
    chains.push(chain);
  }
  return chains;
}
