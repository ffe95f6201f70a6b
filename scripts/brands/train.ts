// `npm run brands:train`: lets the data decide how the names the brand reader takes in prose are
// read. It collects every such name in the labelled answers the reader is developed on, with its
// features and whether the answer's labels call it a brand; trains a logistic regression five
// times, each time holding out a fifth of the sets; reads the held-out sets with it and with the
// rules alone; keeps whichever reads them better, and writes it, with the model trained on every
// set, to packages/engine/src/answer-engines/brands/prose-name-model.generated.ts.
//   --dry-run   report only; write nothing
//   --check     fail when the committed reading is not what training makes
//   --measure   then read the sets kept aside with the rules and with what training makes: figures only
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { withProseNameReading, type ProseNameReading } from '@seo-geo/engine';
import { BRAND_KEPT_ASIDE_SETS, loadAnswers, score, summarise, type BrandsSummary, type ScoredAnswer } from '@seo-geo/engine/testing';
import { developmentAnswers, generatedSource, trainedReading, untrackedF1 } from './prose-name-training.js';

const { values } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    measure: { type: 'boolean', default: false },
  },
});

const data = developmentAnswers();
const { reading, rules, heldOut } = trainedReading(data);
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const line = (s: BrandsSummary) =>
  `position ${pct(s.position)}, mention count ${pct(s.mentionCount)}; untracked precision ${pct(s.otherPrecision)}, recall ${pct(s.otherRecall)}, F1 ${pct(untrackedF1(s))}`;
const groups = (scored: readonly ScoredAnswer[], by: (s: ScoredAnswer) => string) => [...new Set(scored.map(by))].sort();

console.log(`prose names of ${rules.length} answers in ${data.sets.length} sets, five folds of sets held out in turn:`);
console.log(`  rules  ${line(summarise(rules))}`);
console.log(`  model  ${line(summarise(heldOut))}`);
for (const [what, by] of [
  ['language', (s: ScoredAnswer) => s.answer.language],
  ['style', (s: ScoredAnswer) => s.answer.style],
] as const) {
  for (const value of groups(rules, by)) {
    const pick = (scored: readonly ScoredAnswer[]) => summarise(scored.filter((s) => by(s) === value));
    console.log(`    ${what} ${value.padEnd(24)} rules ${line(pick(rules))}`);
    console.log(`    ${' '.repeat(what.length + 25)} model ${line(pick(heldOut))}`);
  }
}
console.log(`kept: ${reading.use} (${Object.keys(reading.model.weights).length} weights)`);

if (values.measure) {
  for (const set of BRAND_KEPT_ASIDE_SETS) {
    const dir = fileURLToPath(new URL(`../../packages/engine/test/answer-engines/${set}/`, import.meta.url));
    const answers = loadAnswers(dir);
    const figures = (by: ProseNameReading) => withProseNameReading(by, () => summarise(answers.map(({ file, answer }) => score(file, answer))));
    console.log(`${set}, kept aside (${answers.length} answers): rules ${line(figures({ ...reading, use: 'rules' }))}`);
    console.log(`${' '.repeat(set.length + 30)}${reading.use} ${line(figures(reading))}`);
  }
}

if (!values['dry-run']) {
  const target = fileURLToPath(new URL('../../packages/engine/src/answer-engines/brands/prose-name-model.generated.ts', import.meta.url));
  const generated = generatedSource(reading);
  if (values.check) {
    if (readFileSync(target, 'utf8') !== generated) {
      console.error(`\n${target} is not what training makes from the labelled answers: run npm run brands:train and commit it`);
      process.exit(1);
    }
    console.log('\nthe committed reading is what training makes from the labelled answers');
  } else {
    writeFileSync(target, generated);
    console.log(`\nwrote ${target}`);
  }
}
