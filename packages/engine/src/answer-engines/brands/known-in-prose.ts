// Brands a reader knows, named in running prose without a cue: "authorized for Samsung and Google
// Pixel repairs", "el turrón de Jijona de Mercadona". The candidates' rules read a capitalised word
// in prose by where it stands; a name on the list of brands readers know (words/known-brands.txt)
// that is neither a word of the answer's language nor a given name is a brand wherever it is
// written so (not `Puma`, an English word). Measured on every development brand set at once: nine
// sets found more brands, one took one name wrongly.
import { isGivenName, isKnownBrand, knownAsBrand, type Language } from './lexicon.js';
import type { BrandCandidate } from './name-shape.js';
import { fold } from './fold.js';
import { COMPANY_FORMS, NATIONALITIES, TECH_STANDARDS } from './words.js';

/** A capitalised word of letters, digits and inner marks (`Samsung`, `DATEV`, `De'Longhi`). */
const WORD = /(?<![\p{L}\p{N}@/.])\p{Lu}[\p{L}\p{N}]*(?:['’&-][\p{L}\p{N}]+)*(?![\p{L}\p{N}])/gu;
const MIN_LETTERS = 3;

/** The known brands of `text` that no candidate covers, in order, each at its first place. */
export function knownBrandsInProse(
  text: string,
  candidates: readonly BrandCandidate[],
  language: Language | null,
  isTracked: (name: string) => boolean,
): BrandCandidate[] {
  // Words come in order: one walk along the candidates, sorted by their start, tells which are covered.
  const spans = candidates.map((c) => ({ start: c.start, end: c.start + c.name.length })).sort((a, b) => a.start - b.start);
  let next = 0;
  let reach = -1;
  const covered = (at: number) => {
    while (next < spans.length && spans[next]!.start <= at) reach = Math.max(reach, spans[next++]!.end);
    return at < reach;
  };
  const seen = new Set(candidates.map((c) => c.name.toLowerCase()));
  const found: BrandCandidate[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    if (word.length < MIN_LETTERS || seen.has(word.toLowerCase()) || covered(m.index)) continue;
    if (!knownAsBrand(word, language) || isGivenName(word, language) || isTracked(word) || notAName(word)) continue;
    // A word of a longer name (`Buenos Aires`, `Berkshire Hathaway`, `Dolby Atmos`) is that name's.
    const before = NAME_BEFORE.exec(text.slice(Math.max(0, m.index - 40), m.index));
    // Save after a name and a bare `de` (not one holding an article: `Agència Catalana del Consum`), where
    // the known brand owns or sells the name: `Hacendado de Mercadona`.
    if (
      (before !== null && !(before[1] !== undefined && OWNING.has(before[1]) && isKnownBrand(word))) ||
      NAME_AFTER.test(text.slice(m.index + word.length, m.index + word.length + 40))
    )
      continue;
    seen.add(word.toLowerCase());
    found.push({ name: word, start: m.index, from: 'prose' });
  }
  return found;
}

/** A capitalised word, perhaps with a name's connector, right before or after: the word is part of a longer name. */
const NAME_BEFORE = /[\p{Lu}\p{N}\uE000][\p{L}\p{N}'’.&-]*[ \t]+(?:(of|de|del|der|von|van|di|du|da|do|&)[ \t]+)?$/u;
/** The connectors after which a name is another's: its owner's or seller's (not `del`, `du`, `do`, which hold an article). */
const OWNING: ReadonlySet<string> = new Set(['of', 'de', 'von', 'van', 'di']);
const NAME_AFTER = /^[ \t]+(?:(?:of|de|del|der|von|van|di|du|da|do|&)[ \t]+)?[\p{Lu}\p{N}\uE000]/u;

/** Nationalities, languages, company forms and technical standards, which the known brands' lists hold too (`American`, `GmbH`, `Bluetooth`). */
const NOT_NAMES: ReadonlySet<string> = new Set([...NATIONALITIES, ...COMPANY_FORMS, ...TECH_STANDARDS]);
const notAName = (word: string) => NOT_NAMES.has(fold(word));
