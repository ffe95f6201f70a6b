// `npm run evidence:carry-labels -- --from <git revision>`: after the candidates of a set changed
// (`evidence:candidates` wrote new ones), carries every reader's labels from the candidates of that
// revision to the new ones. Labels name candidates by ids, and a new candidate shifts the ids after
// it; an occurrence is the same where its token (a quote's text, a link's href) and its context are,
// taken in order. The settlements of disagreements (labels/settlements.json) are carried the same
// way. Labels of candidates that are gone are dropped; new candidates are listed, by page
// and id, for the readers to label (GUIDE.md), and left without a label until they do, which
// `evidence:agreement` reports. Run it once, right after writing the candidates.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CANDIDATES_DIR, EVIDENCE_SET, LABELS_DIR } from './dataset.js';
import { READERS } from './labels.js';

interface Occurrence {
  id: string;
  token?: string;
  text?: string;
  href?: string;
  context: string;
}
type Kind = 'numbers' | 'quotes' | 'links';
type CandidateFile = Record<Kind, Occurrence[]>;
const KINDS: Kind[] = ['numbers', 'quotes', 'links'];

const fromAt = process.argv.indexOf('--from');
const from = fromAt >= 0 ? process.argv[fromAt + 1] : undefined;
if (from === undefined) {
  console.error('usage: evidence:carry-labels -- --from <git revision whose candidates the labels were made on>');
  process.exit(2);
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const key = (o: Occurrence) => `${o.token ?? o.text ?? o.href ?? ''}\u0000${o.context}`;

/** Old id → new id, for the occurrences found again in order; and the new ids no old one maps to. */
function idMap(before: Occurrence[], after: Occurrence[]): { ids: Map<string, string>; fresh: string[] } {
  const waiting = new Map<string, string[]>();
  for (const o of after) waiting.set(key(o), [...(waiting.get(key(o)) ?? []), o.id]);
  const ids = new Map<string, string>();
  for (const o of before) {
    const next = waiting.get(key(o))?.shift();
    if (next !== undefined) ids.set(o.id, next);
  }
  const mapped = new Set(ids.values());
  return { ids, fresh: after.map((o) => o.id).filter((id) => !mapped.has(id)) };
}

interface Settlement {
  page: string;
  kind: Kind;
  id: string;
}
const settlementsPath = join(LABELS_DIR, 'settlements.json');
const settlementsText = existsSync(settlementsPath) ? readFileSync(settlementsPath, 'utf8') : null;
let settlements = settlementsText === null ? null : (JSON.parse(settlementsText) as Settlement[]);
// Written back as it was indented.
const settlementsIndent = /\n( +)/.exec(settlementsText ?? '')?.[1]!.length ?? 1;

const toLabel: string[] = [];
let carriedPages = 0;
for (const file of readdirSync(CANDIDATES_DIR).filter((f) => f.endsWith('.json'))) {
  const path = join(CANDIDATES_DIR, file);
  let old: CandidateFile;
  try {
    old = JSON.parse(execFileSync('git', ['show', `${from}:${relative(root, path)}`], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 })) as CandidateFile;
  } catch {
    continue; // a page new since that revision has no labels to carry
  }
  const now = JSON.parse(readFileSync(path, 'utf8')) as CandidateFile & { id: string };
  const maps = Object.fromEntries(KINDS.map((kind) => [kind, idMap(old[kind], now[kind])])) as Record<Kind, ReturnType<typeof idMap>>;
  const same = KINDS.every(
    (kind) => maps[kind].fresh.length === 0 && old[kind].length === now[kind].length && old[kind].every((o) => maps[kind].ids.get(o.id) === o.id),
  );
  if (same) continue;
  carriedPages++;
  const fresh = KINDS.flatMap((kind) => maps[kind].fresh);
  if (fresh.length > 0) toLabel.push(`${EVIDENCE_SET} ${now.id}: ${fresh.join(' ')}`);
  settlements &&= settlements.flatMap((s) => {
    if (s.page !== now.id) return [s];
    const id = maps[s.kind].ids.get(s.id);
    return id === undefined ? [] : [{ ...s, id }];
  });
  for (const reader of READERS) {
    const labelsPath = join(LABELS_DIR, reader, file);
    if (!existsSync(labelsPath)) continue;
    const labels = JSON.parse(readFileSync(labelsPath, 'utf8')) as Record<string, unknown> & Partial<Record<Kind, Record<string, unknown>>>;
    for (const kind of KINDS) {
      const before = labels[kind] ?? {};
      const carried: Record<string, unknown> = {};
      // In the new candidates' order, so that a file reads as its page does.
      const byNew = new Map([...maps[kind].ids].map(([oldId, newId]) => [newId, oldId]));
      for (const o of now[kind]) {
        const oldId = byNew.get(o.id);
        if (oldId !== undefined && before[oldId] !== undefined) carried[o.id] = before[oldId];
      }
      labels[kind] = carried;
    }
    writeFileSync(labelsPath, `${JSON.stringify(labels, null, 1)}\n`);
  }
}
if (settlements !== null) writeFileSync(settlementsPath, `${JSON.stringify(settlements, null, settlementsIndent)}\n`);
console.log(`${EVIDENCE_SET}: labels carried on ${carriedPages} pages whose candidates changed since ${from}`);
if (toLabel.length > 0) console.log(`new candidates, not labelled yet:\n${toLabel.join('\n')}`);
