// Positive evidence, in running prose, that a capitalised name is a brand. A place, a body, a
// scheme or a product is capitalised as readily as a brand, and an exclusion for each kind fits the
// answers it was written on and misses the next kind: a name in prose outside German (whose reader
// asks for a cue of its own, german.ts) counts at once only when the text offers it as a business;
// otherwise it waits, like a sentence's first word, for the same name in a brand's place.
import { BUSINESS_NOUNS, ENUMERATION_JOINERS, wordList } from './words.js';
import { fold } from './fold.js';
import { isCapitalised, namesGroup } from './name-shape.js';
import { BRAND_CUES, COMPANY_NOUNS, INDEFINITE_ROMANCE, ROMANCE, isArticle } from './prose-cues.js';
import { calledBusiness, presentedAsBusiness } from './business-evidence.js';
import { isCommonWordOrEnglish, isKnownBrand, type Language } from './lexicon.js';
import { DECORATION, type Segment, type Token } from './tokens.js';

const OFFER_VERBS = wordList('offer-verbs');
/**
 * Prepositions of a source or a maker: `from Wyzant`, `par Decathlon`, `da Ferrero`. Places stand
 * there too (`from Stansted`); the place lists and cues (not-brands.ts, place-kinds.ts) read those
 * first. Not `de`, `di`, `do`, `por`, `by`, `at`: over the development answers, the unknown names
 * after them were brands at most half the time (`de Bariloche`, `duca di Savoia`, `invented by
 * Alfred Bird`, `at RTC X Roads`), and a name taken wrongly moves every brand after it down a place.
 */
const PREPOSITIONS = new Set(['from', 'par', 'da']);
/** Prepositions of company, before a partner as readily as before a plan or a feature (`with Prime`). */
const COMPANY_PREPOSITIONS = new Set(['with', 'avec', 'con', 'com']);
/** Verbs of paying before `for`, `to`: `already pay for Google Workspace`, `subscribe to Netflix`. */
const PAYING = new Set(['pay', 'pays', 'paid', 'paying', 'subscribe', 'subscribes', 'subscribed', 'subscribing']);
/** Adverbs that may stand between a business and its verb: `Uncommon Goods also carries`. */
const BETWEEN = new Set(['also', 'often', 'now', 'aussi', 'tambien', 'anche', 'tambem', 'ya', 'auch', 'selbst', 'jetzt', 'ebenfalls']);

/** Words of a name joined by an ampersand, the second capitalised. */
const AMPERSAND_JOINED = /\p{L} & \p{Lu}/u;
/** An acronym alone, perhaps with its possessive: `APRA`, `OSHA's`. */
const ACRONYM_POSSESSIVE = /^\p{Lu}{2,6}(?:['’]s)?$/u;
/** A possessive with a capitalised word after it, inside a name (prose-segments.ts keeps those only after a given name). */
const INNER_POSSESSIVE = /\p{L}['’]s \p{Lu}/u;

/** Nationality adjectives of the Romance languages, every gender and number (words/nationalities.txt: `japonais`, `italiana`, `francese`). */
const NATIONALITIES = wordList('nationalities');
/** Prepositions joined to an article, before a nationality and a company's name: `au japonais Lixil`, `da italiana Parmalat`. */
const JOINED_ARTICLES = new Set([
  'au',
  'aux',
  'du',
  'des',
  'al',
  'del',
  'dal',
  'dalla',
  'della',
  'alla',
  'da',
  'do',
  'dos',
  'das',
  'ao',
  'pela',
  'pelo',
  'na',
  'no',
]);

const OWNER_CUES = wordList('owner-cues');
/** Cues of the group a business belongs to (words/parent-cues.txt: `part of Revelyst`), after which a place may stand too. */
const PARENT_CUES = wordList('parent-cues');
/** The longest phrase of words/owner-cues.txt and words/parent-cues.txt, in words. */
const OWNER_CUE_WORDS = Math.max(...[...OWNER_CUES, ...PARENT_CUES].map((cue) => cue.split(' ').length));
/** Adverbs that may stand inside an owner's cue: `appartient désormais à`, `pertenece ahora a`, `all belong to`. */
const OWNER_ADVERBS = new Set([
  'all',
  'both',
  'now',
  'also',
  'today',
  'since',
  'desormais',
  'aujourd',
  'hui',
  'ahora',
  'hoy',
  'ora',
  'oggi',
  'agora',
  'hoje',
  'heute',
  'inzwischen',
  'mittlerweile',
  'jetzt',
  'auch',
  'schon',
  'bereits',
  'langst',
  'ebenfalls',
]);
/** A span of time inside an owner's cue, after `seit` (`gehört seit Jahren zu Thule`, `seit 2019`). */
const SINCE_WHEN = /^(?:\d{4}|jahren|jahrzehnten|langem|kurzem)$/u;
/** Words of since before a span of time inside an owner's cue: `seit 2019`, `owned since 2022 by Rentokil`. */
const SINCE = new Set(['seit', 'since']);
/** Verbs right after a company that buys or owns another: `Canva bought Affinity`, `Unilever a racheté`, `Getir übernahm`. */
const BUYING = new Set([
  'bought',
  'acquired',
  'owns',
  'buys',
  'acquires',
  'rachete',
  'racheta',
  'compro',
  'adquirio',
  'acquisto',
  'comprou',
  'adquiriu',
  'kaufte',
  'ubernahm',
]);
/** Verbs that buy with `over` after them: `took over`. */
const TAKING = new Set(['took', 'takes', 'taken']);
/** Auxiliaries before a verb of buying: `has acquired`, `a racheté`, `ha comprado`. */
const AUXILIARIES = new Set(['has', 'had', 'a', 'avait', 'ha', 'habia', 'aveva', 'tinha']);

/**
 * Whether the text makes the name a company by what it owns, buys or makes, or by what owns it:
 * after an owner's cue (words/owner-cues.txt: `owned by OVO`, `fabricadas pela Alpargatas`,
 * `appartient désormais à Unilever`), before a verb of buying (`Canva bought Affinity`), or after
 * a cue of the group a business belongs to (words/parent-cues.txt: `now part of Revelyst`).
 */
export function ownershipCue(tokens: Token[], segment: Segment): boolean {
  return readOnce(tokens, segment) !== null;
}

/**
 * Whether the name owns, buys or makes a business: ownershipCue save a group's cue, after which a
 * place may stand too (`parte del Canal Grande`; Italian's `parte da Linate`, departs from it).
 */
export function ownerCue(tokens: Token[], segment: Segment): boolean {
  return readOnce(tokens, segment) === 'owner';
}

type Ownership = 'owner' | 'group' | null;

/** What was read of each segment (a segment belongs to one line's tokens). */
const OWNERSHIP = new WeakMap<Segment, Ownership>();

/** Asked of a segment by several readings of it (a model? a place? a business?): read once. */
function readOnce(tokens: Token[], segment: Segment): Ownership {
  let owned = OWNERSHIP.get(segment);
  if (owned === undefined) {
    owned = readOwnershipCue(tokens, segment);
    OWNERSHIP.set(segment, owned);
  }
  return owned;
}

/** Owner's cues of belonging (words/owner-cues.txt): `belongs to`, `pertenece a`, `gehört zur`, `filiale de`, `brand of`. */
const BELONGING =
  /^(?:belong|pertenec|pertenc|appartien|appartengono|gehor|subsidiar|filial|tochter|propiedad|propriete|di proprieta|(?:a |the )?brand of|marke)/u;

/**
 * Whether a cue of belonging stands right before the name (`all belong to Glen Dimplex`,
 * `pertenece a Alter Farmacia`): what a business belongs to is a company, though its words be a
 * person's. Not a cue of making (`glazes made by Maria Ostrand`) nor a verb of buying after the
 * name (`Achilles de Brito comprou a fábrica`), which persons do too.
 */
export function belongsToName(tokens: Token[], segment: Segment): boolean {
  const cue = cueBefore(tokens, segment);
  return cue !== null && OWNER_CUES.has(cue) && BELONGING.test(cue);
}

function readOwnershipCue(tokens: Token[], segment: Segment): Ownership {
  const before = ownershipBefore(tokens, segment);
  if (before === 'owner') return before;
  let j = segment.last + 1;
  while (tokens[j]?.kind === 'word' && (BETWEEN.has(fold(tokens[j]!.text)) || AUXILIARIES.has(fold(tokens[j]!.text)))) j++;
  if (tokens[j]?.kind === 'word' && BUYING.has(fold(tokens[j]!.text))) return 'owner';
  // `Dometic took over Waeco`.
  if (tokens[j]?.kind === 'word' && TAKING.has(fold(tokens[j]!.text)) && fold(tokens[j + 1]?.text ?? '') === 'over') return 'owner';
  return before;
}

/** The cue of owning or of a group in the words right before the name. */
function ownershipBefore(tokens: Token[], segment: Segment): Ownership {
  const cue = cueBefore(tokens, segment);
  return cue === null ? null : OWNER_CUES.has(cue) ? 'owner' : 'group';
}

/** The owner's cue right before the name, or else the group's cue, or null (words/owner-cues.txt, words/parent-cues.txt). */
function cueBefore(tokens: Token[], segment: Segment): string | null {
  const before: string[] = [];
  for (let j = segment.first - 1; j >= 0 && before.length < OWNER_CUE_WORDS + 1; j--) {
    const t = tokens[j]!;
    if (t.kind === 'punct') {
      if (t.text.replace(DECORATION, '') === '') continue;
      break;
    }
    if (t.kind !== 'word') break;
    const word = fold(t.text);
    // Adverbs inside the cue are skipped, and so is a span of time after `seit`.
    if (SINCE_WHEN.test(word) && tokens[j - 1]?.kind === 'word' && SINCE.has(fold(tokens[j - 1]!.text))) {
      j--;
      continue;
    }
    // `appartient aujourd'hui au japonais Lixil`: a nationality right before the name is the owner's.
    if (!OWNER_ADVERBS.has(word) && !(j === segment.first - 1 && NATIONALITIES.has(word) && /^\p{Ll}/u.test(t.text))) before.unshift(word);
  }
  // The cue ends right before the name, or before its article (`appartient à la Fnac`).
  const ends = isArticle(tokens[segment.first - 1]) ? [before.length, before.length - 1] : [before.length];
  let group: string | null = null;
  for (const end of ends) {
    for (let n = 1; n <= end; n++) {
      const cue = before.slice(end - n, end).join(' ');
      if (OWNER_CUES.has(cue)) return cue;
      if (group === null && PARENT_CUES.has(cue)) group = cue;
    }
  }
  return group;
}

/**
 * A name's evidence of a brand in prose: how strong, and its cue, the reading that found it
 * (`enumeration`, `preposition from`, `offer-verb`…), which `npm run brands:cues` counts against
 * the labelled answers.
 */
export interface Evidence {
  strength: 'strong' | 'weak';
  cue: string;
}

/**
 * What evidence a name in prose (the segment it stands in, its text, the word before it) has of a
 * brand, or null. Strong: an enumeration with other names (`listed`, read by the caller; also `le
 * Crédit Agricole ou la Société Générale`, or names filling a table cell, one a brand a reader knows: `| Gmail, Outlook |`),
 * a word before it that offers it as a business or names its source or shop (`like`, `from`,
 * `at`). Weak, for it is as much a product's or a feature's: its shape (`SpotMe`, `Check24`), a
 * preposition of company (`with Prime`), a verb after it of what a business does (`Zap-Map
 * shows`), its possessive (`Royal Mail's Tracked 48`), or the words around it that present it as
 * a business (business-evidence.ts).
 */
export function evidenced(tokens: Token[], segment: Segment, name: string, before: string, listed: boolean, language: Language | null = null): Evidence | null {
  const strong = (cue: string): Evidence => ({ strength: 'strong', cue });
  const weak = (cue: string): Evidence => ({ strength: 'weak', cue });
  if (listed) return strong('enumeration');
  // `Astrid & Gastón`, `Fortnum & Mason`: names joined by an ampersand are a firm's; people and places are joined by a word.
  if (AMPERSAND_JOINED.test(name)) return strong('ampersand');
  if (joinedToNext(tokens, segment.last)) return strong('joined-to-name');
  if (cellOfNames(tokens, segment)) return strong('cell-of-names');
  if (ownershipCue(tokens, segment)) return strong('owner');
  // `Reber è il marchio preferito…`: the sentence calls it a brand or a company.
  if (calledBusiness(tokens, segment.last)) return strong('called-business');
  // `the chef behind The Ledbury`: an article capitalised inside a sentence is a name's own.
  if (language === 'en' && tokens[segment.first]!.text === 'The' && !tokens[segment.first]!.initial && segment.words.length > 1) return strong('capital-the');
  const cue = fold(before);
  if (groupOfCompanies(tokens, segment, name, cue, language)) return strong('group');
  if (nationalityBefore(tokens, segment.first, language)) return strong('nationality');
  if (BRAND_CUES.has(cue)) return strong(`brand-cue ${cue}`);
  if (COMPANY_NOUNS.has(cue)) return strong('company-noun');
  // `la pasticceria Panarello`, `the restaurant Gazi`: a business's noun in lower case after an article
  // introduces the business by its name (words/business-nouns.txt). On the development answers it took
  // five names, four of them brands; without the article it took fewer.
  if (BUSINESS_NOUNS.has(cue) && /^\p{Ll}/u.test(before) && isArticle(tokens[segment.first - 2])) return strong('business-noun');
  if (PREPOSITIONS.has(cue)) return strong(`preposition ${cue}`);
  // Italian's `su` before a name is the shop's or the site's (`su Amazon`, `su Direct Ferries`); Spanish's is a possessive.
  if (language === 'it' && cue === 'su') return strong('preposition su');
  if (cue === 'as' && fold(tokens[segment.first - 2]?.text ?? '') === 'such') return strong('brand-cue such as');
  // `a unit such as an AprilAire`, `like a Dyson`: an example of a kind, its article before it.
  if (language === 'en' && (cue === 'a' || cue === 'an') && exampleCue(tokens, segment.first - 2)) return strong('example');
  // `pay for Uber One`, `subscribe to Netflix`: what is paid for is sold.
  if ((cue === 'for' || cue === 'to') && PAYING.has(fold(tokens[segment.first - 2]?.text ?? ''))) return strong('paid-for');
  // `Angelo's Pizzeria`: a founder's possessive inside a name is a business's shape; in quotation
  // marks, a product's or a recipe's (`the "Mike's Way" dressing`).
  // Not a brand's shape alone (`Check24`, `eBay`): in prose it is a model's or a product's as often
  // (`TI-Nspire`, `PS5`), which the development answers showed less than half the time a brand's.
  if (INNER_POSSESSIVE.test(name) && !quoted(tokens, segment)) return weak('founder-possessive');
  if (COMPANY_PREPOSITIONS.has(cue)) return weak(`company-preposition ${cue}`);
  // `une Duvel bien fraîche`, `una Club Colombia`: in the Romance languages an indefinite article
  // before a capitalised name orders a thing of that brand (a product's noun would stand between).
  // Not one of a name, `de` and a name: `una Squier de Fender` is a line of its maker's.
  if (language !== null && ROMANCE.has(language) && INDEFINITE_ROMANCE.has(cue) && !/ d[eiao] /u.test(name)) return weak('indefinite-article');
  if (presentedAsBusiness(tokens, segment, name.split(' '))) return weak('presented-as-business');
  // An acronym's possessive is a body's as often (`APRA's annual test`, `OSHA's guidance`): no cue alone.
  if (/['’]s$/u.test(tokens[segment.last]!.text) && tokens[segment.last + 1]?.kind === 'word' && !ACRONYM_POSSESSIVE.test(name)) {
    return ownsBrand(tokens, segment.last) ? strong('owns-brand') : weak('possessive');
  }
  return offeredAfter(tokens, segment.last) ? weak('offer-verb') : null;
}

/**
 * Whether a nationality stands in lower case right before the name, after an article or a company's
 * noun, in a Romance language: `la italiana Parmalat`, `au japonais Lixil`, `del gruppo francese
 * Cristalco`. The adjective stands in for the company's noun that it qualifies (`la empresa
 * italiana`); a person after it has a given name, which the reader reads first.
 */
function nationalityBefore(tokens: Token[], first: number, language: Language | null): boolean {
  const adjective = tokens[first - 1];
  const before = tokens[first - 2];
  if (language === null || !ROMANCE.has(language) || adjective?.kind !== 'word' || before?.kind !== 'word') return false;
  if (!/^\p{Ll}+$/u.test(adjective.text) || !NATIONALITIES.has(fold(adjective.text))) return false;
  const word = fold(before.text);
  return isArticle(before) || JOINED_ARTICLES.has(word) || COMPANY_NOUNS.has(word);
}

/** Whether the words ending at token `i` give an example of a kind: `such as`, `like`, `including`. */
function exampleCue(tokens: Token[], i: number): boolean {
  const word = fold(tokens[i]?.kind === 'word' ? tokens[i].text : '');
  return word === 'like' || word === 'including' || (word === 'as' && fold(tokens[i - 1]?.text ?? '') === 'such');
}

/** Nouns of what a company owns, after its possessive: `Electrolux's North American brand`, `Unilever's subsidiary`. */
const OWNED = new Set(['brand', 'brands', 'label', 'labels', 'subsidiary', 'subsidiaries', 'division', 'marque', 'imprint', 'sub-brand']);

/** Whether a possessive ending at token `last` owns a brand or a subsidiary, a few words on: only a company has one. */
function ownsBrand(tokens: Token[], last: number): boolean {
  for (let j = last + 1; j <= last + 4 && tokens[j]?.kind === 'word'; j++) if (OWNED.has(fold(tokens[j]!.text))) return true;
  return false;
}

/**
 * Whether a verb of what a business does follows the name ending at token `last` (words/offer-verbs.txt:
 * `Zap-Map shows`, `Uncommon Goods also carries`, `Verivox vergleicht`).
 */
export function offeredAfter(tokens: Token[], last: number): boolean {
  let j = last + 1;
  while (tokens[j]?.kind === 'word' && BETWEEN.has(fold(tokens[j]!.text))) j++;
  return tokens[j]?.kind === 'word' && OFFER_VERBS.has(fold(tokens[j]!.text));
}

/**
 * Whether the name is a group of companies': it ends on a group's noun and a name opens it
 * (`UnitedHealth Group`, `Techtronic Industries`), or the group is what something is part of (`Part
 * of Direct Line Group`). Common words before the noun name a body or a panel as readily (`the
 * Environmental Working Group`).
 */
function groupOfCompanies(tokens: Token[], segment: Segment, name: string, cue: string, language: Language | null): boolean {
  const words = name.split(' ');
  if (!namesGroup(words)) return false;
  // `Part of` opening the sentence is dropped from the name and stands before it (segment-name.ts).
  const partOf = cue === 'part' || (fold(tokens[segment.first - 1]?.text ?? '') === 'of' && fold(tokens[segment.first - 2]?.text ?? '') === 'part');
  return partOf || !words.slice(0, -1).every((w) => isCommonWordOrEnglish(w, language));
}

/** Whether a quotation mark opens right before the segment. */
function quoted(tokens: Token[], segment: Segment): boolean {
  const before = tokens[segment.first - 1];
  return before?.kind === 'punct' && /["“«„']\s*$/u.test(before.text);
}

/** Whether the name ending at token `last` is joined by `and`, `or` (and an article) to a name that follows. */
export function joinedToNext(tokens: Token[], last: number): boolean {
  const joiner = tokens[last + 1];
  if (joiner?.kind !== 'word' || !ENUMERATION_JOINERS.has(fold(joiner.text))) return false;
  let k = last + 2;
  if (isArticle(tokens[k])) k++;
  const next = tokens[k];
  return next?.kind === 'known' || (next?.kind === 'word' && isCapitalised(next.text));
}

/** Tokens a table cell of names may hold on either side of one of them. */
const CELL_TOKENS = 80;

/** Whether the segment is one of two or more names that fill a table cell alone, between `|`s. */
function cellOfNames(tokens: Token[], segment: Segment): boolean {
  const name = (t: Token) => t.kind === 'known' || (t.kind === 'word' && isCapitalised(t.text));
  const separator = (t: Token) => (t.kind === 'punct' && t.text.trim() === ',') || (t.kind === 'word' && ENUMERATION_JOINERS.has(fold(t.text)));
  // A brand among them makes the cell one of brands (`| Gmail, Outlook |`); names alone may be a
  // product's features or a place's parts (`| Answers, AI Summarize |`, `| Old Oak, Zone 2 |`).
  const brand = (t: Token) => t.kind === 'known' || (t.kind === 'word' && isKnownBrand(t.text));
  let separators = 0;
  let brands = 0;
  const tally = (t: Token) => {
    if (separator(t)) separators++;
    else if (brand(t)) brands++;
  };
  // Bounded both ways: a run of names longer than a cell holds would otherwise be read again for each of them.
  const from = Math.max(-1, segment.first - 1 - CELL_TOKENS);
  const to = Math.min(tokens.length, segment.last + 1 + CELL_TOKENS);
  let i = segment.first - 1;
  for (; i > from && (name(tokens[i]!) || separator(tokens[i]!)); i--) tally(tokens[i]!);
  let j = segment.last + 1;
  for (; j < to && (name(tokens[j]!) || separator(tokens[j]!)); j++) tally(tokens[j]!);
  return separators > 0 && brands > 0 && tokens[i]?.text.trim() === '|' && tokens[j]?.text.trim() === '|';
}
