// A maker and its products among the other brands (analyse-brands.ts, rule 4): a product named
// with its maker is listed as written only where the answer names the maker nowhere on its own.
import { compactKey, fold } from './fold.js';
import { isCommonWordOrEnglish, isGivenName, type Language } from './lexicon.js';
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
    if (words.some((w) => BUSINESS_NOUNS.has(fold(w)) || COMPANY_FORMS.has(fold(w)))) return true;
    for (let k = 1; k < words.length; k++) if (keys.has(compactKey(words.slice(0, k).join(' ')))) return false;
    return true;
  });
}

/** A model's code or number after its maker and line: `TR1200-DT3`, `III`, `4`. */
const MODEL_CODE = /\d|^[IVX]{2,4}$/u;

/**
 * A table's row of a product whose maker the answer names on its own where no reading took it for
 * a name (a sentence's first word: the row `Marshall Emberton III`, then `Marshall punktet mit…`):
 * the maker, where the row stands. Only a table's: its rows name models, where a list's lead or a
 * sentence names a business by its full name (`Octopus Energy` beside `Octopus`). The maker's words are written alike, capitalised, and stand
 * apart from the product's other words; a single common word (`Look`, `Pets`) is a maker only
 * before a model's code.
 */
export function makerNamedApart(candidate: BrandCandidate, text: string, language: Language | null): BrandCandidate {
  const words = candidate.name.split(' ');
  if (candidate.from !== 'table' || words.length < 2 || words.some((w) => BUSINESS_NOUNS.has(fold(w)) || COMPANY_FORMS.has(fold(w)))) return candidate;
  for (let k = words.length - 1; k >= 1; k--) {
    const maker = words.slice(0, k).join(' ');
    if (!/^\p{Lu}/u.test(maker) || maker.replace(/[^\p{L}]/gu, '').length < 3) continue;
    const coded = words.slice(k).some((w) => MODEL_CODE.test(w));
    if (k === 1 && !coded && !/\p{Lu}/u.test(maker.slice(1)) && isCommonWordOrEnglish(maker, language)) continue;
    // A person's full name before a brand's is its founder (`Mick Fanning Softboards`, `Mick Fanning co-founded the brand`).
    if (k >= 2 && isGivenName(words[0]!, language)) continue;
    if (standsApart(text, maker, words[k]!)) return { ...candidate, name: maker };
  }
  return candidate;
}

/**
 * Whether `maker` is written in `text` as a whole word and a name of its own: not followed by
 * `next` (the product's next word), nor by another capitalised word (`Ölmühle Hartlieb` beside the
 * row `Ölmühle Fandler` is another name).
 */
function standsApart(text: string, maker: string, next: string): boolean {
  for (let at = text.indexOf(maker); at >= 0; at = text.indexOf(maker, at + 1)) {
    const end = at + maker.length;
    if (at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1]!)) continue;
    if (end < text.length && /[\p{L}\p{N}'’-]/u.test(text[end]!)) continue;
    if (text.startsWith(next, end + 1) || /^ [\p{Lu}\d]/u.test(text.slice(end, end + 2))) continue;
    return true;
  }
  return false;
}
