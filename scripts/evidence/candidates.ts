// `npm run evidence:candidates`: writes datasets/evidence/candidates/<page>.json for each page of
// datasets/evidence/manifest.json, the occurrences readers label under datasets/evidence/GUIDE.md: every
// number, quoted passage and link to another site the evidence detectors look at in the page's
// main content, each with the words around it. The rules' verdicts are left out: readers must not
// see them. Pages longer than WINDOW characters of main text are labelled on their first WINDOW.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CANDIDATES_DIR, candidateSet, readManifest } from './dataset.js';

mkdirSync(CANDIDATES_DIR, { recursive: true });
let numbers = 0;
let quotes = 0;
let links = 0;
for (const page of readManifest()) {
  const set = candidateSet(page);
  numbers += set.numbers.length;
  quotes += set.quotes.length;
  links += set.links.length;
  const forReaders = {
    id: set.id,
    genre: set.genre,
    language: set.language,
    url: set.url,
    windowed: set.windowed,
    text: set.readableText,
    numbers: set.numbers.map(({ id, token, context }) => ({ id, token, context })),
    quotes: set.quotes.map(({ id, kind, text, context }) => ({ id, kind, text, context })),
    links: set.links.map(({ id, href, text, context }) => ({ id, href, text, context })),
  };
  writeFileSync(join(CANDIDATES_DIR, `${page.id}.json`), `${JSON.stringify(forReaders, null, 1)}\n`);
}
console.log(`candidates of ${readManifest().length} pages: ${numbers} numbers, ${quotes} quoted passages, ${links} links to other sites`);
