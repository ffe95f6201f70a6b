// Other brands an answer names: candidates where a name is expected (list items, headings, bold
// text, link texts, table cells) and in running prose; the rules are in analyse-brands.ts.
import { GERMAN_WORDS } from './words.js';
import { compactKey, fold, type Span } from './fold.js';
import { clean, isPlace, leadOf, looksLikeName, type BrandCandidate } from './name-shape.js';
import { proseNames } from './prose.js';
import { findTables, splitLines, tableCandidates } from './tables.js';

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
