// Names in running prose: runs of capitalised words, judged by where they stand (the start of a
// sentence, an enumeration, after a name's possessive, after `the`) and by what they look like.
import { COMPANY_FORMS, MODEL_DETERMINERS } from './words.js';
import { fold } from './fold.js';
import { isGermanNoun, readGerman } from './german.js';
import { isCommonWord, isGivenName, isPlaceName, type Language } from './lexicon.js';
import { isCapitalised, isCommon, isConnector, trimWord, type BrandCandidate } from './name-shape.js';
import { namesLawOrEvent } from './not-brands.js';
import {
  ARTICLES,
  COMPANY_NOUNS,
  MAKER_OF,
  MODEL_CODE,
  OWNER_DETERMINERS,
  PLACE_CUES,
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
}

export function proseNames(masked: string, lines: Line[], tables: Table[], language: Language | null = null): ProseNames {
  const out: ProseNames = { names: [], pending: [] };
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
    readLine(tokens, out, language);
    // A line of prose that does not end a sentence goes on in the next line (a soft wrap).
    const last = tokens[tokens.length - 1];
    freshLine = table || last === undefined || (last.kind === 'punct' && SENTENCE_END.test(last.text));
  }
  return out;
}

/** Names of one line's tokens: runs of words split into capitalised segments, then judged. */
function readLine(tokens: Token[], out: ProseNames, language: Language | null): void {
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
  for (const segment of segments) {
    // Capitalised words right after a known name go on with it: `Hyatt Centric Times Square`,
    // `Shell Fleet Solutions`, `the Sage Bambino Plus` are the brand's products and places.
    if (tokens[segment.first - 1]?.kind === 'known') continue;
    // Words right before a known name are its product or plan: `Club Dia`, `Ticket Leclerc`.
    if (tokens[segment.last + 1]?.kind === 'known' && tokens[segment.last + 1]!.start === endOf(tokens[segment.last]!) + 1) continue;
    // After a number, a unit (`16 GB`, `500 Mb/s`, `4 500 kWh`); after `loi`, `festival`, a law or an event.
    const before = wordBefore(tokens, segment.first).replace(/^\p{Ll}{1,5}['’](?=\p{Ll})/u, '');
    if (/^\p{N}/u.test(tokens[segment.first - 1]?.text ?? '') || namesLawOrEvent(before)) continue;
    // After a name's possessive, what the name offers: `Nike's Alphafly`, `freeCodeCamp's
    // Scientific Computing` are its products.
    if (afterPossessive(tokens, segment.first)) continue;
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
      words = words.slice(dropped);
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
    const person = looksLikePerson(
      words.map((w) => w.text),
      before,
      language,
    );
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
    if (enumeratedAfter(tokens, placeEnd, segment.first)) {
      placeEnd = segment.last;
      continue;
    }
    if (COMPANY_NOUNS.has(fold(before)) && !model) {
      out.names.push(candidate);
      continue;
    }
    if (language === 'de') {
      const listed = inEnumeration(tokens, items, segment) || joinedToName(tokens, segment.first);
      readGerman(words, before, model || person || initial || doubtful ? 'pending' : listed ? 'names' : null, out);
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
