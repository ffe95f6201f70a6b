// What a name looks like: the checks every name found must pass, wherever it stands, and the
// word shapes the prose reader builds names from.
import { COMMON_WORDS, COMPANY_FORMS, ENUMERATION_JOINERS, NAME_CONNECTORS, NON_BRAND_NAMES, TIMES } from './words.js';
import { fold } from './fold.js';
import { registrableDomain } from '../domains.js';

export interface BrandCandidate {
  name: string;
  /** Offset in the original answer. */
  start: number;
  /** Where it was found (a list lead, bold text, a table, prose…), for reading a disagreement. */
  from?: 'lead' | 'heading' | 'bold' | 'link' | 'table' | 'prose';
  /** Its last mark (`?`, `!`) is the name's own, glued to it in a sentence that goes on (`Which?`). */
  marked?: boolean;
  /** A brand a reader knows that is also a place, read as the brand where it stands (beside brands, or owning a compound: `Aral-Tankstellen`): no place. */
  notPlace?: boolean;
  /** Named as what owns, buys or makes a business (`owned by Premium Brands`): a company's name, whatever its words. */
  owner?: boolean;
  /**
   * The reading that took a name in prose (`known`, `enumeration`, `preposition from`…; prose-line.ts),
   * which `npm run brands:cues` counts against the labelled answers: a cue that admits brands half
   * the time or less costs more positions than it wins.
   */
  cue?: string;
}

/** Letters and digits in one word (`Check24`), a capital inside a word (`eBay`, `JobRad`), `&` (`AT&T`), a number after the name (`Microsoft 365`). */
export const BRAND_SHAPE = /\p{Ll}\p{Lu}|\p{L}\p{N}|\p{N}\p{L}|&| \p{N}+$/u;
/**
 * Where the name at the head of a list item, heading or table cell ends: a dash, a colon, a bracket,
 * a comma (not a decimal one: `Menos de 0,5 g`), a full stop (not an initial's: `E.J. Churchill`,
 * `J. Crew`, nor a title's: `Dr. Oetker`).
 */
const LEAD_END = /\s[-–—]\s|[:(;|]|,(?!\d)|(?<!(?:^|[\s.])\p{Lu}|\b(?:Dr|Mr|Mrs|Ms|St|Sr|Jr|Mt))\.(?:\s|$)/u;

/** A capital letter that shapes a common noun (`an A-frame`, `a T-shirt`, `a U-turn`): no name; `G-Shock` has its capital. */
export function letterShaped(word: string): boolean {
  return /^\p{Lu}-\p{Ll}{2,}$/u.test(word);
}

/** Capital initials, each with its dot, glued to a capitalised name: `L.L.Bean`, `J.Crew`. */
const INITIALS_AND_NAME = /^(?:\p{Lu}\.)+\p{Lu}\p{Ll}/u;

export function looksLikeName(name: string): boolean {
  if (name.length < 2 || name.length > 80) return false;
  const words = name.split(' ');
  if (words.length > 5) return false;
  if (letterShaped(name)) return false;
  // A domain name is reported among the domains, not as a brand; initials glued to a name are no domain (`L.L.Bean`, `R.M.Williams`).
  if (/^[^\s]+\.[\p{L}]{2,}$/u.test(name) && !INITIALS_AND_NAME.test(name) && registrableDomain(name) !== null) return false;
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
    // `Which?`: a mark glued to a word makes it a title, common as the word is.
    if (/\p{L}/u.test(bare) && (!isCommon(bare) || /\p{L}[?!]$/u.test(word))) substantive++;
  }
  return substantive > 0 && /\p{L}/u.test(name);
}

export function clean(c: BrandCandidate): BrandCandidate {
  return { ...c, name: c.name.replace(c.marked === true ? /[\s.:,;]+$/u : /[\s.:!?,;]+$/u, '').replace(/\s+/g, ' ') };
}

/** A Markdown list item, bulleted or numbered: its text after the marker. For `matchAll` (it carries `g`). */
export const LIST_ITEM = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(.+)$/gm;

/** The name at the head of a list item, heading or table cell, without Markdown emphasis. */
export function leadOf(raw: string, start: number): BrandCandidate {
  const lead = raw.replace(/[*_`[\]]/g, (c) => ' '.repeat(c.length)).split(LEAD_END)[0] ?? '';
  const offset = lead.length - lead.trimStart().length;
  return { name: lead.trim(), start: start + offset };
}

export function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word) || /^\p{Ll}+\p{Lu}/u.test(word) || (/^\p{N}/u.test(word) && /\p{Lu}/u.test(word));
}

/** Connectors inside a name found in prose: not the enumeration joiners (`Etsy and Amazon` is two names). */
export function isConnector(word: string): boolean {
  const folded = fold(word);
  return NAME_CONNECTORS.has(folded) && !ENUMERATION_JOINERS.has(folded);
}

export function isCommon(word: string): boolean {
  const folded = fold(word).replace(/[^\p{L}\p{N};]/gu, '');
  // `Sundays`, `Mondays`: the plural of a day or month is no name either.
  return COMMON_WORDS.has(folded) || (folded.endsWith('s') && TIMES.has(folded.slice(0, -1)));
}

/** `Etsy's` → `Etsy`, `Etsy-like` → `Etsy` (a lower-case suffix after a hyphen), `Coca-Cola` kept. */
export function trimWord(word: string): string {
  return word.replace(/['’]s$/u, '').replace(/-\p{Ll}+$/u, '');
}

/** The last word of a group of companies' name: `UnitedHealth Group`, `Techtronic Industries`, `Newell Brands`, `Sycamore Partners`. */
const GROUP_ENDS = new Set([
  'group',
  'groupe',
  'gruppe',
  'grupo',
  'gruppo',
  'holding',
  'holdings',
  'industries',
  'companies',
  'brands',
  'partners',
  'enterprises',
]);

/** Whether a name of two words or more ends on a group's noun (`Techtronic Industries`): no person's, nor a regulator's. */
export function namesGroup(words: readonly string[]): boolean {
  return words.length > 1 && GROUP_ENDS.has(fold(words[words.length - 1]!));
}

/** A name without the legal form that ends it, if any: `Paul Hartmann AG` → `Paul Hartmann`; `AG` stays `AG`. */
export function withoutLegalForm(name: string): string {
  const form = /\s+(\p{L}+)\.?$/u.exec(name);
  return form !== null && COMPANY_FORMS.has(fold(form[1]!)) ? name.slice(0, form.index) : name;
}

/** The legal form that ends a run of words, folded (`ag` for `Paul Hartmann AG`), or null. */
export function legalFormOf(words: ReadonlyArray<{ text: string }>): string | null {
  const last = words.length === 0 ? '' : fold(words[words.length - 1]!.text);
  return COMPANY_FORMS.has(last) ? last : null;
}
