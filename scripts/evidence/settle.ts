// `npm run evidence:settle`: the settled labels (datasets/evidence/labels/settled/), made from the
// two readers' labels: where they agree, their verdict; where they do not, the verdict settled
// against the guide, recorded with its reason in datasets/evidence/labels/settlements.json
// (`{ page, kind, id, counts, why, reason }` for each disagreement that agreement.ts listed).
// EVIDENCE_SET names another set (dataset.ts), such as evidence-kept-aside.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { candidateSet, LABELS_DIR, readManifest } from './dataset.js';
import { labelProblems, readLabels, type PageLabels } from './labels.js';

interface Settlement {
  page: string;
  kind: 'numbers' | 'quotes' | 'links';
  id: string;
  counts: boolean | string;
  why: string;
  reason: string;
}

const file = join(LABELS_DIR, 'settlements.json');
const settlements = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Settlement[]) : [];
const settled = new Map(settlements.map((s) => [`${s.page}/${s.kind}/${s.id}`, s]));
const a = readLabels('reader-a');
const b = readLabels('reader-b');
const out = join(LABELS_DIR, 'settled');
mkdirSync(out, { recursive: true });
let pages = 0;
let open = 0;
for (const page of readManifest()) {
  const labelsA = a.get(page.id);
  const labelsB = b.get(page.id);
  if (!labelsA || !labelsB) continue;
  const set = candidateSet(page);
  if (labelProblems(set, labelsA).length + labelProblems(set, labelsB).length > 0) continue;
  const result: PageLabels = {
    id: page.id,
    reader: 'settled',
    numbers: {},
    quotes: {},
    links: {},
    missed: [...(labelsA.missed ?? []), ...(labelsB.missed ?? [])],
  };
  let complete = true;
  for (const kind of ['numbers', 'quotes', 'links'] as const) {
    for (const candidate of set[kind]) {
      const la = labelsA[kind][candidate.id]!;
      const lb = labelsB[kind][candidate.id]!;
      if (la.counts === lb.counts) {
        (result[kind] as Record<string, unknown>)[candidate.id] = { counts: la.counts, why: la.why };
        continue;
      }
      const decision = settled.get(`${page.id}/${kind}/${candidate.id}`);
      if (!decision) {
        complete = false;
        open++;
        continue;
      }
      (result[kind] as Record<string, unknown>)[candidate.id] = { counts: decision.counts, why: decision.why, note: decision.reason };
    }
  }
  if (!complete) continue;
  result.notes = [labelsA.notes, labelsB.notes].filter(Boolean).join(' | ');
  writeFileSync(join(out, `${page.id}.json`), `${JSON.stringify(result, null, 1)}\n`);
  pages++;
}
console.log(`settled labels of ${pages} pages written; ${open} disagreements not settled yet`);
