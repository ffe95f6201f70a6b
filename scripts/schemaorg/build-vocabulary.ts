// Writes the compact schema.org vocabulary table (vocabulary-table.ts) from a release file:
//
//   npx tsx scripts/schemaorg/build-vocabulary.ts <release.jsonld> [release-version]
//
// The output is committed, so the product never needs the release file. Rerun on a new release.

import { writeFileSync } from 'node:fs';
import { buildVocabulary, VOCABULARY_OUTPUT } from './vocabulary-table.js';

const [path, release = '30.0'] = process.argv.slice(2);
if (!path) {
  console.error('usage: npx tsx scripts/schemaorg/build-vocabulary.ts <schemaorg-current-https.jsonld> [release-version]');
  process.exit(2);
}
const text = buildVocabulary(path, release);
writeFileSync(VOCABULARY_OUTPUT, text);
console.log(`wrote ${VOCABULARY_OUTPUT} (${Buffer.byteLength(text)} bytes)`);
