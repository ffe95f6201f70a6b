// Other brands an answer lists. A heuristic, kept simple and honest about it: answers that
// recommend name their picks as list items, headings, bold text or link texts, so only those
// places are looked at, and only what looks like a proper name is kept:
//  - the lead of a list item or heading, up to the first `:`, ` - `, `(`, `,` or sentence end
//    (`1. **Shopify**: easy to set up` → `Shopify`), the text of `**bold**`, and link texts;
//  - one to five words, each capitalised (`Shopify`, `Bank of America`), a camel-cased name
//    (`eBay`, `iPhone`) or a lower-case connector inside the name (`of`, `de`, `von`);
//  - not made only of common words (`Pros`, `Key Features`, `Fazit`), not a domain name (domains
//    are reported apart), and not the project's own brand.
// It misses brands named only in running prose and takes some capitalised labels for brands.
import { COMMON_WORDS, NAME_CONNECTORS } from './common-words.js';
import { compactKey, fold } from './fold.js';
import { registrableDomain } from './domains.js';

export interface BrandCandidate {
  name: string;
  /** Offset in the original answer. */
  start: number;
}

const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(.+)$/gm;
const HEADING = /^[ \t]*#{1,6}[ \t]+(.+)$/gm;
const BOLD = /\*\*([^*\n]{1,120}?)\*\*|__([^_\n]{1,120}?)__/g;
/** Where the name at the head of a list item ends. */
const LEAD_END = /\s[-–—]\s|[:(,;|]|\.(?:\s|$)/u;

/**
 * Candidates in order of appearance. `text` is the answer with link destinations blanked; `links`
 * are its Markdown link texts with their offsets.
 */
export function brandCandidates(text: string, links: ReadonlyArray<{ text: string; textStart: number }>): BrandCandidate[] {
  const found: BrandCandidate[] = [];
  for (const pattern of [LIST_ITEM, HEADING]) {
    for (const m of text.matchAll(pattern)) {
      const line = m[1] ?? '';
      const lineStart = m.index + m[0].length - line.length;
      // `### 2. Shopify`: the numbering of a heading is not part of the name.
      const numbering = /^\d{1,3}[.)]\s+/.exec(line)?.[0].length ?? 0;
      const rest = line.slice(numbering);
      const lead = rest.replace(/[*_`[\]]/g, (c) => ' '.repeat(c.length)).split(LEAD_END)[0] ?? '';
      const offset = lead.length - lead.trimStart().length;
      found.push({ name: lead.trim(), start: lineStart + numbering + offset });
    }
  }
  for (const m of text.matchAll(BOLD)) found.push({ name: (m[1] ?? m[2] ?? '').trim(), start: m.index + 2 });
  for (const link of links) found.push({ name: link.text.replace(/[*_`]/g, '').trim(), start: link.textStart });

  return found
    .map((c) => ({ ...c, name: c.name.replace(/[\s.:!?,;]+$/u, '').replace(/\s+/g, ' ') }))
    .filter((c) => looksLikeName(c.name))
    .sort((a, b) => a.start - b.start);
}

export function looksLikeName(name: string): boolean {
  if (name.length < 2 || name.length > 80) return false;
  const words = name.split(' ');
  if (words.length > 5) return false;
  // A domain name is reported among the domains, not as a brand.
  if (/^[^\s]+\.[\p{L}]{2,}$/u.test(name) && registrableDomain(name) !== null) return false;
  let substantive = 0;
  for (const [i, word] of words.entries()) {
    const folded = fold(word);
    const inside = i > 0 && i < words.length - 1;
    if (inside && NAME_CONNECTORS.has(folded)) continue;
    if (!/^(?:[\p{Lu}\p{N}]|\p{Ll}+\p{Lu})/u.test(word)) return false;
    if (!COMMON_WORDS.has(folded.replace(/[^\p{L}\p{N};]/gu, ''))) substantive++;
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
