// Numbers that only count along, each alone on its line: an odometer's digit wheels ("0 1 2 … 9",
// over and over), a pager's page numbers, a code box's line-number gutter. Each is the next after
// the one before it, so none says how many or how much of anything (GUIDE.md, `ui`: "a UI
// counter … a navigation element"). On the labelled pages, every number in four or more such lines
// in a row was one a reader does not count; three in a row can still be a table's column of small
// counts or a match's scores.

/** A line holding nothing but a whole number of at most four digits. */
const NUMBER_LINE = /^[ \t\u00a0]*(\d{1,4})[ \t\u00a0]*$/gmu;
/** Lines in a row, each one more than the line before, that make a ladder. */
const MIN_LINES = 4;

/** Whether `next` comes right after `value` when counting: one more, or an odometer's wheel turning from 9 back to 0. */
function follows(value: number, next: number): boolean {
  return next === value + 1 || (value === 9 && next === 0);
}

/** The spans of the text's counting ladders, sorted, `[start, end)`: four or more number lines in a row, each one more than the last (blank lines between are part of the row). */
export function countingLadderSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let run: Array<{ start: number; end: number; value: number }> = [];
  const close = () => {
    if (run.length >= MIN_LINES) spans.push([run[0]!.start, run[run.length - 1]!.end]);
    run = [];
  };
  for (const m of text.matchAll(NUMBER_LINE)) {
    const line = { start: m.index, end: m.index + m[0].length, value: Number(m[1]) };
    const previous = run[run.length - 1];
    if (previous !== undefined && (text.slice(previous.end, line.start).trim() !== '' || !follows(previous.value, line.value))) close();
    run.push(line);
  }
  close();
  return spans;
}
