// The real-page corpus for test files: its data (corpus-data.ts) and `describeCorpus`, which skips a
// suite with a visible message, naming the missing folder, on machines without the corpus.

import { describe } from 'vitest';
import { CORPUS_DIR, corpusAvailable } from './corpus-data.js';

export * from './corpus-data.js';

/** A `describe` that runs only when the corpus is present, and says so when it skips. */
export function describeCorpus(title: string, body: () => void): void {
  if (!corpusAvailable()) {
    console.warn(`SKIPPED: "${title}" — the real-page corpus is absent (${CORPUS_DIR})`);
    describe.skip(title, body);
    return;
  }
  describe(title, body);
}

