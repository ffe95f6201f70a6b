// How far two labellers of one answer set agree, in the figures the brand reading is measured by:
// each tracked brand's mention, mention count, position and citation, and the second labeller's
// untracked brands against the first's (precision and recall). It says what "as good as a careful
// reader" can mean for a set: no reader of the answers does better than the labellers agree.
// Run: npx tsx packages/engine/test/answer-engines/labeller-agreement.ts labelled-answers-8/held-out labelled-answers-8/reader-b
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIELDS, loadAnswers, nameKey, pct, type Expected } from './labelled-score.js';

interface SecondLabels {
  expected: Record<string, Expected>;
  otherBrands: string[];
}

const [firstDir, secondDir] = process.argv.slice(2);
if (!firstDir || !secondDir) {
  console.error('usage: labeller-agreement.ts <first labeller dir> <second labeller dir> (both under this folder)');
  process.exit(2);
}
const here = (dir: string) => fileURLToPath(new URL(`./${dir.replace(/\/?$/, '/')}`, import.meta.url));

const rows: Array<{ language: string } & Record<(typeof FIELDS)[number], boolean>> = [];
let found = 0;
let labelled = 0;
let matched = 0;
let answers = 0;
for (const { file, answer } of loadAnswers(here(firstDir))) {
  let second: SecondLabels;
  try {
    second = JSON.parse(readFileSync(`${here(secondDir)}${file}`, 'utf8')) as SecondLabels;
  } catch {
    continue; // not labelled by the second labeller
  }
  answers++;
  for (const [key, want] of Object.entries(answer.expected)) {
    const got = second.expected[key];
    rows.push({
      language: answer.language,
      mentioned: got?.mentioned === want.mentioned,
      mentionCount: got?.mentionCount === want.mentionCount,
      position: got?.position === want.position,
      cited: got?.cited === want.cited,
    });
  }
  const first = new Set(answer.otherBrands.map(nameKey));
  const other = new Set(second.otherBrands.map(nameKey));
  found += other.size;
  labelled += first.size;
  matched += [...other].filter((k) => first.has(k)).length;
}

const line = (group: typeof rows) => FIELDS.map((f) => `${f} ${pct(group.filter((r) => r[f]).length, group.length)}`).join(', ');
console.log(`${answers} answers labelled by both, ${rows.length} tracked brands: ${line(rows)}`);
console.log(
  `untracked brands, the second labeller's against the first's: precision ${pct(matched, found)} (${matched}/${found}), recall ${pct(matched, labelled)} (${matched}/${labelled})`,
);
for (const language of [...new Set(rows.map((r) => r.language))].sort()) {
  const group = rows.filter((r) => r.language === language);
  console.log(`  language ${language}: ${group.length} tracked brands: ${line(group)}`);
}
