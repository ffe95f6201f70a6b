// What the words around a name in prose say of it as a business where no cue stands right before
// it and no verb of selling right after it (prose-evidence.ts reads those): an apposition naming a
// kind of business (`Le Ninkasi, brasserie lyonnaise`, `Openbank, el banco digital`), a business's
// noun opening the name (`Boulangerie du Palais`, `Hotel Arts`), an English noun the name qualifies
// as what a business offers (`a Costco run`, `deep Shopify integration`), or a sentence in which the
// name is or has something sold: a price or a tracked brand (`Dinnerly (also HelloFresh's) is the
// cheapest at around $5`, `Folksy is the local equivalent of Etsy`), or that it is called a business
// (`Reber è il marchio preferito`). A place, a body or a scheme is seldom called a shop, priced or
// set beside a brand.
import { BUSINESS_NOUNS, wordList } from './words.js';
import { fold } from './fold.js';
import { germanSingulars } from './german.js';
import { ARTICLES, COMPANY_NOUNS, ENGLISH_ARTICLES, GERMAN_ARTICLES } from './prose-cues.js';
import type { Segment, Token } from './tokens.js';

const OFFER_NOUNS = wordList('offer-nouns');
/** Business nouns that open a public body's name too (`Bank of England`, `Current Account Switch Service`). */
const PUBLIC_TOO = new Set(['bank', 'banco', 'banque', 'banca', 'service', 'servicio', 'servico', 'servizio']);
/** `is` and `has` in en, fr, es, it, pt, de: `Folksy is`, `Dia tiene`, `Le Ninkasi est`, `Knuspr ist`. */
const COPULAS = new Set(['is', 'has', 'est', 'es', 'tiene', 'e', 'ha', 'tem', 'ist', 'hat']);
/** `is` alone, in the same languages. */
const IS = new Set(['is', 'est', 'es', 'e', 'ist', 'sind']);
const GERMAN_IS = new Set(['ist', 'sind']);
/** German nouns of a maker or a seller that a sentence calls a name by (`… ist der größte Hersteller`), beside the company nouns. */
const GERMAN_COMPANY_NOUNS = new Set(['hersteller', 'unternehmen', 'anbieter', 'konzern', 'handler', 'discounter', 'kette']);
/** Words that may stand between a name and its copula: `Amazon also has`, `Uber no longer is`. */
const BETWEEN = new Set(['also', 'still', 'now', 'often', 'usually', 'aussi', 'tambien', 'anche', 'tambem', 'ya', 'sempre', 'siempre', 'auch', 'jetzt', 'oft']);
/** A currency's sign, which a price in the sentence stands with. */
const CURRENCY = /[$€£¥]/u;
const SENTENCE_END = /[.!?;:|]/u;
/** Tokens read past a name, at most: a bracket never closed or a sentence never ended must not make each name read the rest of the answer. */
const LOOKAHEAD = 80;

/** Whether the words around the name (at `segment`, whose words are `words`) present it as a business. */
export function presentedAsBusiness(tokens: Token[], segment: Segment, words: readonly string[]): boolean {
  const opener = fold(words[0]!);
  return (
    (words.length > 1 && BUSINESS_NOUNS.has(opener) && !PUBLIC_TOO.has(opener)) ||
    apposition(tokens, segment.last) ||
    offerNounAfter(tokens, segment.last) ||
    sellsInSentence(tokens, segment.last)
  );
}

/** Words that may stand between the article and the noun: `a British brand`, `una piccola azienda`. */
const BEFORE_NOUN = 2;

/**
 * `Reber è il marchio preferito…`, `Caso is a German brand`, `Lalo est une entreprise`: is, an
 * article, a business's or a company's noun in lower case (perhaps after an adjective or two): the
 * name is that business's.
 */
export function calledBusiness(tokens: Token[], last: number): boolean {
  let j = last + 1;
  while (tokens[j]?.kind === 'word' && BETWEEN.has(fold(tokens[j]!.text))) j++;
  const verb = tokens[j];
  if (verb?.kind !== 'word' || !IS.has(fold(verb.text)) || verb.text === 'e') return false;
  // German capitalises the noun, after its own articles: `Ostmann ist eine Marke aus Bielefeld`.
  const german = GERMAN_IS.has(fold(verb.text));
  const article = tokens[j + 1];
  const articleWord = article?.kind === 'word' ? fold(article.text) : '';
  if (!(german ? GERMAN_ARTICLES.has(articleWord) : ARTICLES.has(articleWord) || ENGLISH_ARTICLES.has(articleWord))) return false;
  const business = (noun: string) => BUSINESS_NOUNS.has(noun) || COMPANY_NOUNS.has(noun) || (german && GERMAN_COMPANY_NOUNS.has(noun));
  for (let k = j + 2; k <= j + 2 + BEFORE_NOUN; k++) {
    const t = tokens[k];
    if (t?.kind !== 'word') return false;
    // A German plural too: `sind die großen Marken`, `Ketten`.
    const nouns = german ? [fold(t.text), ...germanSingulars(fold(t.text), 3)] : [fold(t.text)];
    if ((german || /^\p{Ll}/u.test(t.text)) && nouns.some(business)) return true;
  }
  return false;
}

/** `Le Ninkasi, brasserie lyonnaise`, `Openbank, el banco digital`: a comma, an article, a business's noun. */
function apposition(tokens: Token[], last: number): boolean {
  if (tokens[last + 1]?.kind !== 'punct' || tokens[last + 1]!.text.trim() !== ',') return false;
  let k = last + 2;
  const article = (t: Token | undefined) => t?.kind === 'word' && (ARTICLES.has(fold(t.text)) || ENGLISH_ARTICLES.has(fold(t.text)));
  if (article(tokens[k])) k++;
  const noun = tokens[k];
  return noun?.kind === 'word' && /^\p{Ll}/u.test(noun.text) && BUSINESS_NOUNS.has(fold(noun.text));
}

/** `a Costco run`, `Shopify integration`: a lower-case noun right after the name, of what a business offers. */
function offerNounAfter(tokens: Token[], last: number): boolean {
  const next = tokens[last + 1];
  return next?.kind === 'word' && /^\p{Ll}/u.test(next.text) && OFFER_NOUNS.has(fold(next.text));
}

/** `Dinnerly (also HelloFresh's) is the cheapest at $5`: is or has, then a price or a tracked brand before the sentence ends. */
function sellsInSentence(tokens: Token[], last: number): boolean {
  let j = last + 1;
  const stop = Math.min(tokens.length, last + 1 + LOOKAHEAD);
  // A bracket right after the name is an aside.
  if (tokens[j]?.kind === 'punct' && tokens[j]!.text.trim().startsWith('(')) {
    while (j < stop && !(tokens[j]!.kind === 'punct' && tokens[j]!.text.includes(')'))) j++;
    j++;
  }
  while (tokens[j]?.kind === 'word' && BETWEEN.has(fold(tokens[j]!.text))) j++;
  // `e` is also `and` (it, pt): only `è`, `é` are the verb.
  if (tokens[j]?.kind !== 'word' || !COPULAS.has(fold(tokens[j]!.text)) || tokens[j]!.text === 'e') return false;
  for (let k = j + 1; k < stop; k++) {
    const t = tokens[k]!;
    if (t.kind === 'known' || (t.kind === 'punct' && CURRENCY.test(t.text))) return true;
    if (t.kind === 'punct' && SENTENCE_END.test(t.text)) return false;
  }
  return false;
}
