// Other brands an answer names: candidates where a name is expected (list items, headings, bold
// text, link texts, table cells) and in running prose; the rules are in analyse-brands.ts.
import { COMMON_WORDS } from './words.js';
import { compactKey, fold, type Span } from './fold.js';
import { clean, leadOf, looksLikeName, type BrandCandidate } from './name-shape.js';
import { commonWords, isCommonWord, type Language } from './lexicon.js';
import { notBrand } from './not-brands.js';
import { isGermanNoun } from './german.js';
import { proseNames } from './prose.js';
import { MODEL_CODE } from './prose-cues.js';
import { cells, findTables, splitLines, tableCandidates } from './tables.js';

export type { BrandCandidate } from './name-shape.js';

const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(.+)$/gm;
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
      found.push(leadOf(line.slice(numbering), lineStart + numbering));
    }
  }
  for (const m of text.matchAll(BOLD)) found.push({ name: (m[1] ?? m[2] ?? '').trim(), start: m.index + 2 });
  for (const link of links) found.push({ name: link.text.replace(/[*_`]/g, '').trim(), start: link.textStart });
  for (const table of tables) found.push(...tableCandidates(lines, table, known));

  // A lead that is one common word of the language is a label (`**Payments**`, `**Vérifier**`,
  // `**Prüfung**`): a name only where it also stands as one elsewhere.
  // So is a model (`**MacBook Air M2**`), named by its code.
  const label = (c: BrandCandidate) => (!c.name.includes(' ') && language !== null && isLabel(c.name, language)) || MODEL_CODE.test(c.name.split(' ').pop()!);
  const named = found.map(clean).filter((c) => looksLikeName(c.name) && notBrand(c.name, false) === null);
  const qualifying = named.filter((c) => !label(c));
  const prose = proseNames(mask(text, known), lines, tables, language);
  // Prose inside a name found above is that name (`Not On The High Street`, not `On The High Street`).
  const inside = (c: BrandCandidate) => named.some((q) => q.start <= c.start && c.start < q.start + q.name.length);
  const fromProse = (list: BrandCandidate[]) => list.map(clean).filter((c) => looksLikeName(c.name) && notBrand(c.name, true) === null && !inside(c));
  const names = [...qualifying, ...fromProse(prose.names)];
  // A name that needs confirming counts when it also stands where a name is expected, or in prose.
  const keys = new Set(names.map((c) => compactKey(c.name)));
  const confirmed = [...named.filter(label), ...fromProse(prose.pending)].filter((c) => keys.has(compactKey(c.name)));
  return [...names, ...confirmed].sort((a, b) => a.start - b.start);
}

/**
 * Whether a single word heading a list item or standing in bold is a label: a common word of the
 * language, a German noun, or in English (where films' words include brands: `amazon`, `target`)
 * the plural of a common word (`Payments`) or one of the reader's labels.
 */
function isLabel(word: string, language: Language): boolean {
  if (language === 'de') return isCommonWord(word, 'de') || isGermanNoun(word);
  if (language !== 'en') return isCommonWord(word, language);
  const folded = fold(word);
  return COMMON_WORDS.has(folded) || (/[^s]s$/u.test(folded) && commonWords('en').has(folded.slice(0, -1)));
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

/** `text` with the known spans replaced by placeholders (same offsets). */
function mask(text: string, known: readonly Span[]): string {
  if (known.length === 0) return text;
  const chars = text.split('');
  for (const { start, end } of known) for (let i = start; i < end && i < chars.length; i++) chars[i] = PLACEHOLDER;
  return chars.join('');
}
