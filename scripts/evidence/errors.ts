// `--errors` of the evidence scripts, occurrence by occurrence: each candidate a verdict gets wrong
// against the labels (a false positive, "counted", or a false negative, "missed"), with the words
// it stands in and the readers' reason. What to read when a detector's figures are to be improved;
// the tallies by reason only say where to look.
import { countsOfLabels, countsOfVerdicts } from './labels.js';
import { MEASURE, type Kind, type MeasuredPage } from './measure.js';

/** Characters of a candidate's context shown: enough for the clause that attributes or cites it. */
const CONTEXT = 400;

/** Prints each wrong verdict of `verdicts` on `pages` for `kind`, grouped by page with its counts. */
export function printOccurrenceErrors<P extends MeasuredPage>(kind: Kind, pages: readonly P[], verdicts: (p: P) => boolean[]): void {
  for (const p of pages) {
    const verdict = verdicts(p);
    const wrong = p.set[kind].flatMap((candidate, i) => (verdict[i] === p.truth[kind][i] ? [] : [{ candidate, counted: verdict[i]! }]));
    if (wrong.length === 0) continue;
    const measure = MEASURE[kind];
    const label = countsOfLabels(p.set, p.labels)[measure];
    const found = countsOfVerdicts(p.set, { ...p.rules, [kind]: verdict })[measure];
    console.log(`    ${p.page.id} (${p.page.language}): labels ${label}, found ${found}`);
    for (const { candidate, counted } of wrong) {
      const label = (p.labels[kind] as Record<string, { counts: unknown; why: string; note?: string }>)[candidate.id]!;
      const what =
        'href' in candidate ? `${candidate.href} "${candidate.text}"` : 'token' in candidate ? candidate.token : `[${candidate.kind}] ${candidate.text}`;
      console.log(`      ${counted ? 'counted' : 'missed '} ${candidate.id} ${oneLine(what, 160)}`);
      console.log(`        readers: ${String(label.counts)} ${label.why}${label.note ? ` (${label.note})` : ''}`);
      console.log(`        context: ${around(candidate.context, 'href' in candidate || 'token' in candidate ? '' : candidate.text)}`);
    }
  }
}

/** The context flattened to one line, at most CONTEXT characters around where `probe` stands in it. */
function around(context: string, probe: string): string {
  const flat = context.replace(/\s+/g, ' ').trim();
  if (flat.length <= CONTEXT) return flat;
  const at = probe === '' ? -1 : flat.indexOf(probe.replace(/\s+/g, ' ').trim().slice(0, 40));
  const from = at < 0 ? 0 : Math.max(0, Math.min(at - CONTEXT / 2, flat.length - CONTEXT));
  return `${from > 0 ? '…' : ''}${flat.slice(from, from + CONTEXT)}${from + CONTEXT < flat.length ? '…' : ''}`;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
