// The committed schema.org vocabulary table is exactly what its generator makes from the release
// file (scripts/schemaorg/). The release file comes with the real-page corpus beside the project
// (`../shared/corpus`, or CORPUS_DIR); without it the test skips and says so.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildVocabulary, VOCABULARY_OUTPUT } from '../../scripts/schemaorg/vocabulary-table.js';
import { SCHEMA_ORG_RELEASE } from '@seo-geo/engine';

const corpus = process.env.CORPUS_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');
const release = join(corpus, 'schemaorg/schemaorg-current-https.jsonld');

if (!existsSync(release)) {
  console.warn(`SKIPPED: schema.org vocabulary drift — the release file is absent (${release})`);
}

describe.skipIf(!existsSync(release))('schema.org vocabulary table', () => {
  it(`is what scripts/schemaorg/build-vocabulary.ts makes from release ${SCHEMA_ORG_RELEASE}`, () => {
    expect(buildVocabulary(release, SCHEMA_ORG_RELEASE) === readFileSync(VOCABULARY_OUTPUT, 'utf8')).toBe(true);
  });
});
