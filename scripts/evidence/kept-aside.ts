// `npm run evidence:kept-aside`: how the shipped engine's evidence detectors read a kept-aside set
// (datasets/evidence-kept-aside-15 is the one never developed on, only measured; the first fourteen were
// kept aside and are development sets now), against its settled labels. Per detector, as evidence:train measures the rules
// (measure.ts): occurrence precision and recall, and page agreement (has an attributed
// quotation; statistics within ±30% of the settled count; citations within ±1), overall, per genre
// and per language. Nothing trains here.
//   --errors   also list each wrong verdict with its words and the readers' reason (errors.ts); for a
//              development set only: reading a set kept aside to change a rule makes it one
import { candidateFeatures, EVIDENCE_MODELS, modelCounts } from '@seo-geo/engine';

// The set is chosen before dataset.ts reads it: EVIDENCE_SET names another kept-aside set
// (EVIDENCE_SET=evidence-kept-aside-2 npm run evidence:kept-aside measures the second,
// EVIDENCE_SET=evidence-kept-aside-3 the third, EVIDENCE_SET=evidence-kept-aside-4 the fourth,
// EVIDENCE_SET=evidence-kept-aside-5 the fifth, EVIDENCE_SET=evidence-kept-aside-6 the sixth,
// EVIDENCE_SET=evidence-kept-aside-7 the seventh, EVIDENCE_SET=evidence-kept-aside-8 the eighth,
// EVIDENCE_SET=evidence-kept-aside-9 the ninth, EVIDENCE_SET=evidence-kept-aside-10 the tenth,
// EVIDENCE_SET=evidence-kept-aside-11 the eleventh, EVIDENCE_SET=evidence-kept-aside-12 the twelfth,
// EVIDENCE_SET=evidence-kept-aside-13 the thirteenth, EVIDENCE_SET=evidence-kept-aside-14 the fourteenth).
process.env.EVIDENCE_SET ||= 'evidence-kept-aside';
const { EVIDENCE_SET, readManifest } = await import('./dataset.js');
const { readLabels } = await import('./labels.js');
const { KINDS, line, MEASURE, measuredPage, scores, short } = await import('./measure.js');
const { printOccurrenceErrors } = await import('./errors.js');
const listErrors = process.argv.includes('--errors');

const settled = readLabels('settled');
if (settled.size === 0) {
  console.log(
    `evidence:kept-aside: no settled labels in datasets/${EVIDENCE_SET}/labels/settled/ yet, nothing measured (label the set as its README.md says, then run evidence:agreement and evidence:settle with EVIDENCE_SET=${EVIDENCE_SET})`,
  );
  process.exit(0);
}

type Page = NonNullable<ReturnType<typeof measuredPage>>;
const manifest = readManifest();
const pages = manifest.flatMap((page) => {
  const labels = settled.get(page.id);
  const measured = labels ? measuredPage(page, labels) : null;
  return measured ? [measured] : [];
});
console.log(`datasets/${EVIDENCE_SET}: ${pages.length} of ${manifest.length} pages with complete settled labels; the shipped engine's verdicts`);

for (const kind of KINDS) {
  const shipped = EVIDENCE_MODELS[kind];
  // The engine's verdict per candidate: the rules', or its model's where models.generated.ts says it uses one.
  const verdicts = new Map(
    pages.map((p) => [
      p,
      shipped.use === 'rules' ? p.rules[kind] : candidateFeatures(p.set.text, p.set, p.set.language)[kind].map((f) => modelCounts(shipped.model, f)),
    ]),
  );
  const verdictOf = (p: Page) => verdicts.get(p)!;
  console.log(`\n${MEASURE[kind]} (${kind}), the engine reads by its ${shipped.use}:`);
  console.log(`  all ${line(scores(kind, pages, verdictOf))}`);
  for (const [by, keyOf] of [
    ['genre', (p: Page) => p.page.genre],
    ['language', (p: Page) => p.page.language],
  ] as const) {
    for (const key of [...new Set(pages.map(keyOf))].sort()) {
      const s = scores(kind, pages, verdictOf, (p) => keyOf(p) === key);
      console.log(`    ${`${by} ${key}`.padEnd(18)} ${String(s.pages).padStart(3)} pages  ${short(s)}`);
    }
  }
  if (listErrors) printOccurrenceErrors(kind, pages, verdictOf);
}
