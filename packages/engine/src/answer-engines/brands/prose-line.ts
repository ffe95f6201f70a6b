// One line of prose read for names: each run of capitalised words (prose-segments.ts) is judged by
// where it stands and what it looks like, and goes to the names, to the names that need the same
// name elsewhere, or to what is no brand (ProseNames). What a run was is kept for the runs after
// it on the line: the last model named, the last place, the last place or body set aside.
import { ENUMERATION_JOINERS, FAMILY_NOUNS, KIN_NOUNS, MODEL_DETERMINERS, isTitle } from './words.js';
import { compactKey, fold } from './fold.js';
import { companyNamed, companyOfCompound, organisationName, ownedInClause, readGerman, suspendedNames } from './german.js';
import { afterPlaceKind, opensOnGermanKind } from './place-kinds.js';
import { inKnownBrands, isCommonWord, isGivenName, isKnownBrand, isRegionName, knownAsBrand, type Language } from './lexicon.js';
import { isCapitalised, isCommon, legalFormOf, namesGroup, type BrandCandidate } from './name-shape.js';
import { joinedToPlace, listedAfter, namedAsOther, shortNameOf, unknownPerson } from './not-brand-cues.js';
import { GROUPS, isSaint, namesLawOrEvent, notBrand } from './not-brands.js';
import {
  ARTICLES,
  BRAND_CUES,
  COMPANY_NOUNS,
  MAKER_OF,
  MODEL_CODE,
  isOwnerDeterminer,
  PLACE_CUES,
  PLACE_PREPOSITIONS,
  PRODUCT_NOUNS,
  ROMANCE,
  INDEFINITE_ROMANCE,
  afterPossessive,
  determinerBefore,
  enumeratedAfter,
  enumerationNeighbour,
  houseBrand,
  isArticle,
  inEnumeration,
  isAcronym,
  joinedToName,
  listedAfterKnown,
  looksLikePerson,
  offeredAsKind,
  offeredAsProduct,
  productAfter,
  productOf,
} from './prose-cues.js';
import type { ProseContext, ProseNames } from './prose-names.js';
import { evidenced, joinedToNext, offeredAfter, belongsToName, ownerCue, ownershipCue, type Evidence } from './prose-evidence.js';
import { calledBusiness, presentedAsBusiness } from './business-evidence.js';
import { capitalisedSegments, enumerationItems } from './prose-segments.js';
import { segmentName, type SegmentName } from './segment-name.js';
import { endOf, knownBefore, wordBefore, type Segment, type Token } from './tokens.js';

/**
 * Lower-case particles before a person's surname: `de Gaulle`, `von Ahn`, `van Gogh`. Fewer than
 * the particles inside a full name (written-as-name.ts): `y`, `e`, `la` join a brand to a given
 * name as often (`Maria e Zentra`).
 */
const SURNAME_PARTICLES: ReadonlySet<string> = new Set(['de', 'da', 'do', 'dos', 'di', 'del', 'della', 'von', 'van', 'du']);

/** Names of one line's tokens: runs of words split into capitalised segments, then judged. */
export function readLine(tokens: Token[], out: ProseNames, context: ProseContext, led = false): void {
  const segments = capitalisedSegments(tokens, context.language);
  // In an item or a row a name leads, that name is the first word of the line.
  const lead = led ? tokens.findIndex((t) => t.kind !== 'punct') : -1;
  const { items, things } = enumerationItems(tokens, segments, context.language);
  const reading = new LineReading(tokens, items, out, context, lead, things);
  for (const segment of segments) reading.read(segment);
}

/** The token of a name's first word, which a word the segment opens on may stand before (`À Praz`: `Praz`). */
function nameStart(segment: Segment, name: SegmentName): number {
  return segment.first + segment.words.findIndex((w) => w.start === name.words[0]!.start);
}

/**
 * Prepositions of place that open a sentence on where it is set (`À Praz,`, `In Leeds,`); not
 * Spanish `en`, which opens on a shop as often (`En Mercadona, …`).
 */
const OPENING_LOCATIVES: Record<Language, ReadonlySet<string>> = {
  en: new Set(['in']),
  de: new Set(['in']),
  fr: new Set(['a']),
  it: new Set(['a', 'in']),
  pt: new Set(['em']),
  es: new Set(),
};

/** Prepositions of a shop or a site, in the languages other than English. */
const SHOP_PREPOSITIONS: Record<Exclude<Language, 'en'>, ReadonlySet<string>> = {
  fr: new Set(['sur', 'chez']),
  es: new Set(['en']),
  it: new Set(['su', 'da']),
  pt: new Set(['na', 'no', 'em']),
  de: new Set(['bei', 'auf']),
};

/** Words of the brand cues that give a route, not an example: a town's name after them is the town (`via Lyon`, `through Halifax`). */
const ROUTE_CUES = new Set(['via', 'through']);

/** A lower-case letter then a capital, inside one word (`OnTheMarket`, `PayPal`). */
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;

/** The English indefinite articles. */
const INDEFINITE = new Set(['a', 'an']);

/** What makes a name wait for the same name elsewhere, or count at once. */
interface Standing {
  model: boolean;
  person: boolean;
  listed: boolean;
  /** A brand a reader knows by name (lexicon.ts, isKnownBrand), and one that is no word as well (knownAsBrand). */
  knownName: boolean;
  known: boolean;
  /** A brand a reader knows, enumerated beside another brand (`Rewe und Penny`): the brand, word or name as it may also be. */
  besideBrand: boolean;
}

class LineReading {
  /** Token index of the last word of the last model named (`the Clifton`), or -1. */
  private modelEnd = -1;
  /** The same for the last place named after a place's cue (`barrios de Los Remedios y Triana`). */
  private placeEnd = -1;
  /** The same for the last place, public body, law or event. */
  private excludedEnd = -1;
  /** The same for the last German name that counted (`von Gazelle`, `Lichtblick, Naturstrom`): the names listed after it count. */
  private knownListEnd = -1;
  /** The same for the last German name offered as an example of a kind (`Marken wie Dainese`): the names listed after it are examples too. */
  private offeredListEnd = -1;
  /** The same for the last name offered as a product of a kind (`models such as Quarkle`): the names listed after it are products too. */
  private productListEnd = -1;
  /** The same for the last name after a law's or a label's word (`les labels Cosmébio`): the names joined to it are laws or labels too (`et Ecocert`). */
  private lawEnd = -1;

  constructor(
    private readonly tokens: Token[],
    /** The items an enumeration may hold: first token index → last. */
    private readonly items: Map<number, number>,
    private readonly out: ProseNames,
    private readonly context: ProseContext,
    /** Token index of the name that leads the line's list item or table row, or -1. */
    private readonly lead: number,
    /** First tokens of the names enumerated with German nouns or only with unknown acronyms (enumerationItems): no enumeration makes them names. */
    private readonly things: ReadonlySet<number>,
  ) {}

  read(segment: Segment): void {
    if (titleWithMark(this.tokens, segment)) {
      const words = segment.words.map((w) => w.text).join(' ');
      this.out.names.push({ name: words + this.tokens[segment.last + 1]!.text[0]!, start: segment.words[0]!.start, marked: true, cue: 'title-with-mark' });
      return;
    }
    const before = this.wordBeforeName(segment);
    if (before === null) return;
    // After a saint's abbreviation, a saint's or a place's name: `St. Moritz`, `Ste. Foy`.
    if (abbreviatedSaint(this.tokens, segment.first)) {
      this.out.notBrands.add(keyOf(segment.words));
      return;
    }
    const name = segmentName(segment, before, this.context.language, this.out.notBrands);
    if (name.words.length === 0 || name.words.length > 5) return;
    const candidate: BrandCandidate = { name: name.words.map((w) => w.text).join(' '), start: name.words[0]!.start };
    // Names offered as a brand's products of a kind are its products, no brands (`models such as
    // Quarkle and Bitzer`, `clásicos como Marías, Mamut y Chokis`), save a brand a reader knows.
    if ((offeredAsProduct(this.tokens, segment.first) || listedRightAfter(this.tokens, this.productListEnd, segment.first)) && !inKnownBrands(candidate.name)) {
      this.out.notBrands.add(keyOf(name.words));
      this.productListEnd = segment.last;
      return;
    }
    // A brand a reader knows is no model after a product's noun (`une carte Mastercard`) nor a place after a place's cue (`à Uber Eats`).
    // A brand a reader knows that is also a place or a word (`Carrefour`, `Orange`, `Decathlon`) is
    // the brand where it is enumerated beside another brand: `Leclerc, Carrefour et Lidl`.
    // So is one a verb of business follows: `Leclerc et Carrefour proposent`.
    const besideBrand =
      inKnownBrands(candidate.name) &&
      (this.besideBrand(segment) || offeredAfter(this.tokens, segment.last) || this.offeredAsExample(segment, name, candidate.name));
    const knownName = besideBrand || isKnownBrand(candidate.name);
    const known = besideBrand || (knownName && (knownAsBrand(candidate.name, this.context.language) || this.atShop(name)));
    // What owns or buys a business is no place either, whatever its name (`which also owns Milwaukee`).
    // So is a group's name after its noun in lower case (`del grupo Peñaflor`, `au groupe Fnac Darty`), a town's though it be.
    const owner = ownerCue(this.tokens, segment) || (GROUPS.has(fold(name.before)) && /^\p{Ll}/u.test(name.before));
    if ((besideBrand && !isKnownBrand(candidate.name)) || owner) candidate.notPlace = true;
    if (owner) candidate.owner = true;
    // A model named with its maker is listed as written where the maker is named nowhere on its own
    // (`the Samsung Galaxy S25`, `a Yamaha C40`; beside `Samsung` it is the maker's: analyse-brands.ts).
    const withMaker = this.context.language !== 'de' && opensOnMaker(name.words, this.context.language);
    const model = !known && !withMaker && this.isModel(segment, name);
    if (model && !isCommon(candidate.name)) this.modelEnd = segment.last;
    if (namedAsOther(this.tokens, segment, name.before) || (!knownName && this.surnameAfterParticle(nameStart(segment, name), this.context.language))) {
      this.out.notBrands.add(keyOf(name.words));
      return;
    }
    const listed =
      !this.things.has(segment.first) && (inEnumeration(this.tokens, this.items, segment) || joinedToName(this.tokens, segment.first, this.context.language));
    const person = this.isPerson(segment, name, listed, knownName);
    // A person's surname alone later (`Muñoz` after `Dabiz Muñoz`) is the person.
    if (person && name.words.length > 1) this.out.notBrands.add(compactKey(name.words[name.words.length - 1]!.text));
    if (this.setAside(segment, name, candidate.name, listed, known, besideBrand || owner)) return;
    this.keep(segment, name, candidate, { model, person, listed, known: known || withMaker, knownName, besideBrand });
  }

  /**
   * Whether a brand a reader knows that is an English word stands where another language puts a
   * shop or a site (`sur Amazon`, `en Hertz`, `su Amazon`, `bei Otto`): there it is the brand; an
   * English word that opens a name elsewhere is as often a plan or a label (`Prime`, `Classic`).
   */
  private atShop(name: SegmentName): boolean {
    const { language } = this.context;
    return language !== null && language !== 'en' && name.words.length === 1 && SHOP_PREPOSITIONS[language].has(fold(name.before));
  }

  /**
   * Whether a word that offers examples stands right before the name (`como`, `like`, `such as`;
   * not a route's `via`, `through`), no kind of place before it (`ciudades como Porto`), and the
   * name no country's, region's or capital's (`comunidades, como Madrid`).
   */
  private offeredAsExample(segment: Segment, name: SegmentName, text: string): boolean {
    const cue = fold(name.before);
    const offers = (BRAND_CUES.has(cue) && !ROUTE_CUES.has(cue)) || (cue === 'as' && fold(wordBefore(this.tokens, segment.first - 1)) === 'such');
    return offers && !isRegionName(text) && !afterPlaceKind(this.tokens, segment.first, this.context.language);
  }

  /**
   * Whether the segment is enumerated beside a brand, a tracked one or one a reader knows (a name
   * read as a brand here is not enough: `di Altroconsumo, a Milano`).
   */
  private besideBrand(segment: Segment): boolean {
    const { tokens } = this;
    const isBrand = (words: Token[]) =>
      (words.length === 1 && words[0]!.kind === 'known') ||
      (words.every((w) => w.kind === 'word' && isCapitalised(w.text)) && isKnownBrand(words.map((w) => w.text).join(' ')));
    for (const step of [-1, 1] as const) {
      const at = enumerationNeighbour(tokens, step === 1 ? segment.last : segment.first, step);
      if (at < 0) continue;
      // The neighbour's name may run to three words away from the segment: `o Pingo Doce`, `El Corte Inglés, Dia`,
      // and after it may open on its own capitalised article, which the walk passed: `Carrefour y El Corte Inglés`.
      const firsts = step === 1 && tokens[at - 1]?.kind === 'word' && isCapitalised(tokens[at - 1]!.text) ? [at, at - 1] : [at];
      for (const first of firsts) {
        for (let n = 1; n <= 3; n++) {
          const words = step === 1 ? tokens.slice(first, first + n) : tokens.slice(at - n + 1, at + 1);
          if (words.length === n && isBrand(words)) return true;
        }
      }
    }
    return false;
  }

  /** Whether the segment stands after the name that leads its line's item or row. */
  private followsLead(segment: Segment): boolean {
    return this.lead >= 0 && segment.first > this.lead;
  }

  /** The word before the segment, or null when the segment is no name of its own. */
  private wordBeforeName(segment: Segment): string | null {
    const { tokens, out } = this;
    // Capitalised words right after a known name go on with it: `Hyatt Centric Times Square`,
    // `Shell Fleet Solutions`, `the Sage Bambino Plus` are the brand's products and places.
    if (tokens[segment.first - 1]?.kind === 'known') {
      out.notBrands.add(keyOf(segment.words));
      const line = segment.words[0]!.text;
      if (!isCommon(line) && !isCommonWord(line, 'en') && (this.context.language === null || !isCommonWord(line, this.context.language)))
        out.productLines.add(compactKey(line));
      return null;
    }
    // Words right before a known name are its product or plan: `Club Dia`, `Ticket Leclerc`.
    if (tokens[segment.last + 1]?.kind === 'known' && tokens[segment.last + 1]!.start === endOf(tokens[segment.last]!) + 1) return null;
    // After a number, a unit (`16 GB`, `500 Mb/s`, `4 500 kWh`); after `loi`, `festival`, a law or an event.
    const before = wordBefore(tokens, segment.first).replace(/^\p{Ll}{1,5}['’](?=\p{Ll})/u, '');
    if (/^\p{N}/u.test(tokens[segment.first - 1]?.text ?? '')) return null;
    if (namesLawOrEvent(before) || enumeratedAfter(tokens, this.lawEnd, segment.first)) {
      this.lawEnd = segment.last;
      return null;
    }
    // After a name's possessive, what the name offers: `Nike's Alphafly`, `freeCodeCamp's
    // Scientific Computing` are its products.
    if (afterPossessive(tokens, segment.first)) {
      out.notBrands.add(keyOf(segment.words));
      return null;
    }
    return before;
  }

  /**
   * A single name after `the`, `its`, `their` is a model or product line (`such as the Alphafly`,
   * `its CloudTec sole`), and so are the names enumerated with it (`the Clifton and Bondi`; past
   * an article, of any length: `la Vertuo Pop e la Essenza Mini`), a name after or before a
   * product's noun (`l'offre Essentielle`, `Room Essentials lines`).
   */
  private isModel(segment: Segment, name: SegmentName): boolean {
    const { tokens } = this;
    const { language } = this.context;
    const { words, before } = name;
    // A legal form ends a company's name, not a model's (`Paul Hartmann AG`); `SE` does so in German
    // only (`Zorb Work SE`), where it is no model's special edition (`Migration SE`, `iPhone SE`).
    const form = legalFormOf(words);
    if (words.length > 1 && form !== null && (form !== 'se' || language === 'de')) return false;
    return (
      (words.length === 1 && (MODEL_DETERMINERS.has(fold(before)) || enumeratedAfter(tokens, this.modelEnd, segment.first))) ||
      // English: one name after `a`, `an` and before no noun is a thing one has or uses, a product
      // (`if you have an iPhone`, `stores clips on a HomeBase`); `a Costco run` goes on to its noun,
      // and so does a list of names after one `a`, which qualify the noun at its end (`a NatWest,
      // Royal Bank of Scotland or Mettle business account`): products each take their own article.
      (language === 'en' &&
        words.length === 1 &&
        INDEFINITE.has(fold(before)) &&
        tokens[segment.last + 1]?.kind !== 'word' &&
        !inEnumeration(tokens, this.items, segment)) ||
      // Past an article, a name of any length: `la Vertuo Pop e la Essenza Mini`.
      (isArticle(tokens[segment.first - 1]) && enumeratedAfter(tokens, this.modelEnd, segment.first - 1)) ||
      (PRODUCT_NOUNS.has(fold(before)) && determinerBefore(tokens, segment.first, language)) ||
      houseBrand(tokens, segment.first) ||
      productOf(tokens, segment.last) ||
      isOwnerDeterminer(before, language) ||
      /^\p{Ll}+['’]s$/u.test(before) ||
      MODEL_CODE.test(words[words.length - 1]!.text) ||
      // An article as written: `à` is no `a` (`Pampers appartient à Unilever`), and what owns is no product.
      (ROMANCE.has(language ?? '') &&
        ARTICLES.has(before.toLowerCase()) &&
        knownBefore(tokens, segment.first) &&
        !ownershipCue(tokens, segment) &&
        !joinedToName(tokens, segment.first, language) &&
        // After a word that gives examples (`como o Albert Einstein`), the name is one of a kind of business.
        !BRAND_CUES.has(fold(wordBefore(tokens, segment.first - 1))))
    );
  }

  /** A person's name (`founder Jason Goehner`, `Dr. Lee`), or one the lists do not know, outside an enumeration of names. */
  private isPerson(segment: Segment, name: SegmentName, listed: boolean, knownName: boolean): boolean {
    const { language } = this.context;
    const words = name.words.map((w) => w.text);
    // Offered as a business of a kind (`marcas como Royal Canin`), a name is no person's; nor is a
    // brand a reader knows by its two or more words (`Leroy Merlin`), save after a title.
    if (offeredAsKind(this.tokens, segment.first) || namesGroup(words)) return false;
    // A legal form after the name makes it a company's, whatever its words (`Paul Hartmann AG`, `Eberhard Göbel GmbH`).
    if (legalFormOf(segment.words) !== null) return false;
    if (knownName && words.length > 1 && !isTitle(fold(name.before))) return false;
    // What a business belongs to is a company, though its words be a person's (`all belong to Glen Dimplex`).
    if (belongsToName(this.tokens, segment)) return false;
    // Two words no list of names knows may be a brand a reader knows: `Uber Eats`, `Mercado Livre`.
    // Not after a word of owning or making (`owned by Dentsply Sirona`): a person who owns a business is named so by a given name.
    // Nor after an indefinite article in the Romance languages, which orders a thing of that brand
    // (`una Inca Kola bien fría`), no person.
    const orderedAsThing = language !== null && ROMANCE.has(language) && INDEFINITE_ROMANCE.has(fold(name.before));
    const stranger =
      !listed &&
      !determinerBefore(this.tokens, segment.first, language) &&
      unknownPerson(words, language) &&
      !knownName &&
      !ownershipCue(this.tokens, segment) &&
      !orderedAsThing;
    return (
      stranger ||
      kinOf(this.tokens, segment.first) ||
      looksLikePerson(words, name.before, language) ||
      (!knownName && (this.givenNameOfCouple(segment, words, language) || this.titledAfter(segment, words, language)))
    );
  }

  /**
   * The end of a person's name after its particle: `le général de Gaulle` (a title before it),
   * `Guillermo Hurtado de Amézaga`, `Charles de Gaulle` (a given name, a surname perhaps, before it).
   */
  private surnameAfterParticle(first: number, language: Language | null): boolean {
    const particle = this.tokens[first - 1];
    if (particle?.kind !== 'word' || !SURNAME_PARTICLES.has(particle.text)) return false;
    const [a, b] = [2, 3].map((k) => this.tokens[first - k]);
    if (a?.kind !== 'word') return false;
    if (isTitle(fold(a.text))) return true;
    const given = (t: Token | undefined) => t?.kind === 'word' && isGivenName(t.text, language);
    return given(a) || (/^\p{Lu}\p{Ll}+$/u.test(a.text) && given(b));
  }

  /** A given name and a surname, then a comma, an article and a person's title: `Brett Graham, the chef behind…`. */
  private titledAfter(segment: Segment, words: string[], language: Language | null): boolean {
    if (words.length !== 2 || !isGivenName(words[0]!, language)) return false;
    const [comma, article, title] = [1, 2, 3].map((k) => this.tokens[segment.last + k]);
    return (
      comma?.kind === 'punct' &&
      comma.text.trim() === ',' &&
      article?.kind === 'word' &&
      (isArticle(article) || fold(article.text) === 'the') &&
      title?.kind === 'word' &&
      isTitle(fold(title.text))
    );
  }

  /** A given name alone, joined to a person's full name after it: `Frédéric et Camille Chartier`, `Jean and Pierre Dupont`. */
  private givenNameOfCouple(segment: Segment, words: string[], language: Language | null): boolean {
    if (words.length !== 1 || !isGivenName(words[0]!, language)) return false;
    const [joiner, given, surname] = [1, 2, 3].map((k) => this.tokens[segment.last + k]);
    return (
      joiner?.kind === 'word' &&
      ENUMERATION_JOINERS.has(fold(joiner.text)) &&
      given?.kind === 'word' &&
      isGivenName(given.text, language) &&
      surname?.kind === 'word' &&
      /^\p{Lu}\p{Ll}+$/u.test(surname.text)
    );
  }

  /** Whether the name is a place, a public body, a law or an event, or a short name of one; where it ends is kept. */
  private setAside(segment: Segment, name: SegmentName, text: string, listed: boolean, known: boolean, besideBrand: boolean): boolean {
    // What stands in brackets right after a place or a public body is its short name: `Banco de México (Banxico)`.
    if (shortNameOf(this.tokens, segment.first, this.excludedEnd)) {
      this.out.notBrands.add(keyOf(name.words));
      return true;
    }
    // A family's name is the family, however it named its business: `la famille de Dietrich`, `the Rose family`.
    if (this.familyName(segment)) {
      this.out.notBrands.add(keyOf(name.words));
      return true;
    }
    // `die Insel Neuwerk`, `der Kanton Uri`: German capitalises the kind that opens the run, and the
    // rest is the place's name, wherever the answer names it again (`von Neuwerk`).
    if (this.context.language === 'de' && opensOnGermanKind(name.words)) {
      this.out.notBrands.add(keyOf(name.words.slice(1)));
      this.placeEnd = segment.last;
      return true;
    }
    const kind = notBrand(text, true);
    if (kind !== null && !(kind === 'place' && besideBrand)) {
      this.excludedEnd = segment.last;
      if (kind === 'place') this.placeEnd = segment.last;
      return true;
    }
    // What owns or buys a business is no place, whatever precedes it (`à Paris, mais elle appartient à Unilever`).
    const place = known || ownerCue(this.tokens, segment) ? null : this.placeHere(segment, name, listed);
    if (place === null) return false;
    if (place !== 'cued') this.out.notBrands.add(keyOf(name.words));
    this.placeEnd = segment.last;
    return true;
  }

  /** Whether the name is a family's: after a family's noun (and `de`, `von`), or before `family`. */
  private familyName(segment: Segment): boolean {
    const { tokens } = this;
    const before = fold(wordBefore(tokens, segment.first));
    const particle = before === 'de' || before === 'von' || before === 'di' || before === 'da';
    if (FAMILY_NOUNS.has(particle ? fold(wordBefore(tokens, segment.first - 1)) : before)) return true;
    const after = tokens[segment.last + 1];
    return after?.kind === 'word' && /^famil(?:y|ies)$/u.test(after.text);
  }

  /** Whether the name is a place by where it stands: after a locative, after a place's cue, or listed after a place. */
  private placeHere(segment: Segment, name: SegmentName, listed: boolean): 'part' | 'cued' | 'listed' | null {
    const { tokens } = this;
    const { language, local } = this.context;
    // `in the Highlands`: the article after the preposition leaves the preposition where it was.
    const before = fold(name.before) === 'the' ? fold(wordBefore(tokens, segment.first - 1)) : fold(name.before);
    // In an answer about a place, a name after `in`, `en`, `no` that is no word of the language is a part of it (a district, a square).
    if (
      local &&
      !listed &&
      name.words.length <= 2 &&
      language !== null &&
      PLACE_PREPOSITIONS[language].has(before) &&
      !name.words.some((w) => isCommon(w.text) || isCommonWord(w.text, language))
    ) {
      return 'part';
    }
    // `À Praz, cette boulangerie…`: a preposition of place opening the sentence before a name and a comma says where.
    if (this.openingLocative(segment, name, before)) return 'part';
    // `gare Part-Dieu`, `musée des Confluences`: after the noun of a place's kind, the place.
    if (afterPlaceKind(tokens, segment.first, this.context.language)) return 'part';
    if (
      language !== null &&
      (PLACE_CUES[language]?.has(before) || (MAKER_OF.has(before) && PLACE_CUES[language]?.has(fold(wordBefore(tokens, segment.first - 1)))))
    ) {
      return 'cued';
    }
    const enumerated = enumeratedAfter(tokens, this.placeEnd, segment.first);
    // A comma after a place lists another where a joiner and a name follow this one (`Orten wie
    // Kühlungsborn, Binz oder Heringsdorf`: German nouns and towns named like them are no items).
    const goesOn = inEnumeration(tokens, this.items, segment) || joinedToNext(tokens, segment.last);
    if (enumerated || listedAfter(tokens, this.placeEnd, segment.first, goesOn)) return 'listed';
    // Joined to a place that follows, it is one too: `from Gatwick and Luton`.
    return joinedToPlace(tokens, segment.last) ? 'listed' : null;
  }

  /**
   * `À Praz, cette boulangerie…`, `In Leeds, the best…`: a preposition of place that opens the
   * sentence (capitalised), the name, a comma: the place the sentence is set in.
   */
  private openingLocative(segment: Segment, name: SegmentName, before: string): boolean {
    const { tokens } = this;
    const { language } = this.context;
    const preposition = tokens[nameStart(segment, name) - 1];
    return (
      language !== null &&
      OPENING_LOCATIVES[language].has(before) &&
      preposition?.kind === 'word' &&
      /^\p{Lu}/u.test(preposition.text) &&
      tokens[segment.last + 1]?.kind === 'punct' &&
      tokens[segment.last + 1]!.text.trim().startsWith(',')
    );
  }

  /**
   * Whether the name is a brand's new or former name in brackets right after it (`Greenpeace Energy
   * (heute Green Planet Energy)`, `Hive (formerly British Gas Hive)`): a name where the one before it
   * counted.
   */
  private renamed(segment: Segment, name: SegmentName): boolean {
    const open = segment.first - 2;
    if (!RENAMING.has(fold(name.before)) || fold(this.tokens[open + 1]?.text ?? '') !== fold(name.before)) return false;
    if (this.tokens[open]?.kind !== 'punct' || !/^\($/u.test(this.tokens[open].text.trim())) return false;
    const before = this.tokens[open - 1];
    return before?.kind === 'known' || (before !== undefined && this.out.names.some((n) => n.start <= before.start && before.start < n.start + n.name.length));
  }

  /**
   * A name after a company's noun counts; a model, a person, a lone acronym (`CNMC`, `SPEI`) or
   * common word (`la Ville`), which is as often a body, a standard or a word as a brand, and a name
   * its sentence's start may have capitalised count only where the same name also stands in a place
   * that qualifies, or in an enumeration of names.
   */
  private keep(segment: Segment, name: SegmentName, candidate: BrandCandidate, { model, person, listed, known, knownName, besideBrand }: Standing): void {
    const { tokens, items, out } = this;
    const { language } = this.context;
    // After a company's noun, or opening on a group's (`del Grupo Santander`), a company's name.
    if ((COMPANY_NOUNS.has(fold(name.before)) || (name.words.length > 1 && GROUPS.has(fold(name.words[0]!.text)))) && !model) {
      out.names.push({ ...candidate, cue: 'company-noun' });
      return;
    }
    const single = name.words.length === 1;
    // English writes common nouns in lower case, so a capitalised one there is a name (`Amazon`).
    const possessive = /['’]s$/u.test(segment.words[segment.words.length - 1]!.text);
    // A brand a reader knows by name is one at a sentence's start and as an acronym too (`Deliveroo`, `BBVA`).
    const doubtful =
      single && !possessive && !known && (isAcronym(candidate.name) || (language !== null && language !== 'en' && isCommonWord(candidate.name, language)));
    if (language === 'de') {
      // `Continental-Konzern`, `Telefónica-Marke`: the compound names its company.
      const company = companyOfCompound(name.words);
      if (company !== null) {
        out.names.push({ ...company, cue: 'compound' });
        return;
      }
      const organisation = organisationName(segment.words);
      if (organisation !== null) {
        out.names.push({ name: organisation.map((w) => w.text).join(' '), start: organisation[0]!.start, cue: 'organisation' });
        return;
      }
      // `der Mutterkonzern New Work SE`: German capitalises the company's noun, which opens the run; what follows is its name.
      const named = companyNamed(name.words);
      if (named !== null) {
        out.names.push({ ...named, cue: 'company-noun' });
        return;
      }
      // `Shimano- und SRAM-Gruppen`, `Rennrad- und Triathlonteilen`: a compound's first part, hanging on its hyphen.
      const suspended = single ? suspendedNames(tokens, segment.last) : null;
      if (suspended !== null) {
        out.names.push(...suspended.map((c) => ({ ...c, cue: 'compound' })));
        return;
      }
      // A noun before `wie` names the kind of what follows (`Vergleichsportalen wie Verivox`): no name.
      if (single && fold(tokens[segment.last + 1]?.text ?? '') === 'wie') return;
      // `bei der Sparkasse`: the word before an article may be the cue.
      const beforeThat = name.words[0]!.start === segment.words[0]!.start ? wordBefore(tokens, segment.first - 1) : '';
      // A new or former name in brackets is the brand's, all its words: `(heute Green Planet Energy)`.
      if (this.renamed(segment, name)) {
        out.names.push({ ...candidate, cue: 'renamed' });
        return;
      }
      // After a kind's noun and a word that gives examples (`Marken wie Royal Canin, Wolfsblut oder
      // Held`, `Hersteller wie Hugo Boss`), the names enumerated are brands as written: a noun, a
      // word or a person's shape among them is the brand's name, as in the other languages.
      if (!model && (offeredAsKind(tokens, segment.first) || listedRightAfter(tokens, this.offeredListEnd, segment.first))) {
        out.names.push({ ...candidate, cue: 'kind-examples' });
        this.offeredListEnd = segment.last;
        this.knownListEnd = segment.last;
        return;
      }
      const withKnown = !model && !person && listedAfterKnown(tokens, this.knownListEnd, segment.first, segment.last);
      // As in the other languages, a cue of owning (`gehört zur Munich Re`, `zur Ceconomy gehören`),
      // a verb of what a business does after the name (`Verivox zeigt`, `Knuspr liefert`), a price it
      // is or has (`Knuspr ist mit 3,99 € …`), a business's noun opening it (`Café Sacher`) or a
      // sentence calling it one (`Knuspr ist eine Marke`) makes it a company's; not a role after
      // `als` (`Adidas als Ausrüster verkauft`), which is a noun.
      const role = fold(name.before) === 'als';
      const offered =
        !role &&
        !this.followsLead(segment) &&
        (offeredAfter(tokens, segment.last) ||
          calledBusiness(tokens, segment.last) ||
          presentedAsBusiness(
            tokens,
            segment,
            name.words.map((w) => w.text),
          ));
      const business = !model && !person && (ownershipCue(tokens, segment) || ownedInClause(tokens, segment) || offered);
      const verdict =
        withKnown || business || (known && !model && !person)
          ? 'names'
          : model || person || (name.initial && !listed) || doubtful
            ? 'pending'
            : listed
              ? 'names'
              : null;
      const namedBy = withKnown ? 'enumeration with known' : business ? 'business' : known && !model && !person ? 'known' : 'enumeration';
      if (readGerman(name.words, name.before, verdict, out, beforeThat, withKnown, besideBrand, candidate.notPlace === true, namedBy))
        this.knownListEnd = segment.last;
      return;
    }
    const pending =
      model ||
      person ||
      productAfter(tokens, segment.last) ||
      // A sentence that opens on two names (`Amazon Prime Video no longer…`) opens on a name.
      // A sentence that opens on a possessive opens on its owner's name (`Target's same-day service`).
      (name.initial &&
        !known &&
        // `Reber è il marchio preferito…`: a sentence that calls its first name a brand names one,
        // as does one that says what it owns or bought (`Diageo owns it`).
        !calledBusiness(tokens, segment.last) &&
        !ownerCue(tokens, segment) &&
        !inEnumeration(tokens, items, segment) &&
        !(language === 'en' && name.words.length > 1) &&
        !(possessive && !isAcronym(candidate.name)) &&
        // A capital inside a word is no sentence's doing: `OnTheMarket is worth having`.
        !(single && INNER_CAPITAL.test(candidate.name))) ||
      (doubtful && !inEnumeration(tokens, items, segment) && !joinedToName(tokens, segment.first, language) && !ownershipCue(tokens, segment)) ||
      (name.initial && single && /\p{L}ly$/u.test(fold(candidate.name)));
    // Outside these, a name counts only on a brand's evidence (prose-evidence.ts).
    const read = evidenced(tokens, segment, candidate.name, name.before, listed, language);
    // Joined to the next item of an enumeration that makes no names (`PRK o SMILE`), a name has no evidence by it.
    const evidence = read?.cue === 'joined-to-name' && this.things.has(segment.first) ? null : read;
    const cue = pending ? null : this.provenBy(segment, name, evidence, known || (language === 'en' && knownName));
    if (cue === null) out.pending.push(candidate);
    else out.names.push({ ...candidate, cue });
  }

  /**
   * The cue a name in prose is taken on, or null when it waits: a brand a reader knows (English
   * writes its words in lower case, so capitalised in a sentence a known brand is one even where it
   * is a word, `Confluence`), strong evidence, a brand's new or former name, weak evidence, or a
   * maker after a noun in the Romance languages.
   */
  private provenBy(segment: Segment, name: SegmentName, evidence: Evidence | null, known: boolean): string | null {
    const { tokens } = this;
    const { language } = this.context;
    if (known) return 'known';
    if (evidence?.strength === 'strong') return evidence.cue;
    if (this.renamed(segment, name)) return 'renamed';
    // In an item or a row another name leads, a name's shape or a verb of business may be its
    // product's or feature's (`SpotMe`, `Autoship`), unless the name opens on a maker a reader knows (`Microsoft 365`).
    if (evidence?.strength === 'weak' && (!this.followsLead(segment) || (name.words.length > 1 && isKnownBrand(name.words[0]!.text)))) return evidence.cue;
    return makerAfterNoun(tokens, segment, name.before, language) ? 'maker-after-noun' : null;
  }
}

/**
 * Whether a name of two words or more opens on a brand a reader knows by one or two words, no common
 * word (`Samsung T7`, `American Express Platinum Card`; not `British Association of Dermatologists`).
 */
function opensOnMaker(words: ReadonlyArray<{ text: string }>, language: ProseContext['language']): boolean {
  // A common first word opens a body's or a line's name, not a maker's: `British Association`.
  if (isCommon(words[0]!.text)) return false;
  const first = words[0]!.text;
  // The maker is named by one word, or two, and something of the name follows it.
  return words.length > 1 && (knownAsBrand(first, language) || (words.length > 2 && knownAsBrand(`${first} ${words[1]!.text}`, language)));
}

/** Prepositions between a family noun and its person's name: `the son of Hans Grohe`, `le père de Friedrich`. */
const KIN_OF = new Set(['of', 'de', 'd', 'du', 'des', 'del', 'di', 'da', 'do', 'von']);

/** Whether a family noun and `of`, `de` stand right before token `first`: the name is a person's (`le père de Friedrich`). */
function kinOf(tokens: Token[], first: number): boolean {
  const of = tokens[first - 1];
  const noun = tokens[first - 2];
  return of?.kind === 'word' && KIN_OF.has(fold(of.text)) && noun?.kind === 'word' && KIN_NOUNS.has(fold(noun.text));
}

/** Words in brackets before a brand's new or former name: `(heute …)`, `(formerly …)`, `(ex …)`. */
const RENAMING = new Set([
  'heute',
  'jetzt',
  'fruher',
  'ehemals',
  'now',
  'formerly',
  'ex',
  'desormais',
  'anciennement',
  'ahora',
  'antes',
  'ora',
  'oggi',
  'agora',
]);

/**
 * Whether a run of capitalised words carries a question or exclamation mark glued to it while its
 * sentence goes on in lower case (`the Which? airline survey`, `Which?'s ranking`): the mark is part
 * of a title, a magazine's or a brand's, not the sentence's end.
 */
function titleWithMark(tokens: Token[], segment: Segment): boolean {
  const mark = tokens[segment.last + 1];
  if (mark?.kind !== 'punct' || !/^[?!]['’]?$/u.test(mark.text) || mark.start !== endOf(tokens[segment.last]!)) return false;
  const next = tokens[segment.last + 2];
  return next?.kind === 'word' && /^\p{Ll}/u.test(next.text);
}

/** Whether the word before `first` is a saint's abbreviation and its dot (`St.`, `Ste.`). */
function abbreviatedSaint(tokens: Token[], first: number): boolean {
  const dot = tokens[first - 1];
  const word = tokens[first - 2];
  return dot?.kind === 'punct' && dot.text === '.' && word?.kind === 'word' && isSaint(word.text) && word.start + word.text.length === dot.start;
}

/** A name's compact key, from its words. */
function keyOf(words: ReadonlyArray<{ text: string }>): string {
  return compactKey(words.map((w) => w.text).join(' '));
}

/**
 * Whether a name stands right after a noun and its determiner in a Romance language, where a noun's
 * qualifier follows it: `un moteur Bosch`, `la moka Bialetti`, `les ateliers Cyclable` name the
 * noun's maker or who runs it (a plan's or a product's noun makes it a product instead, isModel).
 */
function makerAfterNoun(tokens: Token[], segment: Segment, before: string, language: ProseContext['language']): boolean {
  return (
    language !== null &&
    ROMANCE.has(language) &&
    /^\p{Ll}{3,}$/u.test(before) &&
    !NAMED_KINDS.has(fold(before)) &&
    tokens[segment.first - 1]?.kind === 'word' &&
    isCommonWord(before, language) &&
    determinerBefore(tokens, segment.first, language) &&
    // After a possessive, the noun is its owner's and the name qualifies it: `ses tableaux Kanban`.
    !isOwnerDeterminer(wordBefore(tokens, segment.first - 1), language)
  );
}

/**
 * Nouns whose name after them is no maker's: a species or a variety (`la especie Atta`), a project
 * or a fund (`o projeto SOS Azulejo`, `los fondos Next Generation`), a pass, points or a mention
 * that a scheme gives (`un passe Navigo`, `i punti Yums`, `la mention Qualibat`).
 */
const NAMED_KINDS = new Set([
  'especie',
  'espece',
  'specie',
  'variedad',
  'variete',
  'varieta',
  'variedade',
  'projet',
  'proyecto',
  'progetto',
  'projeto',
  'fonds',
  'fondos',
  'fondi',
  'fundos',
  'passe',
  'pase',
  'punti',
  'puntos',
  'points',
  'pontos',
  'mention',
  'mencion',
  'menzione',
  'mencao',
]);

/**
 * Whether the name at token `first` is the next item of an enumeration whose last item ended at
 * token `end`: only a comma or a joiner (`und`, `oder`, `,`) stands between (`Dainese, Alpinestars
 * und Held`).
 */
function listedRightAfter(tokens: Token[], end: number, first: number): boolean {
  if (end < 0 || first - end < 2 || first - end > 3) return false;
  for (let j = end + 1; j < first; j++) {
    const t = tokens[j]!;
    if (!(t.kind === 'punct' ? t.text.trim() === ',' : t.kind === 'word' && ENUMERATION_JOINERS.has(fold(t.text)))) return false;
  }
  return true;
}
