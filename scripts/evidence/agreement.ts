// `npm run evidence:agreement`: how far the two readers of the evidence data set agree, per
// detector, one occurrence at a time (share of equal verdicts and Cohen's kappa) and per page (the
// figures GEO checks are judged by: has an attributed quotation, statistics within ±30%, citations
// within ±1; reader B's count against reader A's). Writes the candidates they disagree on to
// datasets/evidence/labels/disagreements.json, for settling against the guide. EVIDENCE_SET names
// another set (dataset.ts), such as evidence-kept-aside.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agrees, MEASURES } from '@seo-geo/engine/testing';
import { candidateSet, EVIDENCE_SET, LABELS_DIR, readManifest } from './dataset.js';
import { countsOfLabels, labelProblems, readLabels } from './labels.js';

const a = readLabels('reader-a');
const b = readLabels('reader-b');
const kinds = ['numbers', 'quotes', 'links'] as const;
const pairs: Record<(typeof kinds)[number], Array<[string, string]>> = { numbers: [], quotes: [], links: [] };
const pageAgreement = { quotations: 0, statistics: 0, citations: 0 };
const disagreements: Array<{ page: string; kind: string; id: string; a: unknown; b: unknown }> = [];
let pages = 0;
for (const page of readManifest()) {
  const labelsA = a.get(page.id);
  const labelsB = b.get(page.id);
  if (!labelsA || !labelsB) continue;
  const set = candidateSet(page);
  const problems = [...labelProblems(set, labelsA).map((p) => `A: ${p}`), ...labelProblems(set, labelsB).map((p) => `B: ${p}`)];
  if (problems.length > 0) {
    console.warn(`${page.id}: ${problems.length} label problems, left out (${problems.slice(0, 3).join('; ')})`);
    continue;
  }
  pages++;
  for (const kind of kinds) {
    for (const candidate of set[kind]) {
      const la = labelsA[kind][candidate.id]!;
      const lb = labelsB[kind][candidate.id]!;
      pairs[kind].push([String(la.counts), String(lb.counts)]);
      if (la.counts !== lb.counts) disagreements.push({ page: page.id, kind, id: candidate.id, a: la, b: lb });
    }
  }
  const countsA = countsOfLabels(set, labelsA);
  const countsB = countsOfLabels(set, labelsB);
  for (const what of MEASURES) if (agrees(what, countsB[what], countsA[what])) pageAgreement[what]++;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`Two readers on ${pages} pages (labelled by both, complete)`);
for (const kind of kinds) {
  const list = pairs[kind];
  const same = list.filter(([x, y]) => x === y).length;
  console.log(
    `  ${kind.padEnd(8)} ${String(list.length).padStart(5)} candidates: same verdict ${pct(same / Math.max(1, list.length))}, Cohen's kappa ${kappa(list).toFixed(3)}`,
  );
}
console.log(
  `  per page: quotations (has one) ${pct(pageAgreement.quotations / pages)}, statistics within ±30% ${pct(pageAgreement.statistics / pages)}, citations within ±1 ${pct(pageAgreement.citations / pages)}`,
);
writeFileSync(join(LABELS_DIR, 'disagreements.json'), `${JSON.stringify(disagreements, null, 1)}\n`);
console.log(`  ${disagreements.length} disagreements written to datasets/${EVIDENCE_SET}/labels/disagreements.json`);

/** Cohen's kappa of two readers' verdicts: agreement beyond what their own rates give by chance. */
function kappa(list: ReadonlyArray<readonly [string, string]>): number {
  if (list.length === 0) return 1;
  const observed = list.filter(([x, y]) => x === y).length / list.length;
  const values = new Set(list.flat());
  let expected = 0;
  for (const v of values) expected += (list.filter(([x]) => x === v).length / list.length) * (list.filter(([, y]) => y === v).length / list.length);
  return expected === 1 ? 1 : (observed - expected) / (1 - expected);
}
