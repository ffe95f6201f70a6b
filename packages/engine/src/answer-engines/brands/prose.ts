// Names in running prose: runs of capitalised words, judged by where they stand (the start of a
// sentence, an enumeration, after a name's possessive, after `the`) and by what they look like.
import { COMPANY_FORMS, ENUMERATION_JOINERS, MODEL_DETERMINERS, wordList } from './words.js';
import { compactKey, fold } from './fold.js';
import { isGermanNoun, readGerman } from './german.js';
import { isCommonWord, isGivenName, isPlaceName, type Language } from './lexicon.js';
import { isCapitalised, isCommon, isConnector, trimWord, type BrandCandidate } from './name-shape.js';
import { namesLawOrEvent, notBrand } from './not-brands.js';
import {
  ARTICLES,
  COMPANY_NOUNS,
  MAKER_OF,
  MODEL_CODE,
  OWNER_DETERMINERS,
  PLACE_CUES,
  PLACE_PREPOSITIONS,
  PRODUCT_NOUNS,
  ROMANCE,
  afterPossessive,
  determinerBefore,
  enumeratedAfter,
  inEnumeration,
  isAcronym,
  isCurrencyAfter,
  joinedToName,
  looksLikePerson,
  productAfter,
  productOf,
} from './prose-cues.js';
import type { Line, Table } from './tables.js';
import { SENTENCE_END, capitalisedAfterConnectors, endOf, knownBefore, tokenize, wordBefore, type Segment, type Token } from './tokens.js';

const LIST_MARKER = /^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+|>[ \t]*)+/;
/** A line that is only bold text (a pseudo-heading), perhaps with a colon. */
const BOLD_LINE = /^[ \t]*(\*\*|__)[^\n]+?\1[ \t]*:?[ \t]*$/;
const HEADING_LINE = /^[ \t]*#{1,6}[ \t]/;
const FENCE = /^[ \t]*(```|~~~)/;

export interface ProseNames {
  /** Names in places that qualify. */
  names: BrandCandidate[];
  /** Names at the start of a sentence, which need the same name elsewhere. */
  pending: BrandCandidate[];
  /**
   * Compact keys of what prose showed not to be a brand wherever else it stands: a tracked brand's
   * product named with it (`Target Circle 360`, `Chime's SpotMe`), a person's surname (`Muñoz`
   * after `Dabiz Muñoz`), a place after a locative in an answer about a place, a public body's
   * short name (`Banco de México (Banxico)`).
   */
  notBrands: Set<string>;
}

export interface ProseContext {
  language: Language | null;
  /** Whether the question is about a place (its prompt names a city, region or country): names after `in`, `en`, `no` are then its parts. */
  local: boolean;
}

export function proseNames(masked: string, lines: Line[], tables: Table[], context: ProseContext = { language: null, local: false }): ProseNames {
  const out: ProseNames = { names: [], pending: [], notBrands: new Set() };
  const inTable = new Set<number>();
  const delimiters = new Set<number>();
  for (const t of tables) {
    for (let i = t.header; i < t.end; i++) inTable.add(i);
    delimiters.add(t.header + 1);
  }
  let fenced = false;
  /** Whether the previous line lets this one start a sentence. */
  let freshLine = true;
  for (const [index, line] of lines.entries()) {
    const raw = masked.slice(line.start, line.start + line.text.length);
    if (FENCE.test(raw)) {
      fenced = !fenced;
      freshLine = true;
      continue;
    }
    if (fenced || raw.trim() === '' || HEADING_LINE.test(raw) || BOLD_LINE.test(raw) || delimiters.has(index)) {
      freshLine = true;
      continue;
    }
    const marker = LIST_MARKER.exec(raw)?.[0].length ?? 0;
    const table = inTable.has(index);
    const tokens = tokenize(raw.slice(marker), line.start + marker, freshLine || marker > 0 || table);
    readLine(tokens, out, context);
    // A line of prose that does not end a sentence goes on in the next line (a soft wrap).
    const last = tokens[tokens.length - 1];
    freshLine = table || last === undefined || (last.kind === 'punct' && SENTENCE_END.test(last.text));
  }
  return out;
}

/** Names of one line's tokens: runs of words split into capitalised segments, then judged. */
function readLine(tokens: Token[], out: ProseNames, context: ProseContext): void {
  const { language } = context;
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
      if (current === null) current = { words: [], first: i, last: i };
      current.words.push(token);
      current.last = i;
      // `Etsy's sellers`: a possessive ends the name; `Microsoft 365`: a number after a name ends it.
      if (/['’]s$/u.test(token.text)) close();
      else if (
        /^\p{N}+$/u.test(tokens[i + 1]?.text ?? '') &&
        tokens[i + 1]!.start === token.start + token.text.length + 1 &&
        !/^[^\s,.;:)]/u.test(tokens[i + 2]?.start === tokens[i + 1]!.start + tokens[i + 1]!.text.length ? tokens[i + 2]!.text : ' ') &&
        !isCurrencyAfter(tokens, i + 1)
      ) {
        current.words.push(tokens[i + 1]!);
        current.last = ++i;
        close();
      }
    } else if (current !== null && isConnector(token.text) && (language !== 'de' || token.text === '&') && capitalisedAfterConnectors(tokens, i)) {
      current.words.push(token);
    } else {
      close();
    }
  }
  close();

  const items = new Map<number, number>(); // first token index → last token index, of segments and known names
  for (const s of segments) if (language !== 'de' || !s.words.every((w) => isGermanNoun(w.text))) items.set(s.first, s.last);
  for (const [i, t] of tokens.entries()) if (t.kind === 'known') items.set(i, i);

  /** Token index of the last word of the last model named (`the Clifton`), or -1. */
  let modelEnd = -1;
  /** The same for the last place named after a place's cue (`barrios de Los Remedios y Triana`). */
  let placeEnd = -1;
  /** The same for the last place, public body, law or event. */
  let excludedEnd = -1;
  for (const segment of segments) {
    // Capitalised words right after a known name go on with it: `Hyatt Centric Times Square`,
    // `Shell Fleet Solutions`, `the Sage Bambino Plus` are the brand's products and places.
    if (tokens[segment.first - 1]?.kind === 'known') {
      out.notBrands.add(keyOf(segment.words));
      continue;
    }
    // Words right before a known name are its product or plan: `Club Dia`, `Ticket Leclerc`.
    if (tokens[segment.last + 1]?.kind === 'known' && tokens[segment.last + 1]!.start === endOf(tokens[segment.last]!) + 1) continue;
    // After a number, a unit (`16 GB`, `500 Mb/s`, `4 500 kWh`); after `loi`, `festival`, a law or an event.
    let before = wordBefore(tokens, segment.first).replace(/^\p{Ll}{1,5}['’](?=\p{Ll})/u, '');
    if (/^\p{N}/u.test(tokens[segment.first - 1]?.text ?? '') || namesLawOrEvent(before)) continue;
    // After a name's possessive, what the name offers: `Nike's Alphafly`, `freeCodeCamp's
    // Scientific Computing` are its products.
    if (afterPossessive(tokens, segment.first)) {
      out.notBrands.add(keyOf(segment.words));
      continue;
    }
    let words = segment.words.map((w) => ({ text: trimWord(w.text), start: w.start }));
    let initial = segment.words[0]!.initial;
    // Only the first word of a sentence is capitalised by its place: a common one is dropped
    // (`The Kiln Shop` → `Kiln Shop`), with the connectors after it.
    // (English films' words include brands, `amazon`: there the reader's own labels decide; a given
    // name before a surname stays, `Christophe Vasseur`.)
    const opener = isCommon(words[0]!.text) || (language !== null && language !== 'en' && isCommonWord(words[0]!.text, language));
    if (initial && opener && !(words.length > 1 && isGivenName(words[0]!.text, language))) {
      let dropped = 1;
      while (dropped < words.length && isConnector(words[dropped]!.text)) dropped++;
      // The dropped word is then the one before the name (`Laut Finanztip …`).
      if (dropped === 1) before = words[0]!.text;
      words = words.slice(dropped);
      initial = false;
    }
    // `Martin Lewis of MoneySavingExpert`: a person of a brand is the person, then the brand.
    const of = words.findIndex((w, n) => n >= 2 && MAKER_OF.has(fold(w.text)));
    if (
      of > 0 &&
      of < words.length - 1 &&
      looksLikePerson(
        words.slice(0, of).map((w) => w.text),
        before,
        language,
      )
    ) {
      out.notBrands.add(compactKey(words[of - 1]!.text));
      before = words[of]!.text;
      words = words.slice(of + 1);
      initial = false;
    }
    // `El Corte Inglés de Callao`: a shop of the brand, at a place.
    const at = words.findIndex(
      (w, n) =>
        n > 1 &&
        MAKER_OF.has(fold(w.text)) &&
        isPlaceName(
          words
            .slice(n + 1)
            .map((x) => x.text)
            .join(' '),
        ),
    );
    if (at > 0) words = words.slice(0, at);
    while (words.length > 0 && (isConnector(words[words.length - 1]!.text) || COMPANY_FORMS.has(fold(words[words.length - 1]!.text)))) words.pop();
    if (words.length === 0 || words.length > 5) continue;
    const candidate = { name: words.map((w) => w.text).join(' '), start: words[0]!.start };
    // A single name after `the`, `its`, `their` is a model or product line (`such as the
    // Alphafly`, `its CloudTec sole`), and so are the names enumerated with it (`the Clifton
    // and Bondi`), a name after or before a product's noun (`l'offre Essentielle`, `Room
    // Essentials lines`); a person's name (`founder Jason Goehner`, `Dr. Lee`) is no brand; a
    // lone acronym (`CNMC`, `SPEI`) or common word (`la Ville`) is as often a body, a standard or
    // a word as a brand. Each counts only where the same name also stands in a place that
    // qualifies, or in an enumeration of names.
    const single = words.length === 1;
    const model =
      (single && (MODEL_DETERMINERS.has(fold(before)) || enumeratedAfter(tokens, modelEnd, segment.first))) ||
      (PRODUCT_NOUNS.has(fold(before)) && determinerBefore(tokens, segment.first, language)) ||
      productOf(tokens, segment.last) ||
      OWNER_DETERMINERS.has(fold(before)) ||
      /^\p{Ll}+['’]s$/u.test(before) ||
      MODEL_CODE.test(words[words.length - 1]!.text) ||
      (ROMANCE.has(language ?? '') && ARTICLES.has(fold(before)) && knownBefore(tokens, segment.first) && !joinedToName(tokens, segment.first));
    if (model && !isCommon(candidate.name)) modelEnd = segment.last;
    // A name after a regulator's noun, or set off by one, is a public body: `the regulator Ofgem`, `Ofgem, the energy regulator`.
    if (BODY_NOUNS.has(fold(before)) || describedAsBody(tokens, segment.last) || supervises(tokens, segment.first, segment.last)) {
      out.notBrands.add(keyOf(words));
      continue;
    }
    // Sides of a fixture are teams or players (`Arsenal v Liverpool`), not brands.
    if (inFixture(tokens, segment)) {
      out.notBrands.add(keyOf(words));
      continue;
    }
    // A name set off by its owner's possessive is the owner's line: `Avlo, su marca de bajo coste`, `Isana, its own label`.
    if (ownedApposition(tokens, segment.last)) {
      out.notBrands.add(keyOf(words));
      continue;
    }
    const listed = inEnumeration(tokens, items, segment) || joinedToName(tokens, segment.first);
    const stranger =
      !listed &&
      !determinerBefore(tokens, segment.first, language) &&
      unknownPerson(
        words.map((w) => w.text),
        language,
      );
    const person =
      stranger ||
      looksLikePerson(
        words.map((w) => w.text),
        before,
        language,
      );
    // A person's surname alone later (`Muñoz` after `Dabiz Muñoz`) is the person.
    if (person && !single) out.notBrands.add(compactKey(words[words.length - 1]!.text));
    // What stands in brackets right after a place or a public body is its short name: `Banco de México (Banxico)`.
    if (shortNameOf(tokens, segment.first, excludedEnd)) {
      out.notBrands.add(keyOf(words));
      continue;
    }
    if (notBrand(candidate.name, true) !== null) {
      excludedEnd = segment.last;
      if (notBrand(candidate.name, true) === 'place') placeEnd = segment.last;
      continue;
    }
    // In an answer about a place, a name after `in`, `en`, `no` that is no word of the language is a part of it (a district, a square).
    if (
      context.local &&
      !listed &&
      words.length <= 2 &&
      language !== null &&
      PLACE_PREPOSITIONS[language].has(fold(before)) &&
      !words.some((w) => isCommon(w.text) || isCommonWord(w.text, language))
    ) {
      out.notBrands.add(keyOf(words));
      placeEnd = segment.last;
      continue;
    }
    // English writes common nouns in lower case, so a capitalised one there is a name (`Amazon`).
    const possessive = /['’]s$/u.test(segment.words[segment.words.length - 1]!.text);
    const doubtful = single && !possessive && (isAcronym(candidate.name) || (language !== null && language !== 'en' && isCommonWord(candidate.name, language)));
    if (
      language !== null &&
      (PLACE_CUES[language]?.has(fold(before)) || (MAKER_OF.has(fold(before)) && PLACE_CUES[language]?.has(fold(wordBefore(tokens, segment.first - 1)))))
    ) {
      placeEnd = segment.last;
      continue;
    }
    if (enumeratedAfter(tokens, placeEnd, segment.first) || listedAfter(tokens, placeEnd, segment.first, inEnumeration(tokens, items, segment))) {
      out.notBrands.add(keyOf(words));
      placeEnd = segment.last;
      continue;
    }
    if (COMPANY_NOUNS.has(fold(before)) && !model) {
      out.names.push(candidate);
      continue;
    }
    if (language === 'de') {
      readGerman(words, before, model || person || (initial && !listed) || doubtful ? 'pending' : listed ? 'names' : null, out);
      continue;
    }
    if (model || person || productAfter(tokens, segment.last)) out.pending.push(candidate);
    // A sentence that opens on two names (`Amazon Prime Video no longer…`) opens on a name.
    else if (initial && !inEnumeration(tokens, items, segment) && !(language === 'en' && words.length > 1)) out.pending.push(candidate);
    else if (doubtful && !inEnumeration(tokens, items, segment) && !joinedToName(tokens, segment.first)) out.pending.push(candidate);
    else if (initial && single && /\p{L}ly$/u.test(fold(candidate.name))) out.pending.push(candidate);
    else out.names.push(candidate);
  }
}

/** A name's compact key, from its words. */
function keyOf(words: ReadonlyArray<{ text: string }>): string {
  return compactKey(words.map((w) => w.text).join(' '));
}

/**
 * A person whose given name the lists do not hold (`Tigst Assefa`, `Dabiz Muñoz`): two words of
 * letters, neither a word of the answer's language or of English, nor a place.
 */
function unknownPerson(words: readonly string[], language: Language | null): boolean {
  return (
    words.length === 2 &&
    words.every(
      (w) =>
        /^\p{Lu}\p{Ll}+$/u.test(w) &&
        !isCommon(w) &&
        !isCommonWord(w, 'en') &&
        (language === null || !isCommonWord(w, language)) &&
        !(language === 'de' && isGermanNoun(w)) &&
        !isPlaceName(w),
    )
  );
}

/** Whether the segment at `first` stands in brackets right after the name ending at token `end`: `Banco de México (Banxico)`. */
function shortNameOf(tokens: Token[], first: number, end: number): boolean {
  return end >= 0 && first === end + 2 && /^\($/u.test(tokens[end + 1]?.text.trim() ?? '');
}

/**
 * Whether the segment at `first` follows the item ending at token `end` in a list of places:
 * `Los Remedios, Triana y Nervión`, `Alfama e a Mouraria`.
 */
function listedAfter(tokens: Token[], end: number, first: number, enumerated: boolean): boolean {
  if (end < 0 || first - end > 4 || first <= end + 1) return false;
  let joined = false;
  for (let i = end + 1; i < first; i++) {
    const t = tokens[i]!;
    const word = fold(t.text);
    if (t.kind === 'punct' ? t.text.trim() !== ',' : !(ENUMERATION_JOINERS.has(word) || ARTICLES.has(word))) return false;
    joined ||= ENUMERATION_JOINERS.has(word);
  }
  // A comma alone ends a clause as often as it lists (`In the UK, Folksy is…`): the list must go on.
  return joined || enumerated;
}

const BODY_NOUNS = wordList('body-nouns');

/** Whether the name ending at token `last` is set off by a regulator's noun: `Ofgem, the energy regulator`, `(el regulador)`. */
function describedAsBody(tokens: Token[], last: number): boolean {
  const mark = tokens[last + 1];
  if (mark?.kind !== 'punct' || !/^[,(]$/u.test(mark.text.trim())) return false;
  for (let i = last + 2; i < last + 6 && i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word') return false;
    if (BODY_NOUNS.has(fold(t.text))) return true;
  }
  return false;
}

const SUPERVISION = [...wordList('supervision-stems')];

/** Prepositions that make a supervision verb passive: what stands before `regulated by` is the business, not the body. */
const AGENT = new Set([
  'by',
  'with',
  'por',
  'pela',
  'pelo',
  'par',
  'da',
  'dalla',
  'dal',
  'von',
  'durch',
  'com',
  'con',
  'na',
  'no',
  'en',
  'em',
  'aupres',
  'bei',
]);

/**
 * Whether a supervision verb stands up to three words before token `first` (`regulated by the
 * Ofgem`, `registrada na Susep`, `vigilati dalla Consob`) or up to six words after the name ending at `last`, in
 * the active (`la Consob e la Banca d'Italia vigilano`, `Ofgem regulates`).
 */
function supervises(tokens: Token[], first: number, last: number): boolean {
  let words = 0;
  for (let i = last + 1; i < tokens.length && words < 6; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && /[.;:!?,]/u.test(t.text)) break;
    if (t.kind !== 'word') continue;
    words++;
    const word = fold(t.text);
    const next = tokens[i + 1];
    // A verb, not its noun or adjective (`the regulator`, `regulatory`, `registration`).
    const verb = !BODY_NOUNS.has(word) && !/(?:or|ory|ar|ion|ions|ly|ies)$/u.test(word);
    if (verb && SUPERVISION.some((stem) => word.startsWith(stem)) && !(next?.kind === 'word' && AGENT.has(fold(next.text)))) return true;
  }
  return supervisedBy(tokens, first);
}

/** Whether a supervision verb stands up to three words before token `first`. */
function supervisedBy(tokens: Token[], first: number): boolean {
  let words = 0;
  for (let i = first - 1; i >= 0 && words < 4; i--) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && /[.;:!?,]/u.test(t.text)) return false;
    if (t.kind !== 'word') continue;
    words++;
    const word = fold(t.text);
    if (words > 1 && SUPERVISION.some((stem) => word.startsWith(stem))) return true;
  }
  return false;
}

/** Words between the two sides of a fixture. */
const VERSUS = new Set(['v', 'vs', 'versus', 'contre', 'contra', 'gegen', 'x']);

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
