// Whether offsets stand in a text's blocks (an advertisement's titles, a shop's section): spans
// sorted and apart, each from its start up to its end, asked for offsets in increasing order, as
// the statistics scan asks them. The answer moves forward only: linear in the text.

/** Whether an offset stands in one of `spans` (`[start, end)`, sorted, not overlapping); offsets asked in increasing order. */
export function inSortedSpans(spans: ReadonlyArray<readonly [number, number]>): (at: number) => boolean {
  if (spans.length === 0) return () => false;
  let i = 0;
  return (at) => {
    while (i < spans.length && spans[i]![1] <= at) i++;
    return i < spans.length && at >= spans[i]![0];
  };
}
