// Case- and accent-insensitive matching that still knows where a match is in the original text:
// `Café Müller` must match `cafe muller`, and the order of first mentions is decided on original
// offsets. Each code point is folded on its own (NFD, combining marks dropped, lower-cased) and
// every folded UTF-16 unit remembers the offset of the code point it came from.

import { fold } from '../../language/fold.js';

export interface FoldedText {
  text: string;
  /** `origin[i]` is the offset in the original of folded unit `i`; one extra entry for the end. */
  origin: number[];
}

export interface Span {
  /** Offsets in the original text. */
  start: number;
  end: number;
}

export { fold };

export function foldWithOrigin(text: string): FoldedText {
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const f = /[A-Za-z0-9\s]/.test(ch) ? ch.toLowerCase() : fold(ch);
    for (let k = 0; k < f.length; k++) origin.push(offset);
    folded += f;
    offset += ch.length;
  }
  origin.push(offset);
  return { text: folded, origin };
}

/** Key under which spellings of one name meet: folded, letters and digits only (`Ex-Ample` = `example`). */
export function compactKey(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]/gu, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Pattern for a name on word boundaries, Unicode-aware: `Shop` is not found in `Shopping` nor in
 * `Shopé`. Any run of whitespace inside the name matches any other run (line breaks, NBSP).
 */
export function namePattern(name: string): RegExp | null {
  const words = fold(name)
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('\\s+')}(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * Pattern for a domain as written in text or in a URL: a subdomain in front is fine
 * (`www.example.com`), a longer label is not (`myexample.com`, `example.com.evil.net`).
 */
export function domainPattern(domain: string): RegExp | null {
  const folded = fold(domain);
  if (folded === '') return null;
  return new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRegExp(folded)}(?![\\p{L}\\p{N}-]|\\.[\\p{L}\\p{N}])`, 'gu');
}

/** All matches of a folding pattern (see above) in a folded text, as original spans. */
export function findSpans(haystack: FoldedText, pattern: RegExp): Span[] {
  const spans: Span[] = [];
  pattern.lastIndex = 0;
  for (const m of haystack.text.matchAll(pattern)) {
    const start = haystack.origin[m.index]!;
    const end = haystack.origin[m.index + m[0].length]!;
    spans.push({ start, end });
  }
  return spans;
}
