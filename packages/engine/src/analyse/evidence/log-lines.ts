// A program's log written into the text, where no code box marks it (a tutorial's `adb logcat`
// lines, a server's log pasted in a forum post): each line opens on its time stamp ("10-25
// 17:12:11.001 24358 24358 W dex2oat …", "2024-01-05 10:22:13,551 INFO …", "[12:03:44] …"), and
// its numbers are the program's output (GUIDE.md, `code`): process ids, counters, sizes.

/** A line that opens on a log's time stamp: a date (or month and day) and a clock time with seconds, perhaps bracketed. */
const LOG_LINE = /^[ \t]*\[?((?:\d{4}-)?\d{2}-\d{2}[ T])?\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?\]?[ \t][^\n]*/gmu;
/** Lines in a row whose stamp is a clock time alone: one such line is as often a sentence's time ("10:30:00 sharp"); one with its date is a log's. */
const MIN_LINES = 2;

/** The spans of the text's log lines, sorted, `[start, end)`: a line that opens on a date and a time, or two or more in a row on a time. */
export function logLineSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let run: Array<[number, number]> = [];
  let dated = false;
  const close = () => {
    if (dated || run.length >= MIN_LINES) spans.push(...run);
    run = [];
    dated = false;
  };
  for (const m of text.matchAll(LOG_LINE)) {
    const start = m.index;
    const previous = run[run.length - 1];
    // The next line of a run starts right after the previous one's line break.
    if (previous !== undefined && text.slice(previous[1], start).trim() !== '') close();
    run.push([start, start + m[0].length]);
    if (m[1] !== undefined) dated = true;
  }
  close();
  return spans;
}
