// A rating histogram's rows: "5 Sterne | 75%", "4 stars | 14%". The shares are the widget's, not a
// statistic of the page (GUIDE.md, Shops: rating histograms are `ui`); the star counts before them
// are a counter (statistics.ts, COUNTERS).
import { isSpace } from './number-characters.js';

/** A line's end that names a number of stars: "5 Sterne", "1  Stern", "4 étoiles". */
const STARS_LINE_END = /\d\s*(?:stars?|sterne?|étoiles?|estrellas?|estrelas?|gwiazdek|gwiazdki|gwiazdka|звезд[аы]?)$/iu;
/** How far back the row's label may end (cells are extracted padded with spaces and blank lines). */
const REACH = 200;
const LABEL = 24;

/** Whether the value at `at` stands right after a line naming a number of stars (bounded look back). */
export function afterStarsLabel(text: string, at: number): boolean {
  let i = at;
  let lines = 0;
  while (i > 0 && at - i <= REACH) {
    const c = text.charCodeAt(i - 1);
    if (c === 10) lines++;
    else if (!isSpace(c)) break;
    i--;
  }
  return lines > 0 && STARS_LINE_END.test(text.slice(Math.max(0, i - LABEL), i));
}
