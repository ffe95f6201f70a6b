// Other brands an answer names: the names that are not tracked brands. A heuristic, kept simple
// and honest about it. It reads the text a reader sees (URLs blanked, see urls.ts) in these places:
//  - the lead of a list item or heading, up to the first `:`, ` - `, `(`, `,` or sentence end
//    (`1. **Shopify**: easy to set up` → `Shopify`), the text of `**bold**`, and link texts;
//  - Markdown table cells: the lead of each cell of the body's first column (it names the rows);
//    when that column is not one of names (`| Budget | Kilnworks |`), of each cell of another
//    column where most cells look like names (not a `Notes` column with one `Strict` in it), while
//    a first column of names makes the others what each row offers (`| Free | Freebox Pop |`:
//    plans and products, not brands); and the header cells of a table whose first header cell is
//    empty or a label (`| Feature | Etsy | Amazon |`: brands as columns);
//  - running prose: runs of one to five capitalised words (`Etsy`, `Bank of America`,
//    `Marks & Spencer`, `eBay`, `3M`), lower-case connectors inside (`of`, `de`, `von`, `&`; not
//    `and`/`or`, which separate the items of an enumeration), a possessive `'s` dropped
//    (`Etsy's` → `Etsy`), a lower-case suffix after a hyphen dropped (`Etsy-like` → `Etsy`), a
//    company form dropped (`Heath Ceramics Inc.` → `Heath Ceramics`). Headings and lines that are
//    only bold text (pseudo-headings, often in Title Case) are left to the lead rule, fenced code
//    is skipped, and a run inside a name found in the places above is that name. A run right after
//    a known name goes on with it (`Hyatt Centric Times Square`, `Shell Fleet Solutions`: the
//    brand's products and places), and a run whose last word names a place (`Alberta Street`,
//    `Pearl District`; see PLACE_NOUNS) is a place. What follows a name's possessive is its
//    product (`Nike's Alphafly`). A single name after `the`, `its`, `their` is a model or product
//    line (`such as the Alphafly`, `its CloudTec sole`), as is one joined to it by a lone `and`
//    (`the Clifton and Bondi`); a given name with a surname (`Jason Goehner`, see GIVEN_NAMES) or a
//    name after a title (`Dr. Lee`) is a person: these count only where the same name also stands
//    in a place that qualifies (`**Alphafly**` in a list). A word at the
//    start of a sentence (after `.`, `!`, `?`, `:`, a spaced dash, an opening quote, a blank line,
//    a list marker or a table pipe; not after `e.g.`, nor at a soft line break) may be capitalised
//    only because of its place: a common one is dropped (`Visit Etsy` → `Etsy`, `The Kiln Shop` →
//    `Kiln Shop`, `Popular`, `Monday`, `English` → nothing), and a name that still starts the
//    sentence counts only when the same name (by compact key) also stands in a place that
//    qualifies, or when it is an item of an enumeration in that sentence (`Etsy, Amazon and
//    Kilnworks are…`: three items, or two joined by `and`/`or`; tracked brands and domains count
//    as items; a single `-ly` word, `Realistically,`, is never one).
// Every name found must look like one: one to five words, each capitalised, camel-cased or a
// connector inside; not made only of common words (labels, sentence words, weekdays, months,
// holidays, countries, regions, major cities and their demonyms, US states, languages and
// nationalities, programming languages: see
// common-words.ts), not a known multi-word place (`United States`); not a domain name (domains
// are reported apart); the caller leaves out the tracked brands.
// What it misses, and what it takes wrongly (measured against the hand-labelled answers in
// test/answer-engines/labelled-answers, whose README has the figures' test):
//  - a brand written in lower case (`etsy`) or in a script without capitals (Chinese, Japanese),
//    or named only at the start of sentences, outside enumerations (`Kilnworks is great.` alone);
//  - a brand whose name is only common words (`The Range`, `Jordan`, `Next` at a sentence start),
//    a name over five words, or one broken by a line break;
//  - a list item or heading that names two brands in its lead is one name (`### Etsy and Amazon`);
//  - it takes other proper names for brands: people (`Jo Smith`), cities and regions beyond the
//    list, product and model names, titles of works, and words an answer capitalises for emphasis
//    or in Title Case outside headings (`Free Shipping Options`), or that head a table's rows
//    (`| Mugs | … |`, `| Bowls | … |`), or that are not in the common words (`| Notes | Strict |`
//    in a column of names);
//  - running prose is not read in German (recognised by its function words), where every noun is
//    capitalised: there only lists, headings, bold text, link texts and tables count;
//  - the same brand under two spellings with different keys (`Amazon` and `Amazon Handmade`) is
//    two names, and so ranks twice;
//  - models and product lines named apart from their brand with no `the`/`its` before them or
//    outside English (`la Cuenta NoCuenta`, `Gel-Nimbus`, `Duramo`, `Windows`, `XPS`), course and
//    book titles in link texts (`Python for Everybody`), methods and acronyms of common nouns
//    (`Kanban`, `Agile`, `PME`, `EV`) are taken for brands, and so push the brands after them down
//    the ranking; a person whose given name is not in GIVEN_NAMES, or written alone (`Goehner`)
//    is taken too; a brand named after a person (`Tommy Hilfiger`) or a single-word brand after
//    `the` (`the Guardian`) is dropped when it stands only in prose;
//  - a name that starts its sentence after a bold pseudo-heading (`**Earn mentions.** ChatGPT's
//    results…`) is dropped, as is a brand in lower case (`wordpress`, `italki`), a name heading a
//    table whose other cells are prose (`Sausalito`), and an organisation named only in German
//    prose (`Laut Stiftung Warentest…`).
// Mentions of tracked brands follow the spec's rule, which reads letters, not meaning: a brand
// whose name is a common word is counted where the word stands (`cut some slack`, `most teams`,
// `try them on`, `the Amazon river`, `Monday mornings`), where a reader would not count it.
import { COMMON_WORDS, ENUMERATION_JOINERS, GIVEN_NAMES, NAME_CONNECTORS, NON_BRAND_NAMES } from './common-words.js';
import { compactKey, fold, type Span } from './fold.js';
import { registrableDomain } from './domains.js';

export interface BrandCandidate {
  name: string;
  /** Offset in the original answer. */
  start: number;
}

const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(.+)$/gm;
const HEADING = /^[ \t]*#{1,6}[ \t]+(.+)$/gm;
const BOLD = /\*\*([^*\n]{1,120}?)\*\*|__([^_\n]{1,120}?)__/g;
/** Where the name at the head of a list item, heading or table cell ends. */
const LEAD_END = /\s[-–—]\s|[:(,;|]|\.(?:\s|$)/u;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** First header cells of a table whose other header cells are what is compared (brands as columns). */
const ROW_LABELS = new Set([
  '',
  'feature',
  'features',
  'criteria',
  'criterion',
  'aspect',
  'aspects',
  'category',
  'attribute',
  'metric',
  'factor',
  'comparison',
]);
/** The last word of a place's name. */
const PLACE_NOUNS = new Set([
  'street',
  'st',
  'avenue',
  'ave',
  'road',
  'rd',
  'boulevard',
  'blvd',
  'lane',
  'district',
  'square',
  'park',
  'bridge',
  'river',
  'lake',
  'valley',
  'county',
  'province',
  'island',
  'islands',
  'bay',
  'beach',
  'mountains',
  'airport',
]);
/** Company forms dropped from the end of a name found in prose (`Amazon Inc.` is `Amazon`). */
const COMPANY_FORMS = new Set(['inc', 'ltd', 'llc', 'plc', 'gmbh', 'ag', 'corp', 'co', 'sa', 'sas', 'bv', 'srl']);
/** Words before a `.` that does not end a sentence. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'etc',
  'vs',
  'approx',
  'incl',
  'ca',
  'z.b',
  'bzw',
  'usw',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'no',
  'inc',
  'ltd',
  'co',
  'corp',
]);
/** German function words: text full of them capitalises every noun, and its prose is not read. */
const GERMAN_WORDS = new Set([
  'der',
  'die',
  'das',
  'und',
  'ist',
  'nicht',
  'ein',
  'eine',
  'einen',
  'einem',
  'einer',
  'mit',
  'fur',
  'auf',
  'sie',
  'den',
  'dem',
  'zu',
  'von',
  'bei',
  'im',
  'sind',
  'auch',
  'oder',
  'wie',
  'wird',
  'werden',
  'sich',
  'kann',
  'sehr',
  'gibt',
  'aus',
  'nach',
  'noch',
  'uber',
  'wenn',
  'aber',
  'zum',
  'zur',
  'ihre',
  'bietet',
]);
/** Words before a name that make it a thing a brand makes (`the Alphafly`, `its CloudTec sole`), in English prose. */
const MODEL_DETERMINERS = new Set(['the', 'its', 'their']);
/** Titles before a person's name. */
const TITLES = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sir', 'dame', 'm', 'mme', 'sr', 'sra', 'herr', 'frau']);
/** Stands for a name already known (a tracked brand's mention, a domain) in the text read for prose. */
const PLACEHOLDER = '\uE000';

/**
 * Candidates in order of appearance. `text` is the answer as a reader sees it (link destinations
 * and URLs blanked, same offsets); `links` are its Markdown link texts with their offsets;
 * `known` are spans already known to be names (tracked brands' mentions, domains): no candidates
 * themselves, they still count as items of an enumeration.
 */
export function brandCandidates(text: string, links: ReadonlyArray<{ text: string; textStart: number }>, known: readonly Span[] = []): BrandCandidate[] {
  const lines = splitLines(text);
  const tables = findTables(lines);
  const found: BrandCandidate[] = [];
  for (const pattern of [LIST_ITEM, HEADING]) {
    for (const m of text.matchAll(pattern)) {
      const line = m[1] ?? '';
      const lineStart = m.index + m[0].length - line.length;
      // `### 2. Shopify`: the numbering of a heading is not part of the name.
      const numbering = /^\d{1,3}[.)]\s+/.exec(line)?.[0].length ?? 0;
      found.push(leadOf(line.slice(numbering), lineStart + numbering));
    }
  }
  for (const m of text.matchAll(BOLD)) found.push({ name: (m[1] ?? m[2] ?? '').trim(), start: m.index + 2 });
  for (const link of links) found.push({ name: link.text.replace(/[*_`]/g, '').trim(), start: link.textStart });
  for (const table of tables) found.push(...tableCandidates(lines, table, known));

  const qualifying = found.map(clean).filter((c) => looksLikeName(c.name));
  const prose = looksGerman(text) ? { names: [], pending: [] } : proseNames(mask(text, known), lines, tables);
  // Prose inside a name found above is that name (`Not On The High Street`, not `On The High Street`).
  const inside = (c: BrandCandidate) => qualifying.some((q) => q.start <= c.start && c.start < q.start + q.name.length);
  const fromProse = (list: BrandCandidate[]) => list.map(clean).filter((c) => looksLikeName(c.name) && !isPlace(c.name) && !inside(c));
  const names = [...qualifying, ...fromProse(prose.names)];
  // A name at the start of a sentence counts when it also stands where a name is expected.
  const keys = new Set(names.map((c) => compactKey(c.name)));
  const confirmed = fromProse(prose.pending).filter((c) => keys.has(compactKey(c.name)));
  return [...names, ...confirmed].sort((a, b) => a.start - b.start);
}

/**
 * `Alberta Street`, `Pearl District`, `Central Park` in running prose: a place, named by its last
 * word. Where names are expected (a list lead, bold), `Not On The High Street` stays a brand.
 */
function isPlace(name: string): boolean {
  const words = name.split(' ');
  return words.length > 1 && PLACE_NOUNS.has(fold(words[words.length - 1]!).replace(/\.$/, ''));
}

export function looksLikeName(name: string): boolean {
  if (name.length < 2 || name.length > 80) return false;
  const words = name.split(' ');
  if (words.length > 5) return false;
  // A domain name is reported among the domains, not as a brand.
  if (/^[^\s]+\.[\p{L}]{2,}$/u.test(name) && registrableDomain(name) !== null) return false;
  if (
    NON_BRAND_NAMES.has(
      fold(name)
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    )
  )
    return false;
  let substantive = 0;
  for (const [i, word] of words.entries()) {
    const folded = fold(word);
    const inside = i > 0 && i < words.length - 1;
    if (inside && NAME_CONNECTORS.has(folded)) continue;
    if (!/^(?:[\p{Lu}\p{N}]|\p{Ll}+\p{Lu})/u.test(word)) return false;
    const bare = folded.replace(/[^\p{L}\p{N};]/gu, '');
    // A number alone (`Step 1`) does not make a name; `Forever 21` has its `Forever`.
    if (/\p{L}/u.test(bare) && !COMMON_WORDS.has(bare)) substantive++;
  }
  return substantive > 0 && /\p{L}/u.test(name);
}

/** Distinct names by their compact key, first spelling kept, in order of appearance. */
export function distinctNames(candidates: BrandCandidate[], exclude: (key: string, name: string) => boolean): BrandCandidate[] {
  const seen = new Set<string>();
  const out: BrandCandidate[] = [];
  for (const c of candidates) {
    const key = compactKey(c.name);
    if (key === '' || seen.has(key) || exclude(key, c.name)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

function clean(c: BrandCandidate): BrandCandidate {
  return { ...c, name: c.name.replace(/[\s.:!?,;]+$/u, '').replace(/\s+/g, ' ') };
}

/** The name at the head of a list item, heading or table cell, without Markdown emphasis. */
function leadOf(raw: string, start: number): BrandCandidate {
  const lead = raw.replace(/[*_`[\]]/g, (c) => ' '.repeat(c.length)).split(LEAD_END)[0] ?? '';
  const offset = lead.length - lead.trimStart().length;
  return { name: lead.trim(), start: start + offset };
}

interface Line {
  text: string;
  start: number;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line, start });
    start += line.length + 1;
  }
  return lines;
}

interface Table {
  /** Index of the header line; the delimiter row follows it. */
  header: number;
  /** One past the last body line. */
  end: number;
}

function findTables(lines: Line[]): Table[] {
  const tables: Table[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const delimiter = lines[i + 1]!.text;
    if (!lines[i]!.text.includes('|') || !delimiter.includes('|') || !TABLE_DELIMITER.test(delimiter)) continue;
    let end = i + 2;
    while (end < lines.length && lines[end]!.text.includes('|') && lines[end]!.text.trim() !== '') end++;
    tables.push({ header: i, end });
    i = end - 1;
  }
  return tables;
}

/** The cells of a table row, with their offsets; `\|` does not split. */
function cells(line: Line): Line[] {
  const out: Line[] = [];
  let text = line.text;
  let start = line.start;
  const lead = /^[ \t]*\|?/.exec(text)![0].length;
  text = text.slice(lead);
  start += lead;
  let at = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || (text[i] === '|' && text[i - 1] !== '\\')) {
      const cell = text.slice(at, i);
      if (i < text.length || cell.trim() !== '') out.push({ text: cell, start: start + at });
      at = i + 1;
    }
  }
  return out;
}

function tableCandidates(lines: Line[], table: Table, known: readonly Span[]): BrandCandidate[] {
  const found: BrandCandidate[] = [];
  const header = cells(lines[table.header]!);
  const first = fold(header[0]?.text.replace(/[*_`]/g, '') ?? '').trim();
  if (ROW_LABELS.has(first)) for (const cell of header.slice(1)) found.push(leadOf(cell.text, cell.start));
  const columns: BrandCandidate[][] = [];
  for (let i = table.header + 2; i < table.end; i++) {
    for (const [c, cell] of cells(lines[i]!).entries()) (columns[c] ??= []).push(leadOf(cell.text, cell.start));
  }
  const isName = (cell: BrandCandidate) =>
    looksLikeName(clean(cell).name) || known.some((k) => k.start >= cell.start && k.start < cell.start + Math.max(1, cell.name.length));
  const mostly = (column: BrandCandidate[]) => column.filter(isName).length * 2 > column.length;
  // When the first column names the rows (`| Free | Freebox Pop | 29,99 € |`), the other columns
  // are what each row offers: its products and plans, not other brands.
  const rowsNamed = columns[0] !== undefined && mostly(columns[0]);
  for (const [c, column] of columns.entries()) {
    // Otherwise another column is a column of names when most of its cells look like one
    // (`| Mugs | Kilnworks |`), not when one adjective does (`| Notes | Strict |`).
    if (c === 0 || (!rowsNamed && mostly(column))) found.push(...column);
  }
  return found;
}

function looksGerman(text: string): boolean {
  const words = fold(text).match(/\p{L}+/gu) ?? [];
  let hits = 0;
  for (const word of words) if (GERMAN_WORDS.has(word)) hits++;
  return hits >= 3 && hits / words.length >= 0.08;
}

/** `text` with the known spans replaced by placeholders (same offsets). */
function mask(text: string, known: readonly Span[]): string {
  if (known.length === 0) return text;
  const chars = text.split('');
  for (const { start, end } of known) for (let i = start; i < end && i < chars.length; i++) chars[i] = PLACEHOLDER;
  return chars.join('');
}

interface Token {
  kind: 'word' | 'known' | 'punct';
  text: string;
  start: number;
  /** At the start of a sentence (for words and known names). */
  initial: boolean;
}

/** Words (with inner `'`, `’`, `-`, `.`, `&`: `Coca-Cola`, `Node.js`, `AT&T`), a lone `&`, known names, punctuation. */
const TOKEN = /(\uE000+)|([\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’.&-][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*|&)|([^\s\p{L}\p{N}\uE000&]+)/gu;
/** Punctuation after which the next word starts a sentence (or a table cell). */
const SENTENCE_END = /[.!?:…|]/u;
const DASH = /^[-–—]+$/u;
const OPENING_QUOTE = /^[*_([]*["“„«][*_]*$/u;
/** Punctuation that opens what follows and leaves the start of a sentence where it was. */
const OPENERS = /^[*_"“„‘'([¿¡>#~`«]+$/u;
const LIST_MARKER = /^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+|>[ \t]*)+/;
/** A line that is only bold text (a pseudo-heading), perhaps with a colon. */
const BOLD_LINE = /^[ \t]*(\*\*|__)[^\n]+?\1[ \t]*:?[ \t]*$/;
const HEADING_LINE = /^[ \t]*#{1,6}[ \t]/;
const FENCE = /^[ \t]*(```|~~~)/;
/** Emphasis and quotes, which wrap names without separating them. */
const DECORATION = /[*_"'“”‘’`]/gu;

interface ProseNames {
  /** Names in places that qualify. */
  names: BrandCandidate[];
  /** Names at the start of a sentence, which need the same name elsewhere. */
  pending: BrandCandidate[];
}

function proseNames(masked: string, lines: Line[], tables: Table[]): ProseNames {
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
    readLine(tokens, out);
    // A line of prose that does not end a sentence goes on in the next line (a soft wrap).
    const last = tokens[tokens.length - 1];
    freshLine = table || last === undefined || (last.kind === 'punct' && SENTENCE_END.test(last.text));
  }
  return out;
}

function tokenize(text: string, offset: number, initial: boolean): Token[] {
  const tokens: Token[] = [];
  let atStart = initial;
  let previousWord = '';
  for (const m of text.matchAll(TOKEN)) {
    const start = offset + m.index;
    if (m[3] !== undefined) {
      const punct = m[3];
      if (SENTENCE_END.test(punct) && !(punct.startsWith('.') && ABBREVIATIONS.has(fold(previousWord)))) atStart = true;
      // `**Etsy** – Curated…`: a dash between spaces opens a clause, capitalised in lists;
      // `"Ships from…"`: a quotation opens with a capital.
      else if (DASH.test(punct) || (OPENING_QUOTE.test(punct) && (m.index === 0 || /\s/u.test(text[m.index - 1]!)))) atStart = true;
      else if (!OPENERS.test(punct)) atStart = false;
      tokens.push({ kind: 'punct', text: punct, start, initial: false });
      continue;
    }
    const kind = m[1] !== undefined ? 'known' : 'word';
    tokens.push({ kind, text: m[0], start, initial: atStart });
    previousWord = m[0];
    atStart = false;
  }
  return tokens;
}

interface Segment {
  words: Token[];
  /** Token indexes of the first and last word. */
  first: number;
  last: number;
}

/** Names of one line's tokens: runs of words split into capitalised segments, then judged. */
function readLine(tokens: Token[], out: ProseNames): void {
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
      // `Etsy's sellers`: a possessive ends the name.
      if (/['’]s$/u.test(token.text)) close();
    } else if (current !== null && isConnector(token.text) && capitalisedAfterConnectors(tokens, i)) {
      current.words.push(token);
    } else {
      close();
    }
  }
  close();

  const items = new Map<number, number>(); // first token index → last token index, of segments and known names
  for (const s of segments) items.set(s.first, s.last);
  for (const [i, t] of tokens.entries()) if (t.kind === 'known') items.set(i, i);

  /** Token index of the last word of the last model named (`the Clifton`), or -1. */
  let modelEnd = -1;
  for (const segment of segments) {
    // Capitalised words right after a known name go on with it: `Hyatt Centric Times Square`,
    // `Shell Fleet Solutions`, `the Sage Bambino Plus` are the brand's products and places.
    if (tokens[segment.first - 1]?.kind === 'known') continue;
    // After a name's possessive, what the name offers: `Nike's Alphafly`, `freeCodeCamp's
    // Scientific Computing` are its products.
    if (afterPossessive(tokens, segment.first)) continue;
    let words = segment.words.map((w) => ({ text: trimWord(w.text), start: w.start }));
    let initial = segment.words[0]!.initial;
    // Only the first word of a sentence is capitalised by its place: a common one is dropped
    // (`The Kiln Shop` → `Kiln Shop`), with the connectors after it.
    if (initial && isCommon(words[0]!.text)) {
      let dropped = 1;
      while (dropped < words.length && isConnector(words[dropped]!.text)) dropped++;
      words = words.slice(dropped);
      initial = false;
    }
    while (words.length > 0 && (isConnector(words[words.length - 1]!.text) || COMPANY_FORMS.has(fold(words[words.length - 1]!.text)))) words.pop();
    if (words.length === 0 || words.length > 5) continue;
    const candidate = { name: words.map((w) => w.text).join(' '), start: words[0]!.start };
    // A single name after `the`, `its`, `their` is a model or product line (`such as the
    // Alphafly`, `its CloudTec sole`), and so are the names enumerated with it (`the Clifton
    // and Bondi`); a person's name (`founder Jason Goehner`, `Dr. Lee`) is no brand. Each
    // counts only where the same name also stands in a place that qualifies.
    const model = words.length === 1 && (MODEL_DETERMINERS.has(fold(wordBefore(tokens, segment.first))) || enumeratedAfter(tokens, modelEnd, segment.first));
    if (model && !isCommon(candidate.name)) modelEnd = segment.last;
    if (
      model ||
      looksLikePerson(
        words.map((w) => w.text),
        wordBefore(tokens, segment.first),
      )
    )
      out.pending.push(candidate);
    else if (!initial) out.names.push(candidate);
    else if (inEnumeration(tokens, items, segment) && !(words.length === 1 && /\p{L}ly$/u.test(fold(candidate.name)))) out.names.push(candidate);
    else out.pending.push(candidate);
  }
}

/** The word right before token `i`, emphasis and quotes aside (`` when there is none). */
function wordBefore(tokens: Token[], i: number): string {
  let j = i - 1;
  while (j >= 0 && tokens[j]!.kind === 'punct' && tokens[j]!.text.replace(DECORATION, '') === '') j--;
  const t = tokens[j];
  if (t?.kind === 'punct' && t.text === '.' && tokens[j - 1]?.kind === 'word') return tokens[j - 1]!.text;
  return t?.kind === 'word' ? t.text : '';
}

/** Whether token `i` follows a name's possessive: `Nike's`, `freeCodeCamp's` (a known name then `'s`). */
function afterPossessive(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (before?.kind !== 'word') return false;
  if (/^\p{Lu}.*['’]s$/u.test(before.text) || /^\p{Ll}+\p{Lu}.*['’]s$/u.test(before.text)) return true;
  return before.text === 's' && /^['’]$/u.test(tokens[i - 2]?.text ?? '') && tokens[i - 3]?.kind === 'known';
}

/**
 * Whether the segment starting at `first` is joined by a lone `and`/`or` to the model ending at
 * `end`: `the Clifton and Bondi`; not `the Skyrun, and Pelko makes…`, where a clause begins.
 */
function enumeratedAfter(tokens: Token[], end: number, first: number): boolean {
  const between = tokens[end + 1];
  return end >= 0 && first === end + 2 && between?.kind === 'word' && ENUMERATION_JOINERS.has(fold(between.text));
}

/**
 * A person: a given name and one or two more capitalised words (`Jason Goehner`, `Maria Lopez`),
 * or a name after a title (`Dr. Lee`, `Mme Durand`). Not a name joined by `&` (`Ben & Jerry's`).
 */
function looksLikePerson(words: string[], before: string): boolean {
  if (TITLES.has(fold(before))) return true;
  if (words.length < 2 || words.length > 3 || words.some(isConnector) || words.some((w) => w === '&')) return false;
  return GIVEN_NAMES.has(fold(words[0]!)) && words.slice(1).every((w) => /^\p{Lu}\p{Ll}+$/u.test(w));
}

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word) || /^\p{Ll}+\p{Lu}/u.test(word) || (/^\p{N}/u.test(word) && /\p{Lu}/u.test(word));
}

/** Connectors inside a name found in prose: not the enumeration joiners (`Etsy and Amazon` is two names). */
function isConnector(word: string): boolean {
  const folded = fold(word);
  return NAME_CONNECTORS.has(folded) && !ENUMERATION_JOINERS.has(folded);
}

function capitalisedAfterConnectors(tokens: Token[], i: number): boolean {
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'word') return false;
    if (isCapitalised(t.text)) return true;
    if (!isConnector(t.text)) return false;
  }
  return false;
}

function isCommon(word: string): boolean {
  return COMMON_WORDS.has(fold(word).replace(/[^\p{L}\p{N};]/gu, ''));
}

/** `Etsy's` → `Etsy`, `Etsy-like` → `Etsy` (a lower-case suffix after a hyphen), `Coca-Cola` kept. */
function trimWord(word: string): string {
  return word.replace(/['’]s$/u, '').replace(/-\p{Ll}+$/u, '');
}

/**
 * Whether a segment heads an enumeration of names: `A, B and C`, `A, B, C`, `A and B`, `A or B`
 * (at least three items, or two joined by a conjunction), items being names or known names.
 */
function inEnumeration(tokens: Token[], items: Map<number, number>, segment: Segment): boolean {
  let count = 1;
  let joined = false;
  let j = segment.last + 1;
  for (;;) {
    let k = j;
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
    if (!(comma || joiner) || end === undefined) break;
    count++;
    joined ||= joiner;
    j = end + 1;
  }
  return count >= 3 || (count >= 2 && joined);
}
