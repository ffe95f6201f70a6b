// Names in running prose: runs of capitalised words, judged by where they stand (the start of a
// sentence, an enumeration, after a name's possessive, after `the`) and by what they look like.
import { ABBREVIATIONS, COMPANY_FORMS, ENUMERATION_JOINERS, GIVEN_NAMES, MODEL_DETERMINERS, TITLES } from './words.js';
import { fold } from './fold.js';
import { isCapitalised, isCommon, isConnector, trimWord, type BrandCandidate } from './name-shape.js';
import type { Line, Table } from './tables.js';

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

export interface ProseNames {
  /** Names in places that qualify. */
  names: BrandCandidate[];
  /** Names at the start of a sentence, which need the same name elsewhere. */
  pending: BrandCandidate[];
}

export function proseNames(masked: string, lines: Line[], tables: Table[]): ProseNames {
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

function capitalisedAfterConnectors(tokens: Token[], i: number): boolean {
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'word') return false;
    if (isCapitalised(t.text)) return true;
    if (!isConnector(t.text)) return false;
  }
  return false;
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
