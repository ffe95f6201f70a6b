// A block the page writes twice (a recipe's ingredient list shown again beside its steps, a
// product's summary repeated by its tab, a forum's quoted line): its figures were stated the first
// time, and the later copy is a repeat (GUIDE.md, `repeat`: "a duplicated block … the later
// statements are `repeat`"). On the labelled pages, no number in a repeated line of twelve
// characters or more was one a reader counts; shorter lines ("2 Stück", "€ 19,99") repeat as often
// because two things have the same value.

/** The shortest line, trimmed, whose repetition is a duplicated block rather than a value that recurs. */
const MIN_LENGTH = 12;

/** The spans of the lines that repeat an earlier line of the text word for word, sorted, `[start, end)`. */
export function repeatedLineSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const seen = new Set<string>();
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    if (line.length >= MIN_LENGTH) {
      if (seen.has(line)) spans.push([start, end]);
      else seen.add(line);
    }
    start = end + 1;
  }
  return spans;
}
