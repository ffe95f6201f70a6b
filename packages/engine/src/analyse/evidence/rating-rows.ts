// A rating histogram's rows: "5 Sterne | 75%", "4 stars | 14%", or the bare number of stars on a
// line and the share on the next ("5 / 72% / 4 / 14% / …", in any language). The shares are the
// widget's, not a statistic of the page (GUIDE.md, Shops: rating histograms are `ui`); the star
// counts before them are a counter (statistics.ts, COUNTERS).
import { isSpace } from './number-characters.js';

/** A line's end that names a number of stars: "5 Sterne", "1  Stern", "4 étoiles". */
const STARS_LINE_END = /\d\s*(?:stars?|sterne?|étoiles?|estrellas?|estrelas?|gwiazdek|gwiazdki|gwiazdka|звезд[аы]?)$/iu;
/** How far back the row's label may end (cells are extracted padded with spaces and blank lines). */
const REACH = 200;
const LABEL = 24;
/** How far around a bare row its neighbours are looked for. */
const ROWS_REACH = 48;

/** A histogram's row in bare figures: a number of stars alone on its line, its share alone on the next. */
const BARE_ROW = /(?:^|\n)[ \t]*[1-5][ \t]*\n\s*\d{1,3}(?:[.,]\d+)?\s?%[ \t]*(?=\n|$)/gu;

/**
 * Whether the value at `at` stands right after a line naming a number of stars, or is a share in
 * a histogram of bare rows, one row of two or more (bounded look back and ahead).
 */
export function afterStarsLabel(text: string, at: number): boolean {
  let i = at;
  let lines = 0;
  while (i > 0 && at - i <= REACH) {
    const c = text.charCodeAt(i - 1);
    if (c === 10) lines++;
    else if (!isSpace(c)) break;
    i--;
  }
  if (lines === 0) return false;
  if (STARS_LINE_END.test(text.slice(Math.max(0, i - LABEL), i))) return true;
  // The rows around: the label line before, and the row before or after this one.
  const from = Math.max(0, i - ROWS_REACH);
  const rows = [...text.slice(from, Math.min(text.length, at + ROWS_REACH)).matchAll(BARE_ROW)];
  return rows.length >= 2 && rows.some((row) => from + row.index <= at && at < from + row.index + row[0].length);
}
