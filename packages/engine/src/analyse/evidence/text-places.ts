// Where in the main text an offset stands: in code (a program's text, between CODE_START and
// CODE_END), in a heading (between HEADING_START and HEADING_END), or in prose. The candidates
// record it for each occurrence; the statistics scan asks it of the figures in headings.
import { CODE_END, CODE_START, HEADING_END, HEADING_START } from '../raw-document.js';

/** Where in the main text an occurrence stands: in code (a program's text), in a heading, or in prose. */
export type TextPlace = 'code' | 'heading' | 'prose';

/** Whether each offset of `text` is in code, in a heading, or in prose (spans sorted, found by bisection). */
export function textPlaces(text: string): (offset: number) => TextPlace {
  const spans: Array<{ start: number; end: number; place: TextPlace }> = [];
  for (const [open, close, place] of [
    [CODE_START, CODE_END, 'code'],
    [HEADING_START, HEADING_END, 'heading'],
  ] as const) {
    for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + 1)) {
      const end = text.indexOf(close, at);
      spans.push({ start: at, end: end < 0 ? text.length : end, place });
    }
  }
  spans.sort((a, b) => a.start - b.start);
  return (offset) => {
    let low = 0;
    let high = spans.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const span = spans[middle]!;
      if (offset < span.start) high = middle - 1;
      else if (offset >= span.end) low = middle + 1;
      else return span.place;
    }
    return 'prose';
  };
}
