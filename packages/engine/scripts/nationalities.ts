// `npm run brands:nationalities`: writes the brand reader's list of nationality adjectives in the
// Romance languages (packages/engine/src/answer-engines/brands/words/nationalities.txt), every
// gender and number: i18n-nationality gives each country's adjective in French, Spanish and
// Italian in the masculine singular (`japonais`, `italiano`, `francese`); the regular endings give
// the rest (`japonaise`, `italiana`, `italiani`, `francesi`). Portuguese writes most of them as
// Spanish does (`italiana`, `japonesa`). These languages write the adjective in lower case before a
// company's name (`la italiana Parmalat`, `au japonais Lixil`, `del gruppo francese Cristalco`).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from '../src/answer-engines/brands/fold.js';
import { isCountryName, isFunctionWord } from '../src/answer-engines/brands/lexicon.js';

const OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/nationalities.txt', import.meta.url));
const require = createRequire(import.meta.url);
const langs = join(dirname(require.resolve('i18n-nationality/package.json')), 'langs');

/** The forms of one adjective, by its language's regular endings. */
function forms(adjective: string, language: 'fr' | 'es' | 'it'): string[] {
  const a = fold(adjective);
  const out = [a];
  if (language === 'fr') {
    const feminine = /(?:ien|een)$/u.test(a) ? `${a}ne` : a.endsWith('e') ? a : `${a}e`;
    out.push(feminine, `${feminine}s`, /[sx]$/u.test(a) ? a : `${a}s`);
  } else if (language === 'es') {
    if (a.endsWith('o')) out.push(`${a.slice(0, -1)}a`, `${a}s`, `${a.slice(0, -1)}as`);
    else if (a.endsWith('e')) out.push(`${a}s`);
    else if (/[sn]$/u.test(a)) out.push(`${a}a`, `${a}es`, `${a}as`);
    else if (a.endsWith('l')) out.push(`${a}a`, `${a}es`, `${a}as`);
  } else {
    if (a.endsWith('co')) out.push(`${a.slice(0, -1)}a`, `${a.slice(0, -1)}hi`, `${a.slice(0, -1)}i`, `${a.slice(0, -1)}he`);
    else if (a.endsWith('o')) out.push(`${a.slice(0, -1)}a`, `${a.slice(0, -1)}i`, `${a.slice(0, -1)}e`);
    else if (a.endsWith('e')) out.push(`${a.slice(0, -1)}i`);
  }
  return out;
}

const words = new Set<string>();
for (const language of ['fr', 'es', 'it'] as const) {
  const { nationalities } = JSON.parse(readFileSync(join(langs, `${language}.json`), 'utf8')) as { nationalities: Record<string, string | string[]> };
  for (const value of Object.values(nationalities))
    for (const adjective of [value].flat()) if (/^\p{L}+$/u.test(adjective)) for (const form of forms(adjective, language)) words.add(form);
}
// Some entries are the country's name (`China`, `Mali`), and an ending may make a word of the language (`ceci`).
for (const word of words) {
  if (isCountryName(word) || (['fr', 'es', 'it', 'pt'] as const).some((language) => isFunctionWord(word, language))) words.delete(word);
}
const header = [
  '# Nationality adjectives of French, Spanish and Italian (i18n-nationality, MIT), every gender and number by the',
  '# regular endings (Portuguese writes most as Spanish does). Written by npm run brands:nationalities. Folded, one a line.',
];
writeFileSync(OUT, `${[...header, ...[...words].sort()].join('\n')}\n`);
console.log(`${words.size} adjectives written to ${OUT}`);
