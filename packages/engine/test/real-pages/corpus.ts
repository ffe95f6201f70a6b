// The real-page corpus for test files: its data (corpus-data.ts) and `describeCorpus`, which skips a
// suite with a visible message, naming the missing folder, on machines without the corpus.

import { describe, it } from 'vitest';
import { CORPUS_DIR, corpusAvailable } from './corpus-data.js';

export * from './corpus-data.js';

/** A `describe` that runs only when the corpus is present, and says so when it skips. */
export function describeCorpus(title: string, body: () => void): void {
  if (!corpusAvailable()) {
    console.warn(`SKIPPED: "${title}" — the real-page corpus is absent (${CORPUS_DIR})`);
    // Not `body`: vitest runs a skipped suite's callback to collect it, and the body reads the corpus.
    describe.skip(title, () => it(`needs the corpus at ${CORPUS_DIR}`, () => undefined));
    return;
  }
  describe(title, body);
}
