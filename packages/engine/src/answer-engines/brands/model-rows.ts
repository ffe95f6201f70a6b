// An answer that lists models (its tracked brands' list leads and table rows name a model after the
// brand: `**Felco 2**`, `| Epson EH-TW6250 |`): an untracked lead or row there names a model too,
// and the brand it counts is its maker (`**Okatsune 103**` is Okatsune's), as the labelling guide
// reads "a product line named with its maker's name as one phrase is that name" (the README of
// packages/engine/test/answer-engines/labelled-answers). Measured on every development brand set
// at once, with the sixteen older labels that listed such a phrase as written relabelled: 21 more
// brands found right, none more found; untracked precision 81.14 → 81.83%, recall 76.71 → 77.36%.
import type { Span } from './fold.js';
import { inKnownBrands, isCommonWordOrEnglish, isGivenName, type Language } from './lexicon.js';
import { leadOf, LIST_ITEM, type BrandCandidate } from './name-shape.js';
import { namesBusiness } from './makers.js';
import { cells, findTables, splitLines } from './tables.js';

/** A lead or a row's first cell: where its name starts and ends. */
interface Lead {
  start: number;
  end: number;
}

/** The list items' leads and the tables' first cells of body rows, in no order. */
function leadsOf(text: string): Lead[] {
  const leads: Lead[] = [];
  for (const m of text.matchAll(LIST_ITEM)) {
    const line = m[1]!;
    const lead = leadOf(line, m.index + m[0].length - line.length);
    leads.push({ start: lead.start, end: lead.start + lead.name.length });
  }
  const lines = splitLines(text);
  for (const table of findTables(lines)) {
    for (let i = table.header + 2; i < table.end; i++) {
      const first = cells(lines[i]!)[0];
      if (first === undefined) continue;
      const lead = leadOf(first.text, first.start);
      leads.push({ start: lead.start, end: lead.start + lead.name.length });
    }
  }
  return leads;
}

/**
 * Whether the answer lists models: two leads or rows at least open on a tracked brand's mention
 * and go on with a model's words (`Winmau Sabotage 22g`), and none is the tracked name alone
 * (a list of brands, `**Winmau** – …`, names businesses by their full names: `Octopus Energy`).
 */
function listsModels(leads: readonly Lead[], mentions: readonly Span[], text: string): boolean {
  // Each mention's end by its start, once: a lead is looked up, not every mention walked for it.
  const mentionEnds = new Map(mentions.map((m) => [m.start, m.end]));
  let models = 0;
  for (const lead of leads) {
    const end = mentionEnds.get(lead.start);
    if (end === undefined) continue;
    if (end >= lead.end) return false;
    if (/^ [\p{Lu}\p{N}]/u.test(text.slice(end, end + 2))) models++;
  }
  return models >= 2;
}

/**
 * Whether a lead's words are written as a maker's and a model's: each capitalised or holding a
 * digit, none a title's abbreviation (`Dr.`) nor a plural's possessive (`Writers'`), and the first
 * no common word, save a brand a reader knows or a given name (not a label, `Für Feinschmecker`,
 * nor a name with a connector, `Peter's of Kensington`).
 */
function modelShaped(words: readonly string[], language: Language | null): boolean {
  if (!words.every((w) => /^[\p{Lu}\p{N}]/u.test(w) && !/[.'’]$/u.test(w))) return false;
  return inKnownBrands(words[0]!) || isGivenName(words[0]!, language) || !isCommonWordOrEnglish(words[0]!, language);
}

/**
 * The maker of a model's name: the longest start of it that is a brand a reader knows (`Pingo Doce
 * Meio-Gordo`), a person's name before a model's word (`Russell Hobbs Velocity`), or its first word.
 */
function makerOf(words: readonly string[]): string {
  for (let k = words.length - 1; k >= 1; k--) {
    const start = words.slice(0, k).join(' ');
    if (inKnownBrands(start)) return start;
  }
  return words.length >= 3 && isGivenName(words[0]!, null) ? words.slice(0, 2).join(' ') : words[0]!;
}

/**
 * The candidates with the untracked leads and rows of an answer that lists models reduced to
 * their maker: `Gastroback 46600` beside the tracked `Rommelsbacher DA 750` and `Severin OD 2940`
 * is Gastroback's. A maker of several words no list knows and no given name opens is cut to its
 * first (`Owens Corning Duration` to `Owens`): the brand still ranks where it stands. A business's
 * full name is no model (`Ozone Coffee Roasters`), nor is a tracked brand's row, nor a lead
 * already cut to its maker.
 */
export function makersOfModelRows(
  candidates: readonly BrandCandidate[],
  text: string,
  mentions: readonly Span[],
  isTracked: (name: string) => boolean,
  language: Language | null,
): BrandCandidate[] {
  const leads = leadsOf(text);
  if (!listsModels(leads, mentions, text)) return [...candidates];
  // A candidate that is a whole lead, not one already cut to its maker (makers.ts: `Russell Hobbs` of `Russell Hobbs Velocity`).
  const ends = new Map(leads.map((l) => [l.start, l.end]));
  return candidates.map((candidate) => {
    const words = candidate.name.split(' ');
    if (candidate.from === 'prose' || candidate.from === 'link' || words.length < 2 || ends.get(candidate.start) !== candidate.start + candidate.name.length)
      return candidate;
    if (isTracked(candidate.name) || inKnownBrands(candidate.name) || namesBusiness(words) || !modelShaped(words, language)) return candidate;
    return { ...candidate, name: makerOf(words) };
  });
}
