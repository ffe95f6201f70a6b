// Other brands an answer names: candidates where a name is expected (list items, headings, bold
// text, link texts, table cells) and in running prose; the rules are in analyse-brands.ts.
import { BUSINESS_NOUNS, COMMON_WORDS } from './words.js';
import { compactKey, fold, type Span } from './fold.js';
import { clean, isConnector, leadOf, LIST_ITEM, looksLikeName, withoutLegalForm, type BrandCandidate } from './name-shape.js';
import {
  commonWords,
  determiners,
  inKnownBrands,
  isCommonWord,
  isCommonWordOrEnglish,
  isKnownBrand,
  isPlaceName,
  isVerbForm,
  knownAsBrand,
  type Language,
} from './lexicon.js';
import { notBrand } from './not-brands.js';
import { isGermanNoun } from './german.js';
import { proseNames } from './prose.js';
import { keepsProseName } from './prose-name-model.js';
import type { ProseNameAnswer } from './prose-name-features.js';
import { MODEL_CODE } from './prose-cues.js';
import { opensSentence as atSentenceStart } from './written-as-name.js';
import { cells, findTables, splitLines, tableCandidates, type Line } from './tables.js';

export type { BrandCandidate } from './name-shape.js';

const HEADING = /^[ \t]*#{1,6}[ \t]+(.+)$/gm;
const BOLD = /\*\*([^*\n]{1,120}?)\*\*|__([^_\n]{1,120}?)__/g;
/** Stands for a name already known (a tracked brand's mention, a domain) in the text read for prose. */
const PLACEHOLDER = '\uE000';

/**
 * Candidates in order of appearance. `text` is the answer as a reader sees it (link destinations
 * and URLs blanked, same offsets); `links` are its Markdown link texts with their offsets;
 * `known` are spans already known to be names (tracked brands' mentions, domains): no candidates
 * themselves, they still count as items of an enumeration.
 */
export function brandCandidates(
  text: string,
  links: ReadonlyArray<{ text: string; textStart: number }>,
  known: readonly Span[] = [],
  language: Language | null = null,
  local = false,
): BrandCandidate[] {
  const lines = splitLines(text);
  const tables = findTables(lines);
  const found: BrandCandidate[] = [];
  for (const pattern of [LIST_ITEM, HEADING]) {
    for (const m of text.matchAll(pattern)) {
      const line = m[1] ?? '';
      const lineStart = m.index + m[0].length - line.length;
      // `### 2. Shopify`: the numbering of a heading is not part of the name.
      const numbering = /^\d{1,3}[.)]\s+/.exec(line)?.[0].length ?? 0;
      const lead = leadOf(line.slice(numbering), lineStart + numbering);
      // A preposition inside the bold or the link is the name's own (`**Chez Dany**`, `[En Voiture Simone](…)`).
      const bare = /^\p{L}/u.test(line.slice(numbering));
      const named = pattern === LIST_ITEM && bare ? afterPreposition(lead) : lead;
      if (named !== null) found.push({ ...named, from: pattern === LIST_ITEM ? 'lead' : 'heading' });
    }
  }
  for (const m of text.matchAll(BOLD)) found.push(...boldParts(m[1] ?? m[2] ?? '', m.index + 2));
  for (const link of links) found.push({ name: link.text.replace(/[*_`]/g, '').trim(), start: link.textStart, from: 'link' });
  const labelCells: Span[] = [];
  for (const table of tables) found.push(...tableCandidates(lines, table, known, labelCells).map((c) => ({ ...c, from: 'table' as const })));

  // A lead that is one common word of the language is a label (`**Payments**`, `**Vérifier**`,
  // `**Prüfung**`): a name only where it also stands as one elsewhere.
  // So is a model (`**MacBook Air M2**`), named by its code.
  // Not a brand a reader knows that is no word (`[Trustpilot](…)`, whose `pilot` would make a German compound).
  const single = (c: BrandCandidate) => !c.name.includes(' ') && language !== null && isLabel(c.name, language) && !knownAsBrand(c.name, language);
  // In a list of labels (no item led by a tracked brand, most leads labels), a lead made of common
  // words is one more label (`**Camera**`, `**Trade-in**`, `**Price Match**`).
  const listed = labelListLeads(lines, known, (name) => looksLikeName(name) && !single({ name, start: 0 }) && !madeOfWords(name, language));
  // In German, a lead of several words that are all nouns or common words (`**Günstige
  // Eigenmarken**`, `## Bekannte Ölmühlen`) is a label wherever it stands, unless a reader knows the name.
  const germanLabel = (c: BrandCandidate) =>
    language === 'de' && c.from !== 'table' && c.from !== 'link' && c.name.includes(' ') && madeOfWords(c.name, 'de') && !inKnownBrands(c.name);
  const label = (c: BrandCandidate) =>
    single(c) ||
    germanLabel(c) ||
    ((c.from === 'lead' || c.from === 'bold') && opensSentence(text, c, language)) ||
    MODEL_CODE.test(c.name.split(' ').pop()!) ||
    sinceOrFrom(c.name, language) ||
    ((c.from === 'lead' || c.from === 'bold') && forWhom(c.name)) ||
    ((c.from === 'lead' || c.from === 'bold') && listed.has(compactKey(c.name)) && madeOfWords(c.name, language));
  // An English word is no word in another language's prose: a brand a reader knows by it is a name there (`Indeed, InfoJobs e LinkedIn`).
  const nameLike = (name: string) =>
    looksLikeName(name) ||
    (language !== null && language !== 'en' && isKnownBrand(name) && !name.split(/\s+/u).every((w) => isCommonWord(w, language) || isConnector(w)));
  // A word the answer also writes in lower case is a word there, capitalised where it stands:
  // `**Réparabilité** : l'indice de réparabilité…`.
  const lowerWords = lowerCaseWords(text);
  const wordHere = (c: BrandCandidate) => /^\p{Lu}\p{Ll}+$/u.test(c.name) && lowerWords.has(c.name.toLowerCase());
  // So is a designation of origin that opens on such a word and ends on a place (`Grappa del Veneto`
  // where the answer writes `grappa`, `Jamón de Teruel`): the kind of a product from a place, no
  // business's name unless its first word is a business's noun (`Café de Paris`).
  const designation = (c: BrandCandidate) => {
    const m = DESIGNATION.exec(c.name);
    return m !== null && lowerWords.has(m[1]!.toLowerCase()) && !BUSINESS_NOUNS.has(fold(m[1]!)) && isPlaceName(m[2]!);
  };
  const named = found
    .map(clean)
    .map(makerOfLine)
    .map(makerOfCodedRow)
    .filter((c) => nameLike(c.name) && notBrand(c.name, false) === null && !wordHere(c) && !designation(c));
  const qualifying = named.filter((c) => !label(c));
  const prose = proseNames(mask(text, known), lines, tables, { language, local });
  // Prose inside a name found above is that name (`Not On The High Street`, not `On The High Street`).
  const inside = (c: BrandCandidate) => named.some((q) => q.start <= c.start && c.start < q.start + q.name.length);
  const inProseNotBrand = (c: BrandCandidate) => {
    const kind = notBrand(c.name, true);
    return kind === null || (kind === 'place' && c.notPlace === true);
  };
  const fromProse = (list: BrandCandidate[]) =>
    list
      .map((c) => ({ ...clean(c), from: 'prose' as const }))
      .filter(
        (c) =>
          (nameLike(c.name) || (c.owner === true && ownerName(c.name))) &&
          inProseNotBrand(c) &&
          !inside(c) &&
          !(wordHere(c) && atSentenceStart(text, c.start)) &&
          !designation(c) &&
          !labelCells.some((l) => l.start <= c.start && c.start < l.end),
      );
  // What prose showed to be a product, a person, a place or a body is that wherever it stands in prose.
  // So is a later model of a tracked brand's product line (`QuietComfort 45` after `Bose QuietComfort Ultra`).
  const shown = (c: BrandCandidate) => !prose.notBrands.has(compactKey(c.name)) && !prose.productLines.has(compactKey(c.name.split(' ')[0]!));
  // The learned reading weighs each name the rules took in prose (prose-name-model.ts).
  const answer: ProseNameAnswer = { text, language, local };
  const names = [...qualifying, ...fromProse(prose.names).filter((c) => shown(c) && keepsProseName(c, answer))];
  // A name that needs confirming counts when it also stands where a name is expected, or in prose.
  const keys = new Set(names.map((c) => compactKey(c.name)));
  const confirmed = [...named.filter(label), ...fromProse(prose.pending).filter(shown)].filter((c) => keys.has(compactKey(c.name)));
  return [...names, ...confirmed].sort((a, b) => a.start - b.start);
}

/**
 * Whether a name that a word of owning introduces (`owned by Premium Brands`, `appartient à Bel`)
 * has a company's shape though its words are common: two to four capitalised words, no number.
 */
function ownerName(name: string): boolean {
  const words = name.split(' ');
  return words.length >= 2 && words.length <= 4 && words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w));
}

/** Prepositions of whom or where from a lead opens on, before the kind of buyer or the region it is for: `**Für Feinschmecker**`, `**Aus Bayern:**`, `**For beginners**`. */
const FOR_WHOM = new Set(['fur', 'aus', 'for', 'pour', 'para', 'per']);

/** Whether a lead of two words or more opens on a preposition of whom or where from: a label, no name. */
function forWhom(name: string): boolean {
  const words = name.split(' ');
  return words.length > 1 && FOR_WHOM.has(fold(words[0]!));
}

/** Prepositions of where a list item may open on, before a place or a shop: `- En Riohacha, …`, `- Chez [Mr.Bricolage](…), …`. */
const LEAD_PREPOSITIONS = new Set(['en', 'in', 'im', 'em', 'chez', 'dans', 'bei', 'beim', 'presso']);

/** A list item's lead without the preposition it opens on: the place or the shop after it is the lead (`Riohacha`, `Mr.Bricolage`). */
function afterPreposition(lead: BrandCandidate): BrandCandidate | null {
  // `À` with its accent, which no article has (`A Vida Portuguesa`).
  const m = /^(\p{L}+)\s+((?:la|le|les|el|los|las|der|die|das|dem|den|the)\s+)?(?=\S)/u.exec(lead.name);
  if (m === null || !(LEAD_PREPOSITIONS.has(fold(m[1]!)) || m[1] === 'À')) return lead;
  // With an article after it the lead is a phrase of where (`- En el Éxito, Carulla y D1 hay…`,
  // `- Bei der Destillata, dem großen Wettbewerb…`): the sentence's prose reads what it names.
  if (m[2] !== undefined) return null;
  return { name: lead.name.slice(m[0].length), start: lead.start + m[0].length };
}

/** Words that open a phrase of time or of where one comes from, before a place: `Depuis Neuchâtel`, `Desde Puerto Natales`. */
const SINCE_OR_FROM = new Set(['depuis', 'desde', 'seit', 'dal', 'dalla', 'from', 'since']);

/**
 * A common word of the language before a year (`Depuis 2023`, `Seit 2024`, `Desde 2020`): when, not
 * a name; not in English (`Forever 21`). Nor a place after a word of time or origin (`Depuis
 * Neuchâtel, le plus agréable…`, `Desde Puerto Natales, los buses…`): where from, not a name.
 */
function sinceOrFrom(name: string, language: Language | null): boolean {
  const m = /^(\p{L}+) (?:19|20)\d\d$/u.exec(name);
  if (m !== null) return language !== null && language !== 'en' && isCommonWord(m[1]!, language);
  const from = /^(\p{L}+) (.+)$/u.exec(name);
  return from !== null && SINCE_OR_FROM.has(fold(from[1]!)) && isPlaceName(from[2]!);
}

/**
 * The names a bold text holds: itself, or, where a colon parts it (`**Für Vereine: Donic**`,
 * `**Pour les amateurs : Maldon**`), each part, a label before a name as often as a name before
 * what it offers; the rules tell the label from the name.
 */
function boldParts(inner: string, start: number): BrandCandidate[] {
  const colon = /\s?:\s/u.exec(inner);
  if (colon === null) return [{ name: inner.trim(), start, from: 'bold' }];
  const before = inner.slice(0, colon.index);
  const after = inner.slice(colon.index + colon[0].length);
  const parts: BrandCandidate[] = [{ name: before.trim(), start: start + before.length - before.trimStart().length, from: 'bold' }];
  if (after.trim() !== '')
    parts.push({ name: after.trim(), start: start + colon.index + colon[0].length + after.length - after.trimStart().length, from: 'bold' });
  return parts;
}

/**
 * The compact keys of the leads of lists that are lists of labels: no item led by a known name (a
 * tracked brand, a domain), and at least half the leads labels (`**Display**`, `**Comparer**`) or
 * not written as names (`**Compare fees**`). `asName` tells a lead that reads as a name.
 */
function labelListLeads(lines: Line[], known: readonly Span[], asName: (name: string) => boolean): Set<string> {
  const keys = new Set<string>();
  let list: Array<{ name: string; start: number; led: boolean }> = [];
  const close = () => {
    const labels = list.filter((item) => !item.led && !asName(item.name)).length;
    if (list.length >= 2 && !list.some((item) => item.led) && labels * 2 >= list.length) for (const item of list) keys.add(compactKey(item.name));
    list = [];
  };
  for (const line of lines) {
    const m = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(.+)$/u.exec(line.text);
    if (m === null) {
      // A list goes on past blank lines and its items' indented continuations.
      if (line.text.trim() !== '' && !/^[ \t]/u.test(line.text)) close();
      continue;
    }
    const lead = clean(leadOf(m[1]!, line.start + line.text.length - m[1]!.length));
    const led = known.some((k) => k.start >= lead.start && k.start < lead.start + Math.max(1, lead.name.length));
    list.push({ name: lead.name, start: lead.start, led });
  }
  close();
  return keys;
}

/**
 * A table row of a maker and a model's code (`| LG MH6535GIS | 25 L |`, `| Candy CMXG20DS |`): the
 * maker, which the row names by the words before the code; the code alone names no brand.
 */
function makerOfCodedRow(c: BrandCandidate): BrandCandidate {
  if (c.from !== 'table') return c;
  const words = c.name.split(' ');
  if (words.length < 2 || !ROW_MODEL_CODE.test(words[words.length - 1]!)) return c;
  const maker = words.slice(0, -1).join(' ');
  return looksLikeName(maker) && !ROW_MODEL_CODE.test(words[words.length - 2]!) ? { ...c, name: maker } : c;
}

/** A model's code: capitals and digits, both, three or more (`MH6535GIS`, `CMXG20DS`, `SX-20`). */
const ROW_MODEL_CODE = /^(?=[^\d]*\d)(?=[^\p{Lu}]*\p{Lu})[\p{Lu}\d.-]{3,}$/u;

/** A line and its maker in one lead, as German names them: `Btwin von Decathlon` (`von` joins names; English's `by` does not, and prose reads the maker after it). */
const LINE_BY_MAKER = /^(.+?) von (\p{Lu}.*)$/u;

/**
 * A line named with its maker (`**Btwin von Decathlon**`) is the maker's, when a
 * reader knows the maker: the maker is the brand, found where its name stands; the line is not listed.
 */
function makerOfLine(c: BrandCandidate): BrandCandidate {
  const m = LINE_BY_MAKER.exec(c.name);
  if (m === null || !isKnownBrand(m[2]!)) return c;
  return { ...c, name: m[2]!, start: c.start + c.name.length - m[2]!.length };
}

/**
 * Whether every word of a name is a common word of the language or of English (`Trade-in`, `Price
 * Match`), or in English a verb's `-ing` form (`Sharpening`), which names a task.
 */
function madeOfWords(name: string, language: Language | null): boolean {
  const words = name.split(/[\s-]+/u).filter((w) => w !== '' && !isConnector(w));
  return (
    words.length > 0 &&
    words.every(
      (w) =>
        /^\p{L}+$/u.test(w) &&
        (isCommonWordOrEnglish(w, language) ||
          (language === 'en' && /^\p{L}{3,}ing$/u.test(w)) ||
          (language !== null && isVerbForm(w, language)) ||
          (language === 'de' && isGermanNoun(w))),
    )
  );
}

/**
 * Whether a lead or bold text opens a sentence as its verb: a lower-case article or determiner
 * follows its first word, inside it or right after it (`**Prüfe** den Druckregler`, `**Compare
 * the** plans`). A name is followed by a dash, a colon, or its own verb.
 */
function opensSentence(text: string, c: BrandCandidate, language: Language | null): boolean {
  const isDeterminer = (word: string | undefined) =>
    word !== undefined && /^\p{Ll}/u.test(word) && (determiners('en').has(fold(word)) || (language !== null && determiners(language).has(fold(word))));
  const words = c.name.split(/\s+/u);
  // Not a name's own connector: `Banco do Brasil`, `Casa del Libro`.
  if (words.length > 1) return isDeterminer(words[1]) && !isConnector(words[1]!);
  const after = /^(?:\*\*|__)?[ \t]+(\p{L}+)/u.exec(text.slice(c.start + c.name.length, c.start + c.name.length + 40));
  return isDeterminer(after?.[1]);
}

/**
 * Whether a single word heading a list item or standing in bold is a label: a common word of the
 * language, a German noun, or in English (where films' words include brands: `amazon`, `target`)
 * the plural of a common word (`Payments`) or one of the reader's labels.
 */
function isLabel(word: string, language: Language): boolean {
  if (language === 'de') return isCommonWord(word, 'de') || isGermanNoun(word);
  if (language !== 'en') return isCommonWord(word, language) || isVerbForm(word, language) || DERIVED_WORD[language]?.test(fold(word)) === true;
  const folded = fold(word);
  return COMMON_WORDS.has(folded) || isPlural(folded) || isGerund(folded);
}

/** An English plural of a common word: `Payments`, `Pharmacies`, `Boxes`. */
function isPlural(folded: string): boolean {
  const words = commonWords('en');
  if (/[^s]s$/u.test(folded) && words.has(folded.slice(0, -1))) return true;
  return (/ies$/u.test(folded) && words.has(`${folded.slice(0, -3)}y`)) || (/(?:s|x|z|ch|sh)es$/u.test(folded) && words.has(folded.slice(0, -2)));
}

/**
 * Endings that derive a noun or an adjective from another word (`Regulación`, `Comparativa`,
 * `Rumorosità`, `Integrações`, `Disponibilité`): a word of the language, longer than the
 * 10,000 most frequent, not a name; folded, five letters before the ending at least.
 */
const DERIVED_WORD: Partial<Record<Language, RegExp>> = {
  es: /^\p{L}{5,}(?:cion|ciones|sion|siones|dad|dades|miento|mientos|ncia|ncias|tiva|tivas|tivo|tivos|ismo|ismos)$/u,
  pt: /^\p{L}{5,}(?:cao|coes|sao|soes|dade|dades|mento|mentos|ncia|ncias|tiva|tivas|tivo|tivos|ismo|ismos)$/u,
  fr: /^\p{L}{5,}(?:tion|tions|sion|sions|ment|ments|ite|ites|ance|ances|ence|ences|isme|ismes)$/u,
  it: /^\p{L}{5,}(?:zione|zioni|sione|sioni|ita|mento|menti|anza|anze|enza|enze|tiva|tive|tivo|tivi|ismo|ismi)$/u,
};

/** An English verb's `-ing` form, as a label names a task (`Sizing`, `Sharpening`, `Conveyancing`, `Shopping`). */
function isGerund(folded: string): boolean {
  const stem = /^(\p{L}{3,})ing$/u.exec(folded)?.[1];
  if (stem === undefined) return false;
  const words = commonWords('en');
  return words.has(stem) || words.has(`${stem}e`) || (/(\p{L})\1$/u.test(stem) && words.has(stem.slice(0, -1)));
}

/**
 * Where a name is expected, as spans: the first word of each list item and heading, bold text, link
 * texts and table cells. A common word written there in lower case may still be a name.
 */
export function namePlaces(text: string, links: ReadonlyArray<{ text: string; textStart: number }>): Span[] {
  const places: Span[] = [];
  for (const pattern of [LIST_ITEM, HEADING]) {
    for (const m of text.matchAll(pattern)) {
      const line = m[1] ?? '';
      const first = /^(?:\d{1,3}[.)]\s+)?[*_[\s]*([^\s*_:,;.()]+)/u.exec(line);
      if (first === null) continue;
      const start = m.index + m[0].length - line.length + first[0].length - first[1]!.length;
      places.push({ start, end: start + first[1]!.length });
    }
  }
  for (const m of text.matchAll(BOLD)) places.push({ start: m.index, end: m.index + m[0].length });
  for (const link of links) places.push({ start: link.textStart, end: link.textStart + link.text.length });
  const lines = splitLines(text);
  for (const table of findTables(lines)) {
    for (let i = table.header; i < table.end; i++) for (const cell of cells(lines[i]!)) places.push({ start: cell.start, end: cell.start + cell.text.length });
  }
  return places;
}

/**
 * Distinct names by their compact key, a legal form after the name aside (`Deutsche Bank AG` is
 * `Deutsche Bank`), first spelling kept, in order of appearance.
 */
export function distinctNames(candidates: BrandCandidate[], exclude: (key: string, name: string) => boolean): BrandCandidate[] {
  const seen = new Set<string>();
  const out: BrandCandidate[] = [];
  for (const c of candidates) {
    const key = compactKey(withoutLegalForm(c.name));
    if (key === '' || seen.has(key) || exclude(compactKey(c.name), c.name)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** A word, a preposition of origin and a capitalised name: `Grappa del Veneto`, `Jamón de Teruel`, `Pasta di Gragnano`. */
const DESIGNATION = /^(\p{Lu}\p{Ll}+) (?:de|del|della|di|du|des|da|do|dos|of) (?:la |l'|l’)?(\p{Lu}\p{Ll}+)$/u;

/** The words a text writes in lower case. */
function lowerCaseWords(text: string): Set<string> {
  return new Set(text.match(/(?<![\p{L}\p{N}])\p{Ll}+(?![\p{L}\p{N}])/gu) ?? []);
}

/** `text` with the known spans replaced by placeholders (same offsets). */
function mask(text: string, known: readonly Span[]): string {
  if (known.length === 0) return text;
  const chars = text.split('');
  for (const { start, end } of known) for (let i = start; i < end && i < chars.length; i++) chars[i] = PLACEHOLDER;
  return chars.join('');
}
