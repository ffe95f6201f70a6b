// `npm run evidence:candidates`: writes datasets/evidence/candidates/<page>.json for each page of
// datasets/evidence/manifest.json, the occurrences readers label under datasets/evidence/GUIDE.md: every
// number, quoted passage and link to another site the evidence detectors look at in the page's
// main content, each with the words around it. The rules' verdicts are left out: readers must not
// see them. Pages longer than WINDOW characters of main text are labelled on their first WINDOW.
// EVIDENCE_SET=evidence-kept-aside writes the kept-aside set's (dataset.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CANDIDATES_DIR, candidateSet, readManifest } from './dataset.js';

const check = process.argv.includes('--check');
const stale: string[] = [];
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
  const file = join(CANDIDATES_DIR, `${page.id}.json`);
  const written = `${JSON.stringify(forReaders, null, 1)}\n`;
  if (!check) writeFileSync(file, written);
  else if (!existsSync(file) || readFileSync(file, 'utf8') !== written) stale.push(page.id);
}
console.log(`candidates of ${readManifest().length} pages: ${numbers} numbers, ${quotes} quoted passages, ${links} links to other sites`);
if (stale.length > 0) {
  console.error(
    `the candidates of ${stale.length} pages are not what the engine finds now (${stale.slice(0, 5).join(', ')}…): run npm run evidence:candidates; labels name candidates by their ids`,
  );
  process.exit(1);
}
