// A maker and its products among the other brands (analyse-brands.ts, rule 4): a product named
// with its maker is listed as written only where the answer names the maker nowhere on its own.
import { compactKey, fold } from './fold.js';
import { isCommonWordOrEnglish, type Language } from './lexicon.js';
import type { BrandCandidate } from './name-shape.js';
import { BUSINESS_NOUNS, COMPANY_FORMS } from './words.js';

/**
 * The other brands without the products of a maker the answer also names on its own: `Amazon
 * Lockers` beside `Amazon`, `Sage Paie` beside `Sage` are the maker's (a product named with its
 * maker is listed as written only where the maker is named nowhere else: `Microsoft 365` alone).
 */
export function makersProducts(names: BrandCandidate[]): BrandCandidate[] {
  const keys = new Set(names.map((n) => compactKey(n.name)));
  return names.filter((n) => {
    const words = n.name.split(' ');
    // A business's full name is no product of its short one: `Ozone Coffee Roasters` beside `Ozone`.
    if (namesBusiness(words)) return true;
    for (let k = 1; k < words.length; k++) if (keys.has(compactKey(words.slice(0, k).join(' ')))) return false;
    return true;
  });
}

/** Whether a name's words hold a business's noun or a company's form (`Coffee Roasters`, `GmbH`): a business's full name. */
export function namesBusiness(words: readonly string[]): boolean {
  return words.some((w) => BUSINESS_NOUNS.has(fold(w)) || COMPANY_FORMS.has(fold(w)));
}

/** A model's code or number after its maker and line: `TR1200-DT3`, `III`, `4`. */
const MODEL_CODE = /\d|^[IVX]{2,4}$/u;

/**
 * The table rows and list items' bold leads of products whose maker the answer names on its own
 * where no reading took it for a name (a sentence's first word: the row `Marshall Emberton III`,
 * then `Marshall punktet mit…`): the maker, where the row or lead stands. Not a sentence's name,
 * which names a business by its full name as often (`Octopus Energy` beside `Octopus`). Bold leads
 * too, measured on every development brand set at once: two more makers, none taken wrongly. The maker's words
 * are written alike, capitalised, and stand apart from the product's other words; a single common
 * word (`Look`, `Pets`) is a maker only before a model's code. A maker named after a person is one
 * too (`Russell Hobbs Velocity`, then `Russell Hobbs toastet…`); a founder's name inside a tracked
 * brand's row (`Mick Fanning Softboards Beastie`) is that brand's, which the row is.
 */
export function makersNamedApart(
  candidates: readonly BrandCandidate[],
  text: string,
  language: Language | null,
  isTracked: (name: string) => boolean,
): BrandCandidate[] {
  let index: ReadonlyMap<string, number[]> | null = null;
  const apart = new Map<string, boolean>();
  return candidates.map((candidate) => {
    const words = candidate.name.split(' ');
    // A tracked brand's row is its own (`Chifa Titi` beside the column header `Chifa`), never its first word's.
    if ((candidate.from !== 'table' && candidate.from !== 'bold') || words.length < 2 || namesBusiness(words) || isTracked(candidate.name)) return candidate;
    for (let k = words.length - 1; k >= 1; k--) {
      const maker = words.slice(0, k).join(' ');
      if (!/^\p{Lu}/u.test(maker) || !/^[\p{Lu}\d]/u.test(words[k]!) || maker.replace(/[^\p{L}]/gu, '').length < 3) continue;
      const coded = words.slice(k).some((w) => MODEL_CODE.test(w));
      if (k === 1 && !coded && !/\p{Lu}/u.test(maker.slice(1)) && isCommonWordOrEnglish(maker, language)) continue;
      index ??= wordStarts(text);
      let stands = apart.get(maker);
      if (stands === undefined) apart.set(maker, (stands = standsApart(text, index, maker)));
      if (stands) return { ...candidate, name: maker };
    }
    return candidate;
  });
}

/** How many times a maker's first word is looked at: an answer names a maker a few times, and a table of a thousand rows stays linear. */
const MOST_OCCURRENCES = 64;

/** Where each word of `text` starts, by the word. */
function wordStarts(text: string): Map<string, number[]> {
  const starts = new Map<string, number[]>();
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.&+-]*/gu)) {
    const word = m[0].split(/['’.&+-]/u)[0]!;
    const list = starts.get(word);
    if (list === undefined) starts.set(word, [m.index]);
    else if (list.length < MOST_OCCURRENCES) list.push(m.index);
  }
  return starts;
}

/**
 * Whether `maker` is written in `text` as a whole word and a name of its own: not followed by
 * another capitalised word or a number (the product's next word; `Ölmühle Hartlieb` beside the row
 * `Ölmühle Fandler` is another name).
 */
function standsApart(text: string, index: ReadonlyMap<string, number[]>, maker: string): boolean {
  const first = maker.split(/[\s'’.&+-]/u)[0]!;
  for (const at of index.get(first) ?? []) {
    if (!text.startsWith(maker, at)) continue;
    const end = at + maker.length;
    if (end < text.length && /[\p{L}\p{N}'’-]/u.test(text[end]!)) continue;
    if (/^ [\p{Lu}\d]/u.test(text.slice(end, end + 2))) continue;
    return true;
  }
  return false;
}
