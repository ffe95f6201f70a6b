// The brand reader's vocabulary: the word lists in words/, each file saying what it holds and where
// it comes from (words/README.md has the sources and licences). Folded (see fold.ts), one a line;
// `#` starts a comment line.
import { readFileSync } from 'node:fs';

/** The words of one list in words/. */
export function wordList(name: string): Set<string> {
  const text = readFileSync(new URL(`./words/${name}.txt`, import.meta.url), 'utf8');
  const words = new Set<string>();
  for (const line of text.split('\n')) {
    const word = line.trim();
    if (word !== '' && !word.startsWith('#')) words.add(word);
  }
  return words;
}

const union = (...names: string[]): ReadonlySet<string> => new Set(names.flatMap((name) => [...wordList(name)]));

/**
 * Capitalised words that are not brands, letters only (`I'm` → `im`): labels, sentence words,
 * times, places, languages and nationalities, demonyms, programming languages. A name made only of
 * these is not taken for a brand.
 */
export const COMMON_WORDS = union('labels', 'sentence-words', 'times', 'places', 'languages', 'demonyms', 'programming-languages');
/** Languages, nationalities and the people of major cities (`English`, `Americans`, `Parisiens`). */
export const NATIONALITIES: ReadonlySet<string> = union('languages', 'demonyms');
/** Open standards for connecting devices (`Bluetooth`, `Z-Wave`, `Matter`): words/tech-standards.txt. */
export const TECH_STANDARDS: ReadonlySet<string> = wordList('tech-standards');
/** Multi-word names of places and days whose words alone are not all common words; single-spaced. */
export const NON_BRAND_NAMES: ReadonlySet<string> = wordList('non-brand-names');
export const ENUMERATION_JOINERS: ReadonlySet<string> = wordList('enumeration-joiners');
export const NAME_CONNECTORS: ReadonlySet<string> = wordList('name-connectors');
/** With the empty cell: a table whose first header cell is one of these has brands as columns. */
export const ROW_LABELS: ReadonlySet<string> = new Set(['', ...wordList('row-labels')]);
export const COMPANY_FORMS: ReadonlySet<string> = wordList('company-forms');
/** Nouns of a kind of business (`Bank`, `Hotel`, `Shop`, `Roasters`), part of a name they open or end. */
export const BUSINESS_NOUNS: ReadonlySet<string> = wordList('business-nouns');
export const ABBREVIATIONS: ReadonlySet<string> = wordList('abbreviations');
export const MODEL_DETERMINERS: ReadonlySet<string> = wordList('model-determiners');
/** Family nouns (words/kin-nouns.txt): a person's kin is a person (`her daughter Semone`, `le père de Friedrich`). */
export const KIN_NOUNS: ReadonlySet<string> = wordList('kin-nouns');
const TITLES: ReadonlySet<string> = new Set([...wordList('titles'), ...KIN_NOUNS]);
/** Whether a folded word is a title or a profession (words/titles.txt), or its plural: `chefs Andrew Taylor and Mike Wiley`. */
export function isTitle(folded: string): boolean {
  return TITLES.has(folded) || (folded.length > 4 && folded.endsWith('s') && TITLES.has(folded.slice(0, -1)));
}
/** A family's nouns, folded, before its name (`die Familie Fandler`, `la famille de Dietrich`) or after it (`the Phillips family`). */
export const FAMILY_NOUNS: ReadonlySet<string> = new Set(['familie', 'famille', 'familia', 'famiglia', 'family']);
/** Weekdays, months, seasons and holidays. */
export const TIMES: ReadonlySet<string> = wordList('times');
