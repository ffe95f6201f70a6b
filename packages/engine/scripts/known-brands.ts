// `npm run brands:known`: writes the brand reader's list of brands a reader knows
// (packages/engine/src/answer-engines/brands/words/known-brands.txt) from three well-kept lists on
// the registry: the name-suggestion-index's brands (OpenStreetMap's canonical names of shops,
// restaurants, banks, fuel stations, hotels and other chains worldwide), Simple Icons' brands (the
// web's products and companies) and cspell's dictionary of company names. A reader tells `Deliveroo`
// or `BBVA` in a sentence for a brand because they know the name, not from the words around it.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { fold } from '../src/answer-engines/brands/fold.js';
import { isGivenName, isPlaceName } from '../src/answer-engines/brands/lexicon.js';

interface NsiItem {
  displayName?: string;
  tags?: Record<string, string>;
}

const OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/known-brands.txt', import.meta.url));
const LOWER_CASE_OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/lower-case-brands.txt', import.meta.url));
/** One word of lower-case letters (and inner digits or hyphens), two letters at least: `dm`, `myflexbox`, `x-kom`. */
const LOWER_CASE_NAME = /^\p{Ll}[\p{Ll}\p{N}]*(?:-[\p{Ll}\p{N}]+)*$/u;
const WORDS_OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/known-brand-words.txt', import.meta.url));
const require = createRequire(import.meta.url);

const names = new Set<string>();
/** The names the index and Simple Icons write in lower case, as written (`dm`, `myflexbox`). */
const lowerCase = new Set<string>();
/** The names some list writes otherwise, lower-cased: a brand one list writes capitalised is no lower-case brand (`Boulanger`, a baker in French). */
const capitalised = new Set<string>();
// cspell's list writes words of names apart in lower case too (`avec`, `der`): only the two lists of brands' own spellings say so.
const add = (raw: string | undefined, spelled = true) => {
  // `Orange (Belgium)`: the qualifier tells two entries apart, answers do not write it.
  const written = (raw ?? '').replace(/\s*\([^)]*\)\s*$/u, '').trim();
  if (!LOWER_CASE_NAME.test(written)) capitalised.add(written.toLowerCase());
  else if (spelled) lowerCase.add(written);
  const name = fold(written).replace(/\s+/gu, ' ');
  // Two letters (`UE`, `NS`) are as often an acronym of something else; `N26` has three.
  if (!/\p{L}/u.test(name) || name.replace(/[^\p{L}\p{N}]/gu, '').length < 3 || name.split(' ').length > 5) return;
  names.add(name);
};

// Neither package exports its data files: they are read next to what each does export.
const nsiFile = join(dirname(require.resolve('name-suggestion-index')), '../json/nsi.json');
/**
 * The index's kinds whose names are public services, schemes and associations rather than
 * businesses (employment agencies, parties, schools, city bike schemes, blood donation): not brands.
 */
const PUBLIC_KINDS =
  /^brands\/(?:office\/(?:government|employment_agency|political_party|union|association)|club\/|emergency\/|landuse\/|highway\/|advertising\/|healthcare\/blood_donation|amenity\/(?:university|college|school|prep_school|kindergarten|library|social_facility|social_centre|community_centre|public_bookcase|recycling|waste_basket|parking|bicycle_rental|townhall|police|courthouse))/u;
const nsi = (JSON.parse(readFileSync(nsiFile, 'utf8')) as { nsi: Record<string, { items: NsiItem[] }> }).nsi;
for (const [category, { items }] of Object.entries(nsi)) {
  // Operators (public transport, councils, utilities' networks) and flags are not the brands a shopper meets.
  if (!category.startsWith('brands/') || PUBLIC_KINDS.test(category)) continue;
  for (const item of items) for (const raw of [item.displayName, item.tags?.brand, item.tags?.name]) add(raw);
}
for (const icon of Object.values(require('simple-icons') as Record<string, { title?: string }>)) add(icon.title);
const companies = readFileSync(join(dirname(require.resolve('@cspell/dict-companies/cspell-ext.json')), 'dict/companies.txt'), 'utf8').split('\n');
for (const line of companies) {
  // Stock tickers (`AAPL`, `ABBV`) stand beside the names there; a ticker in an answer is an acronym like any other.
  if (line.startsWith('#') || /^[A-Z]{1,5}$/u.test(line.trim())) continue;
  add(line, false);
}

// English words among them (`target`, `next`, `orange`, `amazon`; not `nike`, `mastercard`), from a
// dictionary (word-list: SCOWL's words, no names) rather than a frequency list, which films fill
// with brands: the reader asks for more than the name before it reads one of these as the brand.
const english = new Set(readFileSync((await import('word-list')).default, 'utf8').split('\n'));
const words = [...names].filter((name) => english.has(name)).sort();
writeFileSync(
  WORDS_OUT,
  `${['# Known brands (known-brands.txt) that are English words too (word-list, MIT: SCOWL); written by npm run brands:known.', ...words].join('\n')}\n`,
);

// A brand that writes its own name in lower case (`dm`, `myflexbox`) is recognised in lower case,
// where its letters are no word: not an English word, a place's or a given name; the reader leaves
// out a common word of the answer's language and a unit after a number.
const lowerCaseBrands = [...lowerCase]
  .filter(
    (name) => name.replace(/[^\p{L}]/gu, '').length >= 2 && !capitalised.has(name) && !english.has(name) && !isPlaceName(name) && !isGivenName(name, null),
  )
  .sort();
writeFileSync(
  LOWER_CASE_OUT,
  `${[
    '# Brands whose own name is one word in lower case, as the name-suggestion-index and Simple Icons write it; written by npm run brands:known.',
    '# Not a name some list also writes capitalised, an English word (word-list), a place or a given name.',
    ...lowerCaseBrands,
  ].join('\n')}\n`,
);

const header = [
  '# Brands a reader knows: the name-suggestion-index brands (BSD-3-Clause), Simple Icons titles (CC0-1.0) and cspell company names (MIT).',
  '# Written by npm run brands:known. Folded, words single-spaced, one a line.',
];
writeFileSync(OUT, `${[...header, ...[...names].sort()].join('\n')}\n`);
console.log(`${names.size} brand names written to ${OUT}`);
