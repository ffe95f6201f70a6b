// `npm run brands:cues`: how often each reading the brand reader takes an untracked name on is
// right, over the answers it is developed on (test/answer-engines/labelled-sets.ts; never the sets
// kept aside). A name is right where the answer's labels list it among its other brands. A name
// taken wrongly moves every tracked brand after it down a place, and one missed moves them up, so
// a cue that admits brands half the time or less costs about as many positions as it wins: those
// with four names or more are marked, to be tried without (the development figures decide).
//   --by-language          one row per cue and language
//   --wrong <cue>          the names that cue took wrongly, each with the words around it
import { parseArgs } from 'node:util';
import { readBrands } from '../src/answer-engines/brands/analyse-brands.js';
import type { BrandCandidate } from '../src/answer-engines/brands/name-shape.js';
import { loadAnswers, nameKey, type LabelledAnswer } from '../test/answer-engines/labelled-score.js';
import { SETS } from '../test/answer-engines/labelled-sets.js';

const { values } = parseArgs({ options: { 'by-language': { type: 'boolean', default: false }, wrong: { type: 'string' } } });

/** Share at or below which a cue is marked, and the fewest names it must have taken to be. */
const MARKED_SHARE = 0.5;
const MARKED_AT_LEAST = 4;
/** Characters of the answer shown either side of a wrongly taken name. */
const AROUND = 70;

/** The reading a name was taken on: its cue in prose, else where it stood (a list's lead, a table…). */
export function cueOf(candidate: BrandCandidate): string {
  return candidate.cue ?? candidate.from ?? 'other';
}

interface Tally {
  taken: number;
  brands: number;
}

const tallies = new Map<string, Tally>();
const wrong: string[] = [];
let answers = 0;
for (const { dir } of SETS) {
  for (const { file, answer } of loadAnswers(dir)) {
    answers++;
    read(answer, `${dir.split('/answer-engines/')[1] ?? dir}${file}`);
  }
}

function read(answer: LabelledAnswer, where: string): void {
  const { others } = readBrands(answer.answer, answer.brands, { sourceUrls: answer.sources.map((s) => s.url), prompt: answer.prompt });
  const labelled = new Set(answer.otherBrands.map(nameKey));
  const seen = new Set<string>();
  for (const candidate of others) {
    const key = nameKey(candidate.name);
    if (seen.has(key)) continue;
    seen.add(key);
    const cue = cueOf(candidate);
    const row = values['by-language'] ? `${cue} (${answer.language})` : cue;
    const tally = tallies.get(row) ?? { taken: 0, brands: 0 };
    tally.taken++;
    if (labelled.has(key)) tally.brands++;
    else if (values.wrong === cue) {
      const at = Math.max(0, candidate.start);
      const words = answer.answer.slice(Math.max(0, at - AROUND), at + candidate.name.length + AROUND).replace(/\s+/gu, ' ');
      wrong.push(`  ${where}  ${candidate.name}  | ${words}`);
    }
    tallies.set(row, tally);
  }
}

const rows = [...tallies].sort((a, b) => b[1].taken - a[1].taken || a[0].localeCompare(b[0]));
const width = Math.max(...rows.map(([cue]) => cue.length), 4);
console.log(`${answers} development answers (${SETS.length} sets): untracked names taken, by the reading that took them`);
console.log(`${'cue'.padEnd(width)}  taken  brands  share`);
for (const [cue, { taken, brands }] of rows) {
  const share = brands / taken;
  const marked = taken >= MARKED_AT_LEAST && share <= MARKED_SHARE ? '  ← half or less' : '';
  console.log(`${cue.padEnd(width)}  ${String(taken).padStart(5)}  ${String(brands).padStart(6)}  ${`${Math.round(share * 100)}%`.padStart(5)}${marked}`);
}
if (values.wrong !== undefined) {
  console.log(`\ntaken wrongly on "${values.wrong}": ${wrong.length}`);
  for (const line of wrong) console.log(line);
}
