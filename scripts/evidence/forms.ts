// `npm run evidence:forms`: how often the readers count what each form of the statistics rules
// counts (statistics.ts lists the forms: a percentage, money, a unit, a count…; number words are
// `words`), over this data set and its development sets (DEVELOPMENT_SETS; never the set kept
// aside). A form whose numbers readers count half the time or less, with four or more numbers, is
// marked: it costs more pages than it wins, and is to be tried without (the folds decide, npm run
// evidence:train). The brand reader's cues are counted the same way (npm run brands:cues).
//   --by-place        one row per form and place (prose, heading, list, table…)
//   --wrong <form>    the numbers that form counted and readers did not, with their reason and words
import { parseArgs } from 'node:util';
import { DEVELOPMENT_SETS, readManifest } from './dataset.js';
import { readLabels } from './labels.js';
import { measuredPage } from './measure.js';

const { values } = parseArgs({ options: { 'by-place': { type: 'boolean', default: false }, wrong: { type: 'string' } } });

/** Share at or below which a form is marked, and the fewest numbers it must have counted to be. */
const MARKED_SHARE = 0.5;
const MARKED_AT_LEAST = 4;
/** Reasons shown for a form's wrong counts: the most frequent. */
const REASONS_SHOWN = 4;

interface Tally {
  counted: number;
  statistics: number;
  /** The readers' reasons (GUIDE.md) for the numbers counted that are none. */
  why: Map<string, number>;
}

const tallies = new Map<string, Tally>();
const wrong: string[] = [];
let pages = 0;
for (const set of ['evidence', ...DEVELOPMENT_SETS]) {
  const labels = readLabels('settled', set);
  for (const page of readManifest(set)) {
    const pageLabels = labels.get(page.id);
    const measured = pageLabels ? measuredPage(page, pageLabels) : null;
    if (!measured) continue;
    pages++;
    measured.set.numbers.forEach((candidate, i) => {
      if (candidate.form === undefined) return;
      const row = values['by-place'] ? `${candidate.form} (${candidate.place})` : candidate.form;
      const tally = tallies.get(row) ?? { counted: 0, statistics: 0, why: new Map<string, number>() };
      tally.counted++;
      if (measured.truth.numbers[i]) tally.statistics++;
      else {
        const { why, note } = measured.labels.numbers[candidate.id]!;
        tally.why.set(why, (tally.why.get(why) ?? 0) + 1);
        if (values.wrong === candidate.form) wrong.push(`  ${set}/${page.id} ${candidate.token}: ${why}${note ? ` (${note})` : ''}\n    ${candidate.context}`);
      }
      tallies.set(row, tally);
    });
  }
}

const rows = [...tallies].sort((a, b) => b[1].counted - a[1].counted || a[0].localeCompare(b[0]));
const width = Math.max(...rows.map(([form]) => form.length), 4);
console.log(`${pages} development pages: numbers the statistics rules count, by the form that reads them`);
console.log(`${'form'.padEnd(width)}  counted  statistics  share  readers' reasons for the others`);
for (const [form, { counted, statistics, why }] of rows) {
  const share = statistics / counted;
  const reasons = [...why]
    .sort((a, b) => b[1] - a[1])
    .slice(0, REASONS_SHOWN)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  const marked = counted >= MARKED_AT_LEAST && share <= MARKED_SHARE ? '← half or less ' : '';
  console.log(
    `${form.padEnd(width)}  ${String(counted).padStart(7)}  ${String(statistics).padStart(10)}  ${`${Math.round(share * 100)}%`.padStart(5)}  ${marked}${reasons}`,
  );
}
if (values.wrong !== undefined) {
  console.log(`\ncounted by "${values.wrong}" where readers count none: ${wrong.length}`);
  for (const line of wrong) console.log(line);
}
