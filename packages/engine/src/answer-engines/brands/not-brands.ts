// Names that are not brands wherever they stand: places, public bodies and regulators, laws and
// schemes, events (rule 3 of analyse-brands.ts). Each is told by the words of its name, by data
// (countries, cities) or by the German compound it is.
import { fold } from './fold.js';
import { inKnownBrands, isCommonInAnyLanguage, isKnownBrand, isCommonWord, isCountryName, isPlaceName, isRegionName, isTownName, placeKey } from './lexicon.js';
import { TECH_STANDARDS, wordList } from './words.js';
import { namedAsPlaceKind } from './place-kinds.js';
import { withoutLegalForm } from './name-shape.js';

export type NotBrand = 'place' | 'public body' | 'law' | 'event' | 'team' | 'standard' | 'unit';

const PUBLIC_BODIES = wordList('public-bodies');
const PUBLIC_BODY_SUFFIXES = [...wordList('public-body-suffixes')];
/** Regulators, agencies and international bodies named by their short name alone (`Ofcom`, `IVASS`, `UNESCO`): words/regulators.txt, words/international-bodies.txt. */
const REGULATORS = new Set([...wordList('regulators'), ...wordList('international-bodies')]);
const LAWS = wordList('laws');
/** The EU's quality schemes (`AOC`, `IGP`, `Indicación Geográfica Protegida`): words/quality-schemes.txt. */
const QUALITY_SCHEMES = wordList('quality-schemes');
/** Nouns of an office that open a public body's name before `of` (`Bureau of Meteorology`, `Office of Fair Trading`); `Bureau Veritas` is a company. */
const OFFICE_OF = /^(?:bureau|office|department|ministry|secretariat) (?:of|for) /u;
/** Nouns of a group of companies opening its name: `Grupo Santander`, `Gruppo Hera`, `Groupe SEB`. */
export const GROUPS: ReadonlySet<string> = new Set(['grupo', 'gruppo', 'groupe', 'group']);
/** Last words of an English law's or rule's name: `Digital Markets Act`, `Kari's Law`, `Contact Lens Rule`. */
export const LAW_ENDS: ReadonlySet<string> = new Set(['act', 'law', 'rule', 'bill', 'directive', 'regulation']);
const EVENTS = wordList('events');
const SAINTS = wordList('saints');
/** A saint's word or its abbreviation (`San`, `Saint`, `St`), which opens the names of saints and places. */
export function isSaint(word: string): boolean {
  return SAINTS.has(fold(word));
}
const PLACE_HEADS = wordList('place-heads');
const PLACE_NOUNS = wordList('place-nouns');
const PLACE_SUFFIXES = [...wordList('place-suffixes')];
/** Last words of a public body's name (`British Council`, `Federal Trade Commission`, `Consumer Financial Protection Bureau`, `Trading Standards`). */
const BODY_ENDS = new Set([
  'council',
  'commission',
  'authority',
  'agency',
  'institute',
  'ministry',
  'ministerio',
  'ministere',
  'ministero',
  'ministerium',
  'department',
  'regulator',
  'scheme',
  'bureau',
  'board',
  'commissioner',
  'tribunal',
  'court',
  'standards',
  // Associations of a trade, of patients or of consumers (`American Heart Association`) speak for their members; they sell nothing.
  'association',
]);
/** An ombudsman is a public body wherever the word stands in its name (`Energy Ombudsman`, `Financial Ombudsman Service`). */
const OMBUDSMAN = new Set(['ombudsman', 'ombudsmann', 'ombudsstelle']);
const PLACE_JOIN = /^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)*-(?:la|le|les|en|sur|sous|lès|les|de|du|des|del|am|an|im|upon|on)-\p{Lu}/u;
/** The letters sports clubs put before or after their name (`FC Barcelona`, `Sevilla FC`, `VfB Stuttgart`, `SL Benfica`): a club is not a brand. */
const CLUB_MARKS = new Set(['fc', 'cf', 'sc', 'cp', 'sl', 'ac', 'ssc', 'afc', 'sv', 'tsv', 'vfb', 'vfl', 'fk', 'cd', 'ud', 'rc', 'ec', 'osc', 'ogc', 'bsc']);
/** Nouns of a class or a grade before its number or letter, in the reader's languages. */
const GRADES = new Set(['level', 'type', 'class', 'grade', 'tier', 'stufe', 'klasse', 'typ', 'niveau', 'classe', 'nivel', 'clase', 'tipo', 'livello']);
/** Nouns of a numbered road, or of a numbered zone of a city's fares (`Zone 2`). */
const ROADS = new Set([
  'route',
  'highway',
  'interstate',
  'hwy',
  'ruta',
  'carretera',
  'rodovia',
  'autobahn',
  'bundesstrasse',
  'nationale',
  'nacional',
  'statale',
  'zone',
  'zona',
]);
const LAW_PARTS = new Set(['section', 'article', 'artikel', 'articolo', 'articulo', 'artigo', 'paragraph', 'paragraf', 'clause', 'alinea']);
/** A unit's symbol, which a table's header or prose names without its number (`Prix du kWh`, `per GB`, `GHz`). */
const UNIT = /^(?:[kMGT]?(?:Wh|W|Hz|B|bps|b\/s|B\/s|Bit)|mAh|Ah|km|kg|cm|mm)$/u;
const LOWER_OPENED = /^\p{Ll}{1,2}\p{Lu}/u;
/** An acronym's plural (`DJs`, `SUVs`, `NGOs`): things of a kind, which no business names itself. */
const ACRONYM_PLURAL = /^\p{Lu}{2,5}s$/u;
const STANDARD = /^\p{Lu}{2,5}(?: \p{Lu}{1,5})? \d{1,6}(?:[-:]\d{1,6})?(?: Type [IVX]+)?$/u;
/** A standard's noun before its number, in a name's key: `ansi standard 44`, `din norm 5035`. */
const NUMBERED_STANDARD = /(?:^| )(?:standard|norm|norme|norma)(?: no)? \d/u;
/** Tax-free savings and pension accounts that a state defines: the UK's, the US's and Canada's, by their short names. */
const TAX_ACCOUNTS: ReadonlySet<string> = new Set(['isa', 'isas', 'sipp', 'sipps', 'ira', 'iras', 'tfsa', 'rrsp', 'resp', 'rdsp', 'fhsa']);
/** A central bank is named after its country (`Banco de México`, `Banque de France`), a commercial bank rarely so. */
const BANK = /^(?:banco|banque|banca|bank|banc)(?: (?:de|do|da|d|di|of|von))? (.+)$/u;

/**
 * What a name is when it is not a brand, or null. `name` as written, one space between words;
 * `inProse` when it stands in running prose, where a city's name is the city.
 */
export function notBrand(written: string, inProse: boolean): NotBrand | null {
  // A legal form is a company's, never a place's part (`Zorb Work SE`, not south-east): the name before it is judged.
  const name = withoutLegalForm(written);
  const key = placeKey(name);
  if (key === '') return null;
  if (UNIT.test(name)) return 'unit';
  const words = key.split(' ');
  const first = words[0]!;
  const last = words[words.length - 1]!;
  if (inProse ? isPlaceName(name) || isTownName(name) : isRegionName(name)) return 'place';
  // A team or a place named after its city (`Borussia Dortmund`, `Vieux Lyon`), in prose; a group
  // named after its bank's city is the group (`Grupo Santander`).
  // Not a brand a reader knows, a chain's or a company's named after its country (`Air France`).
  if (
    inProse &&
    words.length > 1 &&
    isPlaceName(last) &&
    !isKnownBrand(name) &&
    !(isRegionName(last) && companyBeforeRegion(name, words)) &&
    !GROUPS.has(first) &&
    !['of', 'de', 'di', 'da', 'du', 'del', 'des', 'von'].includes(words[words.length - 2]!)
  )
    return 'place';
  if (SAINTS.has(first) && words.length > 1) return 'place';
  // French, Spanish and German places join their words with a particle: `Marne-la-Vallée`, `Aix-en-Provence`, `Frankfurt-am-Main`.
  if (PLACE_JOIN.test(name)) return 'place';
  if (inProse && words.length > 1 && (PLACE_HEADS.has(first) || PLACE_NOUNS.has(last))) return 'place';
  if (words.length === 1 && PLACE_SUFFIXES.some((s) => first.endsWith(s) && first.length > s.length + 2)) return 'place';
  if (inProse && namedAsPlaceKind(words)) return 'place';
  if (
    PUBLIC_BODIES.has(first) ||
    PUBLIC_BODIES.has(words.slice(0, 2).join(' ')) ||
    (words.length > 1 && BODY_ENDS.has(last)) ||
    words.some((w) => OMBUDSMAN.has(w))
  )
    return 'public body';
  if (words.length === 1 && (namedForRegion(name) || REGULATORS.has(first))) return 'public body';
  // A tourist board promotes its place and sells nothing of its own: `Tourism Nanaimo`, `Ticino Turismo`.
  if (touristBoard(words)) return 'public body';
  if (OFFICE_OF.test(key)) return 'public body';
  // `National Park Service`, `Met Office`, `Australian Taxation Office`: a service or an office
  // named by common words alone is a public one; a business names it after itself (`FedEx Office`),
  // or a reader knows it (`Post Office`).
  if (words.length > 1 && PUBLIC_ENDS.has(last) && words.slice(0, -1).every(isCommonInAnyLanguage) && !inKnownBrands(name)) return 'public body';
  if (/^bundes\p{L}{4,}/u.test(first) || (words.length === 1 && PUBLIC_BODY_SUFFIXES.some((s) => first.endsWith(s) && first.length > s.length + 3)))
    return 'public body';
  const bank = BANK.exec(key);
  if (bank !== null && isCountryName(bank[1]!)) return 'public body';
  if (LAWS.has(first) || (words.length > 1 && LAW_ENDS.has(last))) return 'law';
  // A scheme's name, or its abbreviation opening or ending a product's designation (`AOP Pays
  // d'Auge`, `IGP Cidre de Normandie`, `Aceto Balsamico di Modena IGP`, `Alcobaça IGP`).
  if (QUALITY_SCHEMES.has(key) || (words.length > 1 && ((first.length >= 3 && QUALITY_SCHEMES.has(first)) || (last.length >= 3 && QUALITY_SCHEMES.has(last)))))
    return 'standard';
  // `Section 75`, `Artikel 6`, `§ 312`: a numbered part of a law.
  if (words.length === 2 && LAW_PARTS.has(first) && /^\d+[a-z]?$/u.test(words[1]!)) return 'law';
  if (words.length > 1 && (CLUB_MARKS.has(first) || CLUB_MARKS.has(last))) return 'team';
  // A class's noun and its grade name a class of things (`Level 2`, `Type IA`, `Klasse A`, `Nivel 3`), not who sells them.
  if (words.length === 2 && GRADES.has(first) && /^(?:\d{1,2}|[a-z]{1,2}|[ivx]{1,4})\+?$/u.test(words[1]!)) return 'standard';
  // A road's number names the road (`Route 1`, `Interstate 95`, `Ruta 40`, `Bundesstraße 2`, `da Nacional 4`), a place, as a fare zone's does (`Zone 2`).
  if (words.length === 2 && ROADS.has(first) && /^\d{1,4}[a-z]?$/u.test(words[1]!)) return 'place';
  // An acronym and a number name a standard or a norm (`ISO 27001`, `SOC 2`, `EN 15194`), not who offers it;
  // so does a standard's noun before its number (`ANSI Standard 44`, `DIN-Norm 5035`).
  if (STANDARD.test(name) || NUMBERED_STANDARD.test(key)) return 'standard';
  // A device standard, alone or with its version (`Bluetooth`, `Bluetooth 5.3`, `Wi-Fi 6`).
  if (TECH_STANDARDS.has(key.replace(/(?: \d+)+$/u, ''))) return 'standard';
  // A tax-free account a state defines (`Junior ISA`, `Roth IRA`, `TFSA`) is a scheme, whoever sells it.
  if (TAX_ACCOUNTS.has(last)) return 'standard';
  // A word opened by one or two lower-case letters before a capital (`eSIM`, `kWp`, `mtDNA`,
  // `iPhone`) is a term, a unit or a product, unless it is a brand a reader knows (`eBay`, `iFood`).
  if (words.length === 1 && LOWER_OPENED.test(name) && !inKnownBrands(name)) return 'standard';
  if (ACRONYM_PLURAL.test(name) && !inKnownBrands(name)) return 'standard';
  if (words.some((w) => EVENTS.has(w))) return 'event';
  return null;
}

/**
 * Whether one word joins a common word to a country or a region, each capitalised
 * (`VisitScotland`, `VisitBritain`): a national body's name, as a tourist board's; a brand's camel
 * case joins words of its own (`JobRad`, `HomeBase`).
 */
function namedForRegion(word: string): boolean {
  const parts = word.match(/\p{Lu}\p{Ll}+/gu);
  if (parts === null || parts.length !== 2 || parts.join('') !== word) return false;
  const [a, b] = parts as [string, string];
  // A region's name of five letters or more: `NatWest` joins two words of its own.
  return (b.length >= 5 && isRegionName(b) && isCommonWord(a, 'en')) || (a.length >= 5 && isRegionName(a) && isCommonWord(b, 'en'));
}

/** Words that name a tourist board with its place: `Tourism Nanaimo`, `Visit Berlin`, `Ticino Turismo`, `Tourisme Montréal`. */
const TOURISM = new Set(['tourism', 'tourisme', 'turismo', 'tourismus', 'visit']);
/** Particles between a tourist board's word and its place: `Turismo de Portugal`. */
const PLACE_PARTICLES = new Set(['de', 'di', 'du', 'do', 'da', 'del', 'of', 'in']);

/** Whether a name is a tourist board's: its word of tourism and a place, which the board promotes and sells nothing of its own. */
function touristBoard(words: readonly string[]): boolean {
  if (words.length < 2) return false;
  const rest = TOURISM.has(words[0]!) ? words.slice(1) : TOURISM.has(words[words.length - 1]!) ? words.slice(0, -1) : null;
  if (rest === null) return false;
  const place = (PLACE_PARTICLES.has(rest[0]!) ? rest.slice(1) : rest).join(' ');
  return place !== '' && (isPlaceName(place) || isTownName(place) || isRegionName(place));
}

/** Whether a word right before a name makes the name a law (`la loi ALUR`) or an event (`le festival Marsatac`). */
export function namesLawOrEvent(wordBefore: string): boolean {
  const word = fold(wordBefore);
  return LAWS.has(word) || EVENTS.has(word);
}

/** Points of the compass, which end companies' names as often as places' (`Chant West`). */
const COMPASS = new Set(['north', 'south', 'east', 'west']);

/**
 * Whether a name that ends on a region, a country or a point of the compass is a company's: one
 * ending on a point of the compass (`Chant West`), joined by `&` (`Legal & General America`), or
 * opening on a word no language knows (`Volkswagen California`). A body's name is common words
 * before its region (`Transport Scotland`, `Banco Central`, `Atout France`).
 */
function companyBeforeRegion(name: string, words: readonly string[]): boolean {
  if (COMPASS.has(words[words.length - 1]!) || name.includes('&')) return true;
  return words.slice(0, -1).some((w) => /\p{L}{3}/u.test(w) && !isCommonInAnyLanguage(w));
}

/** Last words of a service's or an office's name, a public one where common words alone name it. */
const PUBLIC_ENDS = new Set(['service', 'office']);
